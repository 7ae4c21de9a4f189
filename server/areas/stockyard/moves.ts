/**
 * Stockyard actions that move head within a yard (spec 1 §4 "Actions", §5): unload a delivery into a pen,
 * move or merge mobs, a mob's checks and separated head, pending kill, and pen reservations. Each runs
 * inside StockyardService's one transaction (commands.ts) and answers what it touched.
 */
import { eq } from "drizzle-orm";
import type { z } from "@hono/zod-openapi";
import { livestockOrders, mobRequirements, pens, stockMobs } from "../../../db/tenant/schema.ts";
import { ApiError } from "../../http/errors.ts";
import { nextModified } from "../context.ts";
import { displayName } from "../audit.ts";
import { MOB_STATUS, ORDER_STATUS } from "../../../kernel/enums.ts";
import {
  isMovable,
  refuseLoad,
  settleSeparatedHead,
  statusWhenMarkedPending,
  statusWhenUnmarkedPending,
} from "./rules.ts";
import { MOB_ENTITY } from "./queries.ts";
import { NOT_IN_PEN, PEN_CHANGED, type Touched, type YardTx } from "./yardTx.ts";
import type {
  MoveBody,
  PendingKillBody,
  ReservePensBody,
  UnloadBody,
  UnreservePensBody,
  UpdateMobBody,
} from "./schemas.ts";

type In<S extends z.ZodType> = z.output<S>;

/** Unloads a waiting delivery (or a mob arriving from another yard) into a pen, all or part of it. */
export async function unloadDeliveryToPen(w: YardTx, input: In<typeof UnloadBody>): Promise<Touched> {
  const mob = await w.mob(input.stockMobId, input.lastModified);
  const pen = await w.pen(input.penId);
  const yard = await w.yard(pen.stockyardId);
  const arriving = mob.mobStatus === MOB_STATUS.MovingBetweenYards && mob.stockyardId === yard.id;
  const waiting = mob.penId === null && mob.stockyardId === null && !mob.isInBin &&
    isMovable(mob.mobStatus);
  if (!arriving && !waiting) {
    throw ApiError.conflict("That mob has already been unloaded. The yard has been reloaded.");
  }
  w.fits(yard, mob);
  const head = w.head(input.head ?? mob.head, mob.head);
  const target = await w.land(mob, pen, yard, head, input);
  const label = `Unloaded ${head} head into pen ${pen.name}`;
  await w.audit({
    entity: MOB_ENTITY,
    entityId: target.id,
    action: `${label} (${yard.name})`,
    after: { penId: pen.id, head },
  });
  if (waiting) await w.countUnloaded(mob.livestockOrderId, head);
  return { yardId: yard.id, penIds: [pen.id], reason: "unload", label };
}

/** Moves a mob, or part of it, to another pen of the yard; it merges with the same order's mob there. */
export async function moveOrMergeMobs(w: YardTx, input: In<typeof MoveBody>): Promise<Touched> {
  const mob = await w.mob(input.stockMobId, input.lastModified);
  if (mob.penId === null || !isMovable(mob.mobStatus)) {
    throw ApiError.conflict(NOT_IN_PEN);
  }
  const from = await w.pen(mob.penId);
  const to = await w.pen(input.toPenId);
  if (from.id === to.id) {
    throw ApiError.validation([{ field: "toPenId", message: "Choose another pen." }]);
  }
  if (from.stockyardId !== to.stockyardId) {
    throw ApiError.validation([{
      field: "toPenId",
      message: "That pen is in another yard: use “Move to another yard”.",
    }]);
  }
  const yard = await w.yard(to.stockyardId);
  const head = w.head(input.head ?? mob.head, mob.head);
  const landed = await w.land(mob, to, yard, head, input);
  await w.afterLeaving(from);
  // landing in the same order's mob leaves it holding more than the head moved (a split holds just it)
  const label = landed.id !== mob.id && landed.head > head
    ? `Merged ${head} head of mob ${mob.id} into mob ${landed.id} in pen ${to.name}`
    : `Moved ${head} head from pen ${from.name} to pen ${to.name}`;
  await w.audit({
    entity: MOB_ENTITY,
    entityId: mob.id,
    action: label,
    before: { penId: from.id },
    after: { penId: to.id, head },
  });
  return { yardId: yard.id, penIds: [from.id, to.id], reason: "move", label };
}

