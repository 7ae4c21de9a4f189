/**
 * The stockyard API's bodies and answers (spec 1 §7 "Stockyard"; spec 2 §3 "Stockyard (settings view)").
 * Every action answers the yard as it now is (`YardView`), so a client redraws from one answer and a
 * failed action reloads the same way (spec 1 §8).
 */
import { z } from "@hono/zod-openapi";
import { idNumber, idParam } from "../../http/params.ts";
import { isoDate } from "../../http/validation.ts";
import { PEN_MIN_SIZE } from "./rules.ts";

const id = idNumber();
const stamp = z.string().min(1).max(40);
const name = z.string().trim().min(1, "Enter a name.").max(60);

// ---------- settings: yards and their layout ----------

export const StockyardBody = z.object({
  id: id.optional(),
  name,
  tenantSiteId: id,
  /** null = any species */
  speciesId: id.nullable(),
  isAnySpeciesYard: z.boolean(),
  isPaddockGroup: z.boolean(),
  isIncludeUnfitBin: z.boolean(),
  isOperational: z.boolean(),
  capacity: z.number().int().min(0).max(100_000),
  lastModified: stamp.optional(),
}).openapi("StockyardBody");

export const PenLayout = z.object({
  /** absent for a pen added in the editor */
  id: id.optional(),
  name: z.string().trim().min(1, "Every pen needs a name.").max(20),
  x: z.number().min(-10_000).max(10_000),
  y: z.number().min(-10_000).max(10_000),
  width: z.number().min(PEN_MIN_SIZE, `Pens are at least ${PEN_MIN_SIZE} wide.`).max(2_000),
  height: z.number().min(PEN_MIN_SIZE, `Pens are at least ${PEN_MIN_SIZE} high.`).max(2_000),
  angle: z.number().min(-360).max(360),
  capacity: z.number().int().min(0).max(10_000).default(0),
  isOperational: z.boolean().default(true),
}).openapi("PenLayout");

export const SaveLayoutBody = z.object({
  stockyardId: id,
  /** the yard's lastModified when the editor opened it: someone else's save since is a 409 */
  lastModified: stamp,
  pens: z.array(PenLayout).max(500),
}).openapi("SaveLayoutBody");

export const StockyardSetup = z.object({
  id: z.number(),
  name: z.string(),
  tenantSiteId: z.number(),
  siteName: z.string(),
  speciesId: z.number().nullable(),
  speciesName: z.string(),
  isAnySpeciesYard: z.boolean(),
  isPaddockGroup: z.boolean(),
  isIncludeUnfitBin: z.boolean(),
  isOperational: z.boolean(),
  capacity: z.number(),
  hasMapImage: z.boolean(),
  lastModified: z.string(),
  pens: z.array(PenLayout.extend({ id: z.number(), head: z.number() })),
}).openapi("StockyardSetup");

// ---------- the live yard ----------

export const Requirement = z.object({
  id: z.number(),
  name: z.string(),
  isComplete: z.boolean(),
  completedBy: z.string().nullable(),
}).openapi("MobRequirement");

export const MobInYard = z.object({
  stockMobId: z.number(),
  livestockOrderId: z.number(),
  agendaLotReference: z.string().nullable(),
  supplierId: z.number(),
  supplierName: z.string(),
  speciesId: z.number(),
  speciesCategory: z.string().nullable(),
  head: z.number(),
  separatedHead: z.number(),
  mobStatus: z.number(),
  mobStatusName: z.string(),
  penId: z.number().nullable(),
  stockyardId: z.number().nullable(),
  pic: z.string(),
  applicableProductionDate: z.string().nullable(),
  requirements: z.array(Requirement),
  incompleteChecks: z.array(z.string()),
  reasonSentToBin: z.string().nullable(),
  /** the order's status in words (Delivered, Verified, Unloaded…) */
  orderStatusName: z.string(),
  /** the delivery is waiting for the AI (camera) head count before unloading */
  isWaitingForAiHeadCount: z.boolean(),
  /** an NVD is matched to the mob's order (Match Order NVDs); the yard badges a mob without one */
  isLinkedNvd: z.boolean(),
  /** the boxed lot the mob's order is killed in with others (livestock boxing), or null */
  boxedLotRef: z.string().nullable(),
  /** the boxed lot's suppliers, each once (empty when not boxed) */
  boxedLotSuppliers: z.array(z.string()),
  lastModified: z.string(),
}).openapi("MobInYard");

export const PenView = z.object({
  id: z.number(),
  name: z.string(),
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
  angle: z.number(),
  capacity: z.number(),
  isOperational: z.boolean(),
  livestockOrderReservedForId: z.number().nullable(),
  reservedForLabel: z.string().nullable(),
  isContentPendingKill: z.boolean(),
  /** pending, reserved, stocked, readyToEmpty, empty (spec 1 §4) */
  status: z.enum(["pending", "reserved", "stocked", "readyToEmpty", "empty"]),
  head: z.number(),
  contents: z.array(MobInYard),
  lastModified: z.string(),
}).openapi("PenView");

export const YardSummary = z.object({
  id: z.number(),
  name: z.string(),
  tenantSiteId: z.number(),
  speciesId: z.number().nullable(),
  isAnySpeciesYard: z.boolean(),
  speciesName: z.string(),
  isPaddockGroup: z.boolean(),
  isOperational: z.boolean(),
  capacity: z.number(),
  head: z.number(),
  pens: z.number(),
  pensUsed: z.number(),
}).openapi("YardSummary");

