/**
 * The layout designer's calls at the API boundary (issue 42 item 4; shapes in reports/roi/model.ts).
 * A layout node is checked here for its shape (recursive, bounded); the rules that compare it with the
 * report's lines (a line on its own side, a known lineId, a line holding nothing) are
 * reports/roi/layoutRules.ts `layoutProblems`, shared with the island.
 */
import { z } from "@hono/zod-openapi";
import { DEFAULT_LAYOUT_SETTINGS, DEFAULT_SECTION_OPTIONS } from "../../../../reports/roi/model.ts";

export { IdParam } from "../../../http/params.ts";

/** A layout of more nodes than this, or deeper, is refused (a report has at most a few hundred lines). */
export const MAX_LAYOUT_NODES = 600;
export const MAX_LAYOUT_DEPTH = 8;

const fontAdjust = z.number().int("Use whole points").min(-6, "Font adjustment is -6 to +6")
  .max(6, "Font adjustment is -6 to +6");

export const SectionOptions = z.object({
  isIncludeTotals: z.boolean().default(DEFAULT_SECTION_OPTIONS.isIncludeTotals),
  isHideItems: z.boolean().default(false),
  isForceBold: z.boolean().default(false),
  isItalic: z.boolean().default(false),
  fontAdjust: fontAdjust.default(0),
  isHeadingWithoutContent: z.boolean().default(false),
});

/** Leaves are lines (lineId), inner nodes sections; each node holds its children. */
export interface LayoutNodeIn {
  name: string;
  displayName: string;
  lineId: string | null;
  isSection: boolean;
  isDebit: boolean;
  options: z.infer<typeof SectionOptions>;
  children: LayoutNodeIn[];
}

export const LayoutNode: z.ZodType<LayoutNodeIn> = z.object({
  name: z.string().min(1).max(80),
  displayName: z.string().trim().max(120, "Keep names to 120 characters"),
  lineId: z.string().min(1).max(80).nullable(),
  isSection: z.boolean(),
  isDebit: z.boolean(),
  options: SectionOptions.default({ ...DEFAULT_SECTION_OPTIONS }),
  get children() {
    return z.array(LayoutNode).max(MAX_LAYOUT_NODES);
  },
}).openapi("RoiLayoutNode") as unknown as z.ZodType<LayoutNodeIn>;

const flagOf = (key: keyof typeof DEFAULT_LAYOUT_SETTINGS) =>
  z.boolean().default(DEFAULT_LAYOUT_SETTINGS[key] as boolean);

export const LayoutSettings = z.object({
  isTotalCreditDebit: flagOf("isTotalCreditDebit"),
  isIncludeBottomLine: flagOf("isIncludeBottomLine"),
  isIncludeTotalColumn: flagOf("isIncludeTotalColumn"),
  useSubTotalLabels: flagOf("useSubTotalLabels"),
  useVarianceColumns: flagOf("useVarianceColumns"),
  isVarianceAsPercent: flagOf("isVarianceAsPercent"),
  isHideBudgetColumns: flagOf("isHideBudgetColumns"),
  isDebitSectionNegative: flagOf("isDebitSectionNegative"),
  isShadeTotalRows: flagOf("isShadeTotalRows"),
  isNegativesRed: flagOf("isNegativesRed"),
  isUseTotalsLines: flagOf("isUseTotalsLines"),
  isUseVarianceColumnLines: flagOf("isUseVarianceColumnLines"),
  isUseColumnLines: flagOf("isUseColumnLines"),
  isUseRowLines: flagOf("isUseRowLines"),
  fontAdjust: fontAdjust.default(0),
}).openapi("RoiLayoutSettings");

export const SaveRoiLayoutBody = z.object({
  /** the report definition */
  definitionId: z.number().int().positive(),
  /** null: a new layout */
  id: z.number().int().positive().nullable().default(null),
  name: z.string().trim().min(1, "Give the layout a name").max(80, "Keep the name to 80 characters"),
  creditLayoutSection: LayoutNode,
  debitLayoutSection: LayoutNode,
  layoutSettings: LayoutSettings,
  /** as loaded; a layout saved by someone else since answers 409 */
  lastModified: z.string().nullable().default(null),
});

export const DeleteRoiLayoutBody = z.object({
  id: z.number().int().positive(),
  lastModified: z.string().nullable().default(null),
});

export const RoiLayoutAnswer = z.object({
  /** 0: the starting layout, not yet saved */
  id: z.number().int(),
  definitionId: z.number().int(),
  name: z.string(),
  creditLayoutSection: LayoutNode,
  debitLayoutSection: LayoutNode,
  layoutSettings: LayoutSettings,
  isLayoutSaved: z.boolean(),
  lastModified: z.string().nullable(),
}).openapi("RoiLayout");

export const RoiLayoutLine = z.object({
  lineId: z.string(),
  displayName: z.string(),
  isDebit: z.boolean(),
  /** computed for other lines only; placed, it still shows nothing */
  isHidden: z.boolean(),
});

export const RoiLayoutsAnswer = z.object({
  definitionId: z.number().int(),
  reportName: z.string(),
  creditLabel: z.string(),
  debitLabel: z.string(),
  lines: z.array(RoiLayoutLine),
  /** 'default layout' first */
  layouts: z.array(RoiLayoutAnswer),
});
