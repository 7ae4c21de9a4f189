import { z } from "@hono/zod-openapi";
import type { AccessRule } from "../../../access/apiAccess.ts";
import { areaApi } from "../../areaApi.ts";
import { adjustGroup, clearGroupCache, plannableCarcassGroups } from "./operations.ts";
import { ClearCacheBody, DayGroups, GroupsQuery, MoveGroupBody, SplitGroupBody } from "./schemas.ts";

export const GROUPS_API = {
  plannableCarcassGroups: "/api/planning/PlannableCarcassGroups",
  splitGroup: "/api/planning/SplitCarcassGroup",
  moveGroup: "/api/planning/MoveCarcassGroup",
  clearCache: "/api/planning/ClearCarcassGroupCache",
} as const;

/** Whoever can open the schedule builder (super, module scheduleBuilder). */
const BUILDER: AccessRule = { pages: ["schedulebuilder"] };

/** Plannable carcass groups (issue 41 item 4; spec 3 §7). */
const api = areaApi(["Production planning: carcass groups"]);

api.get(
  GROUPS_API.plannableCarcassGroups,
  "The carcass groups of the kill days (at most 14): a day's carcasses (killed, else predicted from the " +
    "kill agenda and each supplier's last carcasses) grouped by the specifications they meet, with the " +
    "planner's splits and moves; per production day. Kept until the kill floor or agenda change the day.",
  { query: GroupsQuery },
  DayGroups,
  BUILDER,
  plannableCarcassGroups,
);

api.post(
  GROUPS_API.splitGroup,
  "Split a group of a kill day by HSCW (kg) or fat depth (mm): at or under the value, and over it",
  SplitGroupBody,
  DayGroups,
  BUILDER,
  (ctx, body) => adjustGroup(ctx, { ...body, kind: "split" }),
);

api.post(
  GROUPS_API.moveGroup,
  "Move a group of a kill day to another production day",
  MoveGroupBody,
  DayGroups,
  BUILDER,
  (ctx, body) => adjustGroup(ctx, { ...body, kind: "move" }),
);

api.post(
  GROUPS_API.clearCache,
  "Forget the kept groups of the kill days: the next read judges their carcasses again (splits and moves stay)",
  ClearCacheBody,
  z.object({ cleared: z.number() }),
  BUILDER,
  clearGroupCache,
);

export const carcassGroupsApi = api.router();
