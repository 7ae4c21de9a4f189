import { SUPER } from "../../../access/apiAccess.ts";
import { areaApi } from "../../areaApi.ts";
import { ReprocessBody, ReprocessResult } from "./schemas.ts";
import { reprocessKillData } from "./operations.ts";

export const SUPER_REPROCESS_API = { reprocess: "/api/super/ReprocessKillData" } as const;

const api = areaApi(["Super"]);

api.post(
  SUPER_REPROCESS_API.reprocess,
  "Work a processor's kill days through again: processed head counted afresh from the carcass " +
    "records, complete orders marked, their draft invoices recomputed (published ones never change)",
  ReprocessBody,
  ReprocessResult,
  SUPER,
  reprocessKillData,
);

export const superReprocessApi = api.router();
