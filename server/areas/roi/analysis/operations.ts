/**
 * The ROI analysis menu (issue 42 item 6, spec 3 §2.3 RoiAnalysisMenu; super only, flag "ROI analysis
 * menu"): the caller's favourite reports and every published report as cards, each with the bottom line
 * per period against its budget and the three largest variances (by size, favourable or not).
 */
import type { GridColumn, GridRow, RoiGrid, RoiUnit } from "../../../../reports/roi/model.ts";
import type { AreaContext } from "../../context.ts";
import { favouriteReportIds, listDefinitions } from "../reads.ts";
import { gridOf } from "../results.ts";

export interface AnalysisPoint {
  period: string;
  actual: number | null;
  /** the bottom line of the period's budget column; null without one */
  budget: number | null;
}

export interface AnalysisVariance {
  label: string;
  /** actual − budget over the report's periods */
  amount: number;
  unit: RoiUnit;
  isFavourable: boolean;
}

export interface AnalysisCard {
  id: number;
  name: string;
  isFavourite: boolean;
  isPublished: boolean;
  hasBudget: boolean;
  points: AnalysisPoint[];
  variances: AnalysisVariance[];
}

const valueIn = (values: { columnId: string; value: number | null }[], id: string | undefined) =>
  id === undefined ? null : values.find((v) => v.columnId === id)?.value ?? null;

/** The bottom line per data column, with the budget column made for it. */
export function bottomLineSeries(grid: RoiGrid): AnalysisPoint[] {
  const budgetFor = new Map<string, GridColumn>();
  for (const c of grid.columns) if (c.kind === "budget" && c.budgetForId) budgetFor.set(c.budgetForId, c);
  return grid.columns.filter((c) => c.kind === "data").map((c) => ({
    period: c.name,
    actual: valueIn(grid.bottomLine.values, c.id),
    budget: valueIn(grid.bottomLine.values, budgetFor.get(c.id)?.id),
  }));
}

/** The shown rows' variances summed over the periods, the `count` largest first (by size). */
export function largestVariances(grid: RoiGrid, count = 3): AnalysisVariance[] {
  const ofRow = (row: GridRow): AnalysisVariance | null => {
    const amounts = row.variances.map((v) => v.amount).filter((a): a is number => a !== null);
    if (!amounts.length) return null;
    const amount = amounts.reduce((sum, a) => sum + a, 0);
    return {
      label: row.displayName,
      amount,
      unit: row.unit,
      isFavourable: row.isDebit ? amount <= 0 : amount >= 0,
    };
  };
  return grid.rows.filter((r) => !r.isHidden).map(ofRow)
    .filter((v): v is AnalysisVariance => v !== null && v.amount !== 0)
    .sort((a, b) => Math.abs(b.amount) - Math.abs(a.amount) || a.label.localeCompare(b.label))
    .slice(0, count);
}

export async function analysisCards(ctx: AreaContext): Promise<AnalysisCard[]> {
  const [definitions, favourites] = await Promise.all([listDefinitions(ctx), favouriteReportIds(ctx)]);
  const shown = definitions.filter((d) => favourites.includes(d.id) || d.publishedDateUtc)
    // favourites first, then published, newest change first within each (listDefinitions' order)
    .sort((a, b) => Number(favourites.includes(b.id)) - Number(favourites.includes(a.id)));
  return await Promise.all(shown.map(async (definition) => {
    const grid = await gridOf(ctx, definition);
    return {
      id: definition.id,
      name: definition.name,
      isFavourite: favourites.includes(definition.id),
      isPublished: Boolean(definition.publishedDateUtc),
      hasBudget: grid.columns.some((c) => c.kind === "budget"),
      points: bottomLineSeries(grid),
      variances: largestVariances(grid),
    };
  }));
}
