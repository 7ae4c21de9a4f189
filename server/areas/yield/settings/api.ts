/**
 * Settings › Yield, Product codes and Cut hierarchy overrides (spec 2 §2.2, spec 3 §7 "segment overrides",
 * "boning room data", "user settings update"). Reads serve every yield screen (user role, yieldReporting);
 * writes follow the settings tab that changes them; prices need the yieldRevenue module as well.
 */
import { z } from "@hono/zod-openapi";
import type { AccessRule } from "../../../access/apiAccess.ts";
import { areaApi } from "../../areaApi.ts";
import { deleteProductCode, listProductCodes, saveProductCode } from "./operations/productCodes.ts";
import {
  deleteProductPrice,
  deleteStandardYield,
  listProductPrices,
  listStandardYields,
  saveProductPrice,
  saveStandardYield,
} from "./operations/dated.ts";
import {
  deleteSegmentOverride,
  listSegmentOverrides,
  listSegments,
  saveSegmentOverride,
} from "./operations/overrides.ts";
import { listBoningRooms, saveBoningRoom } from "./operations/boningRooms.ts";
import { updateUserPlantSpeciesVisibility, userPlantSpeciesVisibility } from "./operations/visibility.ts";
import {
  BoningRoom,
  BoningRoomsQuery,
  DatedQuery,
  DeleteProductCodeBody,
  DeleteProductPriceBody,
  DeleteSegmentOverrideBody,
  DeleteStandardYieldBody,
  ProductCode,
  ProductCodesQuery,
  ProductPrice,
  Segment,
  SegmentOverride,
  SpeciesQuery,
  StandardYield,
  UpdateUserVisibilityBody,
  UpsertBoningRoomBody,
  UpsertProductCodeBody,
  UpsertProductPriceBody,
  UpsertSegmentOverrideBody,
  UpsertStandardYieldBody,
  UserVisibility,
  UserVisibilityQuery,
} from "./schemas.ts";

/** The paths the pages post to: one spelling for the route definitions and the screens. */
export const YIELD_SETTINGS_API = {
  upsertProductCode: "/api/yield/UpsertProductCode",
  deleteProductCode: "/api/yield/DeleteProductCode",
  upsertStandardYield: "/api/yield/UpsertStandardYield",
  deleteStandardYield: "/api/yield/DeleteStandardYield",
  upsertProductPrice: "/api/yield/UpsertProductPrice",
  deleteProductPrice: "/api/yield/DeleteProductPrice",
  upsertSegmentOverride: "/api/yield/UpsertSegmentOverride",
  deleteSegmentOverride: "/api/yield/DeleteSegmentOverride",
  upsertBoningRoom: "/api/yield/UpsertBoningRoom",
  updateUserPlantSpeciesVisibility: "/api/yield/UpdateUserPlantSpeciesVisibility",
} as const;

const READ: AccessRule = { role: "user", modules: ["yieldReporting"] };
const PRICES_READ: AccessRule = { role: "user", modules: ["yieldRevenue"] };
const CODES_WRITE: AccessRule = { pages: ["settingsProductCodes"] };
const YIELD_WRITE: AccessRule = { pages: ["settingsYield"] };
const PRICES_WRITE: AccessRule = { pages: ["settingsYield"], modules: ["yieldRevenue"] };
const OVERRIDES_WRITE: AccessRule = { pages: ["settingsCutHierarchyOverrides"] };
/** whoever edits the organisation's users, when it has yield reporting */
const VISIBILITY: AccessRule = { pages: ["clientUserEdit"], modules: ["yieldReporting"] };

const api = areaApi(["Yield: settings"]);

api.page(
  "/api/yield/GetProductCodes",
  "Product codes of a species (searched by code, description or AUS-MEAT item number), by code, with the cut, " +
    "the standard yield and (yieldRevenue module only) the $/kg in force today; paged, the total in X-Total-Count",
  { query: ProductCodesQuery },
  ProductCode,
  READ,
  listProductCodes,
);

api.post(
  YIELD_SETTINGS_API.upsertProductCode,
  "Add (no id) or edit a product code: unique per species; a saleable product names a cut of its species, " +
    "bone, fat and trim none; a stale lastModified is refused (409)",
  UpsertProductCodeBody,
  ProductCode,
  CODES_WRITE,
  saveProductCode,
);

api.post(
  YIELD_SETTINGS_API.deleteProductCode,
  "Delete a product code entered by mistake (with its standards, prices and overrides); a code cartons " +
    "were labelled with is refused (400): deactivate it instead",
  DeleteProductCodeBody,
  z.object({ productCodeId: z.number() }),
  CODES_WRITE,
  deleteProductCode,
);

