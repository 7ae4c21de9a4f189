/**
 * "Next 60 days: orders versus targets" (spec 1 §9) as an SVG drawn on the server with recharts 2.15:
 * a bar per day for the head ordered, a stepped line for the day's target, weekends shaded and their bars
 * toned down. No script and no island: recharts runs only while the page renders (recharts 3 draws
 * nothing on the server; STACK-NOTES). The chart has a fixed drawing size and scales with its panel through
 * the SVG viewBox, so it reads the same on a 1024 px laptop and a 1080p TV; colours come from the theme's
 * CSS variables (dark and light). People who read rather than look get the numbers in a table below it.
 * The bars are one path for weekdays and one for weekends, the weekend shading one more (SeriesBars.tsx),
 * and the drawing is kept by content (KeptChart.tsx): the dashboard draws it on every load.
 */
import { formatDate, formatHead } from "../../../kernel/format.ts";
import { ChartLegend } from "./ChartLegend.tsx";
import { KeptChart } from "./KeptChart.tsx";
import { FiguresTable } from "./FiguresTable.tsx";
import { barsAgainstTarget } from "./SeriesBars.tsx";

export interface VolumePoint {
  /** yyyy-MM-dd */
  date: string;
  ordered: number;
  target: number;
  isWeekend: boolean;
}

/**
 * The drawing size in SVG units: about 12 per day for 60 days. The SVG scales to its panel, so 14-unit
 * text is about 12 px in a 1024 px window and about 30 px across a 1080p TV.
 */
export const CHART_WIDTH = 760;
export const CHART_HEIGHT = 300;

/**
 * A tick on each Monday, so 60 days carry about nine readable labels; the first day gets one too when
 * the first Monday is far enough off not to collide with it.
 */
function tickDates(points: readonly VolumePoint[]): string[] {
  const isMonday = (p: VolumePoint) => new Date(`${p.date}T00:00:00Z`).getUTCDay() === 1;
  const firstMonday = points.findIndex(isMonday);
  return points.filter((p, i) => isMonday(p) || (i === 0 && (firstMonday < 0 || firstMonday >= 4)))
    .map((p) => p.date);
}

const BARS = [{
  key: "ordered",
  className: (row: Record<string, unknown>) => (row.isWeekend ? "vt-bar vt-bar-weekend" : "vt-bar"),
}];
const WEEKEND_BAND = {
  className: "vt-weekend-band",
  when: (row: Record<string, unknown>) => row.isWeekend === true,
};

const signed = (n: number) => (n > 0 ? `+${formatHead(n)}` : formatHead(n));

export function OrdersVersusTargetsChart({ title, points, id = "vt-chart" }: {
  /** e.g. "Sheep: next 60 days" */
  title: string;
  points: readonly VolumePoint[];
  /** unique per page */
  id?: string;
}) {
  // no target (weekends, outside any period) leaves a gap in the line rather than a drop to 0
  const data = points.map((p) => ({ ...p, targetHead: p.target > 0 ? p.target : null }));
  const ordered = points.reduce((n, p) => n + p.ordered, 0);
  const target = points.reduce((n, p) => n + p.target, 0);
  const first = points[0]?.date;
  const last = points.at(-1)?.date;
  const summary = `${title}: ${formatHead(ordered)} head ordered against a target of ${formatHead(target)} ` +
    `from ${formatDate(first)} to ${formatDate(last)}.`;
  return (
    <figure className="vt-chart" aria-labelledby={`${id}-title`} data-chart="orders-versus-targets">
      <figcaption>
        <span id={`${id}-title`} className="vt-chart-title">{title}</span>
        <ChartLegend
          items={[
            { key: "ordered", swatch: "vt-swatch", label: "Head ordered" },
            { key: "weekend", swatch: "vt-swatch vt-swatch-weekend", label: "Weekend (shaded)" },
            { key: "target", swatch: "vt-swatch vt-swatch-target", label: "Target" },
          ]}
        />
      </figcaption>
      {/* the SVG is the image: named by its <title>, described by its <desc> (the summary) */}
      <KeptChart className="vt-chart-plot" keep={JSON.stringify(["versus", title, summary, data])}>
        {() =>
          barsAgainstTarget({
            width: CHART_WIDTH,
            height: CHART_HEIGHT,
            data,
            title,
            summary,
            xKey: "date",
            ticks: tickDates(points),
            series: BARS,
            gap: 0.18,
            band: WEEKEND_BAND,
          })}
      </KeptChart>
      <FiguresTable
        className="vt-chart-numbers"
        summary="The numbers, day by day"
        caption={`${title}: head ordered and target per day`}
        columns={[{ label: "Day" }, { label: "Ordered" }, { label: "Target" }, { label: "Difference" }]}
        rows={points.map((p) => ({
          key: p.date,
          className: p.isWeekend ? "vt-weekend-row" : undefined,
          head: formatDate(p.date),
          cells: [formatHead(p.ordered), formatHead(p.target), signed(p.ordered - p.target)],
        }))}
        foot={{ head: "Total", cells: [formatHead(ordered), formatHead(target), signed(ordered - target)] }}
      />
    </figure>
  );
}
