/**
 * Production planning, part A (issue 41 items 1, 2, 3, 6): what a plant sells (product definitions mapped
 * to its yield product codes, and their packaging), what a carcass is (carcass types and the specification
 * rules a carcass must pass), how a primal is cut (recipes and their lines, ingredients), and what has been
 * sold (customers, salespersons, sales orders and their lines). Primals and cuts are yield's segments
 * (yield_segments); product codes are yield's (product_codes). Money is integer cents.
 */
import { index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { flag, id, stamps } from "./columns.ts";

/** A sellable product (spec 3 §3 "Product definition"). */
export const productDefinitions = sqliteTable("product_definitions", {
  id: id(),
  name: text("name").notNull(),
  referenceNumber: text("reference_number").notNull().default(""),
  speciesId: integer("species_id").notNull(),
  isRedMeatCut: flag("is_red_meat_cut"),
  /** the statistics cut it counts under in the schedule builder (leg, rack, …), or null */
  statCut: text("stat_cut"),
  ...stamps(),
}, (t) => [index("product_definitions_species").on(t.speciesId)]);

/** A plant product code (yield's) mapped to a product definition; a code maps to at most one product. */
export const productDefinitionCodes = sqliteTable("product_definition_codes", {
  id: id(),
  productDefinitionId: integer("product_definition_id").notNull().references(() => productDefinitions.id),
  productCodeId: integer("product_code_id").notNull(),
}, (t) => [
  uniqueIndex("product_definition_codes_code").on(t.productCodeId),
  index("product_definition_codes_product").on(t.productDefinitionId),
]);

/** How a product is packed: fixed or catch weight, nominal and min/max kg, pieces per carton. */
export const productPackagings = sqliteTable("product_packagings", {
  id: id(),
  productDefinitionId: integer("product_definition_id").notNull().references(() => productDefinitions.id),
  name: text("name").notNull(),
  /** fixed or catch */
  weightType: text("weight_type").notNull(),
  nominalKg: real("nominal_kg").notNull(),
  minKg: real("min_kg").notNull(),
  maxKg: real("max_kg").notNull(),
  piecesPerCarton: integer("pieces_per_carton").notNull(),
  /** the packaging orders and predictions use for the product */
  isDefault: flag("is_default"),
  ...stamps(),
}, (t) => [index("product_packagings_product").on(t.productDefinitionId)]);

/** A kind of carcass the plant can produce or sell (spec 3 §3 "Carcass type"). */
export const carcassTypes = sqliteTable("carcass_types", {
  id: id(),
  name: text("name").notNull(),
  speciesId: integer("species_id").notNull(),
  isOrderable: flag("is_orderable"),
  isProduceable: flag("is_produceable"),
  ...stamps(),
}, (t) => [index("carcass_types_species").on(t.speciesId)]);

/**
 * A specification type (settings → Specifications → Product Spec Types): a named rule kind in a category
 * (Yield 1, Eating Quality 2, Brand Claims 4, Market Eligibility 16, Other 32) on one kill floor field.
 */
export const specificationTypes = sqliteTable("specification_types", {
  id: id(),
  name: text("name").notNull(),
  categoryId: integer("category_id").notNull(),
  /** the kill floor field judged: hscwKg, fatDepthMm, fatScore, dentition, sex, msaIndex, msaMarbling, msaOssification */
  metric: text("metric").notNull(),
  ...stamps(),
});

/**
 * A specification (spec 3 §3 "Carcass specification"): one rule on a carcass type (specifiedItemKind
 * carcassType) or on a primal or cut (kind cut, specifiedItemId a yield segment). A numeric rule holds
 * min and/or max (inclusive, §4 units); sex holds the allowed letters (e.g. "M" or "MF").
 */
export const specifications = sqliteTable("specifications", {
  id: id(),
  specifiedItemKind: text("specified_item_kind").notNull(),
  specifiedItemId: integer("specified_item_id").notNull(),
  specificationTypeId: integer("specification_type_id").notNull().references(() => specificationTypes.id),
  minValue: real("min_value"),
  maxValue: real("max_value"),
  textValue: text("text_value"),
  description: text("description").notNull().default(""),
  ...stamps(),
}, (t) => [index("specifications_item").on(t.specifiedItemKind, t.specifiedItemId)]);

/** A recipe: one primal (a yield segment) cut into products, with trim, fat, bone and loss (percent). */
export const recipes = sqliteTable("recipes", {
  id: id(),
  name: text("name").notNull(),
  speciesId: integer("species_id").notNull(),
  primalId: integer("primal_id").notNull(),
  trimPercent: real("trim_percent").notNull().default(0),
  fatPercent: real("fat_percent").notNull().default(0),
  bonePercent: real("bone_percent").notNull().default(0),
  lossPercent: real("loss_percent").notNull().default(0),
  ...stamps(),
}, (t) => [index("recipes_primal").on(t.speciesId, t.primalId)]);

/** A recipe output: a product definition at a yield percent of the primal. */
export const recipeLines = sqliteTable("recipe_lines", {
  id: id(),
  recipeId: integer("recipe_id").notNull().references(() => recipes.id),
  productDefinitionId: integer("product_definition_id").notNull().references(() => productDefinitions.id),
  yieldPercent: real("yield_percent").notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
}, (t) => [index("recipe_lines_recipe").on(t.recipeId)]);

/** An ingredient: a primal a carcass gives, how many (2 legs) and whether a recipe may take it again. */
export const ingredients = sqliteTable("ingredients", {
  id: id(),
  speciesId: integer("species_id").notNull(),
  primalId: integer("primal_id").notNull(),
  numeric: integer("numeric").notNull().default(1),
  repeatable: flag("repeatable"),
  ...stamps(),
}, (t) => [uniqueIndex("ingredients_primal").on(t.speciesId, t.primalId)]);

/** A buyer of product: domestic or export. */
export const customers = sqliteTable("customers", {
  id: id(),
  name: text("name").notNull(),
  /** domestic or export */
  market: text("market").notNull(),
  country: text("country").notNull().default("Australia"),
  isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
  ...stamps(),
});

export const salespersons = sqliteTable("salespersons", {
  id: id(),
  name: text("name").notNull(),
  email: text("email").notNull().default(""),
  isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
  ...stamps(),
});

/** A sales order (spec 3 §3): Pending → Confirmed → Fulfilled; Pending or Confirmed → Cancelled. */
export const salesOrders = sqliteTable(
  "sales_orders",
  {
    id: id(),
    reference: text("reference").notNull(),
    customerId: integer("customer_id").notNull().references(() => customers.id),
    salespersonId: integer("salesperson_id").references(() => salespersons.id),
    shippingCompanyName: text("shipping_company_name").notNull().default(""),
    /** estimated time of departure, a plant date (YYYY-MM-DD) */
    etd: text("etd").notNull(),
    /** Air, Rail, Sea or Road */
    freightType: text("freight_type").notNull(),
    status: text("status").notNull().default("Pending"),
    ...stamps(),
  },
  (
    t,
  ) => [index("sales_orders_etd").on(t.etd, t.status), uniqueIndex("sales_orders_reference").on(t.reference)],
);

/**
 * A sales order line: a product ordered in cartons (catch weight: valued on packed kg, planned at the
 * packaging's nominal kg) or in kg (fixed), at cents per kg.
 */
export const salesOrderLines = sqliteTable("sales_order_lines", {
  id: id(),
  salesOrderId: integer("sales_order_id").notNull().references(() => salesOrders.id),
  productDefinitionId: integer("product_definition_id").notNull().references(() => productDefinitions.id),
  cartons: integer("cartons"),
  kg: real("kg"),
  centsPerKg: integer("cents_per_kg").notNull(),
  /** catch weight: the kg actually packed, once known */
  packedKg: real("packed_kg"),
  sortOrder: integer("sort_order").notNull().default(0),
}, (t) => [index("sales_order_lines_order").on(t.salesOrderId)]);
