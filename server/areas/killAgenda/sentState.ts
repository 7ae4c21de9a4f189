/**
 * Reads behind "changed since sent" and "ready to send" (the rules are in sent.ts): which mobs were
 * merged into which (the yard records it on the mob), and each lot's delivery, yard checks and NVD.
 * Reads only: the yard's and the orders' tables belong to their areas.
 */
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import type { z } from "@hono/zod-openapi";
import { livestockOrders, mobRequirements, stockMobs } from "../../../db/tenant/schema.ts";
import type { AreaContext } from "../context.ts";
import { MOB_STATUS } from "../../../kernel/enums.ts";
import type { AgendaRow } from "./agendaTx.ts";
import { changesSinceSent, notReadyProblems, type SentChanges, type SentLot } from "./sent.ts";
import { lotName } from "./rules.ts";
import type { AgendaItem, NotReadyLot } from "./schemas.ts";

type Item = z.output<typeof AgendaItem>;
type Db = AreaContext["db"];

/** The lots of a day as the plant is sent them. */
export const lotsToSend = (items: readonly Item[]): SentLot[] =>
  items.map((i) => ({
    killOrder: i.killAgendaOrderNumber,
    livestockOrderId: i.livestockOrderId,
    stockMobId: i.stockMobId,
    lot: i.agendaLotReference,
    suffix: i.agendaLotReferenceSuffix,
    head: i.numberOfHead,
  }));

/** Mob id → the mob it was merged into, for these ids and the mobs they went into (chains followed). */
export async function mergesOf(db: Db, mobIds: readonly number[]): Promise<Map<number, number>> {
  const merged = new Map<number, number>();
  let ask = [...new Set(mobIds)];
  for (let depth = 0; ask.length && depth < 10; depth++) {
    const rows = await db.select({ id: stockMobs.id, into: stockMobs.mergedIntoId }).from(stockMobs)
      .where(and(inArray(stockMobs.id, ask), isNotNull(stockMobs.mergedIntoId)));
    ask = [];
    for (const r of rows) {
      merged.set(r.id, r.into!);
      if (!merged.has(r.into!)) ask.push(r.into!);
    }
  }
  return merged;
}

/** How each sent agenda's lots differ from its items now (by agenda id; absent: never sent). */
export async function sentChangesOf(
  db: Db,
  agendas: readonly { row: AgendaRow; items: readonly Item[] }[],
): Promise<Map<number, SentChanges | null>> {
  const sent = agendas.filter((a) => a.row.sentLots);
  const out = new Map<number, SentChanges | null>();
  if (!sent.length) return out;
  const merges = await mergesOf(
    db,
    sent.flatMap((a) => a.row.sentLots!.flatMap((l) => (l.stockMobId ? [l.stockMobId] : []))),
  );
  for (const a of sent) out.set(a.row.id, changesSinceSent(a.row.sentLots!, lotsToSend(a.items), merges));
  return out;
}

/** The day's lots that are not ready for the kill: not delivered, yard checks to do, no NVD. */
export async function notReadyLots(db: Db, items: readonly Item[]): Promise<z.output<typeof NotReadyLot>[]> {
  const mobIds = items.flatMap((i) => (i.stockMobId ? [i.stockMobId] : []));
  const orderIds = [...new Set(items.map((i) => i.livestockOrderId))];
  const [checks, orders, mobs] = await Promise.all([
    mobIds.length
      ? db.select({ mobId: mobRequirements.stockMobId, name: mobRequirements.name }).from(mobRequirements)
        .where(and(inArray(mobRequirements.stockMobId, mobIds), eq(mobRequirements.isComplete, false)))
      : [],
    db.select({ id: livestockOrders.id, nvd: livestockOrders.nvd }).from(livestockOrders)
      .where(inArray(livestockOrders.id, orderIds)),
    mobIds.length
      ? db.select({ id: stockMobs.id, stockyardId: stockMobs.stockyardId }).from(stockMobs)
        .where(inArray(stockMobs.id, mobIds))
      : [],
  ]);
  const outstanding = Map.groupBy(checks, (c) => c.mobId);
  const nvdOf = new Map(orders.map((o) => [o.id, o.nvd]));
  const neverPenned = new Set(mobs.filter((m) => m.stockyardId === null).map((m) => m.id));
  return items.flatMap((i) => {
    const atKillFloor = i.mobStatusNumber === MOB_STATUS.AtKillFloor;
    const { reasons, problems } = notReadyProblems({
      delivered: i.stockMobId !== null,
      checksToDo: i.stockMobId
        ? neverPenned.has(i.stockMobId) && !atKillFloor
          ? ["not yet penned"]
          : (outstanding.get(i.stockMobId) ?? []).map((c) => c.name)
        : [],
      nvd: nvdOf.get(i.livestockOrderId) ?? "",
      atKillFloor,
    });
    return reasons.length
      ? [{
        itemId: i.id,
        killOrder: i.killAgendaOrderNumber,
        lot: `${lotName(i.agendaLotReference, i.livestockOrderId)}${i.agendaLotReferenceSuffix}`,
        supplierName: i.supplierName,
        head: i.numberOfHead,
        reasons,
        problems,
      }]
      : [];
  });
}
