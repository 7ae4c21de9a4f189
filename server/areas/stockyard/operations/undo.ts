/**
 * Undoing a yard move, merge or unload (issue 36; docs/decisions.md "The live yard: looking is not
 * moving"): each of
 * them records, in its own transaction, every row it changed as it was before and after (the order's
 * mobs, the two pens, the order's unloaded count), as one audit row of entity `yardMove`. Undoing puts
 * exactly those values back, once, by whoever made the move, within UNDO_WINDOW_MS, and only when none
 * of those mobs has changed since (a tick, a separated head, another move all bump a mob's
 * lastModified): otherwise a 409 says what changed and nothing is touched.
 */
import { and, desc, eq, inArray } from "drizzle-orm";
import { auditLog, livestockOrders, mobRequirements, pens, stockMobs } from "../../../../db/tenant/schema.ts";
import { ApiError } from "../../../http/errors.ts";
import { type AreaContext, nextModified, type Unit } from "../../context.ts";
import { takeBackUnloadedHead } from "../../livestock/orders/writes.ts";
import { refuseLoad } from "../rules.ts";
import { MOB_ENTITY } from "../queries.ts";
import { type Touched, yardAction } from "../actions.ts";
import { penOf, penState, yardOf } from "../yardTx.ts";

const MOVE_ENTITY = "yardMove";
const UNDONE_ENTITY = "yardMoveUndone";
/** The server's window; the screen offers Undo for a shorter while (its toast). */
export const UNDO_WINDOW_MS = 2 * 60_000;

const MOB_FIELDS = ["head", "penId", "stockyardId", "mobStatus", "separatedHead", "mergedIntoId"] as const;
type MobFields = Pick<typeof stockMobs.$inferSelect, (typeof MOB_FIELDS)[number]>;
interface PenFields {
  livestockOrderReservedForId: number | null;
  isContentPendingKill: boolean;
}
interface OrderFields {
  totalUnloaded: number;
  orderStatus: number;
}

/** What one move changed: enough to put it back, and to know whether anything changed since. */
interface MoveRecord {
  label: string;
  yardId: number;
  orderId: number;
  sourceMobId: number;
  /** before: null for a mob the move made (split off) */
  mobs: { id: number; before: MobFields | null; after: MobFields; lastModified: string }[];
  pens: { id: number; before: PenFields; after: PenFields }[];
  order: { before: OrderFields; after: OrderFields };
  /** checks the move gave a mob that had none */
  requirementIds: number[];
}

async function snapshot(unit: Unit, orderId: number, penIds: number[]) {
  const { tx } = unit;
  const mobs = await tx.select().from(stockMobs).where(eq(stockMobs.livestockOrderId, orderId));
  const penRows = penIds.length ? await tx.select().from(pens).where(inArray(pens.id, penIds)) : [];
  const [order] = await tx.select().from(livestockOrders).where(eq(livestockOrders.id, orderId));
  const requirements = mobs.length
    ? await tx.select({ id: mobRequirements.id, stockMobId: mobRequirements.stockMobId })
      .from(mobRequirements).where(inArray(mobRequirements.stockMobId, mobs.map((m) => m.id)))
    : [];
  return { mobs, penRows, order, requirements };
}

const mobFields = (m: typeof stockMobs.$inferSelect): MobFields =>
  Object.fromEntries(MOB_FIELDS.map((f) => [f, m[f]])) as MobFields;
const penFields = (p: typeof pens.$inferSelect): PenFields => ({
  livestockOrderReservedForId: p.livestockOrderReservedForId,
  isContentPendingKill: p.isContentPendingKill,
});

/** An undo ticket: the move's audit row, its words, and until when it can be undone. */
export interface UndoTicket {
  moveId: number;
  label: string;
  until: string;
}

/**
 * Runs a move, merge or unload of `stockMobId` towards `toPenId` in the unit and records how to undo it
 * (undoableYardAction, below); answers what it touched and the undo ticket.
 */
export async function recordUndo(
  unit: Unit,
  stockMobId: number,
  toPenId: number,
  work: () => Promise<Touched>,
): Promise<{ touched: Touched; undo?: UndoTicket }> {
  const [mob] = await unit.tx.select().from(stockMobs).where(eq(stockMobs.id, stockMobId));
  if (!mob) return { touched: await work() }; // (work answers the 404)
  const penIds = [...new Set([toPenId, ...(mob.penId !== null ? [mob.penId] : [])])];
  const before = await snapshot(unit, mob.livestockOrderId, penIds);
  const touched = await work();
  const after = await snapshot(unit, mob.livestockOrderId, penIds);
  const was = new Map(before.mobs.map((m) => [m.id, m]));
  const known = new Set(before.requirements.map((r) => r.id));
  const record: MoveRecord = {
    label: touched.label ?? "Yard move",
    yardId: touched.yardId,
    orderId: mob.livestockOrderId,
    sourceMobId: mob.id,
    mobs: after.mobs.filter((m) => m.lastModified !== was.get(m.id)?.lastModified).map((m) => ({
      id: m.id,
      before: was.has(m.id) ? mobFields(was.get(m.id)!) : null,
      after: mobFields(m),
      lastModified: m.lastModified,
    })),
    pens: after.penRows.map((p) => ({
      id: p.id,
      before: penFields(before.penRows.find((b) => b.id === p.id)!),
      after: penFields(p),
    })),
    order: {
      before: { totalUnloaded: before.order.totalUnloaded, orderStatus: before.order.orderStatus },
      after: { totalUnloaded: after.order.totalUnloaded, orderStatus: after.order.orderStatus },
    },
    requirementIds: after.requirements.filter((r) => !known.has(r.id) && was.has(r.stockMobId))
      .map((r) => r.id),
  };
  await unit.audit({ entity: MOVE_ENTITY, entityId: mob.id, action: record.label, after: record });
  // the row just written: this write transaction holds the database's write lock
  const [row] = await unit.tx.select({ id: auditLog.id, at: auditLog.at }).from(auditLog)
    .orderBy(desc(auditLog.id)).limit(1);
  const until = new Date(row.at.getTime() + UNDO_WINDOW_MS).toISOString();
  return { touched, undo: { moveId: row.id, label: record.label, until } };
}

