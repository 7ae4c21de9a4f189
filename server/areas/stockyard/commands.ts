/**
 * Stockyard actions (spec 1 §4 "Actions", §5): each is one transaction over the tenant database, checks
 * the mob or pen has not changed since the client read it (409 Change Conflict), records the audit trail
 * and, once committed, tells the yard's open screens which pens changed. Every action answers the yard
 * as it now is. Head is never created or lost: a split takes head from one mob and gives it to another
 * in the same transaction, so pens + bin + kill floor + waiting always add up to the live delivered.
 *
 * The actions themselves are in moves.ts (within the yard) and departures.ts (leaving a pen); their
 * pieces (the mob and pen as they are, landing head, audit) in yardTx.ts. This class runs them.
 */
import { eq } from "drizzle-orm";
import type { z } from "@hono/zod-openapi";
import { livestockOrders, stockyards } from "../../../db/tenant/schema.ts";
import { ApiError } from "../../http/errors.ts";
import { nextModified } from "../context.ts";
import { ORDER_STATUS } from "../../../kernel/enums.ts";
import { StockyardQueries } from "./queries.ts";
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
import { type Touched, YardTx } from "./yardTx.ts";
import * as moves from "./moves.ts";
import * as departures from "./departures.ts";
import { undoable, undoYardMove } from "./undo.ts";

type In<S extends z.ZodType> = z.output<S>;

export class StockyardService extends StockyardQueries {
  /** Layout and yard settings (settings › Yards & paddocks). */
  readonly setupCommands = new StockyardSetupCommands(this.ctx, this);

  // ---------- moving head within the yard ----------

  unloadDeliveryToPen(input: In<typeof UnloadBody>) {
    return this.#actUndoable((w) =>
      undoable(w, input.stockMobId, input.penId, () => moves.unloadDeliveryToPen(w, input))
    );
  }

  moveOrMergeMobs(input: In<typeof MoveBody>) {
    return this.#actUndoable((w) =>
      undoable(w, input.stockMobId, input.toPenId, () => moves.moveOrMergeMobs(w, input))
    );
  }

  /** Puts back exactly what one move, merge or unload changed (undo.ts). */
  undoYardMove(moveId: number) {
    return this.#act((w) => undoYardMove(w, moveId));
  }

  updateMobInPen(input: In<typeof UpdateMobBody>) {
    return this.#act((w) => moves.updateMobInPen(w, input));
  }

  markPenPendingKill(input: In<typeof PendingKillBody>) {
    return this.#act((w) => moves.markPenPendingKill(w, input));
  }

  reservePens(input: In<typeof ReservePensBody>) {
    return this.#act((w) => moves.reservePens(w, input));
  }

  unreservePens(input: In<typeof UnreservePensBody>) {
    return this.#act((w) => moves.unreservePens(w, input));
  }

  // ---------- leaving the pen ----------

  sendToKillFloor(input: In<typeof KillFloorBody>) {
    return this.#act((w) => departures.sendToKillFloor(w, input));
  }

  sendToUnfit(input: In<typeof UnfitBody>) {
    return this.#act((w) => departures.sendToUnfit(w, input));
  }

  emptyBin(stockyardId: number) {
    return this.#act((w) => departures.emptyBin(w, stockyardId));
  }

  moveBetweenYards(input: In<typeof MoveBetweenYardsBody>) {
    return this.#act((w) => departures.moveBetweenYards(w, input));
  }

  carryOverLivestock(input: In<typeof CarryOverBody>) {
    return this.#act((w) => departures.carryOverLivestock(w, input));
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
    return this.#act(async (w) => {
      const { tx } = w;
      const [order] = await tx.select().from(livestockOrders).where(eq(livestockOrders.id, livestockOrderId));
      if (!order) throw ApiError.notFound("That order does not exist.");
      const { set, action } = decide(order);
      await tx.update(livestockOrders).set({ ...set, lastModified: nextModified(order.lastModified) })
        .where(eq(livestockOrders.id, order.id));
      await w.audit({ entity: "livestockOrder", entityId: order.id, action });
      return {
        yardId,
        penIds: [],
        reason: "delivery",
        orderIds: [order.id],
        deliveryDate: order.deliveryDate,
      };
    });
  }

  /** A move, merge or unload: the yard, and how to undo it. */
  async #actUndoable(work: (w: YardTx) => Promise<Touched>) {
    let undo: Touched["undo"];
    const view = await this.#act(async (w) => {
      const touched = await work(w);
      undo = touched.undo;
      return touched;
    });
    return { ...view, undo: undo! };
  }

  /** Runs one action in one transaction, then tells the yard's screens and answers the yard. */
  async #act(
    work: (w: YardTx) => Promise<Touched>,
  ) {
    const touched = await this.ctx.db.transaction((tx) =>
      work(new YardTx(tx, this.ctx, (id) => this.yard(id, tx)))
    );
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
}
