/** api/stockyard/… (spec 1 §7 "Stockyard"): the live yard, its actions and the yards' setup. */
import { z } from "@hono/zod-openapi";
import type { AccessRule } from "../../access/apiAccess.ts";
import { IdParam } from "../../http/params.ts";
import { areaApi } from "../areaApi.ts";
import { bins, mobHistory, mobs, setup, setups, yards, yardView } from "./queries.ts";
import { unloadDeliveryToPen } from "./operations/unload.ts";
import { moveOrMergeMobs } from "./operations/move.ts";
import { undoYardMove } from "./operations/undo.ts";
import { updateMobInPen } from "./operations/mobInPen.ts";
import { markPenPendingKill } from "./operations/pendingKill.ts";
import { reservePens, unreservePens } from "./operations/reservations.ts";
import { sendToKillFloor } from "./operations/killFloor.ts";
import { emptyBin, sendToUnfit } from "./operations/unfit.ts";
import { moveBetweenYards } from "./operations/moveBetweenYards.ts";
import { carryOverLivestock } from "./operations/carryOver.ts";
import { cancelAiHeadCount, progressDelivery, waitForAiHeadCount } from "./operations/delivery.ts";
import { upsertStockyard } from "./operations/yard.ts";
import { saveLayout } from "./operations/layout.ts";
import { getMobChecks, saveMobChecks } from "./operations/mobChecks.ts";
import {
  CarryOverBody,
  KillFloorBody,
  MobChecks,
  MobHistory,
  MobHistoryParam,
  MobInYard,
  MoveBetweenYardsBody,
  MoveBody,
  OrderActionBody,
  PendingKillBody,
  ReservePensBody,
  SaveLayoutBody,
  SaveMobChecksBody,
  SetupQuery,
  StockyardBody,
  StockyardIdBody,
  StockyardSetup,
  UndoYardMoveBody,
  UnfitBody,
  UnloadBody,
  UnreservePensBody,
  UpdateMobBody,
  YardMoveAnswer,
  YardQuery,
  YardSummary,
  YardView,
} from "./schemas.ts";

/** The paths pages and islands call: one spelling for the route definitions and the screens. */
export const STOCKYARD_API = {
  // the live yard
  getInitialData: "/api/stockyard/GetInitialData",
  refresh: "/api/stockyard/Refresh",
  switchYard: "/api/stockyard/SwitchYard",
  getStockyards: "/api/stockyard/GetStockyards",
  getMobs: "/api/stockyard/GetMobs",
  getBins: "/api/stockyard/GetBins",
  getMobHistory: "/api/stockyard/GetMobHistory",
  // yard actions
  unloadDeliveryToPen: "/api/stockyard/UnloadDeliveryToPen",
  updateMobInPen: "/api/stockyard/UpdateMobInPen",
  markPenPendingKill: "/api/stockyard/MarkPenPendingKill",
  reservePens: "/api/stockyard/ReservePens",
  unreservePens: "/api/stockyard/UnreservePens",
  moveOrMergeMobs: "/api/stockyard/MoveOrMergeMobs",
  undoYardMove: "/api/stockyard/UndoYardMove",
  sendToKillFloor: "/api/stockyard/SendToKillFloor",
  sendToUnfit: "/api/stockyard/SendToUnfit",
  emptyBin: "/api/stockyard/EmptyBin",
  moveBetweenYards: "/api/stockyard/MoveBetweenYards",
  carryOverLivestock: "/api/stockyard/CarryOverLivestock",
  progressDelivery: "/api/stockyard/ProgressDelivery",
  waitForAiHeadCount: "/api/stockyard/WaitForAiHeadCount",
  cancelAiHeadCount: "/api/stockyard/CancelAiHeadCount",
  // settings: yards and paddocks
  getStockyardSetups: "/api/stockyard/GetStockyardSetups",
  getStockyardSetup: "/api/stockyard/GetStockyardSetup",
  upsertStockyard: "/api/stockyard/UpsertStockyard",
  saveStockyardLayout: "/api/stockyard/SaveStockyardLayout",
  getMobChecks: "/api/stockyard/GetMobChecks",
  saveMobChecks: "/api/stockyard/SaveMobChecks",
} as const;

/** Reading the yard: the yard screens and what shows yard data beside them (kill agenda, management). */
const YARD_READ: AccessRule = { role: "user", modules: ["stockyard", "stockyardSettings", "livestock"] };
/** Acting in the yard: whoever can open the live yard. */
const YARD_ACT: AccessRule = { pages: ["stockyard"] };
const SETUP_WRITE: AccessRule = { pages: ["settingsStockyard"] };
const A = STOCKYARD_API;

const api = areaApi(["Stockyard"]);

// ---------- the live yard ----------

api.get(
  A.getInitialData,
  "The live yard: pens with content and status, waiting loads, bin",
  { query: YardQuery },
  YardView,
  YARD_READ,
  (ctx, q) => yardView(ctx, q.stockyardId),
);
api.get(
  A.refresh,
  "The live yard again (after a push event or a failed action)",
  { query: YardQuery },
  YardView,
  YARD_READ,
  (ctx, q) => yardView(ctx, q.stockyardId),
);
api.post(
  A.switchYard,
  "Another yard of the site",
  StockyardIdBody,
  YardView,
  YARD_READ,
  (ctx, b) => yardView(ctx, b.stockyardId),
);
api.get(
  A.getStockyards,
  "Yards of your sites with head, pens and pens used",
  { query: SetupQuery },
  z.array(YardSummary),
  YARD_READ,
  (ctx, q) => yards(ctx, q.tenantSiteId),
);
api.get(
  A.getMobs,
  "Mobs in a yard's pens, its bin and arriving",
  { query: StockyardIdBody },
  z.array(MobInYard),
  YARD_READ,
  (ctx, q) => mobs(ctx, q.stockyardId),
);
api.get(
  A.getBins,
  "The unfit bin of a yard",
  { query: StockyardIdBody },
  z.array(MobInYard),
  YARD_READ,
  (ctx, q) => bins(ctx, q.stockyardId),
);
api.get(
  `${A.getMobHistory}/{stockMobId}`,
  "A mob's facts and history",
  { params: MobHistoryParam },
  MobHistory,
  YARD_READ,
  (ctx, p) => mobHistory(ctx, p.stockMobId),
);

