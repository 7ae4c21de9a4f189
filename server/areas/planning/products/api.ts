import type { AccessRule } from "../../../access/apiAccess.ts";
import { z } from "@hono/zod-openapi";
import { areaApi } from "../../areaApi.ts";
import {
  deletePackaging,
  getProductDefinition,
  listProductDefinitions,
  productSummary,
  resolveUnmappedCode,
  savePackaging,
  saveProductDefinition,
  unmappedCodes,
  updateRedMeatCut,
} from "./operations.ts";
import {
  DeleteBody,
  IdParam,
  ProductDefinition,
  RedMeatCutBody,
  ResolveUnmappedBody,
  SpeciesQuery,
  Summary,
  UnmappedCode,
  UpsertPackagingBody,
  UpsertProductDefinitionBody,
} from "./schemas.ts";
import {
  getPackagingDefaults,
  PackagingDefaults,
  PackagingDefaultsBody,
  savePackagingDefaults,
} from "./packagingDefaults.ts";

/** The paths the pages post to. */
export const PRODUCTS_API = {
  upsert: "/api/planning/UpsertProductDefinition",
  resolve: "/api/planning/ResolveUnmappedProductCode",
  redMeatCut: "/api/planning/UpdateRedMeatCut",
  upsertPackaging: "/api/planning/UpsertProductPackaging",
  deletePackaging: "/api/planning/DeleteProductPackaging",
  packagingDefaults: "/api/planning/UpsertProductPackagingSettings",
} as const;

// Read by the product screens and the builder; changed only with the product definitions admin flag.
const READ: AccessRule = { pages: ["productdefinitions", "settingsProducts", "schedulebuilder"] };
const WRITE: AccessRule = { pages: ["productdefinitions", "settingsProducts"], edit: "productDefinition" };

const api = areaApi(["Planning: product definitions"]);

api.get(
  "/api/planning/ProductDefinitions",
  "Product definitions of your species (optionally one), with their mapped codes and packagings",
  { query: SpeciesQuery },
  z.array(ProductDefinition),
  READ,
  listProductDefinitions,
);
api.get(
  "/api/planning/ProductDefinition/{id}",
  "One product definition",
  { params: IdParam },
  ProductDefinition,
  READ,
  (ctx, { id }) => getProductDefinition(ctx, id),
);
api.get(
  "/api/planning/UnmappedProductCodes",
  "Product codes seen in cartons that no product definition maps, with their cartons, kg and last day",
  { query: SpeciesQuery },
  z.array(UnmappedCode),
  READ,
  unmappedCodes,
);
api.get(
  "/api/planning/ProductDefinitionSummary",
  "Counts of products, mapped and unmapped codes, red meat cuts and products without packaging, and " +
    "when cartons were last received (the latest check)",
  { query: SpeciesQuery },
  Summary,
  READ,
  productSummary,
);
api.post(
  PRODUCTS_API.upsert,
  "Add (no id) or edit a product definition and its code mapping (a code maps to one product: 400)",
  UpsertProductDefinitionBody,
  ProductDefinition,
  WRITE,
  saveProductDefinition,
);
api.post(
  PRODUCTS_API.resolve,
  "Map one unmapped product code onto a product, or onto a new product of the given name",
  ResolveUnmappedBody,
  ProductDefinition,
  WRITE,
  resolveUnmappedCode,
);
api.post(
  PRODUCTS_API.redMeatCut,
  "Mark the products the given codes are mapped to as red meat cuts, or not",
  RedMeatCutBody,
  z.object({ updated: z.number() }),
  WRITE,
  updateRedMeatCut,
);
api.post(
  PRODUCTS_API.upsertPackaging,
  "Add or edit a packaging of a product: fixed or catch weight, nominal and min/max kg, pieces per carton",
  UpsertPackagingBody,
  ProductDefinition,
  WRITE,
  savePackaging,
);
api.post(
  PRODUCTS_API.deletePackaging,
  "Delete a packaging",
  DeleteBody,
  z.object({ id: z.number() }),
  WRITE,
  deletePackaging,
);

// The defaults are a Settings › Products matter (super); changing them also needs the admin flag.
const DEFAULTS_READ: AccessRule = { pages: ["settingsProducts", "productdefinitions"] };
const DEFAULTS_WRITE: AccessRule = { pages: ["settingsProducts"], edit: "productDefinition" };
api.get(
  "/api/planning/ProductPackagingSettings",
  "The packaging a new one starts from (ProductPackagingSettings): the plant's stored defaults, else a 20 kg fixed carton",
  {},
  PackagingDefaults,
  DEFAULTS_READ,
  getPackagingDefaults,
);
api.post(
  PRODUCTS_API.packagingDefaults,
  "Store the packaging defaults (min ≤ nominal ≤ max kg); a stale save is 409",
  PackagingDefaultsBody,
  PackagingDefaults,
  DEFAULTS_WRITE,
  savePackagingDefaults,
);

export const productsApi = api.router();
