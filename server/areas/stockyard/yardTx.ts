/**
 * The pieces every stockyard action is made of, inside its one unit of work (each takes the `Unit`): the
 * mob and pen as they are now (409 when the client's copy is stale), the pen rules, landing head in a pen
 * (merge, move or split). How an action runs and what it answers is actions.ts.
 */
import { mobChecksOf } from "./operations/mobChecks.ts";
import { and, eq, gt, inArray } from "drizzle-orm";
import { mobRequirements, pens, stockMobs } from "../../../db/tenant/schema.ts";
import { ApiError } from "../../http/errors.ts";
import { nextModified, type Unit } from "../context.ts";
import {
  isMovable,
  mergeQuestion,
  overCapacity,
  refuseHead,
  refuseLoad,
  settleSeparatedHead,
  statusInYard,
  statusWhenMarkedPending,
  yardTakes,
} from "./rules.ts";
import { findYard, MOB_ENTITY, type MobRow, type PenRow, type YardRow } from "./queries.ts";
import { boxedLotRefsOf } from "../livestock/boxing/queries.ts";

export const CHANGED =
  "Someone else changed this mob since your screen showed it. The yard has been reloaded.";
export const PEN_CHANGED =
  "Someone else changed this pen since your screen showed it. The yard has been reloaded.";
export const NOT_IN_PEN = "That mob is no longer in a pen. The yard has been reloaded.";

/** What the caller has confirmed for this landing (a merge, head above the pen's capacity). */
export interface Confirmed {
  confirmMerge: boolean;
  confirmOverCapacity: boolean;
}

/** A yard of the caller's sites, read in the unit's transaction, else 404. */
export function yardOf(unit: Unit, id: number): Promise<YardRow> {
  return findYard(unit.ctx, id, unit.tx);
}

/** The mob, unchanged since the client read it. */
export async function currentMob(unit: Unit, id: number, lastModified: string): Promise<MobRow> {
  const [mob] = await unit.tx.select().from(stockMobs).where(eq(stockMobs.id, id));
  if (!mob) throw ApiError.notFound("That mob does not exist.");
  if (mob.lastModified !== lastModified) throw ApiError.conflict(CHANGED);
  if (mob.head <= 0) throw ApiError.conflict(CHANGED);
  return mob;
}

/** A mob that can leave its pen (unchanged since the client read it) and that pen: a move's starting point. */
export async function movableMob(unit: Unit, id: number, lastModified: string) {
  const mob = await currentMob(unit, id, lastModified);
  if (mob.penId === null || !isMovable(mob.mobStatus)) {
    throw ApiError.conflict(NOT_IN_PEN);
  }
  return { mob, pen: await penOf(unit, mob.penId) };
}

export async function penOf(unit: Unit, id: number): Promise<PenRow> {
  const [pen] = await unit.tx.select().from(pens).where(eq(pens.id, id));
  if (!pen) throw ApiError.notFound("That pen does not exist.");
  await yardOf(unit, pen.stockyardId); // a pen of a yard the caller cannot see does not exist either
  return pen;
}

/** Pens of yards of the caller's sites. */
export async function pensOf(unit: Unit, ids: number[], required = true): Promise<PenRow[]> {
  if (!ids.length) return [];
  const rows = await unit.tx.select().from(pens).where(inArray(pens.id, ids));
  if (required && rows.length !== new Set(ids).size) throw ApiError.notFound("That pen does not exist.");
  for (const yardId of new Set(rows.map((p) => p.stockyardId))) await yardOf(unit, yardId);
  return rows;
}

/** The mobs holding head in a pen. */
export function contents(unit: Unit, penId: number) {
  return unit.tx.select().from(stockMobs).where(and(eq(stockMobs.penId, penId), gt(stockMobs.head, 0)));
}

/** A pen's content as the pen rules see it. */
export async function penState(unit: Unit, penId: number) {
  const mobs = await contents(unit, penId);
  const lots = await boxedLotRefsOf(unit.tx, mobs.map((m) => m.livestockOrderId));
  const checks = mobs.length
    ? await unit.tx.select().from(mobRequirements).where(and(
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
    boxedLotRef: lots.get(m.livestockOrderId) ?? null,
  }));
}

/** The head asked for, when the mob has that many (else 400 on `head`). */
export function headToMove(head: number, available: number): number {
  const refusal = refuseHead(head, available);
  if (refusal) throw ApiError.validation([{ field: "head", message: refusal }]);
  return head;
}

