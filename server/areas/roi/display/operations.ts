/**
 * The report as shown (issue 42 item 5): the grid arranged by the report's saved layout (`layoutFor`: its
 * first layout, 'default layout'; the starting layout while none is saved) with the display rules shared
 * with the designer's preview (reports/roi/format.ts), for the page, the PDF and the CSV.
 */
import { columnRanges } from "../../../../reports/roi/dates.ts";
import { type DisplayReport, displayReport } from "../../../../reports/roi/format.ts";
import type { ReportDefinition } from "../../../../reports/roi/model.ts";
import type { AreaContext } from "../../context.ts";
import { layoutsOf } from "../layouts/reads.ts";
import { favouriteReportIds, getDefinition } from "../reads.ts";
import { gridOf } from "../results.ts";

export interface ShownReport {
  definition: ReportDefinition;
  report: DisplayReport;
  period: string;
  layoutName: string;
  isFavourite: boolean;
  computedAt: string;
}

export async function shownReport(ctx: AreaContext, id: number): Promise<ShownReport> {
  const definition = await getDefinition(ctx, id);
  const [grid, favourites, layouts] = await Promise.all([
    gridOf(ctx, definition),
    favouriteReportIds(ctx),
    layoutsOf(ctx, definition),
  ]);
  const layout = layouts[0];
  return {
    definition,
    report: displayReport(grid, layout),
    period: columnRanges(definition.columns),
    layoutName: layout.name,
    isFavourite: favourites.includes(id),
    computedAt: grid.computedAt,
  };
}
