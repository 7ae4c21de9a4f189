/**
 * Production planning settings (issue 41 item 1; spec 3 "ProductPackagingSettings"): the packaging a new
 * product packaging starts from, set on Settings › Products › Product Packaging.
 */
import { integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** One row (id 1): made on the first save; until then the planning rules' built-in defaults apply. */
export const productPackagingSettings = sqliteTable("product_packaging_settings", {
  id: integer("id").primaryKey(),
  name: text("name").notNull(),
  /** fixed or catch */
  weightType: text("weight_type").notNull(),
  nominalKg: real("nominal_kg").notNull(),
  minKg: real("min_kg").notNull(),
  maxKg: real("max_kg").notNull(),
  piecesPerCarton: integer("pieces_per_carton").notNull(),
  lastModified: text("last_modified").notNull(),
  modifiedBy: text("modified_by").notNull().default(""),
});
