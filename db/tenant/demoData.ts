/**
 * Demo data sets (issue 43 item 3): the production rows a super user's demo data load makes in a demo or
 * test organisation, one per day and cut of a set. Every row is the set's, made from the set id alone, so
 * the same set always gives the same rows; a purge removes only these rows.
 */
import { index, integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { id, stamps } from "./columns.ts";

export const demoDataRows = sqliteTable("demo_data_rows", {
  id: id(),
  /** the catalogue's set id (100–903) */
  setId: integer("set_id").notNull(),
  productionDate: text("production_date").notNull(),
  cutId: integer("cut_id").notNull(),
  head: integer("head").notNull(),
  cartons: integer("cartons").notNull(),
  netKg: real("net_kg").notNull(),
  ...stamps(),
}, (t) => [index("demo_data_rows_set_day_cut").on(t.setId, t.productionDate, t.cutId)]);
