/**
 * The processing overview's figures (spec 3 §7 "livestock order processing overview"), worked out from
 * rows the queries read from the orders, the yard and the kill floor: pure, so every head can be shown
 * accounted for. For one order:
 *
 *   live      = delivered − DOA                          (the trucks' counts)
 *   live      = to unload + unloaded                     (the order's unloaded head)
 *   unloaded  = in yard + unfit + sent to the kill floor (where its mobs are now)
 *   sent      = processed + awaiting carcass records
 *   to process = the head still expected to reach the chain: the live head (or, while loads are still
 *                due, the ordered head less the DOA so far) less the unfit and the processed.
 *
 * When the yard's mobs do not add up to the order's unloaded head (a correction half made), the gap is
 * `unaccounted`, shown in words rather than hidden.
 */
import { MOB_STATUS, ORDER_STATUS } from "../../../../kernel/enums.ts";

/** An order as the overview reads it. */
export interface OrderRow {
  id: number;
  speciesId: number;
  supplierId: number;
  supplierName: string;
  orderStatus: number;
  quantityOrdered: number;
  totalUnloaded: number;
}

/** The trucks of an order: head and DOA summed over its delivery loads. */
export interface LoadSums {
  loads: number;
  head: number;
  doa: number;
}

/** A stock mob of an order (a merged-away mob has 0 head). */
export interface MobRow {
  id: number;
  orderId: number;
  head: number;
  mobStatus: number;
  penId: number | null;
  isInBin: boolean;
}

/** The kill floor's records of one mob (of one day, in the by-order view). */
export interface CarcassCounts {
  processed: number;
  /** whole carcasses condemned (part-condemned ones passed) */
  condemned: number;
}

export type MobPlace = "truck" | "yard" | "bin" | "killFloor";

export const PLACE_WORDS: Record<MobPlace, string> = {
  truck: "On the truck",
  yard: "In the yard",
  bin: "Unfit bin",
  killFloor: "Sent to the kill floor",
};

/** Where a mob's head is now: still on the truck until unloaded to a pen, then the yard, bin or chain. */
export function placeOf(m: Pick<MobRow, "mobStatus" | "penId" | "isInBin">): MobPlace {
  if (m.mobStatus === MOB_STATUS.AtKillFloor) return "killFloor";
  if (m.isInBin || m.mobStatus === MOB_STATUS.Unfit) return "bin";
  // a load's mob is InYard without a pen until it is unloaded; paddocks and yard moves are unloaded stock
  if (m.penId == null && m.mobStatus === MOB_STATUS.InYard) return "truck";
  return "yard";
}

export interface Figures {
  ordered: number;
  /** loads of the order (trucks) */
  loads: number;
  delivered: number;
  doa: number;
  /** delivered − DOA */
  live: number;
  /** ordered head not yet delivered while loads are still due */
  toDeliver: number;
  unloaded: number;
  /** live head not yet unloaded */
  toUnload: number;
  inYard: number;
  unfit: number;
  sentToKillFloor: number;
  processed: number;
  condemned: number;
  /** sent, no carcass record yet */
  awaitingRecords: number;
  toProcess: number;
  /** unloaded head the yard's mobs do not hold (0 when every head is accounted for) */
  unaccounted: number;
}

export const FIGURE_KEYS = [
  "ordered",
  "loads",
  "delivered",
  "doa",
  "live",
  "toDeliver",
  "unloaded",
  "toUnload",
  "inYard",
  "unfit",
  "sentToKillFloor",
  "processed",
  "condemned",
  "awaitingRecords",
  "toProcess",
  "unaccounted",
] as const satisfies readonly (keyof Figures)[];

/** Every figure 0 (written out: the compiler checks that no figure is missing). */
export const zeroFigures = (): Figures => ({
  ordered: 0,
  loads: 0,
  delivered: 0,
  doa: 0,
  live: 0,
  toDeliver: 0,
  unloaded: 0,
  toUnload: 0,
  inYard: 0,
  unfit: 0,
  sentToKillFloor: 0,
  processed: 0,
  condemned: 0,
  awaitingRecords: 0,
  toProcess: 0,
  unaccounted: 0,
});

/** Whether the order still expects loads (ordered, confirmed or part delivered). */
export const loadsStillDue = (orderStatus: number) =>
  orderStatus > ORDER_STATUS.Cancelled && orderStatus < ORDER_STATUS.Delivered;

