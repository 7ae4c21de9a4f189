/**
 * The pieces every stockyard action is made of, inside its one write transaction: the mob and pen as
 * they are now (409 when the client's copy is stale), the pen rules, landing head in a pen (merge, move or
 * split), and the audit row. Made per transaction by StockyardService (commands.ts).
 */
import { mobChecksOf } from "./mobChecks.ts";
import { and, eq, gt, inArray } from "drizzle-orm";
import { livestockOrders, mobRequirements, pens, stockMobs } from "../../../db/tenant/schema.ts";
import { ApiError } from "../../http/errors.ts";
import { type AreaContext, nextModified, type TenantTx } from "../context.ts";
import { recordAudit } from "../audit.ts";
import { ORDER_STATUS } from "../../../kernel/enums.ts";
import {
  mergeQuestion,
  overCapacity,
  refuseHead,
  refuseLoad,
  settleSeparatedHead,
  statusInYard,
  statusWhenMarkedPending,
  yardTakes,
} from "./rules.ts";
import { MOB_ENTITY, type MobRow, type PenRow, type YardRow } from "./queries.ts";

export const CHANGED =
  "Someone else changed this mob since your screen showed it. The yard has been reloaded.";
export const PEN_CHANGED =
  "Someone else changed this pen since your screen showed it. The yard has been reloaded.";
export const NOT_IN_PEN = "That mob is no longer in a pen. The yard has been reloaded.";

/** What one action changed: the yard to answer and the pens to redraw (and orders, for the deliveries). */
export interface Touched {
  yardId: number;
  penIds: number[];
  reason: string;
  alsoYardId?: number;
  orderIds?: number[];
  deliveryDate?: string | null;
  /** a move, merge or unload: what it did in words (the undo toast), and how to undo it (undo.ts) */
  label?: string;
  undo?: { moveId: number; label: string; until: string };
}

/** What the caller has confirmed for this landing (a merge, head above the pen's capacity). */
export interface Confirmed {
  confirmMerge: boolean;
  confirmOverCapacity: boolean;
}

export class YardTx {
  constructor(
    readonly tx: TenantTx,
    readonly ctx: AreaContext,
    /** a yard of the caller's sites, else 404 (StockyardQueries.yard) */
    readonly yard: (id: number) => Promise<YardRow>,
  ) {}

  /** One row of the audit trail in this transaction. */
  audit(entry: Parameters<typeof recordAudit>[2]) {
    return recordAudit(this.tx, this.ctx, entry);
  }

  /** The mob, unchanged since the client read it. */
  async mob(id: number, lastModified: string): Promise<MobRow> {
    const [mob] = await this.tx.select().from(stockMobs).where(eq(stockMobs.id, id));
    if (!mob) throw ApiError.notFound("That mob does not exist.");
    if (mob.lastModified !== lastModified) throw ApiError.conflict(CHANGED);
    if (mob.head <= 0) throw ApiError.conflict(CHANGED);
    return mob;
  }

  async pen(id: number): Promise<PenRow> {
    const [pen] = await this.tx.select().from(pens).where(eq(pens.id, id));
    if (!pen) throw ApiError.notFound("That pen does not exist.");
    await this.yard(pen.stockyardId); // a pen of a yard the caller cannot see does not exist either
    return pen;
  }

  /** Pens of one yard of the caller's sites. */
  async pens(ids: number[], required = true): Promise<PenRow[]> {
    if (!ids.length) return [];
    const rows = await this.tx.select().from(pens).where(inArray(pens.id, ids));
    if (required && rows.length !== new Set(ids).size) throw ApiError.notFound("That pen does not exist.");
    for (const yardId of new Set(rows.map((p) => p.stockyardId))) await this.yard(yardId);
    return rows;
  }

  contents(penId: number) {
    return this.tx.select().from(stockMobs).where(and(eq(stockMobs.penId, penId), gt(stockMobs.head, 0)));
  }

