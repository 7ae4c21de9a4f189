/**
 * The yield home's charts: recharts 2.15 drawn on the server as plain SVG (client/ui/charts/
 * StyleFreeChart.tsx), no chart library in the browser. A fixed drawing size scales with the panel through
 * the viewBox; colours come from the theme's variables (client/styles/areas/yield.css). Each chart is an
 * image named by its title and described by a sentence; the tables beside it carry the numbers. A point
 * of a day chart is a link to that day and plant (the popup).
 */
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Line,
  LineChart,
  ReferenceLine,
  XAxis,
  YAxis,
} from "../../../../../client/ui/charts/recharts.ts";
import { formatDate } from "../../../../../kernel/format.ts";
import { ChartLegend } from "../../../../../client/ui/charts/ChartLegend.tsx";
import { StyleFreeChart } from "../../../../../client/ui/charts/StyleFreeChart.tsx";
import { niceAxis } from "../../../../../client/ui/charts/niceAxis.ts";
import { tickInterval } from "../../../../../client/ui/charts/tickInterval.ts";

const WIDTH = 760;
const HEIGHT = 260;

/** A chart's drawing: its fixed size, its data, and its title and sentence (the SVG's <title> and <desc>). */
const frame = <T,>(data: T[], title: string, summary: string, right: number) => ({
  width: WIDTH,
  height: HEIGHT,
  data,
  title,
  desc: summary,
  margin: { top: 8, right, bottom: 4, left: 4 },
});

export interface Bars {
  title: string;
  summary: string;
  bars: { key: string; name: string; value: number | null; href?: string }[];
  format: (n: number) => string;
}

/** Variance per segment: green above standard, red below. */
export function VarianceBars({ title, summary, bars, format }: Bars) {
  const data = bars.map((b) => ({ ...b, value: b.value ?? 0 }));
  const axis = niceAxis(data.map((b) => b.value), { fromZero: true });
  return (
    <figure className="yield-chart" data-chart="variance-bars">
      <figcaption className="yield-chart-title">{title}</figcaption>
      <StyleFreeChart className="yield-chart-plot">
        <BarChart {...frame(data, title, summary, 12)}>
          <CartesianGrid vertical={false} />
          <XAxis dataKey="name" interval={0} tickMargin={6} />
          <YAxis
            tickFormatter={format}
            width={72}
            domain={axis.domain}
            ticks={axis.ticks}
          />
          <ReferenceLine y={0} className="yield-zero" />
          <Bar dataKey="value" isAnimationActive={false}>
            {data.map((b) => (
              <Cell
                key={b.key}
                className={b.value >= 0 ? "yield-bar-up" : "yield-bar-down"}
              />
            ))}
          </Bar>
        </BarChart>
      </StyleFreeChart>
    </figure>
  );
}

export interface DaySeries {
  plantId: number;
  plant: string;
  values: Map<string, number | null>;
}

/** One line per plant over the days of the range; each point links to that day and plant. */
export function DayLines({ title, summary, days, series, format, hrefOf, zeroLine }: {
  title: string;
  summary: string;
  days: string[];
  series: DaySeries[];
  format: (n: number) => string;
  hrefOf: (date: string, plantId: number) => string;
  zeroLine?: boolean;
}) {
  const data = days.map((date) => ({
    date,
    ...Object.fromEntries(series.map((s) => [`p${s.plantId}`, s.values.get(date) ?? null])),
  }));
  const axis = niceAxis(series.flatMap((s) => [...s.values.values()]));
  return (
    <figure className="yield-chart" data-chart="day-lines">
      <figcaption>
        <span className="yield-chart-title">{title}</span>
        <ChartLegend
          className="yield-legend"
          items={series.map((s, i) => ({
            key: String(s.plantId),
            swatch: `yield-swatch yield-series-${i % 4}`,
            label: s.plant,
          }))}
        />
      </figcaption>
      <StyleFreeChart className="yield-chart-plot">
        <LineChart {...frame(data, title, summary, 16)}>
          <CartesianGrid vertical={false} />
          <XAxis
            dataKey="date"
            interval={tickInterval(days.length, 10)}
            tickFormatter={(d: string) => formatDate(d, false).slice(4)}
            tickMargin={6}
          />
          <YAxis tickFormatter={format} width={72} domain={axis.domain} ticks={axis.ticks} />
          {zeroLine && <ReferenceLine y={0} className="yield-zero" />}
          {series.map((s, i) => (
            <Line
              key={s.plantId}
              dataKey={`p${s.plantId}`}
              name={s.plant}
              className={`yield-line yield-series-${i % 4}`}
              isAnimationActive={false}
              connectNulls={false}
              activeDot={false}
              dot={(
                props: {
                  cx?: number;
                  cy?: number;
                  payload?: { date: string };
                  index?: number;
                  value?: number | null;
                },
              ) =>
                props.cx == null || props.cy == null || props.value == null
                  ? <g key={`${s.plantId}-${props.index}`} />
                  : (
                    <a
                      key={`${s.plantId}-${props.index}`}
                      href={hrefOf(props.payload!.date, s.plantId)}
                      data-yield-day={props.payload!.date}
                      data-plant={s.plantId}
                      aria-label={`${s.plant}, ${formatDate(props.payload!.date)}: ${format(props.value)}`}
                    >
                      <circle
                        cx={props.cx}
                        cy={props.cy}
                        r={5}
                        className={`yield-dot yield-series-${i % 4}`}
                      />
                    </a>
                  )}
            />
          ))}
        </LineChart>
      </StyleFreeChart>
    </figure>
  );
}
