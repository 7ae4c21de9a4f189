/**
 * The ROI report page (report/RoiLayoutDisplay/{id}, issue 42 item 5): the grid rendered on the server by
 * the report's layout, with no script; links to the PDF, the CSV, the wizard and the layout designer;
 * printed, only the report shows (the links are no-print).
 */
import { ApiError } from "../../../../http/errors.ts";
import { defineScreen } from "../../../../pages/screen.ts";
import { pageAreaContext } from "../../../context.ts";
import { RoiReportTable } from "../../../../../reports/roi/ReportTable.tsx";
import { ROI_DISPLAY_API } from "../api.ts";
import { shownReport } from "../operations.ts";

const path = (template: string, id: number) => template.replace("{id}", String(id));

export const RoiLayoutDisplayScreen = defineScreen({
  loader: async ({ context, params }) => {
    if (!/^\d{1,9}$/.test(params.id ?? "")) throw ApiError.notFound("That ROI report does not exist.");
    return shownReport(await pageAreaContext(context), Number(params.id));
  },
  component: ({ data }) => {
    const id = data.definition.id;
    const published = data.definition.publishedDateUtc;
    return (
      <section className="panel roi-display" aria-labelledby="roi-display-title">
        <div className="panel-head">
          <div>
            <h2 id="roi-display-title">{data.definition.name}</h2>
            <p className="muted">
              {data.period}
              {published ? " · published" : ""}
              {data.isFavourite ? " · one of your favourites" : ""}
            </p>
          </div>
          <nav className="actions no-print" aria-label="Report">
            <a className="btn" href={path(ROI_DISPLAY_API.pdf, id)}>PDF</a>
            <a className="btn" href={path(ROI_DISPLAY_API.csv, id)}>CSV</a>
            <a className="btn" href={`/wizard/RoiWizard/${id}`}>Edit the report</a>
            <a className="btn" href={`/wizard/RoiLayoutEditor/${id}`}>Arrange the layout</a>
          </nav>
        </div>
        {data.report.rows.length
          ? (
            <RoiReportTable
              report={data.report}
              caption={`${data.definition.name}: ${data.period}`}
              label="The report"
            />
          )
          : <p>The report has no lines yet: add lines in the wizard.</p>}
      </section>
    );
  },
});