export const YardView = z.object({
  yard: YardSummary.extend({
    isIncludeUnfitBin: z.boolean(),
    hasMapImage: z.boolean(),
    lastModified: z.string(),
  }),
  /** the other yards of the site, for the yard switcher */
  yards: z.array(YardSummary),
  pens: z.array(PenView),
  /** delivered loads of this site and species not yet in a pen (the unloading panel) */
  waiting: z.array(MobInYard),
  /** head in this yard's unfit bin */
  bin: z.array(MobInYard),
  binHead: z.number(),
  /** mobs on their way to this yard from another */
  arriving: z.array(MobInYard),
  today: z.string(),
}).openapi("YardView");

export const YardQuery = z.object({ stockyardId: id.optional() });

// ---------- yard actions ----------

/** The mob's lastModified as the client saw it: a change since is 409 Change Conflict. */
const seen = { lastModified: stamp };

/**
 * A merge and head above a pen's capacity happen only when the caller says so: without the flag the
 * answer is 400 naming what would happen (errors[].field says which flag), and nothing changes.
 */
const confirmations = {
  /** merging into the same order's mob already in the pen is meant */
  confirmMerge: z.boolean().default(false),
  /** head above the pen's capacity is meant */
  confirmOverCapacity: z.boolean().default(false),
};

export const UnloadBody = z.object({
  stockMobId: id,
  penId: id,
  /** all the mob's head when absent */
  head: z.number().int().min(1).optional(),
  ...confirmations,
  ...seen,
}).openapi("UnloadDeliveryToPenBody");

export const MoveBody = z.object({
  stockMobId: id,
  toPenId: id,
  head: z.number().int().min(1).optional(),
  ...confirmations,
  ...seen,
}).openapi("MoveOrMergeMobsBody");

/** A yard move, merge or unload, undone (docs/decisions.md: undo from the toast). */
export const UndoYardMoveBody = z.object({
  /** the `undo.moveId` the move answered */
  moveId: id,
}).openapi("UndoYardMoveBody");

/** What a move, merge or unload answers besides the yard: how to undo it, and until when. */
export const UndoTicket = z.object({
  moveId: z.number(),
  /** what undoing puts back, in words ("Moved 20 head from pen A1 to pen A2") */
  label: z.string(),
  /** the server undoes it until then (ISO time); the screen offers it for a shorter while */
  until: z.string(),
}).openapi("YardUndoTicket");

/** A move, merge or unload answers the yard and how to undo it. */
export const YardMoveAnswer = YardView.extend({ undo: UndoTicket }).openapi("YardMoveAnswer");

export const UpdateMobBody = z.object({
  stockMobId: id,
  separatedHead: z.number().int().min(0).optional(),
  requirements: z.array(z.object({ id, isComplete: z.boolean() })).max(50).optional(),
  ...seen,
}).openapi("UpdateMobInPenBody");

export const PendingKillBody = z.object({
  penId: id,
  isPending: z.boolean(),
  /** the pen's lastModified */
  ...seen,
}).openapi("MarkPenPendingKillBody");

export const ReservePensBody = z.object({
  livestockOrderId: id,
  penIds: z.array(id).min(1).max(100),
}).openapi("ReservePensBody");

export const UnreservePensBody = z.object({ penIds: z.array(id).min(1).max(100) }).openapi(
  "UnreservePensBody",
);

/** Mobs by id, or every mob of an order still in the yard. */
export const KillFloorBody = z.object({
  stockMobIds: z.array(id).min(1).max(200).optional(),
  livestockOrderId: id.optional(),
  isLastShift: z.boolean().default(false),
  /** the yard the screen shows (answered back) */
  stockyardId: id.optional(),
}).refine((b) => (b.stockMobIds === undefined) !== (b.livestockOrderId === undefined), {
  message: "Send either mobs or an order.",
  path: ["stockMobIds"],
}).openapi("SendToKillFloorBody");

export const UnfitBody = z.object({
  stockMobId: id,
  head: z.number().int().min(1),
  reason: z.string().trim().min(1, "Say why the head are unfit.").max(200),
  ...seen,
}).openapi("SendToUnfitBody");

export const MoveBetweenYardsBody = z.object({
  stockMobId: id,
  toStockyardId: id,
  ...seen,
}).openapi("MoveBetweenYardsBody");

export const CarryOverBody = z.object({
  stockyardId: id,
  /** the production day the yard's stock is carried to (after today) */
  toDate: isoDate,
}).openapi("CarryOverLivestockBody");

export const OrderActionBody = z.object({ livestockOrderId: id, stockyardId: id.optional() })
  .openapi("StockyardOrderActionBody");

export const StockyardIdBody = z.object({ stockyardId: id }).openapi("StockyardIdBody");
export const MobHistoryParam = idParam("stockMobId");
export const SetupQuery = z.object({ tenantSiteId: id.optional() });

export const MobHistory = z.object({
  mob: MobInYard,
  orderStatusName: z.string(),
  deliveryDate: z.string(),
  penName: z.string().nullable(),
  stockyardName: z.string().nullable(),
  history: z.array(z.object({
    at: z.string(),
    userName: z.string(),
    action: z.string(),
    before: z.unknown(),
    after: z.unknown(),
    reason: z.string().nullable(),
  })),
}).openapi("MobHistory");

export const MobChecks = z.object({
  checks: z.array(z.string()),
  /** null until the plant first changes the default list */
  lastModified: z.string().nullable(),
}).openapi("MobChecks");

export const SaveMobChecksBody = z.object({
  checks: z.array(z.string().max(200).nullable()).max(20, "At most 20 rows."),
  lastModified: z.string().max(40).nullish(),
}).openapi("SaveMobChecksBody");
