/**
 * Stockyard actions (spec 1 §4 "Actions", §5): each is one transaction over the tenant database, checks
 * the mob or pen has not changed since the client read it (409 Change Conflict), records the audit trail
 * and, once committed, tells the yard's open screens which pens changed. Every action answers the yard
 * as it now is. Head is never created or lost: a split takes head from one mob and gives it to another
 * in the same transaction, so pens + bin + kill floor + waiting always add up to the live delivered.
 */
import { and, eq, gt, inArray, lte } from "drizzle-orm";
import type { z } from "@hono/zod-openapi";
import { livestockOrders, mobRequirements, pens, stockMobs, stockyards } from "../../../db/tenant/schema.ts";
import { ApiError } from "../../http/errors.ts";
import { nextModified, type TenantTx } from "../context.ts";
import { displayName, recordAudit } from "../audit.ts";
import { MOB_STATUS, ORDER_STATUS } from "../livestock/enums.ts";
import {
  DEFAULT_REQUIREMENTS,
  isMovable,
  refuseHead,
  refuseLoad,
  settleSeparatedHead,
  statusInYard,
  statusWhenMarkedPending,
  statusWhenUnmarkedPending,
} from "./rules.ts";
import { MOB_ENTITY, type MobRow, type PenRow, StockyardQueries, type YardRow } from "./queries.ts";
import type {
  CarryOverBody,
  KillFloorBody,
  MoveBetweenYardsBody,
  MoveBody,
  PendingKillBody,
  ReservePensBody,
  UnfitBody,
  UnloadBody,
  UnreservePensBody,
  UpdateMobBody,
} from "./schemas.ts";
import { StockyardSetupCommands } from "./layout.ts";

type In<S extends z.ZodType> = z.output<S>;
const CHANGED = "Someone else changed this mob since your screen showed it. The yard has been reloaded.";
const PEN_CHANGED = "Someone else changed this pen since your screen showed it. The yard has been reloaded.";

/** What one action changed: the yard to answer and the pens to redraw. */
interface Touched {
  yardId: number;
  penIds: number[];
  reason: string;
}

export class StockyardService extends StockyardQueries {
  /** Layout and yard settings (settings › Yards & paddocks). */
  readonly setupCommands = new StockyardSetupCommands(this.ctx, this);

  // ---------- moving head ----------

