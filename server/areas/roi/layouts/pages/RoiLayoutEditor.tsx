/**
 * The ROI layout designer's page (wizard/RoiLayoutEditor/{id}): the report's name, a link to its display,
 * and the RoiLayoutEditor island with the report's lines, its layouts and the grid for the live preview.
 */
import { ApiError } from "../../../../http/errors.ts";
import { RoiLayoutEditor } from "../../../../pages/islands.tsx";
import { defineScreen } from "../../../../pages/screen.ts";
import { pageAreaContext } from "../../../context.ts";
import { reportResult } from "../../reads.ts";
import { ROI_LAYOUT_API } from "../api.ts";
import { getLayouts } from "../operations.ts";
import type { RoiGrid } from "../../../../../reports/roi/model.ts";

export const RoiLayoutEditorScreen = defineScreen({
  loader: async ({ context, params }) => {
    if (!/^\d{1,9}$/.test(params.id ?? "")) throw ApiError.notFound("That ROI report does not exist.");
    const ctx = await pageAreaContext(context);
    const id = Number(params.id);
    const data = await getLayouts(ctx, id);
    let grid: RoiGrid | null = null;
    let gridProblem: string | null = null;
    try {
      grid = await reportResult(ctx, id);
    } catch (error) {
      // the designer still arranges lines when the figures cannot be read; it says why
      gridProblem = error instanceof ApiError && error.message
        ? `The preview is not available: ${error.message}`
        : "The preview is not available: the report's figures could not be computed.";
    }
    return { ...data, grid, gridProblem };
  },
  component: ({ data }) => (
    <section className="panel" aria-labelledby="roi-layout-title">
      <div className="panel-head">
        <h2 id="roi-layout-title">Layout of {data.reportName}</h2>
        <nav className="actions no-print" aria-label="Report">
          <a className="btn" href={`/wizard/RoiWizard/${data.definitionId}`}>Edit the report</a>
          <a className="btn" href={`/report/RoiLayoutDisplay/${data.definitionId}`}>Show the report</a>
        </nav>
      </div>
      <RoiLayoutEditor
        definitionId={data.definitionId}
        reportName={data.reportName}
        lines={data.lines}
        layouts={data.layouts}
        grid={data.grid}
        gridProblem={data.gridProblem}
        urls={{ save: ROI_LAYOUT_API.saveRoiLayout, remove: ROI_LAYOUT_API.deleteRoiLayout }}
      />
    </section>
  ),
});