/** Separated head and requirement ticks of a mob in a pen. */
export async function updateMobInPen(w: YardTx, input: In<typeof UpdateMobBody>): Promise<Touched> {
  const { tx } = w;
  const mob = await w.mob(input.stockMobId, input.lastModified);
  if (mob.penId === null) {
    throw ApiError.conflict(NOT_IN_PEN);
  }
  const pen = await w.pen(mob.penId);
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
        completedBy: tick.isComplete ? displayName(w.ctx.caller) : null,
        completedAt: tick.isComplete ? new Date().toISOString() : null,
      }).where(eq(mobRequirements.id, requirement.id));
      changes.push(`${requirement.name} ${tick.isComplete ? "done" : "not done"}`);
    }
    await tx.update(stockMobs).set({ lastModified: nextModified(mob.lastModified) })
      .where(eq(stockMobs.id, mob.id));
  }
  await w.touchPen(pen);
  if (changes.length) {
    await w.audit({ entity: MOB_ENTITY, entityId: mob.id, action: changes.join("; ") });
  }
  return { yardId: pen.stockyardId, penIds: [pen.id], reason: "update" };
}

/** Marks a pen's content pending the kill floor (status rises) or takes the mark off (spec 1 §4). */
export async function markPenPendingKill(w: YardTx, input: In<typeof PendingKillBody>): Promise<Touched> {
  const { tx } = w;
  const pen = await w.pen(input.penId);
  if (pen.lastModified !== input.lastModified) throw ApiError.conflict(PEN_CHANGED);
  await w.yard(pen.stockyardId);
  const content = await w.contents(pen.id);
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
    await w.audit({
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
}

/** Keeps pens for an order: empty pens, or pens already holding it (spec 1 §5). */
export async function reservePens(w: YardTx, input: In<typeof ReservePensBody>): Promise<Touched> {
  const { tx } = w;
  const [order] = await tx.select().from(livestockOrders).where(
    eq(livestockOrders.id, input.livestockOrderId),
  );
  if (!order || order.orderStatus === ORDER_STATUS.Cancelled) {
    throw ApiError.notFound("That order does not exist.");
  }
  const rows = await w.pens(input.penIds);
  for (const pen of rows) {
    const state = { ...pen, contents: await w.state(pen.id) };
    const refusal = refuseLoad(state, order.id);
    if (refusal) throw ApiError.validation([{ field: "penIds", message: refusal }]);
    await tx.update(pens).set({
      livestockOrderReservedForId: order.id,
      lastModified: nextModified(pen.lastModified),
    })
      .where(eq(pens.id, pen.id));
  }
  await w.audit({
    entity: "livestockOrder",
    entityId: order.id,
    action: `Pens reserved: ${rows.map((p) => p.name).join(", ")}`,
  });
  return { yardId: rows[0].stockyardId, penIds: rows.map((p) => p.id), reason: "reserve" };
}

/** Takes the reservations off pens. */
export async function unreservePens(w: YardTx, input: In<typeof UnreservePensBody>): Promise<Touched> {
  const { tx } = w;
  const rows = await w.pens(input.penIds);
  for (const pen of rows) {
    if (pen.livestockOrderReservedForId === null) continue;
    await tx.update(pens).set({
      livestockOrderReservedForId: null,
      lastModified: nextModified(pen.lastModified),
    })
      .where(eq(pens.id, pen.id));
    await w.audit({
      entity: "livestockOrder",
      entityId: pen.livestockOrderReservedForId,
      action: `Pen ${pen.name} no longer reserved`,
    });
  }
  return { yardId: rows[0].stockyardId, penIds: rows.map((p) => p.id), reason: "unreserve" };
}
