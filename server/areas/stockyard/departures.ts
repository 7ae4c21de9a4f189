/**
 * Stockyard actions by which head leaves its pen (spec 1 §4 "Actions"): to the kill floor, to the unfit
 * bin (and the bin emptied), to another yard, and stock carried over to a later production day. Each runs
 * inside StockyardService's one transaction (commands.ts) and answers what it touched.
 */
import { and, eq, gt, inArray, lte } from "drizzle-orm";
import type { z } from "@hono/zod-openapi";
import { livestockOrders, stockMobs } from "../../../db/tenant/schema.ts";
import { ApiError } from "../../http/errors.ts";
import { nextModified } from "../context.ts";

import { MOB_STATUS, ORDER_STATUS } from "../../../kernel/enums.ts";
import { isMovable } from "./rules.ts";
import { MOB_ENTITY } from "./queries.ts";
import { NOT_IN_PEN, type Touched, type YardTx } from "./yardTx.ts";
import type { CarryOverBody, KillFloorBody, MoveBetweenYardsBody, UnfitBody } from "./schemas.ts";

type In<S extends z.ZodType> = z.output<S>;

/** Sends mobs, or every mob of an order still in the yard, to the kill floor. */
export async function sendToKillFloor(w: YardTx, input: In<typeof KillFloorBody>): Promise<Touched> {
  const stockyardId = input.stockyardId;

  const { tx } = w;
  const where = input.livestockOrderId !== undefined
    ? eq(stockMobs.livestockOrderId, input.livestockOrderId)
    : inArray(stockMobs.id, input.stockMobIds ?? []);
  const mobs = (await tx.select().from(stockMobs).where(and(where, gt(stockMobs.head, 0))))
    .filter((m) => isMovable(m.mobStatus) && !m.isInBin && (m.penId !== null || m.stockyardId === null));
  if (!mobs.length) {
    throw ApiError.conflict("Nothing of that is left in the yard. The yard has been reloaded.");
  }
  const penRows = await w.pens(
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
    await w.audit({
      entity: MOB_ENTITY,
      entityId: mob.id,
      action: `Sent ${mob.head} head to the kill floor${input.isLastShift ? " (as last shift)" : ""}`,
      before: { mobStatus: mob.mobStatus, penId: mob.penId },
      after: { mobStatus: MOB_STATUS.AtKillFloor },
    });
  }
  for (const pen of penRows) await w.afterLeaving(pen);
  const orderIds = [...new Set(mobs.map((m) => m.livestockOrderId))];
  await tx.update(livestockOrders).set({ orderStatus: ORDER_STATUS.InProcessing, lastModified: at })
    .where(
      and(inArray(livestockOrders.id, orderIds), lte(livestockOrders.orderStatus, ORDER_STATUS.Unloaded)),
    );
  if (!yardId) {
    throw ApiError.validation([{ field: "stockyardId", message: "Say which yard you are in." }]);
  }
  return { yardId, penIds: penRows.map((p) => p.id), reason: "killFloor" };
}

/** Takes head out of a mob into the yard's unfit bin, with the reason (spec 1 §4). */
export async function sendToUnfit(w: YardTx, input: In<typeof UnfitBody>): Promise<Touched> {
  const mob = await w.mob(input.stockMobId, input.lastModified);
  if (mob.penId === null || !isMovable(mob.mobStatus)) {
    throw ApiError.conflict(NOT_IN_PEN);
  }
  const pen = await w.pen(mob.penId);
  const yard = await w.yard(pen.stockyardId);
  if (!yard.isIncludeUnfitBin) {
    throw ApiError.validation([{ field: "stockMobId", message: `${yard.name} has no unfit bin.` }]);
  }
  const head = w.head(input.head, mob.head);
  await w.split(mob, head, {
    penId: null,
    stockyardId: yard.id,
    isInBin: true,
    mobStatus: MOB_STATUS.Unfit,
    separatedHead: 0,
    reasonSentToBin: input.reason,
  });
  await w.afterLeaving(pen);
  await w.audit({
    entity: MOB_ENTITY,
    entityId: mob.id,
    action: `Sent ${head} head from pen ${pen.name} to the unfit bin`,
    reason: input.reason,
  });
  return { yardId: yard.id, penIds: [pen.id], reason: "unfit" };
}

