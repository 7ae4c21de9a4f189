/**
 * The trend across consignments as a line per figure over the lots (oldest left): drawn on the server with
 * recharts (no script), its numbers in a table beneath for people who read rather than look.
 */
import { CartesianGrid, Line, LineChart, XAxis, YAxis } from "../../../../client/ui/charts/recharts.ts";
import { ChartLegend } from "../../../../client/ui/charts/ChartLegend.tsx";
import { FiguresTable } from "../../../../client/ui/charts/FiguresTable.tsx";
import { StyleFreeChart } from "../../../../client/ui/charts/StyleFreeChart.tsx";
import { niceAxis } from "../../../../client/ui/charts/niceAxis.ts";
import { labelsFromEnd } from "../../../../client/ui/charts/tickInterval.ts";

export interface TrendSeries {
  key: string;
  name: string;
  /** one value per lot; null leaves a gap */
  values: (number | null)[];
}

export function TrendChart({ id, title, lots, series, format }: {
  id: string;
  title: string;
  /** the x-axis labels, one per lot */
  lots: string[];
  series: TrendSeries[];
  format: (n: number) => string;
}) {
  const axis = niceAxis(series.flatMap((s) => s.values)); // round ticks (23.7, 23.9… read as noise)
  const data = lots.map((label, i) => ({
    label,
    ...Object.fromEntries(series.map((s) => [s.key, s.values[i]])),
  }));
  return (
    <figure className="dist-chart" aria-labelledby={`${id}-title`} data-chart={id}>
      <figcaption id={`${id}-title`}>
        {title}
        {series.length > 1 && (
          <ChartLegend
            className="yield-legend"
            items={series.map((s, i) => ({
              key: s.key,
              swatch: `yield-swatch yield-series-${i % 4}`,
              label: s.name,
            }))}
          />
        )}
      </figcaption>
      <StyleFreeChart className="dist-chart-plot">
        {/* right: room for the newest lot's label, centred on the last point */}
        <LineChart width={420} height={220} data={data} margin={{ top: 12, right: 36, bottom: 4, left: 0 }}>
          <CartesianGrid vertical={false} />
          <XAxis dataKey="label" tickMargin={4} ticks={labelsFromEnd(lots, 4)} interval={0} />
          <YAxis width={56} tickFormatter={format} domain={axis.domain} ticks={axis.ticks} />
          {series.map((s, i) => (
            <Line
              key={s.key}
              dataKey={s.key}
              name={s.name}
              className={`yield-line yield-series-${i % 4}`}
              isAnimationActive={false}
              connectNulls={false}
            />
          ))}
        </LineChart>
      </StyleFreeChart>
      <FiguresTable
        columns={[{ label: "Lot" }, ...series.map((s) => ({ label: s.name }))]}
        rows={lots.map((label, i) => ({
          key: `${i}`,
          head: label,
          cells: series.map((s) => (s.values[i] === null ? "—" : format(s.values[i]!))),
        }))}
      />
    </figure>
  );
}