/** One order's figures from its loads, its mobs and the kill floor's records of them. */
export function orderFigures(
  order: OrderRow,
  loads: LoadSums | undefined,
  mobs: readonly MobRow[],
  carcasses: ReadonlyMap<number, CarcassCounts>,
): Figures {
  const f = zeroFigures();
  f.ordered = order.quantityOrdered;
  f.loads = loads?.loads ?? 0;
  f.delivered = loads?.head ?? 0;
  f.doa = loads?.doa ?? 0;
  f.live = f.delivered - f.doa;
  const due = loadsStillDue(order.orderStatus);
  f.toDeliver = due ? Math.max(0, f.ordered - f.delivered) : 0;
  f.unloaded = order.totalUnloaded;
  f.toUnload = Math.max(0, f.live - f.unloaded);
  for (const m of mobs) {
    const place = placeOf(m);
    if (place === "yard") f.inYard += m.head;
    else if (place === "bin") f.unfit += m.head;
    else if (place === "killFloor") f.sentToKillFloor += m.head;
    const k = carcasses.get(m.id);
    if (k) {
      f.processed += k.processed;
      f.condemned += k.condemned;
    }
  }
  f.awaitingRecords = Math.max(0, f.sentToKillFloor - f.processed);
  const expected = due ? Math.max(f.live, f.ordered - f.doa) : f.live;
  f.toProcess = Math.max(0, expected - f.unfit - f.processed);
  f.unaccounted = f.unloaded - f.inYard - f.unfit - f.sentToKillFloor;
  return f;
}

/** Adds figures up (a species', a supplier's or the day's totals). */
export function sumFigures(all: Iterable<Figures>): Figures {
  const total = zeroFigures();
  for (const f of all) for (const k of FIGURE_KEYS) total[k] += f[k];
  return total;
}

/** Figures grouped by a key (species, supplier) with the group's name, largest ordered first. */
export function totalsBy<T extends { figures: Figures }>(
  rows: readonly T[],
  keyOf: (row: T) => number,
  nameOf: (row: T) => string,
): { id: number; name: string; orders: number; figures: Figures }[] {
  const groups = new Map<number, { id: number; name: string; rows: T[] }>();
  for (const r of rows) {
    const id = keyOf(r);
    const g = groups.get(id) ?? { id, name: nameOf(r), rows: [] };
    g.rows.push(r);
    groups.set(id, g);
  }
  return [...groups.values()]
    .map((g) => ({
      id: g.id,
      name: g.name,
      orders: g.rows.length,
      figures: sumFigures(g.rows.map((r) => r.figures)),
    }))
    .sort((a, b) => b.figures.ordered - a.figures.ordered || a.name.localeCompare(b.name));
}

/** The order's state in a few plain words: what the manager does next. */
export function progressWords(f: Figures): string {
  if (f.unaccounted > 0) return `${f.unaccounted} head unloaded but not in the yard: check the mobs`;
  if (f.unaccounted < 0) return `${-f.unaccounted} head more in the yard than unloaded: check the counts`;
  if (f.delivered === 0) return f.ordered ? "Not delivered yet" : "Nothing ordered";
  if (f.toProcess === 0 && f.awaitingRecords === 0) return "Processed";
  if (f.awaitingRecords > 0) return `${f.awaitingRecords} awaiting carcass records`;
  if (f.toUnload > 0) return `${f.toUnload} to unload`;
  if (f.inYard > 0) return `${f.inYard} in the yard`;
  if (f.toDeliver > 0) return `${f.toDeliver} still to come`;
  return `${f.toProcess} to process`;
}

/** The kill's progress as a whole percentage of the head expected (0 when nothing is expected). */
export function percentProcessed(f: Figures): number {
  const expected = f.processed + f.toProcess;
  return expected ? Math.round((f.processed / expected) * 100) : 0;
}

/** The by-order view's days: each production day's mobs and records, in date order. */
export interface DayRecord {
  date: string;
  mobs: number;
  inYard: number;
  sentToKillFloor: number;
  processed: number;
  condemned: number;
}

export function daysOf(
  mobs: readonly { head: number; place: MobPlace; productionDate: string | null }[],
  carcassDays: readonly ({ date: string; mobId: number } & CarcassCounts)[],
): DayRecord[] {
  const days = new Map<string, DayRecord>();
  const day = (date: string) => {
    let d = days.get(date);
    if (!d) days.set(date, d = { date, mobs: 0, inYard: 0, sentToKillFloor: 0, processed: 0, condemned: 0 });
    return d;
  };
  for (const m of mobs) {
    if (!m.productionDate || m.head === 0) continue;
    const d = day(m.productionDate);
    d.mobs++;
    if (m.place === "yard") d.inYard += m.head;
    else if (m.place === "killFloor") d.sentToKillFloor += m.head;
  }
  for (const c of carcassDays) {
    const d = day(c.date);
    d.processed += c.processed;
    d.condemned += c.condemned;
  }
  return [...days.values()].sort((a, b) => a.date.localeCompare(b.date));
}
