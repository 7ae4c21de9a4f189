/**
 * Bars drawn as ONE <path> per look (issue 39 speed): recharts' <Bar> writes a group, a path and a dozen
 * attributes for every bar, which made the 60-day and weekly charts most of the dashboard's markup. Placed
 * in a chart through recharts' <Customized> (seriesBars), this reads the chart's own band scale (the XAxis needs
 * `scale="band"`) and value scale, and writes each look's bars as the segments of one path. The value axis
 * needs its domain given (`niceAxis`): without a <Bar> recharts would scale it to the lines alone.
 */
import { CartesianGrid, ComposedChart, Customized, Line, XAxis, YAxis } from "./recharts.ts";
import { formatDate, formatHead } from "../../../kernel/format.ts";
import { niceAxis, valuesOf } from "./niceAxis.ts";

type Row = Record<string, unknown>;

export interface BarSeries {
  /** the data field holding the bar's value */
  key: string;
  /** the path's class, or one per row (rows of one class share a path) */
  className: string | ((row: Row) => string);
}

interface Scale {
  (value: unknown): number;
  bandwidth?: () => number;
}
interface DrawProps {
  data?: Row[];
  xAxisMap?: Record<string, { scale: Scale; dataKey: string }>;
  yAxisMap?: Record<string, { scale: Scale }>;
  offset?: { top: number; height: number };
}

const r = (n: number) => Math.round(n * 100) / 100;

/** Bar segments grouped by class: `M x top h width V base h -width Z` each. */
export function barPaths(
  p: DrawProps,
  series: readonly BarSeries[],
  gap: number,
  band?: { className: string; when: (row: Row) => boolean },
): { className: string; d: string }[] {
  const x = Object.values(p.xAxisMap ?? {})[0];
  const y = Object.values(p.yAxisMap ?? {})[0];
  if (!x || !y || !p.data || !p.offset) return [];
  const bandWidth = x.scale.bandwidth?.() ?? 0;
  const inner = bandWidth * (1 - 2 * gap);
  const width = (inner - (series.length - 1)) / series.length;
  const base = y.scale(0);
  const paths = new Map<string, string[]>();
  const add = (className: string, d: string) => paths.set(className, [...(paths.get(className) ?? []), d]);
  for (const row of p.data) {
    const left = x.scale(row[x.dataKey]);
    if (band?.when(row)) {
      add(
        band.className,
        `M${r(left)} ${r(p.offset.top)}h${r(bandWidth)}v${r(p.offset.height)}h${r(-bandWidth)}Z`,
      );
    }
    series.forEach((s, i) => {
      const value = Number(row[s.key] ?? 0);
      if (!(value > 0)) return;
      const top = y.scale(value);
      const className = typeof s.className === "string" ? s.className : s.className(row);
      add(
        className,
        `M${r(left + bandWidth * gap + i * (width + 1))} ${r(top)}h${r(width)}V${r(base)}h${r(-width)}Z`,
      );
    });
  }
  // the band first, so the bars are drawn over it
  const order = [...paths.keys()].sort((a, b) =>
    Number(b === band?.className) - Number(a === band?.className)
  );
  return order.map((className) => ({ className, d: paths.get(className)!.join("") }));
}

/**
 * `{seriesBars({ series })}` among a recharts chart's children (called, not a component: recharts looks for
 * its own <Customized> among them): `gap` is the share of a band left empty on each side; `band` shades
 * whole bands behind the bars (the weekends).
 */
export function seriesBars({ series, gap = 0.2, band }: {
  series: readonly BarSeries[];
  gap?: number;
  band?: { className: string; when: (row: Row) => boolean };
}) {
  return (
    <Customized
      component={(p: DrawProps) => (
        <g className="chart-bars">
          {barPaths(p, series, gap, band).map((b) => (
            <path key={b.className} className={b.className} d={b.d} />
          ))}
        </g>
      )}
    />
  );
}

/**
 * The livestock charts' drawing: bars a band (one path a look) against a stepped target line
 * (`targetHead`, null where there is none), dates on the band axis as "7 Sep".
 */
export function barsAgainstTarget({ width, height, data, title, summary, xKey, ticks, series, gap, band }: {
  width: number;
  height: number;
  data: Row[];
  title: string;
  summary: string;
  /** the date field of the band axis */
  xKey: string;
  /** the dates that carry a tick, or how many bands between ticks */
  ticks: string[] | number;
  series: readonly BarSeries[];
  gap?: number;
  band?: { className: string; when: (row: Row) => boolean };
}) {
  const axis = niceAxis(valuesOf(data, [...series.map((s) => s.key), "targetHead"]), {
    fromZero: true,
    integers: true,
  });
  return (
    <ComposedChart
      width={width}
      height={height}
      data={data}
      margin={{ top: 8, right: 12, bottom: 4, left: 4 }}
      title={title}
      desc={summary}
    >
      <CartesianGrid vertical={false} />
      <XAxis
        dataKey={xKey}
        scale="band"
        ticks={typeof ticks === "number" ? undefined : ticks}
        interval={typeof ticks === "number" ? ticks : 0}
        tickFormatter={(d: string) => formatDate(d, false).slice(4)}
        tickMargin={6}
      />
      <YAxis
        tickFormatter={(n: number) => formatHead(n)}
        width={64}
        allowDecimals={false}
        domain={axis.domain}
        ticks={axis.ticks}
      />
      {seriesBars({ series, gap, band })}
      <Line
        dataKey="targetHead"
        name="Target"
        type="step"
        className="vt-target"
        dot={false}
        activeDot={false}
        isAnimationActive={false}
      />
    </ComposedChart>
  );
}
