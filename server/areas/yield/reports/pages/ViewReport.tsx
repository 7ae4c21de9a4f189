/**
 * yieldViewReport (?id=): a saved summary report run through the engine on today's plant date: a chart
 * of its first column, the table with a total row, CSV and print. The chart is an SVG drawn on the
 * server (recharts, no script).
 */
import { z } from "zod";
import { Bar, BarChart, CartesianGrid, XAxis, YAxis } from "../../../../../client/ui/charts/recharts.ts";
import { niceAxis, valuesOf } from "../../../../../client/ui/charts/niceAxis.ts";
import { idNumber } from "../../../../http/params.ts";
import { ApiError } from "../../../../http/errors.ts";
import { defineScreen } from "../../../../pages/screen.ts";
import { pageAreaContext } from "../../../context.ts";
import { StyleFreeChart } from "../../../../../client/ui/charts/StyleFreeChart.tsx";
import { formatDate } from "../../../../../kernel/format.ts";
import { metric } from "../../metrics.ts";
import { GROUP_BY_NAMES } from "../../schemas.ts";
import { YIELD_REPORTS_API } from "../api.ts";
import { runReport } from "../operations/figures.ts";
import { varianceTone } from "../rules.ts";
import { formatMetric } from "../../format.ts";
import type { ReportFigures } from "../schemas.ts";
import { REPORT_PATHS } from "./Reports.tsx";

export function FigureCell({ keyOf, value }: { keyOf: number; value: number | null | undefined }) {
  const m = metric(keyOf);
  const tone = m?.unit === "pp" || /variance/i.test(m?.name ?? "") ? varianceTone(value, m?.better) : "level";
  return <span className={`yr-var yr-var-${tone}`}>{formatMetric(value, m?.unit ?? "#")}</span>;
}

export function ReportChart({ figures, id = "yr-chart" }: { figures: ReportFigures; id?: string }) {
  const first = figures.columns[0];
  if (!first || !figures.rows.length) return null;
  const data = figures.rows.slice(0, 40).map((r) => ({ label: r.label, value: r.values[String(first.key)] }));
  const axis = niceAxis(valuesOf(data, ["value"]), { fromZero: true });
  const title = `${first.name} by ${GROUP_BY_NAMES[figures.report.groupBy].toLowerCase()}`;
  return (
    <figure className="yr-chart" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`}>{title}</figcaption>
      <StyleFreeChart className="yr-chart-plot">
        <BarChart
          width={760}
          height={260}
          data={data}
          margin={{ top: 8, right: 12, bottom: 4, left: 4 }}
          title={title}
        >
          <CartesianGrid vertical={false} />
          <XAxis dataKey="label" interval={0} tick={{ fontSize: 11 }} height={40} />
          <YAxis width={64} domain={axis.domain} ticks={axis.ticks} />
          <Bar dataKey="value" name={first.name} className="yr-bar" isAnimationActive={false} />
        </BarChart>
      </StyleFreeChart>
    </figure>
  );
}

/** A row of the figures (a group's, or the whole range's total): its label, then a cell per column. */
function FigureRow({ label, columns, values }: {
  label: string;
  columns: ReportFigures["columns"];
  values: ReportFigures["total"];
}) {
  return (
    <tr>
      <th scope="row">{label}</th>
      {columns.map((c) => (
        <td key={c.key} className="num">
          <FigureCell keyOf={c.key} value={values[String(c.key)]} />
        </td>
      ))}
    </tr>
  );
}

export function FiguresTable({ figures }: { figures: ReportFigures }) {
  const group = GROUP_BY_NAMES[figures.report.groupBy];
  return (
    <div className="table-wrap" role="region" aria-label={`${figures.report.name}: figures`} tabIndex={0}>
      <table className="table yr-figures">
        <caption className="sr-only">{figures.report.name}</caption>
        <thead>
          <tr>
            <th scope="col">{group}</th>
            {figures.columns.map((c) => <th key={c.key} scope="col" className="num">{c.name}</th>)}
          </tr>
        </thead>
        <tbody>
          {figures.rows.length === 0 && (
            <tr>
              <td colSpan={figures.columns.length + 1} className="muted">Nothing boned in this range.</td>
            </tr>
          )}
          {figures.rows.map((r, i) => (
            <FigureRow key={`${r.label}-${i}`} label={r.label} columns={figures.columns} values={r.values} />
          ))}
        </tbody>
        <tfoot>
          <FigureRow label="Total" columns={figures.columns} values={figures.total} />
        </tfoot>
      </table>
    </div>
  );
}

/** yieldViewReport */
export const ViewReportScreen = defineScreen({
  validateSearch: z.object({ id: idNumber().optional() }),
  loader: async ({ context, search }) => {
    if (!search.id) throw ApiError.notFound("Choose a report from the list.");
    return await runReport(await pageAreaContext(context), search.id);
  },
  component: ({ data }) => {
    const r = data.report;
    return (
      <section className="panel yr-report" aria-label={r.name}>
        <div className="panel-head">
          <h2>{r.name}</h2>
          <span className="yr-actions no-print">
            <a className="btn" href={`${YIELD_REPORTS_API.export}/${r.id}`} download>CSV</a>
            <button className="btn" type="button" data-print="">Print</button>
            {r.isEditAllowed && <a className="btn" href={`${REPORT_PATHS.summary.edit}/${r.id}`}>Edit</a>}
          </span>
        </div>
        <p className="muted">
          {r.species}, {formatDate(data.fromDate)} to {formatDate(data.toDate)} ({r.range.toLowerCase()}). By
          {" "}
          {r.ownerName}
          {r.isShared ? ", shared" : ", private"}.
        </p>
        <ReportChart figures={data} />
        <FiguresTable figures={data} />
      </section>
    );
  },
});
