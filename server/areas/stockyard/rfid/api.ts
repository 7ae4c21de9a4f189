/**
 * api/stockyard/… for NLIS devices read at the race (spec 1 §7 Stockyard: "RFID count errors, integration
 * sync"): the yard reader's sync call (an integration key, or a person who can open the live yard) and
 * the office's reads behind the RFID discrepancies page.
 */
import type { AccessRule } from "../../../access/apiAccess.ts";
import { areaApi } from "../../areaApi.ts";
import { countErrors, orderDiscrepancies, syncReadings } from "./operations.ts";
import {
  RfidCountErrors,
  RfidCountErrorsQuery,
  RfidOrderDiscrepancies,
  RfidOrderQuery,
  SyncRfidAnswer,
  SyncRfidBody,
} from "./schemas.ts";

export const RFID_API = {
  syncRfidScans: "/api/stockyard/SyncRfidScans",
  getRfidCountErrors: "/api/stockyard/GetRfidCountErrors",
  getRfidDiscrepancies: "/api/stockyard/GetRfidDiscrepancies",
} as const;

const READER: AccessRule = { pages: ["stockyard"], integration: true };
const OFFICE: AccessRule = { pages: ["rfidDiscrepancies"] };

const api = areaApi(["Stockyard"]);

api.post(
  RFID_API.syncRfidScans,
  "The race reader's NLIS device readings for orders (idempotent; one bad reading refuses the call)",
  SyncRfidBody,
  SyncRfidAnswer,
  READER,
  (ctx, body) => syncReadings(ctx, body.readings),
);

api.get(
  RFID_API.getRfidCountErrors,
  "Orders delivered in a period whose devices do not add up (default the last 7 days, at most 92)",
  { query: RfidCountErrorsQuery },
  RfidCountErrors,
  OFFICE,
  countErrors,
);

api.get(
  RFID_API.getRfidDiscrepancies,
  "One order's devices killed but not read, read but not killed, or read on another order",
  { query: RfidOrderQuery },
  RfidOrderDiscrepancies,
  OFFICE,
  (ctx, q) => orderDiscrepancies(ctx, q.livestockOrderId),
);

export const rfidApi = api.router();
