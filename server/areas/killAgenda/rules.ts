/**
 * Kill agenda rules (spec 1 §4 "unscheduled", the planner's drop rules; §5 focus date and estimated
 * carcasses; §9 planning window). Pure: the service, the pages and the planner island share them.
 */
import type { z } from "zod";
import { addDays } from "../../../kernel/dates.ts";
import { formatDate } from "../../../kernel/format.ts";
import { MOB_STATUS, ORDER_STATUS } from "../../../kernel/enums.ts";
import { targetOn, targetSiteOf } from "../livestock/volumeTargets/rules.ts";

/** The agenda as the API answers it: the islands' types (type-only: nothing of zod reaches the browser). */
export type AgendaView = z.output<typeof import("./schemas.ts").KillAgenda>;
export type AgendaItemView = z.output<typeof import("./schemas.ts").AgendaItem>;
export type WeekView = z.output<typeof import("./schemas.ts").SevenDayAgenda>;

import { PLANNING_DAYS } from "./limits.ts";
// what the islands run lives apart (boardRules.ts: the planner's JavaScript stays small)
export { formatCarcasses, groupsOf, insertGroup, moveGroup, moveTo } from "./boardRules.ts";
import { groupsOf } from "./boardRules.ts";
export { MAX_AGENDA_ITEMS, MAX_SIDE_LIST, PLANNING_DAYS } from "./limits.ts";

export const BEEF = 2;
export const PIG = 3;

/** The seven planning days from the focus day. */
export function planningDays(focusDay: string): string[] {
  return Array.from({ length: PLANNING_DAYS }, (_, i) => addDays(focusDay, i));
}

/** Spec 1 §5: the planning focus date cannot be before today. */
export function focusDayProblem(focusDay: string, today: string): string | null {
  return focusDay < today ? "The planner starts today or later." : null;
}

// ---------- what is on a day and what is not ----------

export interface MobState {
  mobStatus: number;
  plannedProductionDate: string | null;
  applicableProductionDate: string | null;
}

/** Killed or condemned: no longer planned for any day. */
export function isFinished(m: Pick<MobState, "mobStatus"> & { isInBin?: boolean }): boolean {
  return m.mobStatus === MOB_STATUS.Unfit || Boolean(m.isInBin);
}

/**
 * Spec 1 §4: a mob is unscheduled if it is in paddock or moving between yards and has no planned
 * production date, or its production date is before today (and it was not killed: then it is history).
 */
export function isUnscheduled(m: MobState, today: string): boolean {
  if (m.mobStatus === MOB_STATUS.AtKillFloor || m.mobStatus === MOB_STATUS.Unfit) return false;
  const away = m.mobStatus === MOB_STATUS.InPaddock || m.mobStatus === MOB_STATUS.MovingBetweenYards;
  if (away && m.plannedProductionDate === null) return true;
  return m.applicableProductionDate !== null && m.applicableProductionDate < today;
}

/** An item the planner can drag: a mob on a day, an order expected that day, or an unscheduled mob. */
export interface Draggable {
  /** null: an order not yet delivered */
  mobStatus: number | null;
  isUnscheduled: boolean;
  lot: string;
}

/**
 * Spec 1 §4: the planning view accepts drops of mobs at kill floor stage or later, and unscheduled mobs.
 * An expected order (nothing delivered yet) moves with its production date. Answers why not, or null.
 */
export function refuseDrop(item: Draggable, toDate: string, today: string): string | null {
  if (toDate < today) return "Stock can only be planned for today or later.";
  if (item.mobStatus === null || item.isUnscheduled) return null;
  if (item.mobStatus === MOB_STATUS.Unfit) return `${item.lot} is unfit: it is not killed on the agenda.`;
  if (item.mobStatus < MOB_STATUS.AtKillFloor) {
    return `${item.lot} is still ${STATUS_WORDS[item.mobStatus] ?? "in the yard"}: ` +
      "it can move to another day once it is ready for the kill floor.";
  }
  return null;
}

// ---------- estimated carcasses (spec 1 §5) ----------

/** Share of head expected to pass as carcasses (condemnations at the kill floor), by species. */
const CARCASS_RATE: Record<number, number> = { 1: 0.995, 2: 0.99, 3: 0.99, 4: 0.99, 5: 0.99 };

/** Beef and pig carcasses are split into sides, so an estimate can be half a carcass. */
export function countsInHalves(speciesId: number): boolean {
  return speciesId === BEEF || speciesId === PIG;
}

/**
 * Estimated carcasses from head, as shown: rounded to halves for beef and pig; for other species a
 * fraction above .5 rounds up (and .5 or less rounds down).
 */
export function estimatedCarcasses(head: number, speciesId: number): number {
  const raw = head * (CARCASS_RATE[speciesId] ?? 1);
  if (countsInHalves(speciesId)) return Math.round(raw * 2) / 2;
  const whole = Math.floor(raw);
  return raw - whole > 0.5 + 1e-9 ? whole + 1 : whole;
}

// ---------- lot references ----------

const SPECIES_LETTER: Record<number, string> = { 1: "S", 2: "B", 3: "P", 4: "G", 5: "D" };

