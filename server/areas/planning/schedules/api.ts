import { z } from "@hono/zod-openapi";
import type { AccessRule } from "../../../access/apiAccess.ts";
import { areaApi } from "../../areaApi.ts";
import { listSchedules, releaseSchedule, scheduleExecution, withdrawSchedule } from "./operations.ts";
import { Execution, IdParam, ReleaseBody, SchedulesQuery, ScheduleSummary, WithdrawBody } from "./schemas.ts";

export const SCHEDULES_API = {
  schedules: "/api/planning/ProductionSchedules",
  release: "/api/planning/ReleaseProductionSchedule",
  withdraw: "/api/planning/WithdrawProductionSchedule",
  execution: "/api/planning/SchedulePlanExecution/{id}",
} as const;

/** Whoever can open the production schedules (super, module scheduleBuilder). */
const SCHEDULES: AccessRule = { pages: ["productionschedules"] };

/** Production schedules and their execution (issue 41 item 7). */
const api = areaApi(["Production planning: schedules"]);

api.get(
  SCHEDULES_API.schedules,
  "The released production schedules of a period (per site, boning room and shift)",
  { query: SchedulesQuery },
  z.array(ScheduleSummary),
  SCHEDULES,
  listSchedules,
);

api.post(
  SCHEDULES_API.release,
  "Release a cut plan to a boning room for a shift: its predicted products become the schedule (409 when the " +
    "room already has one for that shift, or the plan changed since it was opened)",
  ReleaseBody,
  ScheduleSummary,
  SCHEDULES,
  releaseSchedule,
);

api.post(
  SCHEDULES_API.withdraw,
  "Withdraw a released schedule (the plan stays)",
  WithdrawBody,
  z.object({ id: z.number() }),
  SCHEDULES,
  withdrawSchedule,
);

api.get(
  SCHEDULES_API.execution,
  "A schedule against the boning room's cartons: planned, packed and remaining cartons and kg per product, " +
    "and the yield against plan",
  { params: IdParam },
  Execution,
  SCHEDULES,
  (ctx, { id }) => scheduleExecution(ctx, id),
);

export const schedulesApi = api.router();
