/** api/super/…: demo data loads into a demo or test organisation (issue 43 item 3). Super only. */
import { z } from "@hono/zod-openapi";
import { SUPER } from "../../../access/apiAccess.ts";
import { areaApi } from "../../areaApi.ts";
import {
  DemoDataSet,
  DemoDataStatus,
  DemoLoadResult,
  DemoMarkBody,
  DemoResetResult,
  DemoTenantQuery,
  LoadDemoDataBody,
  ProcessTestOrdersBody,
  TestOrdersResult,
} from "./schemas.ts";
import { processTestOrders } from "./testOrders.ts";
import { demoDataStatus, loadDemoData, markDemoTenant, resetDemoData } from "./operations.ts";
import { DEMO_SETS } from "./rules.ts";

export const SUPER_DEMO_DATA_API = {
  sets: "/api/super/GetDemoDataSets",
  status: "/api/super/GetDemoDataStatus",
  load: "/api/super/LoadDemoData",
  reset: "/api/super/ResetDemoData",
  mark: "/api/super/MarkDemoTenant",
  testOrders: "/api/super/ProcessTestOrders",
} as const;

const api = areaApi(["Super"]);

api.get(
  SUPER_DEMO_DATA_API.sets,
  "The catalogue of demo data sets (ids 100–903): business cases, demo, test, development and unit tests",
  {},
  z.array(DemoDataSet),
  SUPER,
  () =>
    Promise.resolve(DEMO_SETS.map(({ id, group, name, description }) => ({ id, group, name, description }))),
);

api.get(
  SUPER_DEMO_DATA_API.status,
  "An organisation's demo rows by set, its demo or test mark and whether a purge would be allowed",
  { query: DemoTenantQuery },
  DemoDataStatus,
  SUPER,
  (ctx, { tenantId }) => demoDataStatus(ctx, tenantId),
);

api.post(
  SUPER_DEMO_DATA_API.load,
  "Load a demo data set (or one day of it) into an organisation: 1 append, 2 purge and create (only a " +
    "demo or test organisation, where the environment allows it), 3 update. The same set always gives " +
    "the same rows.",
  LoadDemoDataBody,
  DemoLoadResult,
  SUPER,
  loadDemoData,
);

api.post(
  SUPER_DEMO_DATA_API.reset,
  "Remove every demo row of a demo or test organisation (where the environment allows a purge)",
  DemoTenantQuery.openapi("DemoResetBody"),
  DemoResetResult,
  SUPER,
  resetDemoData,
);

api.post(
  SUPER_DEMO_DATA_API.mark,
  "Mark an organisation demo or test (or neither): only a marked one can be purged",
  DemoMarkBody,
  DemoDataStatus,
  SUPER,
  markDemoTenant,
);

api.post(
  SUPER_DEMO_DATA_API.testOrders,
  "Process test orders: in a processor marked demo or test, kill the day's mobs waiting at the kill floor " +
    "through the kill floor's simulator (each species and site), so their orders are complete",
  ProcessTestOrdersBody,
  TestOrdersResult,
  SUPER,
  processTestOrders,
);

export const superDemoDataApi = api.router();
