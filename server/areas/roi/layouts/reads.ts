/**
 * The layouts of a report, for the designer and for the display page and analysis menu:
 * `layoutFor(ctx, definitionId)` is the layout a report shows (its first, 'default layout', or the
 * starting layout when none was saved: credit then debit, lines in order).
 */
import { asc, eq } from "drizzle-orm";
import { roiLayouts } from "../../../../db/tenant/schema.ts";
import type {
  LayoutNode,
  LayoutSettings,
  ReportDefinition,
  RoiLayout,
} from "../../../../reports/roi/model.ts";
import { DEFAULT_LAYOUT_SETTINGS, ROI_STYLE } from "../../../../reports/roi/model.ts";
import { startingLayout } from "../../../../reports/roi/layoutRules.ts";
import type { AreaContext, TenantTx } from "../../context.ts";
import { getDefinition } from "../reads.ts";

export const DEFAULT_LAYOUT_NAME = "default layout";

export type LayoutRow = typeof roiLayouts.$inferSelect;

export interface StoredLayout extends RoiLayout {
  definitionId: number;
  isLayoutSaved: boolean;
  /** null: the starting layout, never saved */
  lastModified: string | null;
}

export function labelsOf(definition: Pick<ReportDefinition, "customCreditLabel" | "customDebitLabel">) {
  return {
    creditLabel: definition.customCreditLabel.trim() || ROI_STYLE.creditLabel,
    debitLabel: definition.customDebitLabel.trim() || ROI_STYLE.debitLabel,
  };
}

export function toLayout(row: LayoutRow): StoredLayout {
  return {
    id: row.id,
    definitionId: row.definitionId,
    name: row.name,
    creditLayoutSection: row.creditTree as LayoutNode,
    debitLayoutSection: row.debitTree as LayoutNode,
    // settings saved before a setting existed take its default
    layoutSettings: { ...DEFAULT_LAYOUT_SETTINGS, ...(row.settings as Partial<LayoutSettings>) },
    isLayoutSaved: row.isLayoutSaved,
    lastModified: row.lastModified,
  };
}

/** The starting layout of a definition (id 0, not saved). */
export function startingLayoutOf(definition: ReportDefinition): StoredLayout {
  const { creditLabel, debitLabel } = labelsOf(definition);
  return {
    id: 0,
    definitionId: definition.id,
    name: DEFAULT_LAYOUT_NAME,
    ...startingLayout(definition.reportDataLines, creditLabel, debitLabel),
    layoutSettings: { ...DEFAULT_LAYOUT_SETTINGS },
    isLayoutSaved: false,
    lastModified: null,
  };
}

export async function layoutRows(
  db: AreaContext["db"] | TenantTx,
  definitionId: number,
): Promise<LayoutRow[]> {
  return await db.select().from(roiLayouts).where(eq(roiLayouts.definitionId, definitionId))
    .orderBy(asc(roiLayouts.position), asc(roiLayouts.id));
}

/** Every layout of a report, 'default layout' first; the starting layout when none is saved. */
export async function layoutsOf(ctx: AreaContext, definition: ReportDefinition): Promise<StoredLayout[]> {
  const rows = await layoutRows(ctx.db, definition.id);
  return rows.length ? rows.map(toLayout) : [startingLayoutOf(definition)];
}

/** The layout a report shows: its first layout (the default), else the starting layout. */
export async function layoutFor(ctx: AreaContext, definitionId: number): Promise<StoredLayout> {
  const definition = await getDefinition(ctx, definitionId);
  return (await layoutsOf(ctx, definition))[0];
}
