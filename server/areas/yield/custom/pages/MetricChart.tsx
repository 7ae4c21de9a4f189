/**
 * Metrics by a grouping as an SVG drawn on the server with recharts 2.15 (no script, no island; see
 * client/ui/charts/OrdersVersusTargetsChart.tsx): a line, bar or area per metric, the first metric's unit on
 * the left axis and any other unit on the right. Series colours come from the stylesheet (yc-series-N), so
 * dark and light themes both read. The numbers are always in the table beside it.
 */
import {
  Area,
  Bar,
  CartesianGrid,
  ComposedChart,
  Line,
  XAxis,
  YAxis,
} from "../../../../../client/ui/charts/recharts.ts";
import { ChartLegend } from "../../../../../client/ui/charts/ChartLegend.tsx";
import { StyleFreeChart } from "../../../../../client/ui/charts/StyleFreeChart.tsx";
import { niceAxis, valuesOf } from "../../../../../client/ui/charts/niceAxis.ts";
import type { ChartType } from "../../metrics.ts";
import { formatMetric, withUnit } from "../rules.ts";
import type { MetricInfo } from "../schemas.ts";
import { tickInterval } from "../../../../../client/ui/charts/tickInterval.ts";

export interface ChartRow {
  label: string;
  values: Record<number, number | null>;
}

const WIDTH = 760;
const HEIGHT = 300;

const short = (n: number) =>
  Math.abs(n) >= 10_000 ? `${Math.round(n / 1000)}k` : Number.isInteger(n) ? String(n) : n.toFixed(1);

export function MetricChart({ id, title, rows, metrics, chartType, stacked }: {
  id: string;
  title: string;
  rows: readonly ChartRow[];
  metrics: readonly Pick<MetricInfo, "key" | "name" | "unit">[];
  chartType: Exclude<ChartType, "table">;
  /** areas stacked (the parts of a whole: the mass balance) */
  stacked?: boolean;
}) {
  const data = rows.map((r) => ({
    label: r.label,
    ...Object.fromEntries(metrics.map((m) => [`m${m.key}`, r.values[m.key] ?? null])),
  }));
  const leftUnit = metrics[0]?.unit;
  const axisOf = (unit: string) => (unit === leftUnit ? "left" : "right");
  const hasRight = metrics.some((m) => m.unit !== leftUnit);
  // bars stand on zero; lines and areas keep to the values' own range, on round ticks
  const axisFor = (side: "left" | "right") =>
    niceAxis(
      valuesOf(data, metrics.filter((m) => axisOf(m.unit) === side).map((m) => `m${m.key}`)),
      { fromZero: chartType !== "line" },
    );
  const left = stacked
    ? { domain: [0, 100] as [number, number], ticks: [0, 25, 50, 75, 100] }
    : axisFor("left");
  const right = axisFor("right");
  const summary = `${title}: ${
    metrics.map((m) => `${m.name} from ${rows.length} ${rows.length === 1 ? "group" : "groups"}`).join("; ")
  }.`;
  return (
    <figure className="yc-chart" aria-labelledby={`${id}-title`} data-chart="yield-metrics">
      <figcaption>
        <span id={`${id}-title`} className="yc-chart-title">{title}</span>
        <ChartLegend
          className="yc-legend"
          items={metrics.map((m, i) => ({
            key: String(m.key),
            swatch: `yc-swatch yc-swatch-${i}`,
            label: (
              <>
                {withUnit(m)}
                {hasRight && (
                  <span className="muted small">{axisOf(m.unit) === "left" ? " (left)" : " (right)"}</span>
                )}
              </>
            ),
          }))}
        />
      </figcaption>
      <StyleFreeChart className="yc-chart-plot">
        <ComposedChart
          width={WIDTH}
          height={HEIGHT}
          data={data}
          margin={{ top: 8, right: 12, bottom: 4, left: 4 }}
          title={title}
          desc={summary}
        >
          <CartesianGrid vertical={false} />
          <XAxis dataKey="label" tickMargin={6} interval={tickInterval(data.length, 10)} />
          <YAxis yAxisId="left" tickFormatter={short} width={56} domain={left.domain} ticks={left.ticks} />
          {hasRight && (
            <YAxis
              yAxisId="right"
              orientation="right"
              tickFormatter={short}
              width={56}
              domain={right.domain}
              ticks={right.ticks}
            />
          )}
          {metrics.map((m, i) => {
            const common = {
              dataKey: `m${m.key}`,
              name: m.name,
              yAxisId: axisOf(m.unit),
              className: `yc-series yc-series-${i}`,
              isAnimationActive: false,
            };
            if (chartType === "bar") return <Bar key={m.key} {...common} />;
            if (chartType === "area") {
              return (
                <Area
                  key={m.key}
                  {...common}
                  stackId={stacked ? "all" : undefined}
                  type="monotone"
                  dot={false}
                  connectNulls
                />
              );
            }
            return (
              <Line {...common} type="monotone" dot={rows.length <= 31} activeDot={false} connectNulls />
            );
          })}
        </ComposedChart>
      </StyleFreeChart>
    </figure>
  );
}

/** The same numbers as a table: a row per group, a column per metric, the total (or average) last. */
export function MetricTable({ caption, groupName, rows, metrics, total, totalLabel }: {
  caption: string;
  groupName: string;
  rows: readonly ChartRow[];
  metrics: readonly Pick<MetricInfo, "key" | "name" | "unit">[];
  total?: Record<number, number | null>;
  totalLabel: string;
}) {
  return (
    <div className="table-wrap yc-table-wrap">
      <table className="table yc-table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{groupName}</th>
            {metrics.map((m) => <th key={m.key} scope="col" className="num">{m.name}</th>)}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && (
            <tr>
              <td colSpan={metrics.length + 1} className="muted">Nothing was boned in this selection.</td>
            </tr>
          )}
          {rows.map((r) => (
            <tr key={r.label}>
              <th scope="row">{r.label}</th>
              {metrics.map((m) => <td key={m.key} className="num">{formatMetric(r.values[m.key], m.unit)}
              </td>)}
            </tr>
          ))}
        </tbody>
        {total && rows.length > 0 && (
          <tfoot>
            <tr>
              <th scope="row">{totalLabel}</th>
              {metrics.map((m) => <td key={m.key} className="num">{formatMetric(total[m.key], m.unit)}</td>)}
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}
