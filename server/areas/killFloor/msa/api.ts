/**
 * MSA data (spec 1 §3 msaDetails, §7 "MSA data"): an order's MSA results for whoever can open the kill
 * floor's day, and the re-query of the plant's MSA grader for a day or an order (flag msaDataRequery).
 */
import type { AccessRule } from "../../../access/apiAccess.ts";
import { areaApi } from "../../areaApi.ts";
import { orderMsa, requeryMsa } from "./operations.ts";
import { MsaOrderData, MsaOrderQuery, MsaRequeryOutcome, RequeryMsaBody } from "./schemas.ts";

export const MSA_API = {
  msaData: "/api/livestock/GetMsaData",
  requery: "/api/killfloor/RequeryMsaData",
} as const;

export const MSA_READ: AccessRule = { pages: ["carcassdistribution"] };
export const MSA_REQUERY: AccessRule = { pages: ["carcassdistribution"], featureFlag: "msaDataRequery" };

const api = areaApi(["Kill floor: MSA data"]);

api.get(
  MSA_API.msaData,
  "An order's MSA grading results per carcass, with its msaDetails (eligible, registered supplier, compliance) and the last re-query's changes",
  { query: MsaOrderQuery },
  MsaOrderData,
  MSA_READ,
  (ctx, q) => orderMsa(ctx, q.livestockOrderId),
);

api.post(
  MSA_API.requery,
  "Ask the plant's MSA grader again for an order or a day (flag MSA data re-query); answers what changed per carcass",
  RequeryMsaBody,
  MsaRequeryOutcome,
  MSA_REQUERY,
  requeryMsa,
);

export const msaApi = api.router();
