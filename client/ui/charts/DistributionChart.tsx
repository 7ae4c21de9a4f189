/**
 * A distribution as bars (carcasses per weight band, per fat score…): an SVG drawn on the server with
 * recharts 2.15, no script. It scales with its panel through the viewBox (readable on a 1024 px laptop and
 * across a 1080p TV) and takes its colours from the theme. The numbers are in a table below it for people
 * who read rather than look.
 */
import { Bar, BarChart, CartesianGrid, LabelList, XAxis, YAxis } from "./recharts.ts";
import { formatHead } from "../../../kernel/format.ts";
import { StyleFreeChart } from "./StyleFreeChart.tsx";
import { FiguresTable } from "./FiguresTable.tsx";

export interface DistributionBar {
  label: string;
  count: number;
}

export function DistributionChart({ title, unit, bars, id }: {
  title: string;
  /** what a bar counts ("carcasses") */
  unit: string;
  bars: readonly DistributionBar[];
  /** unique per page */
  id: string;
}) {
  const total = bars.reduce((n, b) => n + b.count, 0);
  const top = bars.reduce((a, b) => (b.count > a.count ? b : a), bars[0] ?? { label: "", count: 0 });
  const summary = total
    ? `${title}: ${formatHead(total)} ${unit}; most in ${top.label} (${formatHead(top.count)}).`
    : `${title}: none yet.`;
  return (
    <figure className="dist-chart" aria-labelledby={`${id}-title`} data-chart={id}>
      <figcaption id={`${id}-title`}>{title}</figcaption>
      <StyleFreeChart className="dist-chart-plot">
        <BarChart
          width={420}
          height={220}
          data={[...bars]}
          margin={{ top: 20, right: 8, bottom: 4, left: 0 }}
          title={title}
          desc={summary}
        >
          <CartesianGrid vertical={false} />
          <XAxis dataKey="label" interval={0} tickMargin={4} />
          <YAxis allowDecimals={false} width={44} tickFormatter={(n: number) => formatHead(n)} />
          <Bar dataKey="count" className="dist-bar" isAnimationActive={false}>
            <LabelList dataKey="count" position="top" formatter={(n: number) => (n ? formatHead(n) : "")} />
          </Bar>
        </BarChart>
      </StyleFreeChart>
      <FiguresTable
        columns={[{ label: title }, { label: unit[0].toUpperCase() + unit.slice(1) }]}
        rows={bars.map((b) => ({ key: b.label, head: b.label, cells: [formatHead(b.count)] }))}
      />
    </figure>
  );
}
