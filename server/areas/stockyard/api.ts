/** api/stockyard/… (spec 1 §7 "Stockyard"): the live yard, its actions and the yards' setup. */
import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AccessRule } from "../../access/apiAccess.ts";
import type { AppEnv } from "../../env.ts";
import { type ApiRouter, apiRouter, areaRoutes } from "../../http/openapi.ts";
import { IdParam } from "../../http/params.ts";
import { apiService } from "../context.ts";
import { StockyardService } from "./service.ts";
import { rfidApi } from "./rfidApi.ts";
import { MobCheckService } from "./mobChecks.ts";
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

const { get, post } = areaRoutes(["Stockyard"]);
const service = (c: Context<AppEnv>) => apiService(c, StockyardService);
/** Reading the yard: the yard screens and what shows yard data beside them (kill agenda, management). */
const YARD_READ: AccessRule = { role: "user", modules: ["stockyard", "stockyardSettings", "livestock"] };
/** Acting in the yard: whoever can open the live yard. */
const YARD_ACT: AccessRule = { pages: ["stockyard"] };
const SETUP_WRITE: AccessRule = { pages: ["settingsStockyard"] };
const A = STOCKYARD_API;

export const stockyardApi: ApiRouter = apiRouter()
  .openapi(
    get(
      A.getInitialData,
      "The live yard: pens with content and status, waiting loads, bin",
      { query: YardQuery },
      YardView,
      YARD_READ,
    ),
    async (c) => c.json(await (await service(c)).yardView(c.req.valid("query").stockyardId), 200),
  )
  .openapi(
    get(
      A.refresh,
      "The live yard again (after a push event or a failed action)",
      { query: YardQuery },
      YardView,
      YARD_READ,
    ),
    async (c) => c.json(await (await service(c)).yardView(c.req.valid("query").stockyardId), 200),
  )
  .openapi(
    post(A.switchYard, "Another yard of the site", StockyardIdBody, YardView, YARD_READ),
    async (c) => c.json(await (await service(c)).yardView(c.req.valid("json").stockyardId), 200),
  )
  .openapi(
    get(
      A.getStockyards,
      "Yards of your sites with head, pens and pens used",
      { query: SetupQuery },
      z.array(YardSummary),
      YARD_READ,
    ),
    async (c) => c.json(await (await service(c)).yards(c.req.valid("query").tenantSiteId), 200),
  )
  .openapi(
    get(
      A.getMobs,
      "Mobs in a yard's pens, its bin and arriving",
      { query: StockyardIdBody },
      z.array(MobInYard),
      YARD_READ,
    ),
    async (c) => c.json(await (await service(c)).mobs(c.req.valid("query").stockyardId), 200),
  )
  .openapi(
    get(A.getBins, "The unfit bin of a yard", { query: StockyardIdBody }, z.array(MobInYard), YARD_READ),
    async (c) => c.json(await (await service(c)).bins(c.req.valid("query").stockyardId), 200),
  )
  .openapi(
    get(
      `${A.getMobHistory}/{stockMobId}`,
      "A mob's facts and history",
      { params: MobHistoryParam },
      MobHistory,
      YARD_READ,
    ),
    async (c) => c.json(await (await service(c)).mobHistory(c.req.valid("param").stockMobId), 200),
  )
  .openapi(
    post(
      A.unloadDeliveryToPen,
      "Unload a delivered load (all or part) into a pen (spec 1 §5 load rule); a merge or head above " +
        "the pen's capacity needs confirmMerge / confirmOverCapacity (else 400 saying what would happen)",
      UnloadBody,
      YardMoveAnswer,
      YARD_ACT,
    ),
    async (c) => c.json(await (await service(c)).unloadDeliveryToPen(c.req.valid("json")), 200),
  )
  .openapi(
    post(
      A.moveOrMergeMobs,
      "Move a mob or part of it to another pen; it merges with the same order there only with " +
        "confirmMerge, and goes above the pen's capacity only with confirmOverCapacity (else 400)",
      MoveBody,
      YardMoveAnswer,
      YARD_ACT,
    ),
    async (c) => c.json(await (await service(c)).moveOrMergeMobs(c.req.valid("json")), 200),
  )
  .openapi(
    post(
      A.undoYardMove,
      "Undo one move, merge or unload (its answer's undo.moveId): yours, within 2 minutes, and only " +
        "if its mobs have not changed since (else 409 saying why)",
      UndoYardMoveBody,
      YardView,
      YARD_ACT,
    ),
    async (c) => c.json(await (await service(c)).undoYardMove(c.req.valid("json").moveId), 200),
  )
  .openapi(
    post(
      A.updateMobInPen,
      "Separated head and requirement ticks of a mob in a pen",
      UpdateMobBody,
      YardView,
      YARD_ACT,
    ),
    async (c) => c.json(await (await service(c)).updateMobInPen(c.req.valid("json")), 200),
  )
  .openapi(
    post(
      A.markPenPendingKill,
      "Mark a pen's content pending the kill floor, or take the mark off",
      PendingKillBody,
      YardView,
      YARD_ACT,
    ),
    async (c) => c.json(await (await service(c)).markPenPendingKill(c.req.valid("json")), 200),
  )
  .openapi(
    post(
      A.reservePens,
      "Reserve pens for an order (empty pens or the order's own)",
      ReservePensBody,
      YardView,
      YARD_ACT,
    ),
    async (c) => c.json(await (await service(c)).reservePens(c.req.valid("json")), 200),
  )
  .openapi(
    post(A.unreservePens, "Take reservations off pens", UnreservePensBody, YardView, YARD_ACT),
    async (c) => c.json(await (await service(c)).unreservePens(c.req.valid("json")), 200),
  )
  .openapi(
    post(
      A.sendToKillFloor,
      "Send mobs, or an order's mobs in the yard, to the kill floor",
      KillFloorBody,
      YardView,
      YARD_ACT,
    ),
    async (c) => c.json(await (await service(c)).sendToKillFloor(c.req.valid("json")), 200),
  )
  .openapi(
    post(
      A.sendToUnfit,
      "Send head from a pen to the yard's unfit bin with the reason",
      UnfitBody,
      YardView,
      YARD_ACT,
    ),
    async (c) => c.json(await (await service(c)).sendToUnfit(c.req.valid("json")), 200),
  )
  .openapi(
    post(A.emptyBin, "Empty a yard's unfit bin", StockyardIdBody, YardView, YARD_ACT),
    async (c) => c.json(await (await service(c)).emptyBin(c.req.valid("json").stockyardId), 200),
  )
  .openapi(
    post(
      A.moveBetweenYards,
      "Send a mob to another yard of the site (it arrives there to be unloaded)",
      MoveBetweenYardsBody,
      YardView,
      YARD_ACT,
    ),
    async (c) => c.json(await (await service(c)).moveBetweenYards(c.req.valid("json")), 200),
  )
  .openapi(
    post(
      A.carryOverLivestock,
      "Carry the yard's livestock due today to a later production day",
      CarryOverBody,
      YardView,
      YARD_ACT,
    ),
    async (c) => c.json(await (await service(c)).carryOverLivestock(c.req.valid("json")), 200),
  )
  .openapi(
    post(
      A.progressDelivery,
      "A delivered order checked on arrival becomes Verified",
      OrderActionBody,
      YardView,
      YARD_ACT,
    ),
    async (c) => {
      const body = c.req.valid("json");
      return c.json(await (await service(c)).progressDelivery(body.livestockOrderId, body.stockyardId), 200);
    },
  )
  .openapi(
    post(
      A.waitForAiHeadCount,
      "The delivery waits for the AI head count",
      OrderActionBody,
      YardView,
      YARD_ACT,
    ),
    async (c) => {
      const body = c.req.valid("json");
      return c.json(
        await (await service(c)).waitForAiHeadCount(body.livestockOrderId, body.stockyardId),
        200,
      );
    },
  )
  .openapi(
    post(A.cancelAiHeadCount, "Stop waiting for the AI head count", OrderActionBody, YardView, YARD_ACT),
    async (c) => {
      const body = c.req.valid("json");
      return c.json(await (await service(c)).cancelAiHeadCount(body.livestockOrderId, body.stockyardId), 200);
    },
  )
  .openapi(
    get(
      A.getStockyardSetups,
      "Yards of your sites with their pens (settings)",
      { query: SetupQuery },
      z.array(StockyardSetup),
      YARD_READ,
    ),
    async (c) => c.json(await (await service(c)).setups(c.req.valid("query").tenantSiteId), 200),
  )
  .openapi(
    get(
      `${A.getStockyardSetup}/{id}`,
      "One yard with its pens (settings)",
      { params: IdParam },
      StockyardSetup,
      YARD_READ,
    ),
    async (c) => c.json(await (await service(c)).setup(c.req.valid("param").id), 200),
  )
  .openapi(
    post(
      A.upsertStockyard,
      "Add (no id) or change a yard's details",
      StockyardBody,
      StockyardSetup,
      SETUP_WRITE,
    ),
    async (c) => c.json(await (await service(c)).setupCommands.upsertStockyard(c.req.valid("json")), 200),
  )
  .openapi(
    post(
      A.saveStockyardLayout,
      "Save a yard's pen layout whole (409 when someone saved since)",
      SaveLayoutBody,
      StockyardSetup,
      SETUP_WRITE,
    ),
    async (c) => c.json(await (await service(c)).setupCommands.saveLayout(c.req.valid("json")), 200),
  )
  .openapi(
    get(
      A.getMobChecks,
      "The checks a mob gets when it is penned",
      { query: z.object({}) },
      MobChecks,
      YARD_READ,
    ),
    async (c) => c.json(await (await apiService(c, MobCheckService)).get(), 200),
  )
  .openapi(
    post(
      A.saveMobChecks,
      "Change the checks new mobs get (penned mobs keep theirs)",
      SaveMobChecksBody,
      MobChecks,
      SETUP_WRITE,
    ),
    async (c) => c.json(await (await apiService(c, MobCheckService)).save(c.req.valid("json")), 200),
  )
  .route("/", rfidApi);
