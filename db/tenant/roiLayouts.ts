/**
 * The ROI layout designer's layouts (issue 42 item 4, spec 3 §3 "Layout"): several named layouts per
 * report definition ('default layout' first), each with its credit and debit trees of layout nodes and
 * its fifteen settings as JSON (shapes in reports/roi/model.ts). A save naming an older `lastModified`
 * answers 409. Owner: the roi/layouts sub-area.
 */
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { flag, id, json } from "./columns.ts";

export const roiLayouts = sqliteTable("roi_layouts", {
  id: id(),
  /** roi_reports.id */
  definitionId: integer("definition_id").notNull(),
  name: text("name").notNull(),
  /** the order the layouts are offered in; the default layout is 0 */
  position: integer("position").notNull().default(0),
  /** LayoutNode: the credit side's root section */
  creditTree: json<unknown>("credit_tree").notNull(),
  /** LayoutNode: the debit side's root section */
  debitTree: json<unknown>("debit_tree").notNull(),
  /** LayoutSettings */
  settings: json<unknown>("settings").notNull(),
  /** set by the designer's save (a seeded or copied layout is not yet saved by a person) */
  isLayoutSaved: flag("is_layout_saved"),
  createdAt: text("created_at").notNull(),
  lastModified: text("last_modified").notNull(),
}, (t) => [index("roi_layouts_definition").on(t.definitionId)]);