  /** A pen's content as the pen rules see it. */
  async state(penId: number) {
    const mobs = await this.contents(penId);
    const checks = mobs.length
      ? await this.tx.select().from(mobRequirements).where(and(
        inArray(mobRequirements.stockMobId, mobs.map((m) => m.id)),
        eq(mobRequirements.isComplete, false),
      ))
      : [];
    return mobs.map((m) => ({
      stockMobId: m.id,
      livestockOrderId: m.livestockOrderId,
      head: m.head,
      separatedHead: m.separatedHead,
      mobStatus: m.mobStatus,
      incompleteChecks: checks.filter((c) => c.stockMobId === m.id).map((c) => c.name),
    }));
  }

  head(head: number, available: number): number {
    const refusal = refuseHead(head, available);
    if (refusal) throw ApiError.validation([{ field: "head", message: refusal }]);
    return head;
  }

  /** The yard takes this mob's species (any-species yards take all). */
  fits(yard: YardRow, mob: MobRow) {
    if (!yard.isOperational) {
      throw ApiError.validation([{ field: "penId", message: `${yard.name} is not in use.` }]);
    }
    if (!yardTakes(yard, mob.speciesId)) {
      throw ApiError.validation([{ field: "penId", message: `${yard.name} does not take this species.` }]);
    }
  }

  /**
   * Puts `head` of `mob` into `pen` (spec 1 §5 load rule): merged into the same order's mob there, else
   * the whole mob moves in, else a new mob is split off. Answers the mob that now holds the head.
   */
  async land(mob: MobRow, pen: PenRow, yard: YardRow, head: number, confirmed: Confirmed): Promise<MobRow> {
    const contents = await this.state(pen.id);
    const refusal = refuseLoad({ ...pen, contents }, mob.livestockOrderId);
    if (refusal) throw ApiError.validation([{ field: "penId", message: refusal }]);
    const sameOrder = contents.find((c) =>
      c.livestockOrderId === mob.livestockOrderId && c.stockMobId !== mob.id
    );
    askFirst(mob, pen, head, contents, sameOrder, confirmed);
    const mobStatus = pen.isContentPendingKill
      ? statusWhenMarkedPending(statusInYard(yard, mob.mobStatus))
      : statusInYard(yard, mob.mobStatus);
    let landed: MobRow;
    if (sameOrder) {
      const [into] = await this.tx.select().from(stockMobs).where(eq(stockMobs.id, sameOrder.stockMobId));
      [landed] = await this.tx.update(stockMobs).set({
        head: into.head + head,
        lastModified: nextModified(into.lastModified),
      }).where(eq(stockMobs.id, into.id)).returning();
      await this.take(mob, head, head === mob.head ? into.id : undefined);
    } else if (head === mob.head) {
      [landed] = await this.tx.update(stockMobs).set({
        penId: pen.id,
        stockyardId: yard.id,
        mobStatus,
        separatedHead: settleSeparatedHead(mob.separatedHead, mob.head),
        lastModified: nextModified(mob.lastModified),
      }).where(eq(stockMobs.id, mob.id)).returning();
    } else {
      landed = await this.split(mob, head, {
        penId: pen.id,
        stockyardId: yard.id,
        mobStatus,
        separatedHead: 0,
      });
    }
    await this.ensureRequirements(landed.id);
    await this.touchPen(pen, {
      clearReservation: pen.livestockOrderReservedForId === mob.livestockOrderId,
    });
    return landed;
  }

  /**
   * Takes `head` from a mob (what is left keeps a settled separated head); `mergedIntoId`: all of it
   * joined that mob, recorded so ids sent to the plant still find their head.
   */
  async take(mob: MobRow, head: number, mergedIntoId?: number) {
    const left = mob.head - head;
    await this.tx.update(stockMobs).set({
      head: left,
      ...(mergedIntoId ? { mergedIntoId } : {}),
      separatedHead: settleSeparatedHead(mob.separatedHead, left),
      lastModified: nextModified(mob.lastModified),
    }).where(eq(stockMobs.id, mob.id));
  }

