/**
 * The dashboard's weekly chart: recharts 2.15 drawn on the server as plain SVG (client/ui/charts/
 * KeptChart.tsx, drawn once per content), no chart library in the browser. Three bars a week (bought,
 * delivered, processed; one path per series, SeriesBars.tsx) and the week's kill volume target as a
 * stepped line; the table under it carries the numbers and the links to the orders.
 */
import { formatHead } from "../../../../../kernel/format.ts";
import { ChartLegend } from "../../../../../client/ui/charts/ChartLegend.tsx";
import { KeptChart } from "../../../../../client/ui/charts/KeptChart.tsx";
import { barsAgainstTarget } from "../../../../../client/ui/charts/SeriesBars.tsx";
import type { VolumeSeries } from "../schemas.ts";

const WIDTH = 760;
const HEIGHT = 240;
const BARS = [
  { key: "bought", className: "dash-bar-bought" },
  { key: "delivered", className: "dash-bar-delivered" },
  { key: "processed", className: "dash-bar-processed" },
];

export function WeeklyVolumeChart({ series }: { series: VolumeSeries }) {
  const title = `${series.species}: head a week against target`;
  const summary = `${series.species}: ${formatHead(series.total.bought)} head bought, ` +
    `${formatHead(series.total.delivered)} delivered and ${formatHead(series.total.processed)} processed ` +
    `against ${series.targetOfWholePlant ? "the whole plant's target" : "a target"} of ` +
    `${formatHead(series.total.target)} over ${series.weeks.length} weeks.`;
  const data = series.weeks.map((w) => ({ ...w, targetHead: w.target > 0 ? w.target : null }));
  return (
    <figure className="vt-chart dash-chart" data-chart="weekly-volume">
      <figcaption>
        <span className="vt-chart-title">{title}</span>
        <ChartLegend
          items={[
            { key: "bought", swatch: "vt-swatch dash-swatch-bought", label: "Bought" },
            { key: "delivered", swatch: "vt-swatch dash-swatch-delivered", label: "Delivered" },
            { key: "processed", swatch: "vt-swatch dash-swatch-processed", label: "Processed" },
            { key: "target", swatch: "vt-swatch vt-swatch-target", label: "Target" },
          ]}
        />
      </figcaption>
      <KeptChart className="vt-chart-plot" keep={JSON.stringify(["weekly", title, summary, data])}>
        {() =>
          barsAgainstTarget({
            width: WIDTH,
            height: HEIGHT,
            data,
            title,
            summary,
            xKey: "week",
            ticks: Math.max(0, Math.ceil(data.length / 13) - 1),
            series: BARS,
          })}
      </KeptChart>
    </figure>
  );
}