api.get(
  "/api/yield/GetStandardYields",
  "Standard yields (% of HSCW) of a product code or of every code of a species, each with its timing " +
    "(past, current: in force today, future)",
  { query: DatedQuery },
  z.array(StandardYield),
  READ,
  listStandardYields,
);

api.post(
  YIELD_SETTINGS_API.upsertStandardYield,
  "Add a standard yield from a date (at most 400 days back: the summaries from that date are rebuilt), " +
    "or edit one not yet in force; one per code and date",
  UpsertStandardYieldBody,
  StandardYield,
  YIELD_WRITE,
  saveStandardYield,
);

api.post(
  YIELD_SETTINGS_API.deleteStandardYield,
  "Delete a standard yield not yet in force (one in force stays: add a new one from a date instead)",
  DeleteStandardYieldBody,
  z.object({ standardYieldId: z.number() }),
  YIELD_WRITE,
  deleteStandardYield,
);

api.get(
  "/api/yield/GetProductPrices",
  "The $/kg price list (yieldRevenue module) of a product code or of every code of a species, with timing",
  { query: DatedQuery },
  z.array(ProductPrice),
  PRICES_READ,
  listProductPrices,
);

api.post(
  YIELD_SETTINGS_API.upsertProductPrice,
  "Add a $/kg price from a date (at most 400 days back: the summaries from that date are rebuilt), or edit " +
    "one not yet in force (yieldRevenue module)",
  UpsertProductPriceBody,
  ProductPrice,
  PRICES_WRITE,
  saveProductPrice,
);

api.post(
  YIELD_SETTINGS_API.deleteProductPrice,
  "Delete a price not yet in force (yieldRevenue module)",
  DeleteProductPriceBody,
  z.object({ productPriceId: z.number() }),
  PRICES_WRITE,
  deleteProductPrice,
);

api.get(
  "/api/yield/GetSegments",
  "The cut hierarchy of a species (product type › body segment › primal › cut), parents first, with paths",
  { query: SpeciesQuery },
  z.array(Segment),
  READ,
  (ctx, q) => listSegments(ctx, q.speciesId),
);

api.get(
  "/api/yield/GetSegmentOverrides",
  "Cut hierarchy overrides of a species' product codes: reported under another cut from a date, with the reason",
  { query: SpeciesQuery },
  z.array(SegmentOverride),
  READ,
  (ctx, q) => listSegmentOverrides(ctx, q.speciesId),
);

api.post(
  YIELD_SETTINGS_API.upsertSegmentOverride,
  "Add or edit a cut hierarchy override (a saleable code, another cut of its species, one per date, at most " +
    "400 days back); the summaries from its date are rebuilt",
  UpsertSegmentOverrideBody,
  SegmentOverride,
  OVERRIDES_WRITE,
  saveSegmentOverride,
);

api.post(
  YIELD_SETTINGS_API.deleteSegmentOverride,
  "Delete a cut hierarchy override; the days it covered are rebuilt under the code's own cut",
  DeleteSegmentOverrideBody,
  z.object({ segmentOverrideId: z.number() }),
  OVERRIDES_WRITE,
  deleteSegmentOverride,
);

api.get(
  "/api/yield/GetBoningRooms",
  "Boning rooms of your sites (or one site): name, the species each bones, in use or not",
  { query: BoningRoomsQuery },
  z.array(BoningRoom),
  READ,
  (ctx, q) => listBoningRooms(ctx, q.tenantSiteId),
);

api.post(
  YIELD_SETTINGS_API.upsertBoningRoom,
  "Add or edit a boning room of one of your sites (name unique per site; species of yours); a site bones a " +
    "species when one of its rooms lists it",
  UpsertBoningRoomBody,
  BoningRoom,
  YIELD_WRITE,
  saveBoningRoom,
);

api.get(
  "/api/yield/GetUserPlantSpeciesVisibility",
  "A user's plant and species visibility (the yield user setting): site and species pairs; empty = all theirs",
  { query: UserVisibilityQuery },
  UserVisibility,
  VISIBILITY,
  (ctx, q) => userPlantSpeciesVisibility(ctx, q.userId),
);

api.post(
  YIELD_SETTINGS_API.updateUserPlantSpeciesVisibility,
  "Set a user's plant and species visibility (pairs of your organisation's sites and species; empty = all " +
    "of the user's); the ticked boxes of the user's page may be sent as \"site:species\"",
  UpdateUserVisibilityBody,
  UserVisibility,
  VISIBILITY,
  updateUserPlantSpeciesVisibility,
);

export const yieldSettingsApi = api.router();