  /** A new mob of `head` taken from `mob`, with its requirement ticks copied. */
  async split(mob: MobRow, head: number, where: Partial<MobRow>): Promise<MobRow> {
    const now = new Date().toISOString();
    const { id: _id, ...rest } = mob;
    const [split] = await this.tx.insert(stockMobs).values({
      ...rest,
      ...where,
      head,
      createdAt: now,
      lastModified: now,
    })
      .returning();
    const ticks = await this.tx.select().from(mobRequirements).where(eq(mobRequirements.stockMobId, mob.id));
    if (ticks.length) {
      await this.tx.insert(mobRequirements).values(
        ticks.map(({ id: _r, ...t }) => ({ ...t, stockMobId: split.id })),
      );
    }
    await this.take(mob, head);
    await this.audit({
      entity: MOB_ENTITY,
      entityId: split.id,
      action: `Split ${head} head off mob ${mob.id}`,
    });
    return split;
  }

  /** A mob in a pen has the plant's checks (by default NVD, ante-mortem, water and feed) to tick. */
  async ensureRequirements(stockMobId: number) {
    const [any] = await this.tx.select({ id: mobRequirements.id }).from(mobRequirements)
      .where(eq(mobRequirements.stockMobId, stockMobId)).limit(1);
    if (any) return;
    const checks = await mobChecksOf(this.tx);
    await this.tx.insert(mobRequirements).values(checks.map((name) => ({ stockMobId, name })));
  }

  /** Bumps the pen (a concurrent action on it conflicts) and optionally uses up its reservation. */
  async touchPen(pen: PenRow, opts: { clearReservation?: boolean } = {}) {
    await this.tx.update(pens).set({
      lastModified: nextModified(pen.lastModified),
      ...(opts.clearReservation ? { livestockOrderReservedForId: null } : {}),
    }).where(eq(pens.id, pen.id));
  }

  /** A pen left empty is no longer pending kill. */
  async afterLeaving(pen: PenRow) {
    const left = await this.contents(pen.id);
    await this.tx.update(pens).set({
      lastModified: nextModified(pen.lastModified),
      ...(left.length ? {} : { isContentPendingKill: false }),
    }).where(eq(pens.id, pen.id));
  }

  /** Unloaded head counts toward the order; a verified order with nothing left to unload is Unloaded. */
  async countUnloaded(orderId: number, head: number) {
    const [order] = await this.tx.select().from(livestockOrders).where(eq(livestockOrders.id, orderId));
    const totalUnloaded = order.totalUnloaded + head;
    const remainder = order.totalDelivered - order.totalDoa - totalUnloaded;
    const orderStatus = remainder <= 0 && order.orderStatus >= ORDER_STATUS.Verified &&
        order.orderStatus < ORDER_STATUS.Unloaded
      ? ORDER_STATUS.Unloaded
      : order.orderStatus;
    await this.tx.update(livestockOrders).set({
      totalUnloaded,
      orderStatus,
      lastModified: nextModified(order.lastModified),
    })
      .where(eq(livestockOrders.id, orderId));
  }
}

/**
 * A merge, or head above the pen's capacity, only when the caller confirmed it: otherwise a 400 that
 * says what would happen (one error per question, its field the flag that answers it); nothing changes.
 */
function askFirst(
  mob: MobRow,
  pen: PenRow,
  head: number,
  contents: { stockMobId: number; head: number }[],
  sameOrder: { stockMobId: number; head: number } | undefined,
  confirmed: Confirmed,
) {
  const questions: { field: string; message: string }[] = [];
  if (sameOrder && !confirmed.confirmMerge) {
    questions.push({
      field: "confirmMerge",
      message: mergeQuestion(
        { id: mob.id, head, whole: head === mob.head },
        { id: sameOrder.stockMobId, head: sameOrder.head },
        pen.name,
      ),
    });
  }
  const full = overCapacity(pen, contents.reduce((sum, c) => sum + c.head, 0), head);
  if (full && !confirmed.confirmOverCapacity) {
    questions.push({ field: "confirmOverCapacity", message: `${full} Put them in anyway?` });
  }
  if (questions.length) {
    throw ApiError.validation(
      questions,
      `${questions.map((q) => q.message).join(" ")} Nothing was moved: confirm to go ahead.`,
    );
  }
}