const refuse = (message: string) => ApiError.conflict(`${message} The move was not undone.`);

/** Puts back exactly what the move changed, or refuses (409) when that is no longer possible. */
export function undoYardMove(ctx: AreaContext, moveId: number) {
  return yardAction(ctx, (unit) => undo(unit, moveId));
}

async function undo(unit: Unit, moveId: number): Promise<Touched> {
  const { tx } = unit;
  const [row] = await tx.select().from(auditLog).where(
    and(eq(auditLog.id, moveId), eq(auditLog.entity, MOVE_ENTITY)),
  );
  if (!row) throw ApiError.notFound("That yard move does not exist.");
  const record = row.after as MoveRecord;
  await yardOf(unit, record.yardId); // a yard of the caller's sites, else 404
  if (row.userId !== unit.ctx.caller.user.id) {
    throw ApiError.forbidden(`Only ${row.userName}, who made that move, can undo it.`);
  }
  const [done] = await tx.select({ id: auditLog.id }).from(auditLog).where(
    and(eq(auditLog.entity, UNDONE_ENTITY), eq(auditLog.entityId, String(moveId))),
  );
  if (done) throw ApiError.conflict("That move has already been undone.");
  if (Date.now() - row.at.getTime() > UNDO_WINDOW_MS) {
    throw refuse(`It is more than ${UNDO_WINDOW_MS / 60_000} minutes old: move the mob back instead.`);
  }
  const ids = record.mobs.map((m) => m.id);
  const now = ids.length ? await tx.select().from(stockMobs).where(inArray(stockMobs.id, ids)) : [];
  for (const m of record.mobs) {
    const current = now.find((c) => c.id === m.id);
    if (!current || current.lastModified !== m.lastModified) {
      throw refuse(`Mob ${m.id} has changed since (a check, its head or its pen).`);
    }
  }
  // head going back into a pen: the pen must still take the order (spec 1 §5)
  for (const m of record.mobs) {
    if (!m.before?.penId || !m.before.head || m.before.penId === m.after.penId && m.after.head) continue;
    const pen = await penOf(unit, m.before.penId);
    const others = (await penState(unit, pen.id)).filter((c) => !ids.includes(c.stockMobId));
    const why = refuseLoad({ ...pen, contents: others }, record.orderId);
    if (why) throw refuse(why);
  }
  for (const m of record.mobs) {
    const current = now.find((c) => c.id === m.id)!;
    const back: Partial<MobFields> = m.before ??
      { head: 0, separatedHead: 0, mergedIntoId: record.sourceMobId };
    await tx.update(stockMobs).set({ ...back, lastModified: nextModified(current.lastModified) })
      .where(eq(stockMobs.id, m.id));
  }
  if (record.requirementIds.length) {
    await tx.delete(mobRequirements).where(inArray(mobRequirements.id, record.requirementIds));
  }
  for (const p of record.pens) {
    const [pen] = await tx.select().from(pens).where(eq(pens.id, p.id));
    if (!pen) continue;
    const set: Partial<PenFields> = {};
    // a pen field goes back only if the move's value is still there (nobody reserved it again since)
    for (const f of ["livestockOrderReservedForId", "isContentPendingKill"] as const) {
      if (pen[f] === p.after[f] && p.before[f] !== p.after[f]) Object.assign(set, { [f]: p.before[f] });
    }
    await tx.update(pens).set({ ...set, lastModified: nextModified(pen.lastModified) })
      .where(eq(pens.id, pen.id));
  }
  await takeBackUnloadedHead(unit, record.orderId, {
    unloaded: record.order.after.totalUnloaded - record.order.before.totalUnloaded,
    statusBefore: record.order.before.orderStatus,
    statusAfter: record.order.after.orderStatus,
  });
  await unit.audit({ entity: MOB_ENTITY, entityId: record.sourceMobId, action: `Undone: ${record.label}` });
  await unit.audit({ entity: UNDONE_ENTITY, entityId: moveId, action: `Undone: ${record.label}` });
  return {
    yardId: record.yardId,
    penIds: record.pens.map((p) => p.id),
    reason: "undo",
    label: record.label,
  };
}

/**
 * A move, merge or unload of `stockMobId` towards `toPenId`: run as yardAction, with what it changed
 * recorded so it can be undone (below); the answer carries the undo ticket.
 */
export async function undoableYardAction(
  ctx: AreaContext,
  stockMobId: number,
  toPenId: number,
  work: (unit: Unit) => Promise<Touched>,
) {
  let ticket: UndoTicket | undefined;
  const view = await yardAction(ctx, async (unit) => {
    const { touched, undo } = await recordUndo(unit, stockMobId, toPenId, () => work(unit));
    ticket = undo;
    return touched;
  });
  return { ...view, undo: ticket! };
}