/** The yard is in use and takes this mob's species (any-species yards take all). */
export function assertYardTakes(yard: YardRow, mob: MobRow) {
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
export async function land(
  unit: Unit,
  mob: MobRow,
  pen: PenRow,
  yard: YardRow,
  head: number,
  confirmed: Confirmed,
): Promise<MobRow> {
  const { tx } = unit;
  const inPen = await penState(unit, pen.id);
  const lot = (await boxedLotRefsOf(unit.tx, [mob.livestockOrderId])).get(mob.livestockOrderId) ?? null;
  const refusal = refuseLoad({ ...pen, contents: inPen }, mob.livestockOrderId, lot);
  if (refusal) throw ApiError.validation([{ field: "penId", message: refusal }]);
  const sameOrder = inPen.find((c) => c.livestockOrderId === mob.livestockOrderId && c.stockMobId !== mob.id);
  askFirst(mob, pen, head, inPen, sameOrder, confirmed);
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
    await take(unit, mob, head, head === mob.head ? into.id : undefined);
  } else if (head === mob.head) {
    [landed] = await tx.update(stockMobs).set({
      penId: pen.id,
      stockyardId: yard.id,
      mobStatus,
      separatedHead: settleSeparatedHead(mob.separatedHead, mob.head),
      lastModified: nextModified(mob.lastModified),
    }).where(eq(stockMobs.id, mob.id)).returning();
  } else {
    landed = await split(unit, mob, head, {
      penId: pen.id,
      stockyardId: yard.id,
      mobStatus,
      separatedHead: 0,
    });
  }
  await ensureRequirements(unit, landed.id);
  await touchPen(unit, pen, { clearReservation: pen.livestockOrderReservedForId === mob.livestockOrderId });
  return landed;
}

/**
 * Takes `head` from a mob (what is left keeps a settled separated head); `mergedIntoId`: all of it
 * joined that mob, recorded so ids sent to the plant still find their head.
 */
export async function take(unit: Unit, mob: MobRow, head: number, mergedIntoId?: number) {
  const left = mob.head - head;
  await unit.tx.update(stockMobs).set({
    head: left,
    ...(mergedIntoId ? { mergedIntoId } : {}),
    separatedHead: settleSeparatedHead(mob.separatedHead, left),
    lastModified: nextModified(mob.lastModified),
  }).where(eq(stockMobs.id, mob.id));
}

/** A new mob of `head` taken from `mob`, with its requirement ticks copied. */
export async function split(unit: Unit, mob: MobRow, head: number, where: Partial<MobRow>): Promise<MobRow> {
  const { tx } = unit;
  const now = new Date().toISOString();
  const { id: _id, ...rest } = mob;
  const [made] = await tx.insert(stockMobs).values({
    ...rest,
    ...where,
    head,
    createdAt: now,
    lastModified: now,
  })
    .returning();
  const ticks = await tx.select().from(mobRequirements).where(eq(mobRequirements.stockMobId, mob.id));
  if (ticks.length) {
    await tx.insert(mobRequirements).values(ticks.map(({ id: _r, ...t }) => ({ ...t, stockMobId: made.id })));
  }
  await take(unit, mob, head);
  await unit.audit({ entity: MOB_ENTITY, entityId: made.id, action: `Split ${head} head off mob ${mob.id}` });
  return made;
}

/** A mob in a pen has the plant's checks (by default NVD, ante-mortem, water and feed) to tick. */
export async function ensureRequirements(unit: Unit, stockMobId: number) {
  const [any] = await unit.tx.select({ id: mobRequirements.id }).from(mobRequirements)
    .where(eq(mobRequirements.stockMobId, stockMobId)).limit(1);
  if (any) return;
  const checks = await mobChecksOf(unit.tx);
  await unit.tx.insert(mobRequirements).values(checks.map((name) => ({ stockMobId, name })));
}

/** Bumps the pen (a concurrent action on it conflicts) and optionally uses up its reservation. */
export async function touchPen(unit: Unit, pen: PenRow, opts: { clearReservation?: boolean } = {}) {
  await unit.tx.update(pens).set({
    lastModified: nextModified(pen.lastModified),
    ...(opts.clearReservation ? { livestockOrderReservedForId: null } : {}),
  }).where(eq(pens.id, pen.id));
}

/** A pen left empty is no longer pending kill. */
export async function afterLeaving(unit: Unit, pen: PenRow) {
  const left = await contents(unit, pen.id);
  await unit.tx.update(pens).set({
    lastModified: nextModified(pen.lastModified),
    ...(left.length ? {} : { isContentPendingKill: false }),
  }).where(eq(pens.id, pen.id));
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