/**
 * The lot of the n-th order killed on a day: species letter, day and month, the site's number when the
 * plant has more than one site, and the order's place: "B2411-03", "S2411/2-07".
 */
export function lotReference(speciesId: number, date: string, n: number, siteNumber: number | null): string {
  const [, mm, dd] = date.split("-");
  const site = siteNumber ? `/${siteNumber}` : "";
  return `${SPECIES_LETTER[speciesId] ?? "X"}${dd}${mm}${site}-${String(n).padStart(2, "0")}`;
}

/** The number at the end of a lot reference ("B2411-03" → 3), or 0. */
export function lotNumber(lot: string | null | undefined): number {
  const match = lot?.match(/-(\d+)$/);
  return match ? Number(match[1]) : 0;
}

export interface LotItem {
  livestockOrderId: number;
  stockMobId: number | null;
  /** the lot it has now (null: none yet) */
  lot: string | null;
  /** the suffix it has now (a mob's; kept with its lot once frozen) */
  suffix?: string | null;
}

/**
 * Lot references of a day's items, in kill order. Each order has one lot (its mobs share it, told apart by
 * a suffix A, B… when there are several). Before the agenda is printed the lots follow the kill order;
 * once printed (`frozen`) a lot of this day is kept and an order new to the day gets the next number.
 */
export function assignLots(
  items: readonly LotItem[],
  lotOf: (n: number) => string,
  frozen: boolean,
): { lot: string; suffix: string }[] {
  const prefix = lotOf(0).replace(/-\d+$/, "-");
  const byOrder = new Map<number, string>();
  let next = frozen
    ? Math.max(0, ...items.filter((i) => i.lot?.startsWith(prefix)).map((i) => lotNumber(i.lot))) + 1
    : 1;
  for (const item of items) {
    if (byOrder.has(item.livestockOrderId)) continue;
    const kept = frozen && item.lot?.startsWith(prefix) ? item.lot : null;
    byOrder.set(item.livestockOrderId, kept ?? lotOf(next++));
  }
  const mobsOf = new Map<number, number>();
  for (const item of items) {
    mobsOf.set(item.livestockOrderId, (mobsOf.get(item.livestockOrderId) ?? 0) + 1);
  }
  if (frozen) return keptSuffixes(items, byOrder, mobsOf);
  const seen = new Map<number, number>();
  return items.map((item) => {
    const k = seen.get(item.livestockOrderId) ?? 0;
    seen.set(item.livestockOrderId, k + 1);
    const suffix = (mobsOf.get(item.livestockOrderId) ?? 1) > 1 ? String.fromCharCode(65 + (k % 26)) : "";
    return { lot: byOrder.get(item.livestockOrderId)!, suffix };
  });
}

/**
 * Once printed or sent, a mob keeps the lot and suffix the plant has (a merge or a reorder never hands
 * its letter to another mob); a mob new to the order takes the next letter the order has not used.
 */
function keptSuffixes(
  items: readonly LotItem[],
  byOrder: ReadonlyMap<number, string>,
  mobsOf: ReadonlyMap<number, number>,
): { lot: string; suffix: string }[] {
  const used = new Map<number, Set<string>>();
  const keep = items.map((item) => {
    const taken = used.get(item.livestockOrderId) ?? new Set<string>();
    used.set(item.livestockOrderId, taken);
    const had = item.suffix ?? "";
    const ok = item.lot === byOrder.get(item.livestockOrderId) && !taken.has(had) &&
      (had !== "" || (mobsOf.get(item.livestockOrderId) ?? 1) === 1);
    if (ok) taken.add(had);
    return ok ? had : null;
  });
  return items.map((item, k) => {
    let suffix = keep[k];
    if (suffix === null) {
      const taken = used.get(item.livestockOrderId)!;
      let n = 0;
      while (taken.has(String.fromCharCode(65 + (n % 26))) && n < 26) n++;
      suffix = String.fromCharCode(65 + (n % 26));
      taken.add(suffix);
    }
    return { lot: byOrder.get(item.livestockOrderId)!, suffix };
  });
}

/** A lot's name on screens and in refusals; before it has a lot reference, its order's. */
export function lotName(lot: string | null | undefined, livestockOrderId: number): string {
  return lot || `Order ${livestockOrderId}`;
}

// ---------- words ----------

const STATUS_WORDS: Record<number, string> = {
  [MOB_STATUS.InPaddock]: "in the paddock",
  [MOB_STATUS.MovingBetweenYards]: "moving between yards",
  [MOB_STATUS.InYard]: "in the yard",
};

/** What an item's status reads as on the agenda (a status not named here: "In yard"). */
const ITEM_STATUS_WORDS: Record<number, string> = {
  [MOB_STATUS.InPaddock]: "In paddock",
  [MOB_STATUS.MovingBetweenYards]: "Moving between yards",
  [MOB_STATUS.InYard]: "In yard",
  [MOB_STATUS.AtKillFloor]: "At kill floor",
  [MOB_STATUS.Unfit]: "Unfit",
  [MOB_STATUS.PendingKillFloorMove]: "Going to kill floor",
  [MOB_STATUS.ReadyToProcess]: "Ready",
};

