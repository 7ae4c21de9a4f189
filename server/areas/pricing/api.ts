import type { AccessRule } from "../../access/apiAccess.ts";
import { z } from "@hono/zod-openapi";
import { areaApi } from "../areaApi.ts";
import { getGrid, getGroup, listGroups } from "./queries.ts";
import { copyGroup, deleteGroup, upsertGroup } from "./operations/groups.ts";
import { copyGrid, deleteGrid, reorderGrids, upsertGrid } from "./operations/grids.ts";
import {
  CopyGridBody,
  CopyGroupBody,
  DeletedGrid,
  DeletedGroup,
  DeleteGridBody,
  DeleteGroupBody,
  GroupsQuery,
  IdParam,
  PricingGrid,
  PricingGridGroup,
  ReorderGridsBody,
  UpsertGridBody,
  UpsertGroupBody,
} from "./schemas.ts";

/**
 * The endpoints' paths (spec 2 §7.3): the route definitions below and the pages' forms and buttons
 * both use these, so a page cannot name an endpoint that is not there.
 */
export const PRICING_API = {
  groups: "/api/livestock/GetPricingGridGroups",
  group: "/api/livestock/GetPricingGridGroup/{id}",
  grid: "/api/livestock/GetPricingGrid/{id}",
  upsertGroup: "/api/livestock/UpsertPricingGridGroup",
  copyGroup: "/api/livestock/CopyPricingGridGroup",
  deleteGroup: "/api/livestock/DeletePricingGridGroup",
  upsertGrid: "/api/livestock/UpsertPricingGrid",
  copyGrid: "/api/livestock/CopyPricingGrid",
  deleteGrid: "/api/livestock/DeletePricingGrid",
  reorderGrids: "/api/livestock/ReorderPricingGrids",
} as const;

// Read by the order form, deliveries and the price grid settings; changed only in the settings.
const PRICING_READ: AccessRule = { role: "user", modules: ["buySettings", "buy", "livestock"] };
const PRICING_WRITE: AccessRule = { pages: ["settingsPricingGrids"] };

/**
 * Pricing grid groups and grids (spec 2 §7.3, api/livestock/): GET reads, POST writes. Reads need the
 * buySettings, buy or livestock module; writes need buySettings. Role user or above.
 */
const api = areaApi(["Livestock: pricing grids"]);

api.get(
  PRICING_API.groups,
  "Pricing grid groups with their grids (in priority order), newest period first; " +
    "`speciesId` narrows to one species",
  { query: GroupsQuery },
  z.array(PricingGridGroup),
  PRICING_READ,
  (ctx, q) => listGroups(ctx, q.speciesId),
);

api.get(
  PRICING_API.group,
  "One pricing grid group with its grids",
  { params: IdParam },
  PricingGridGroup,
  PRICING_READ,
  (ctx, { id }) => getGroup(ctx, id),
);

api.get(
  PRICING_API.grid,
  "One pricing grid with its cells",
  { params: IdParam },
  PricingGrid,
  PRICING_READ,
  (ctx, { id }) => getGrid(ctx, id),
);

api.post(
  PRICING_API.upsertGroup,
  "Add or edit a pricing grid group (endDate null = onwards). Saving one as the default takes the " +
    "default from the species' previous default group.",
  UpsertGroupBody,
  PricingGridGroup,
  PRICING_WRITE,
  upsertGroup,
);

api.post(
  PRICING_API.copyGroup,
  "Copy a group and its grids to a new period (the copy is never the default)",
  CopyGroupBody,
  PricingGridGroup,
  PRICING_WRITE,
  copyGroup,
);

api.post(
  PRICING_API.deleteGroup,
  "Delete a group and its grids; 409 while an order is priced with it",
  DeleteGroupBody,
  DeletedGroup,
  PRICING_WRITE,
  deleteGroup,
);

api.post(
  PRICING_API.upsertGrid,
  "Add or edit a grid of a group: category of the group's species, cells (JSON or text) with the " +
    "best price derived from them, priority = position in the group",
  UpsertGridBody,
  PricingGrid,
  PRICING_WRITE,
  upsertGrid,
);

api.post(
  PRICING_API.copyGrid,
  "Copy a grid, last in priority, into its own group or another group of the same species",
  CopyGridBody,
  PricingGrid,
  PRICING_WRITE,
  copyGrid,
);

api.post(
  PRICING_API.deleteGrid,
  "Delete a grid; the others keep priorities 1…n",
  DeleteGridBody,
  DeletedGrid,
  PRICING_WRITE,
  deleteGrid,
);

api.post(
  PRICING_API.reorderGrids,
  "Set the grids' priorities by position (every grid of the group, first = 1); 409 when the group's " +
    "grids changed meanwhile",
  ReorderGridsBody,
  PricingGridGroup,
  PRICING_WRITE,
  reorderGrids,
);

export const pricingApi = api.router();
