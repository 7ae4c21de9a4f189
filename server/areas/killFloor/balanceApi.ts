/** GET api/livestock/GetBalanceData (spec 1 §7 reads): an order's head balance, for whoever can open the order. */
import { z } from "@hono/zod-openapi";
import type { AccessRule } from "../../access/apiAccess.ts";
import { idNumber } from "../../http/params.ts";
import { areaApi } from "../areaApi.ts";
import { balanceData } from "./balance.ts";

export const BALANCE_API = { balanceData: "/api/livestock/GetBalanceData" } as const;
export const BALANCE_READ: AccessRule = { pages: ["order"] };

const int = z.number().int();
export const BalanceData = z.object({
  livestockOrderId: int,
  quantityOrdered: int,
  delivered: int,
  doa: int,
  /** head in the order's mobs now */
  headInMobs: int,
  counts: z.object({
    liveReceived: int,
    unfit: int,
    inYard: int,
    sentToKillFloor: int,
    processed: int,
    condemned: int,
  }),
  reconciliation: z.object({
    awaitingCarcasses: int,
    surplus: int,
    isComplete: z.boolean(),
    summary: z.string(),
  }),
  mobs: z.array(z.object({
    stockMobId: int,
    lotReference: z.string().nullable(),
    head: int,
    status: z.string(),
    mergedIntoId: int.nullable(),
    processed: int,
    condemned: int,
  })),
}).openapi("BalanceData");

const api = areaApi(["Kill floor: the day"]);
api.get(
  BALANCE_API.balanceData,
  "An order's head balance: each mob's head, place, carcasses and condemned, and the order reconciled",
  { query: z.object({ livestockOrderId: idNumber() }) },
  BalanceData,
  BALANCE_READ,
  (ctx, q) => balanceData(ctx, q.livestockOrderId),
);
export const balanceApi = api.router();