  /** Unloads a waiting delivery (or a mob arriving from another yard) into a pen, all or part of it. */
  unloadDeliveryToPen(input: In<typeof UnloadBody>) {
    return this.#act(async (tx) => {
      const mob = await this.#mob(tx, input.stockMobId, input.lastModified);
      const pen = await this.#pen(tx, input.penId);
      const yard = await this.yard(pen.stockyardId, tx);
      const arriving = mob.mobStatus === MOB_STATUS.MovingBetweenYards && mob.stockyardId === yard.id;
      const waiting = mob.penId === null && mob.stockyardId === null && !mob.isInBin &&
        isMovable(mob.mobStatus);
      if (!arriving && !waiting) {
        throw ApiError.conflict("That mob has already been unloaded. The yard has been reloaded.");
      }
      this.#fits(yard, mob);
      const head = this.#head(input.head ?? mob.head, mob.head);
      const target = await this.#land(tx, mob, pen, yard, head);
      await recordAudit(tx, this.ctx, {
        entity: MOB_ENTITY,
        entityId: target.id,
        action: `Unloaded ${head} head into pen ${pen.name} (${yard.name})`,
        after: { penId: pen.id, head },
      });
      if (waiting) await this.#countUnloaded(tx, mob.livestockOrderId, head);
      return { yardId: yard.id, penIds: [pen.id], reason: "unload" };
    });
  }

  /** Moves a mob, or part of it, to another pen of the yard; it merges with the same order's mob there. */
  moveOrMergeMobs(input: In<typeof MoveBody>) {
    return this.#act(async (tx) => {
      const mob = await this.#mob(tx, input.stockMobId, input.lastModified);
      if (mob.penId === null || !isMovable(mob.mobStatus)) {
        throw ApiError.conflict("That mob is no longer in a pen. The yard has been reloaded.");
      }
      const from = await this.#pen(tx, mob.penId);
      const to = await this.#pen(tx, input.toPenId);
      if (from.id === to.id) {
        throw ApiError.validation([{ field: "toPenId", message: "Choose another pen." }]);
      }
      if (from.stockyardId !== to.stockyardId) {
        throw ApiError.validation([{
          field: "toPenId",
          message: "That pen is in another yard: use “Move to another yard”.",
        }]);
      }
      const yard = await this.yard(to.stockyardId, tx);
      const head = this.#head(input.head ?? mob.head, mob.head);
      await this.#land(tx, mob, to, yard, head);
      await this.#afterLeaving(tx, from);
      await recordAudit(tx, this.ctx, {
        entity: MOB_ENTITY,
        entityId: mob.id,
        action: `Moved ${head} head from pen ${from.name} to pen ${to.name}`,
        before: { penId: from.id },
        after: { penId: to.id, head },
      });
      return { yardId: yard.id, penIds: [from.id, to.id], reason: "move" };
    });
  }

  /** Separated head and requirement ticks of a mob in a pen. */
  updateMobInPen(input: In<typeof UpdateMobBody>) {
    return this.#act(async (tx) => {
      const mob = await this.#mob(tx, input.stockMobId, input.lastModified);
      if (mob.penId === null) {
        throw ApiError.conflict("That mob is no longer in a pen. The yard has been reloaded.");
      }
      const pen = await this.#pen(tx, mob.penId);
      const changes: string[] = [];
      if (input.separatedHead !== undefined) {
        const separatedHead = settleSeparatedHead(input.separatedHead, mob.head);
        await tx.update(stockMobs).set({ separatedHead, lastModified: nextModified(mob.lastModified) })
          .where(eq(stockMobs.id, mob.id));
        changes.push(`separated head ${mob.separatedHead} → ${separatedHead}`);
      }
      if (input.requirements?.length) {
        const own = await tx.select().from(mobRequirements).where(eq(mobRequirements.stockMobId, mob.id));
        for (const tick of input.requirements) {
          const requirement = own.find((r) => r.id === tick.id);
          if (!requirement) {
            throw ApiError.validation([{
              field: "requirements",
              message: "That check is not one of this mob's.",
            }]);
          }
          if (requirement.isComplete === tick.isComplete) continue;
          await tx.update(mobRequirements).set({
            isComplete: tick.isComplete,
            completedBy: tick.isComplete ? displayName(this.ctx.caller) : null,
            completedAt: tick.isComplete ? new Date().toISOString() : null,
          }).where(eq(mobRequirements.id, requirement.id));
          changes.push(`${requirement.name} ${tick.isComplete ? "done" : "not done"}`);
        }
        await tx.update(stockMobs).set({ lastModified: nextModified(mob.lastModified) })
          .where(eq(stockMobs.id, mob.id));
      }
      await this.#touchPen(tx, pen);
      if (changes.length) {
        await recordAudit(tx, this.ctx, { entity: MOB_ENTITY, entityId: mob.id, action: changes.join("; ") });
      }
      return { yardId: pen.stockyardId, penIds: [pen.id], reason: "update" };
    });
  }

  /** Marks a pen's content pending the kill floor (status rises) or takes the mark off (spec 1 §4). */
  markPenPendingKill(input: In<typeof PendingKillBody>) {
    return this.#act(async (tx) => {
      const pen = await this.#pen(tx, input.penId);
      if (pen.lastModified !== input.lastModified) throw ApiError.conflict(PEN_CHANGED);
      await this.yard(pen.stockyardId, tx);
      const content = await this.#contents(tx, pen.id);
      if (input.isPending && !content.length) {
        throw ApiError.validation([{ field: "penId", message: `Pen ${pen.name} is empty.` }]);
      }
      for (const mob of content) {
        const mobStatus = input.isPending
          ? statusWhenMarkedPending(mob.mobStatus)
          : statusWhenUnmarkedPending(mob.mobStatus);
        if (mobStatus === mob.mobStatus) continue;
        await tx.update(stockMobs).set({ mobStatus, lastModified: nextModified(mob.lastModified) })
          .where(eq(stockMobs.id, mob.id));
        await recordAudit(tx, this.ctx, {
          entity: MOB_ENTITY,
          entityId: mob.id,
          action: input.isPending
            ? `Pen ${pen.name} marked pending kill`
            : `Pen ${pen.name} no longer pending kill`,
          before: { mobStatus: mob.mobStatus },
          after: { mobStatus },
        });
      }
      await tx.update(pens).set({
        isContentPendingKill: input.isPending,
        lastModified: nextModified(pen.lastModified),
      })
        .where(eq(pens.id, pen.id));
      return { yardId: pen.stockyardId, penIds: [pen.id], reason: "pending" };
    });
  }

  // ---------- reservations ----------

  reservePens(input: In<typeof ReservePensBody>) {
    return this.#act(async (tx) => {
      const [order] = await tx.select().from(livestockOrders).where(
        eq(livestockOrders.id, input.livestockOrderId),
      );
      if (!order || order.orderStatus === ORDER_STATUS.Cancelled) {
        throw ApiError.notFound("That order does not exist.");
      }
      const rows = await this.#pens(tx, input.penIds);
      for (const pen of rows) {
        const state = { ...pen, contents: await this.#state(tx, pen.id) };
        const refusal = refuseLoad(state, order.id);
        if (refusal) throw ApiError.validation([{ field: "penIds", message: refusal }]);
        await tx.update(pens).set({
          livestockOrderReservedForId: order.id,
          lastModified: nextModified(pen.lastModified),
        })
          .where(eq(pens.id, pen.id));
      }
      await recordAudit(tx, this.ctx, {
        entity: "livestockOrder",
        entityId: order.id,
        action: `Pens reserved: ${rows.map((p) => p.name).join(", ")}`,
      });
      return { yardId: rows[0].stockyardId, penIds: rows.map((p) => p.id), reason: "reserve" };
    });
  }

  unreservePens(input: In<typeof UnreservePensBody>) {
    return this.#act(async (tx) => {
      const rows = await this.#pens(tx, input.penIds);
      for (const pen of rows) {
        if (pen.livestockOrderReservedForId === null) continue;
        await tx.update(pens).set({
          livestockOrderReservedForId: null,
          lastModified: nextModified(pen.lastModified),
        })
          .where(eq(pens.id, pen.id));
        await recordAudit(tx, this.ctx, {
          entity: "livestockOrder",
          entityId: pen.livestockOrderReservedForId,
          action: `Pen ${pen.name} no longer reserved`,
        });
      }
      return { yardId: rows[0].stockyardId, penIds: rows.map((p) => p.id), reason: "unreserve" };
    });
  }

  // ---------- leaving the yard ----------

  /** Sends mobs, or every mob of an order still in the yard, to the kill floor. */
  sendToKillFloor(input: In<typeof KillFloorBody>) {
    const stockyardId = input.stockyardId;
    return this.#act(async (tx) => {
      const where = input.livestockOrderId !== undefined
        ? eq(stockMobs.livestockOrderId, input.livestockOrderId)
        : inArray(stockMobs.id, input.stockMobIds ?? []);
      const mobs = (await tx.select().from(stockMobs).where(and(where, gt(stockMobs.head, 0))))
        .filter((m) => isMovable(m.mobStatus) && !m.isInBin && (m.penId !== null || m.stockyardId === null));
      if (!mobs.length) {
        throw ApiError.conflict("Nothing of that is left in the yard. The yard has been reloaded.");
      }
      const penRows = await this.#pens(
        tx,
        [...new Set(mobs.flatMap((m) => (m.penId ? [m.penId] : [])))],
        false,
      );
      const yardId = penRows[0]?.stockyardId ?? mobs.find((m) => m.stockyardId)?.stockyardId ?? stockyardId;
      const at = new Date().toISOString();
      for (const mob of mobs) {
        await tx.update(stockMobs).set({
          mobStatus: MOB_STATUS.AtKillFloor,
          penId: null,
          separatedHead: 0,
          sentToKillFloorAt: at,
          isLastShift: input.isLastShift,
          lastModified: nextModified(mob.lastModified),
        }).where(eq(stockMobs.id, mob.id));
        await recordAudit(tx, this.ctx, {
          entity: MOB_ENTITY,
          entityId: mob.id,
          action: `Sent ${mob.head} head to the kill floor${input.isLastShift ? " (as last shift)" : ""}`,
          before: { mobStatus: mob.mobStatus, penId: mob.penId },
          after: { mobStatus: MOB_STATUS.AtKillFloor },
        });
      }
      for (const pen of penRows) await this.#afterLeaving(tx, pen);
      const orderIds = [...new Set(mobs.map((m) => m.livestockOrderId))];
      await tx.update(livestockOrders).set({ orderStatus: ORDER_STATUS.InProcessing, lastModified: at })
        .where(
          and(inArray(livestockOrders.id, orderIds), lte(livestockOrders.orderStatus, ORDER_STATUS.Unloaded)),
        );
      if (!yardId) {
        throw ApiError.validation([{ field: "stockyardId", message: "Say which yard you are in." }]);
      }
      return { yardId, penIds: penRows.map((p) => p.id), reason: "killFloor" };
    });
  }

  /** Takes head out of a mob into the yard's unfit bin, with the reason (spec 1 §4). */
  sendToUnfit(input: In<typeof UnfitBody>) {
    return this.#act(async (tx) => {
      const mob = await this.#mob(tx, input.stockMobId, input.lastModified);
      if (mob.penId === null || !isMovable(mob.mobStatus)) {
        throw ApiError.conflict("That mob is no longer in a pen. The yard has been reloaded.");
      }
      const pen = await this.#pen(tx, mob.penId);
      const yard = await this.yard(pen.stockyardId, tx);
      if (!yard.isIncludeUnfitBin) {
        throw ApiError.validation([{ field: "stockMobId", message: `${yard.name} has no unfit bin.` }]);
      }
      const head = this.#head(input.head, mob.head);
      await this.#split(tx, mob, head, {
        penId: null,
        stockyardId: yard.id,
        isInBin: true,
        mobStatus: MOB_STATUS.Unfit,
        separatedHead: 0,
        reasonSentToBin: input.reason,
      });
      await this.#afterLeaving(tx, pen);
      await recordAudit(tx, this.ctx, {
        entity: MOB_ENTITY,
        entityId: mob.id,
        action: `Sent ${head} head from pen ${pen.name} to the unfit bin`,
        reason: input.reason,
      });
      return { yardId: yard.id, penIds: [pen.id], reason: "unfit" };
    });
  }

  /** The bin's head are taken away (condemned or sent off): they leave the yard, still counted as unfit. */
  emptyBin(stockyardId: number) {
    return this.#act(async (tx) => {
      const yard = await this.yard(stockyardId, tx);
      const inBin = await tx.select().from(stockMobs)
        .where(and(eq(stockMobs.stockyardId, yard.id), eq(stockMobs.isInBin, true)));
      if (!inBin.length) throw ApiError.conflict("The bin is already empty.");
      const at = new Date().toISOString();
      for (const mob of inBin) {
        await tx.update(stockMobs).set({
          isInBin: false,
          binEmptiedAt: at,
          lastModified: nextModified(mob.lastModified),
        })
          .where(eq(stockMobs.id, mob.id));
        await recordAudit(tx, this.ctx, {
          entity: MOB_ENTITY,
          entityId: mob.id,
          action: `Unfit bin of ${yard.name} emptied (${mob.head} head)`,
        });
      }
      return { yardId: yard.id, penIds: [], reason: "emptyBin" };
    });
  }

  /** A mob leaves its pen for another yard of the site; it shows there as arriving until unloaded. */
  moveBetweenYards(input: In<typeof MoveBetweenYardsBody>) {
    return this.#act(async (tx) => {
      const mob = await this.#mob(tx, input.stockMobId, input.lastModified);
      if (mob.penId === null || !isMovable(mob.mobStatus)) {
        throw ApiError.conflict("That mob is no longer in a pen. The yard has been reloaded.");
      }
      const pen = await this.#pen(tx, mob.penId);
      const from = await this.yard(pen.stockyardId, tx);
      const to = await this.yard(input.toStockyardId, tx);
      if (to.id === from.id || to.tenantSiteId !== from.tenantSiteId) {
        throw ApiError.validation([{ field: "toStockyardId", message: "Choose another yard of this site." }]);
      }
      this.#fits(to, mob);
      await tx.update(stockMobs).set({
        penId: null,
        stockyardId: to.id,
        separatedHead: 0,
        mobStatus: MOB_STATUS.MovingBetweenYards,
        lastModified: nextModified(mob.lastModified),
      }).where(eq(stockMobs.id, mob.id));
      await this.#afterLeaving(tx, pen);
      await recordAudit(tx, this.ctx, {
        entity: MOB_ENTITY,
        entityId: mob.id,
        action: `Moving from ${from.name} (pen ${pen.name}) to ${to.name}`,
        before: { mobStatus: mob.mobStatus, stockyardId: from.id },
        after: { mobStatus: MOB_STATUS.MovingBetweenYards, stockyardId: to.id },
      });
      return { yardId: from.id, penIds: [pen.id], reason: "moveYard", alsoYardId: to.id };
    });
  }

  /** Livestock due today or earlier that is still in the yard is carried to a later production day. */
  carryOverLivestock(input: In<typeof CarryOverBody>) {
    if (input.toDate <= this.ctx.today) {
      throw ApiError.validation([{ field: "toDate", message: "Carry over to a day after today." }]);
    }
    return this.#act(async (tx) => {
      const yard = await this.yard(input.stockyardId, tx);
      const due = (await tx.select().from(stockMobs).where(and(
        eq(stockMobs.stockyardId, yard.id),
        gt(stockMobs.head, 0),
        gt(stockMobs.penId, 0),
      ))).filter((m) => (m.applicableProductionDate ?? "") <= this.ctx.today);
      for (const mob of due) {
        await tx.update(stockMobs).set({
          applicableProductionDate: input.toDate,
          lastModified: nextModified(mob.lastModified),
        }).where(eq(stockMobs.id, mob.id));
        await recordAudit(tx, this.ctx, {
          entity: MOB_ENTITY,
          entityId: mob.id,
          action: `Carried over to ${input.toDate}`,
          before: { applicableProductionDate: mob.applicableProductionDate },
          after: { applicableProductionDate: input.toDate },
        });
      }
      return { yardId: yard.id, penIds: [...new Set(due.map((m) => m.penId!))], reason: "carryOver" };
    });
  }

  // ---------- the delivery's progress ----------

  /** A delivered order whose arrival checks were done before unloading becomes Verified. */
  progressDelivery(livestockOrderId: number, stockyardId?: number) {
    return this.#orderAction(livestockOrderId, stockyardId, (order) => {
      if (order.orderStatus < ORDER_STATUS.Delivered) {
        throw ApiError.validation([{
          field: "livestockOrderId",
          message: "That order has not been delivered yet.",
        }]);
      }
      if (order.orderStatus >= ORDER_STATUS.Verified) {
        throw ApiError.conflict("That delivery is already verified.");
      }
      return { set: { orderStatus: ORDER_STATUS.Verified }, action: "Delivery verified" };
    });
  }

  /** The delivery waits for the AI (camera) head count before it is unloaded. */
  waitForAiHeadCount(livestockOrderId: number, stockyardId?: number) {
    return this.#orderAction(livestockOrderId, stockyardId, (order) => {
      if (order.isWaitingForExternalHeadCount) {
        throw ApiError.conflict("That delivery is already waiting for the AI head count.");
      }
      return { set: { isWaitingForExternalHeadCount: true }, action: "Waiting for the AI head count" };
    });
  }

  cancelAiHeadCount(livestockOrderId: number, stockyardId?: number) {
    return this.#orderAction(livestockOrderId, stockyardId, (order) => {
      if (!order.isWaitingForExternalHeadCount) {
        throw ApiError.conflict("That delivery is not waiting for a head count.");
      }
      return { set: { isWaitingForExternalHeadCount: false }, action: "AI head count wait cancelled" };
    });
  }

  async #orderAction(
    livestockOrderId: number,
    stockyardId: number | undefined,
    decide: (order: typeof livestockOrders.$inferSelect) => {
      set: Partial<typeof livestockOrders.$inferInsert>;
      action: string;
    },
  ) {
    const yardId = stockyardId ?? (await this.defaultYard()).id;
    return this.#act(async (tx) => {
      const [order] = await tx.select().from(livestockOrders).where(eq(livestockOrders.id, livestockOrderId));
      if (!order) throw ApiError.notFound("That order does not exist.");
      const { set, action } = decide(order);
      await tx.update(livestockOrders).set({ ...set, lastModified: nextModified(order.lastModified) })
        .where(eq(livestockOrders.id, order.id));
      await recordAudit(tx, this.ctx, { entity: "livestockOrder", entityId: order.id, action });
      return {
        yardId,
        penIds: [],
        reason: "delivery",
        orderIds: [order.id],
        deliveryDate: order.deliveryDate,
      };
    });
  }

  // ---------- the pieces ----------

  /** Runs one action in one transaction, then tells the yard's screens and answers the yard. */
  async #act(
    work: (tx: TenantTx) => Promise<
      Touched & { alsoYardId?: number; orderIds?: number[]; deliveryDate?: string | null }
    >,
  ) {
    const touched = await this.ctx.db.transaction(work);
    const [yard] = await this.ctx.db.select().from(stockyards).where(eq(stockyards.id, touched.yardId));
    const push = this.ctx.app.push;
    for (const yardId of [touched.yardId, touched.alsoYardId].filter((y): y is number => y !== undefined)) {
      await push.emit(this.ctx.tenantId, "stockyardUpdated", {
        stockyardId: yardId,
        siteId: yard?.tenantSiteId ?? null,
        penIds: yardId === touched.yardId ? touched.penIds : [],
        reason: touched.reason,
      }, { qualifier: yard?.tenantSiteId ?? undefined });
    }
    if (touched.orderIds?.length) {
      await push.emit(this.ctx.tenantId, "deliveryStatusUpdated", {
        livestockOrderIds: touched.orderIds,
        deliveryDate: touched.deliveryDate ?? null,
      });
    }
    return this.yardView(touched.yardId);
  }

  /** The mob, unchanged since the client read it. */
  async #mob(tx: TenantTx, id: number, lastModified: string): Promise<MobRow> {
    const [mob] = await tx.select().from(stockMobs).where(eq(stockMobs.id, id));
    if (!mob) throw ApiError.notFound("That mob does not exist.");
    if (mob.lastModified !== lastModified) throw ApiError.conflict(CHANGED);
    if (mob.head <= 0) throw ApiError.conflict(CHANGED);
    return mob;
  }

  async #pen(tx: TenantTx, id: number): Promise<PenRow> {
    const [pen] = await tx.select().from(pens).where(eq(pens.id, id));
    if (!pen) throw ApiError.notFound("That pen does not exist.");
    await this.yard(pen.stockyardId, tx); // a pen of a yard the caller cannot see does not exist either
    return pen;
  }

  /** Pens of one yard of the caller's sites. */
  async #pens(tx: TenantTx, ids: number[], required = true): Promise<PenRow[]> {
    if (!ids.length) return [];
    const rows = await tx.select().from(pens).where(inArray(pens.id, ids));
    if (required && rows.length !== new Set(ids).size) throw ApiError.notFound("That pen does not exist.");
    for (const yardId of new Set(rows.map((p) => p.stockyardId))) await this.yard(yardId, tx);
    return rows;
  }

  #contents(tx: TenantTx, penId: number) {
    return tx.select().from(stockMobs).where(and(eq(stockMobs.penId, penId), gt(stockMobs.head, 0)));
  }

  /** A pen's content as the pen rules see it. */
  async #state(tx: TenantTx, penId: number) {
    const mobs = await this.#contents(tx, penId);
    const checks = mobs.length
      ? await tx.select().from(mobRequirements).where(and(
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

  #head(head: number, available: number): number {
    const refusal = refuseHead(head, available);
    if (refusal) throw ApiError.validation([{ field: "head", message: refusal }]);
    return head;
  }

  /** The yard takes this mob's species (any-species yards take all). */
  #fits(yard: YardRow, mob: MobRow) {
    if (!yard.isOperational) {
      throw ApiError.validation([{ field: "penId", message: `${yard.name} is not in use.` }]);
    }
    if (!yard.isAnySpeciesYard && yard.speciesId !== null && yard.speciesId !== mob.speciesId) {
      throw ApiError.validation([{ field: "penId", message: `${yard.name} does not take this species.` }]);
    }
  }

  /**
   * Puts `head` of `mob` into `pen` (spec 1 §5 load rule): merged into the same order's mob there, else
   * the whole mob moves in, else a new mob is split off. Answers the mob that now holds the head.
   */
  async #land(tx: TenantTx, mob: MobRow, pen: PenRow, yard: YardRow, head: number): Promise<MobRow> {
    const contents = await this.#state(tx, pen.id);
    const refusal = refuseLoad({ ...pen, contents }, mob.livestockOrderId);
    if (refusal) throw ApiError.validation([{ field: "penId", message: refusal }]);
    const sameOrder = contents.find((c) =>
      c.livestockOrderId === mob.livestockOrderId && c.stockMobId !== mob.id
    );
    const mobStatus = pen.isContentPendingKill
      ? statusWhenMarkedPending(statusInYard(yard, mob.mobStatus))
      : statusInYard(yard, mob.mobStatus);
    let landed: MobRow;
    if (sameOrder) {
      const [into] = await tx.select().from(stockMobs).where(eq(stockMobs.id, sameOrder.stockMobId));
      [landed] = await tx.update(stockMobs).set({
        head: into.head + head,
        lastModified: nextModified(into.lastModified),
      }).where(eq(stockMobs.id, into.id)).returning();
      await this.#take(tx, mob, head);
    } else if (head === mob.head) {
      [landed] = await tx.update(stockMobs).set({
        penId: pen.id,
        stockyardId: yard.id,
        mobStatus,
        separatedHead: settleSeparatedHead(mob.separatedHead, mob.head),
        lastModified: nextModified(mob.lastModified),
      }).where(eq(stockMobs.id, mob.id)).returning();
    } else {
      landed = await this.#split(tx, mob, head, {
        penId: pen.id,
        stockyardId: yard.id,
        mobStatus,
        separatedHead: 0,
      });
    }
    await this.#ensureRequirements(tx, landed.id);
    await this.#touchPen(tx, pen, {
      clearReservation: pen.livestockOrderReservedForId === mob.livestockOrderId,
    });
    return landed;
  }

  /** Takes `head` from a mob (what is left keeps a settled separated head). */
  async #take(tx: TenantTx, mob: MobRow, head: number) {
    const left = mob.head - head;
    await tx.update(stockMobs).set({
      head: left,
      separatedHead: settleSeparatedHead(mob.separatedHead, left),
      lastModified: nextModified(mob.lastModified),
    }).where(eq(stockMobs.id, mob.id));
  }

  /** A new mob of `head` taken from `mob`, with its requirement ticks copied. */
  async #split(tx: TenantTx, mob: MobRow, head: number, where: Partial<MobRow>): Promise<MobRow> {
    const now = new Date().toISOString();
    const { id: _id, ...rest } = mob;
    const [split] = await tx.insert(stockMobs).values({
      ...rest,
      ...where,
      head,
      createdAt: now,
      lastModified: now,
    })
      .returning();
    const ticks = await tx.select().from(mobRequirements).where(eq(mobRequirements.stockMobId, mob.id));
    if (ticks.length) {
      await tx.insert(mobRequirements).values(
        ticks.map(({ id: _r, ...t }) => ({ ...t, stockMobId: split.id })),
      );
    }
    await this.#take(tx, mob, head);
    await recordAudit(tx, this.ctx, {
      entity: MOB_ENTITY,
      entityId: split.id,
      action: `Split ${head} head off mob ${mob.id}`,
    });
    return split;
  }

  /** A mob in a pen has the default checks (NVD, ante-mortem, water and feed) to tick. */
  async #ensureRequirements(tx: TenantTx, stockMobId: number) {
    const [any] = await tx.select({ id: mobRequirements.id }).from(mobRequirements)
      .where(eq(mobRequirements.stockMobId, stockMobId)).limit(1);
    if (any) return;
    await tx.insert(mobRequirements).values(DEFAULT_REQUIREMENTS.map((name) => ({ stockMobId, name })));
  }

  /** Bumps the pen (a concurrent action on it conflicts) and optionally uses up its reservation. */
  async #touchPen(tx: TenantTx, pen: PenRow, opts: { clearReservation?: boolean } = {}) {
    await tx.update(pens).set({
      lastModified: nextModified(pen.lastModified),
      ...(opts.clearReservation ? { livestockOrderReservedForId: null } : {}),
    }).where(eq(pens.id, pen.id));
  }

  /** A pen left empty is no longer pending kill. */
  async #afterLeaving(tx: TenantTx, pen: PenRow) {
    const left = await this.#contents(tx, pen.id);
    await tx.update(pens).set({
      lastModified: nextModified(pen.lastModified),
      ...(left.length ? {} : { isContentPendingKill: false }),
    }).where(eq(pens.id, pen.id));
  }

  /** Unloaded head counts toward the order; a verified order with nothing left to unload is Unloaded. */
  async #countUnloaded(tx: TenantTx, orderId: number, head: number) {
    const [order] = await tx.select().from(livestockOrders).where(eq(livestockOrders.id, orderId));
    const totalUnloaded = order.totalUnloaded + head;
    const remainder = order.totalDelivered - order.totalDoa - totalUnloaded;
    const orderStatus = remainder <= 0 && order.orderStatus >= ORDER_STATUS.Verified &&
        order.orderStatus < ORDER_STATUS.Unloaded
      ? ORDER_STATUS.Unloaded
      : order.orderStatus;
    await tx.update(livestockOrders).set({
      totalUnloaded,
      orderStatus,
      lastModified: nextModified(order.lastModified),
    })
      .where(eq(livestockOrders.id, orderId));
  }
}