// ---------- moving head within the yard ----------

api.post(
  A.unloadDeliveryToPen,
  "Unload a delivered load (all or part) into a pen (spec 1 §5 load rule); a merge or head above " +
    "the pen's capacity needs confirmMerge / confirmOverCapacity (else 400 saying what would happen)",
  UnloadBody,
  YardMoveAnswer,
  YARD_ACT,
  unloadDeliveryToPen,
);
api.post(
  A.moveOrMergeMobs,
  "Move a mob or part of it to another pen; it merges with the same order there only with " +
    "confirmMerge, and goes above the pen's capacity only with confirmOverCapacity (else 400)",
  MoveBody,
  YardMoveAnswer,
  YARD_ACT,
  moveOrMergeMobs,
);
api.post(
  A.undoYardMove,
  "Undo one move, merge or unload (its answer's undo.moveId): yours, within 2 minutes, and only " +
    "if its mobs have not changed since (else 409 saying why)",
  UndoYardMoveBody,
  YardView,
  YARD_ACT,
  (ctx, b) => undoYardMove(ctx, b.moveId),
);
api.post(
  A.updateMobInPen,
  "Separated head and requirement ticks of a mob in a pen",
  UpdateMobBody,
  YardView,
  YARD_ACT,
  updateMobInPen,
);
api.post(
  A.markPenPendingKill,
  "Mark a pen's content pending the kill floor, or take the mark off",
  PendingKillBody,
  YardView,
  YARD_ACT,
  markPenPendingKill,
);
api.post(
  A.reservePens,
  "Reserve pens for an order (empty pens or the order's own)",
  ReservePensBody,
  YardView,
  YARD_ACT,
  reservePens,
);
api.post(A.unreservePens, "Take reservations off pens", UnreservePensBody, YardView, YARD_ACT, unreservePens);

// ---------- leaving the pen ----------

api.post(
  A.sendToKillFloor,
  "Send mobs, or an order's mobs in the yard, to the kill floor",
  KillFloorBody,
  YardView,
  YARD_ACT,
  sendToKillFloor,
);
api.post(
  A.sendToUnfit,
  "Send head from a pen to the yard's unfit bin with the reason",
  UnfitBody,
  YardView,
  YARD_ACT,
  sendToUnfit,
);
api.post(
  A.emptyBin,
  "Empty a yard's unfit bin",
  StockyardIdBody,
  YardView,
  YARD_ACT,
  (ctx, b) => emptyBin(ctx, b.stockyardId),
);
api.post(
  A.moveBetweenYards,
  "Send a mob to another yard of the site (it arrives there to be unloaded)",
  MoveBetweenYardsBody,
  YardView,
  YARD_ACT,
  moveBetweenYards,
);
api.post(
  A.carryOverLivestock,
  "Carry the yard's livestock due today to a later production day",
  CarryOverBody,
  YardView,
  YARD_ACT,
  carryOverLivestock,
);

// ---------- the delivery's progress ----------

api.post(
  A.progressDelivery,
  "A delivered order checked on arrival becomes Verified",
  OrderActionBody,
  YardView,
  YARD_ACT,
  progressDelivery,
);
api.post(
  A.waitForAiHeadCount,
  "The delivery waits for the AI head count",
  OrderActionBody,
  YardView,
  YARD_ACT,
  waitForAiHeadCount,
);
api.post(
  A.cancelAiHeadCount,
  "Stop waiting for the AI head count",
  OrderActionBody,
  YardView,
  YARD_ACT,
  cancelAiHeadCount,
);

// ---------- settings: yards and paddocks ----------

api.get(
  A.getStockyardSetups,
  "Yards of your sites with their pens (settings)",
  { query: SetupQuery },
  z.array(StockyardSetup),
  YARD_READ,
  (ctx, q) => setups(ctx, q.tenantSiteId),
);
api.get(
  `${A.getStockyardSetup}/{id}`,
  "One yard with its pens (settings)",
  { params: IdParam },
  StockyardSetup,
  YARD_READ,
  (ctx, p) => setup(ctx, p.id),
);
api.post(
  A.upsertStockyard,
  "Add (no id) or change a yard's details",
  StockyardBody,
  StockyardSetup,
  SETUP_WRITE,
  upsertStockyard,
);
api.post(
  A.saveStockyardLayout,
  "Save a yard's pen layout whole (409 when someone saved since)",
  SaveLayoutBody,
  StockyardSetup,
  SETUP_WRITE,
  saveLayout,
);
api.get(
  A.getMobChecks,
  "The checks a mob gets when it is penned",
  { query: z.object({}) },
  MobChecks,
  YARD_READ,
  (ctx) => getMobChecks(ctx),
);
api.post(
  A.saveMobChecks,
  "Change the checks new mobs get (penned mobs keep theirs)",
  SaveMobChecksBody,
  MobChecks,
  SETUP_WRITE,
  saveMobChecks,
);

export const stockyardApi = api.router();

/** The yard map image paths (stockyard/mapImages/api.ts), for screens of other areas that draw the yard. */
export { MAP_IMAGE_API } from "./mapImages/api.ts";
