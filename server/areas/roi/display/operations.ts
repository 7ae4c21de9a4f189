/**
 * The report as shown (issue 42 item 5): the grid arranged by the report's layout (the designer's first
 * layout, else credit then debit, lines in order) with the display rules shared with the designer's
 * preview (reports/roi/format.ts), for the page, the PDF and the CSV.
 */
import { columnRanges } from "../../../../reports/roi/dates.ts";
import { type DisplayReport, displayReport } from "../../../../reports/roi/format.ts";
import type { ReportDefinition } from "../../../../reports/roi/model.ts";
import type { AreaContext } from "../../context.ts";
import { startingLayout } from "../../../../reports/roi/layoutRules.ts";
import { DEFAULT_LAYOUT_SETTINGS, ROI_STYLE, type RoiLayout } from "../../../../reports/roi/model.ts";
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
  const [grid, favourites] = await Promise.all([gridOf(ctx, definition), favouriteReportIds(ctx)]);
  const layout = defaultLayout(definition);
  return {
    definition,
    report: displayReport(grid, layout),
    period: columnRanges(definition.columns),
    layoutName: layout.name,
    isFavourite: favourites.includes(id),
    computedAt: grid.computedAt,
  };
}

/**
 * The default layout (credit then debit, lines in order, the fifteen default settings): what the page shows
 * until it reads the designer's saved layout (its `layoutFor`).
 */
export function defaultLayout(
  definition: ReportDefinition,
): Pick<RoiLayout, "name" | "creditLayoutSection" | "debitLayoutSection" | "layoutSettings"> {
  return {
    name: "default layout",
    ...startingLayout(
      definition.reportDataLines,
      definition.customCreditLabel.trim() || ROI_STYLE.creditLabel,
      definition.customDebitLabel.trim() || ROI_STYLE.debitLabel,
    ),
    layoutSettings: { ...DEFAULT_LAYOUT_SETTINGS },
  };
}
