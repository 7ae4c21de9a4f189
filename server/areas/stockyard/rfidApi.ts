/**
 * api/stockyard/… for NLIS devices read at the race (spec 1 §7 Stockyard: "RFID count errors, integration
 * sync"): the yard reader's sync call (an integration key, or a person who can open the live yard) and
 * the office's reads behind the RFID discrepancies page.
 */
import type { Context } from "hono";
import type { AccessRule } from "../../access/apiAccess.ts";
import type { AppEnv } from "../../env.ts";
import { type ApiRouter, apiRouter, areaRoutes } from "../../http/openapi.ts";
import { apiService } from "../context.ts";
import { RfidService } from "./rfid.ts";
import {
  RfidCountErrors,
  RfidCountErrorsQuery,
  RfidOrderDiscrepancies,
  RfidOrderQuery,
  SyncRfidAnswer,
  SyncRfidBody,
} from "./rfidSchemas.ts";

export const RFID_API = {
  syncRfidScans: "/api/stockyard/SyncRfidScans",
  getRfidCountErrors: "/api/stockyard/GetRfidCountErrors",
  getRfidDiscrepancies: "/api/stockyard/GetRfidDiscrepancies",
} as const;

const { get, post } = areaRoutes(["Stockyard"]);
const rfid = (c: Context<AppEnv>) => apiService(c, RfidService);
const READER: AccessRule = { pages: ["stockyard"], integration: true };
const OFFICE: AccessRule = { pages: ["rfidDiscrepancies"] };

export const rfidApi: ApiRouter = apiRouter()
  .openapi(
    post(
      RFID_API.syncRfidScans,
      "The race reader's NLIS device readings for orders (idempotent; one bad reading refuses the call)",
      SyncRfidBody,
      SyncRfidAnswer,
      READER,
    ),
    async (c) => c.json(await (await rfid(c)).sync(c.req.valid("json").readings), 200),
  )
  .openapi(
    get(
      RFID_API.getRfidCountErrors,
      "Orders delivered in a period whose devices do not add up (default the last 7 days, at most 92)",
      { query: RfidCountErrorsQuery },
      RfidCountErrors,
      OFFICE,
    ),
    async (c) => c.json(await (await rfid(c)).countErrors(c.req.valid("query")), 200),
  )
  .openapi(
    get(
      RFID_API.getRfidDiscrepancies,
      "One order's devices killed but not read, read but not killed, or read on another order",
      { query: RfidOrderQuery },
      RfidOrderDiscrepancies,
      OFFICE,
    ),
    async (c) => c.json(await (await rfid(c)).order(c.req.valid("query").livestockOrderId), 200),
  );