export function itemStatus(mobStatus: number | null, orderStatus: number): string {
  if (mobStatus === null) {
    return orderStatus >= ORDER_STATUS.Confirmed ? "Expected (confirmed)" : "Expected";
  }
  return ITEM_STATUS_WORDS[mobStatus] ?? "In yard";
}

// ---------- a day's items against what is planned for it ----------

export interface Slot {
  /** the stored item; null: new on the day */
  id: number | null;
  livestockOrderId: number;
  stockMobId: number | null;
}

const slotKey = (s: Omit<Slot, "id">) => `${s.livestockOrderId}:${s.stockMobId ?? "-"}`;

/**
 * The day's items in kill order after its mobs and expected orders changed: items still planned keep their
 * place; an expected order that was delivered hands its place to its mobs; a new mob of an order already
 * on the day goes right after that order; anything else new goes last.
 */
export function reconcile(existing: readonly Slot[], expected: readonly Omit<Slot, "id">[]): Slot[] {
  const expectedKeys = expected.map(slotKey);
  const wanted = new Set(expectedKeys);
  const existingKeys = existing.map(slotKey);
  const had = new Set(existingKeys);
  const expectedOf = Map.groupBy(
    expected.map((e, i) => ({ e, key: expectedKeys[i] })),
    (x) => x.e.livestockOrderId,
  );
  const placed = new Set<string>();
  const out: Slot[] = [];
  const take = (slot: Slot, key: string) => {
    out.push(slot);
    placed.add(key);
  };
  existing.forEach((slot, i) => {
    const key = existingKeys[i];
    if (wanted.has(key) && !placed.has(key)) take(slot, key);
    else if (slot.stockMobId === null) {
      const fresh = (expectedOf.get(slot.livestockOrderId) ?? []).filter((x) => !placed.has(x.key));
      for (const x of fresh) if (!had.has(x.key)) take({ id: null, ...x.e }, x.key);
    }
  });
  expected.forEach((e, i) => {
    if (placed.has(expectedKeys[i])) return;
    const after = out.findLastIndex((s) => s.livestockOrderId === e.livestockOrderId);
    out.splice(after < 0 ? out.length : after + 1, 0, { id: null, ...e });
    placed.add(expectedKeys[i]);
  });
  return out;
}

/** A day's kill volume target at its site; a plant that sets targets for the whole plant only sees that one. */
export function agendaTarget(
  targets: Parameters<typeof targetOn>[0],
  a: { speciesId: number; productionDate: string; tenantSiteId: number },
): number {
  return targetOn(targets, a.speciesId, a.productionDate, targetSiteOf(targets, a.speciesId, a.tenantSiteId));
}

// ---------- boxed lots (livestock boxing: several orders killed as one) ----------

/**
 * A boxed lot is killed as one, so its items stand side by side in the kill order: each lot's items are
 * gathered to where its first one is; everything else keeps its order (a day synced after boxing, or a
 * mob of the lot newly planned for the day, closes up behind the lot).
 */
export function keepLotsTogether<T>(items: readonly T[], lotOf: (item: T) => string | null): T[] {
  const byLot = Map.groupBy(items.filter((i) => lotOf(i) !== null), (i) => lotOf(i)!);
  const placed = new Set<string>();
  return items.flatMap((item) => {
    const lot = lotOf(item);
    if (lot === null) return [item];
    if (placed.has(lot)) return [];
    placed.add(lot);
    return byLot.get(lot)!;
  });
}

/** The boxed lot a kill order cuts in two (its items not side by side), or null when every lot is whole. */
export function splitLot<T>(items: readonly T[], lotOf: (item: T) => string | null): string | null {
  const seen = new Set<string>();
  for (const [first] of groupsOf(items, lotOf)) {
    const lot = lotOf(first);
    if (lot === null) continue;
    if (seen.has(lot)) return lot;
    seen.add(lot);
  }
  return null;
}

/** Why a kill order that cuts a lot in two is refused, in words. */
export const splitLotRefusal = (lot: string) =>
  `${lot} is a boxed lot killed as one: keep its orders together in the kill order.`;

/** An order of a boxed lot and the days its mobs are planned for (none: not delivered yet). */
export interface LotMemberDays {
  livestockOrderId: number;
  supplierName: string;
  productionDates: readonly string[];
}

/**
 * What a day's boxed lot is missing, in words: each of its orders with no item on the day, and where it
 * is ("Order 41 (Hill Farm) is not delivered yet", "… is planned for Thu 3 Dec").
 */
export function lotMissing(members: readonly LotMemberDays[], onDay: ReadonlySet<number>): string[] {
  return members.filter((m) => !onDay.has(m.livestockOrderId)).map((m) => {
    const where = m.productionDates.length
      ? `is planned for ${m.productionDates.map((d) => formatDate(d, false)).join(" and ")}`
      : "is not delivered yet";
    return `Order ${m.livestockOrderId} (${m.supplierName}) ${where}`;
  });
}