/** The bin's head are taken away (condemned or sent off): they leave the yard, still counted as unfit. */
export async function emptyBin(w: YardTx, stockyardId: number): Promise<Touched> {
  const { tx } = w;
  const yard = await w.yard(stockyardId);
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
    await w.audit({
      entity: MOB_ENTITY,
      entityId: mob.id,
      action: `Unfit bin of ${yard.name} emptied (${mob.head} head)`,
    });
  }
  return { yardId: yard.id, penIds: [], reason: "emptyBin" };
}

/** A mob leaves its pen for another yard of the site; it shows there as arriving until unloaded. */
export async function moveBetweenYards(w: YardTx, input: In<typeof MoveBetweenYardsBody>): Promise<Touched> {
  const { tx } = w;
  const mob = await w.mob(input.stockMobId, input.lastModified);
  if (mob.penId === null || !isMovable(mob.mobStatus)) {
    throw ApiError.conflict(NOT_IN_PEN);
  }
  const pen = await w.pen(mob.penId);
  const from = await w.yard(pen.stockyardId);
  const to = await w.yard(input.toStockyardId);
  if (to.id === from.id || to.tenantSiteId !== from.tenantSiteId) {
    throw ApiError.validation([{ field: "toStockyardId", message: "Choose another yard of this site." }]);
  }
  w.fits(to, mob);
  await tx.update(stockMobs).set({
    penId: null,
    stockyardId: to.id,
    separatedHead: 0,
    mobStatus: MOB_STATUS.MovingBetweenYards,
    lastModified: nextModified(mob.lastModified),
  }).where(eq(stockMobs.id, mob.id));
  await w.afterLeaving(pen);
  await w.audit({
    entity: MOB_ENTITY,
    entityId: mob.id,
    action: `Moving from ${from.name} (pen ${pen.name}) to ${to.name}`,
    before: { mobStatus: mob.mobStatus, stockyardId: from.id },
    after: { mobStatus: MOB_STATUS.MovingBetweenYards, stockyardId: to.id },
  });
  return { yardId: from.id, penIds: [pen.id], reason: "moveYard", alsoYardId: to.id };
}

/** Livestock due today or earlier that is still in the yard is carried to a later production day. */
export async function carryOverLivestock(w: YardTx, input: In<typeof CarryOverBody>): Promise<Touched> {
  if (input.toDate <= w.ctx.today) {
    throw ApiError.validation([{ field: "toDate", message: "Carry over to a day after today." }]);
  }

  const { tx } = w;
  const yard = await w.yard(input.stockyardId);
  const due = (await tx.select().from(stockMobs).where(and(
    eq(stockMobs.stockyardId, yard.id),
    gt(stockMobs.head, 0),
    gt(stockMobs.penId, 0),
  ))).filter((m) => (m.applicableProductionDate ?? "") <= w.ctx.today);
  for (const mob of due) {
    await tx.update(stockMobs).set({
      applicableProductionDate: input.toDate,
      lastModified: nextModified(mob.lastModified),
    }).where(eq(stockMobs.id, mob.id));
    await w.audit({
      entity: MOB_ENTITY,
      entityId: mob.id,
      action: `Carried over to ${input.toDate}`,
      before: { applicableProductionDate: mob.applicableProductionDate },
      after: { applicableProductionDate: input.toDate },
    });
  }
  return { yardId: yard.id, penIds: [...new Set(due.map((m) => m.penId!))], reason: "carryOver" };
}
