import type { AccessRule } from "../../../access/apiAccess.ts";
import { z } from "@hono/zod-openapi";
import { areaApi } from "../../areaApi.ts";
import { deleteTarget, getTarget, listTargets, ordersAgainstTargets, saveTarget } from "./operations.ts";
import {
  DeleteKillVolumeTargetBody,
  IdParam,
  KillVolumeTarget,
  OrdersVersusTargets,
  SeriesQuery,
  TargetsQuery,
  UpsertKillVolumeTargetBody,
} from "./schemas.ts";

/** The paths the pages post to: one spelling for the route definitions and the screens. */
export const TARGETS_API = {
  upsertKillVolumeTarget: "/api/livestock/UpsertKillVolumeTarget",
  deleteKillVolumeTarget: "/api/livestock/DeleteKillVolumeTarget",
} as const;

// Read beside orders and deliveries; changed only in the livestock targets settings.
const TARGETS_READ: AccessRule = { role: "user", modules: ["livestockSettings", "livestock", "buy"] };
const TARGETS_WRITE: AccessRule = { pages: ["settingsVolumeTargets"] };

/** Kill volume targets and the orders-versus-targets series (spec 1 §7 "Livestock", spec 2 §7.3). */
const api = areaApi(["Livestock: kill volume targets"]);

api.get(
  "/api/livestock/GetKillVolumeTargets",
  "Kill volume targets of your species (optionally one species), newest period first",
  { query: TargetsQuery },
  z.array(KillVolumeTarget),
  TARGETS_READ,
  (ctx, q) => listTargets(ctx, q.speciesId),
);

api.get(
  "/api/livestock/GetKillVolumeTarget/{id}",
  "One kill volume target",
  { params: IdParam },
  KillVolumeTarget,
  TARGETS_READ,
  (ctx, { id }) => getTarget(ctx, id),
);

api.post(
  TARGETS_API.upsertKillVolumeTarget,
  "Add (no id) or edit a kill volume target (needs the livestockSettings module). Weekdays default to " +
    "Monday–Friday; days operating per week defaults to, and must equal, the ticked days; a period " +
    "overlapping another target of the same species and site is refused (400).",
  UpsertKillVolumeTargetBody,
  KillVolumeTarget,
  TARGETS_WRITE,
  saveTarget,
);

api.post(
  TARGETS_API.deleteKillVolumeTarget,
  "Delete a kill volume target entered by mistake (to stop one, give it an end date instead)",
  DeleteKillVolumeTargetBody,
  z.object({ killVolumeTargetId: z.number() }),
  TARGETS_WRITE,
  deleteTarget,
);

api.get(
  "/api/livestock/GetOrdersVersusTargets",
  "Ordered head (non-cancelled orders, on their production date, else delivery date) against the " +
    "target, per day and species: from fromDate (default today) for `days` days (default 60).",
  { query: SeriesQuery },
  OrdersVersusTargets,
  TARGETS_READ,
  ordersAgainstTargets,
);

export const volumeTargetsApi = api.router();
