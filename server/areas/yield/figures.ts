/**
 * The arithmetic of the yield metrics (server/areas/yield/metrics.ts) over one group's sums. A group
 * holds its product sums; its runs' sums (head, HSCW, fat, bone, fat and trim weighed) are those of its
 * denominator (the runs its run-level keys select, engine.ts). Money is summed in whole cents and shown
 * in dollars; a figure that cannot be worked out (nothing boned, nothing expected) is null.
 */
import { fromCents } from "../../../kernel/money.ts";
import { yieldPercent } from "./rules.ts";

interface RunRow {
  id: number;
  shift: string;
  head: number;
  hscwKg: number;
  fatMmSum: number;
  fatHead: number;
}

interface ProductRow {
  productCodeId: number;
  run?: number | null;
  shift?: string | null;
  cartons: number;
  pieces: number;
  kg: number;
  expectedKg: number;
  revenueCents: number;
  expectedRevenueCents: number;
}

interface Sums {
  kg: number;
  expectedKg: number;
  revenueCents: number;
  expectedRevenueCents: number;
}

const emptySums = (): Sums => ({ kg: 0, expectedKg: 0, revenueCents: 0, expectedRevenueCents: 0 });
function addSums(to: Sums, row: Sums) {
  to.kg += row.kg;
  to.expectedKg += row.expectedKg;
  to.revenueCents += row.revenueCents;
  to.expectedRevenueCents += row.expectedRevenueCents;
}

export interface Accumulated {
  key: Record<string, number | string | null>;
  /** run-level sums (its own when it is a denominator) */
  readonly den: Accumulated;
  runs: number;
  head: number;
  hscwKg: number;
  fatMmSum: number;
  fatHead: number;
  headByShift: Record<string, number>;
  hscwByShift: Record<string, number>;
  hscwByRun: Map<number, number>;
  weighed: { product: number; bone: number; fat: number; trim: number };
  product: Sums & { cartons: number; pieces: number };
  byShift: Record<string, Sums>;
  byCode: Map<number, Sums>;
  byRun: Map<number, Sums>;
  addRun(run: RunRow): void;
  addWeighed(kind: string, kg: number): void;
  addProduct(row: ProductRow): void;
}

export function newAccumulated(key: Record<string, number | string | null>, den?: Accumulated): Accumulated {
  const acc: Accumulated = {
    key,
    // a denominator is its own: a getter, as the object cannot name itself while it is being built
    get den() {
      return den ?? acc;
    },
    runs: 0,
    head: 0,
    hscwKg: 0,
    fatMmSum: 0,
    fatHead: 0,
    headByShift: {},
    hscwByShift: {},
    hscwByRun: new Map(),
    weighed: { product: 0, bone: 0, fat: 0, trim: 0 },
    product: { ...emptySums(), cartons: 0, pieces: 0 },
    byShift: {},
    byCode: new Map(),
    byRun: new Map(),
    addRun(r) {
      acc.runs += 1;
      acc.head += r.head;
      acc.hscwKg += r.hscwKg;
      acc.fatMmSum += r.fatMmSum;
      acc.fatHead += r.fatHead;
      acc.headByShift[r.shift] = (acc.headByShift[r.shift] ?? 0) + r.head;
      acc.hscwByShift[r.shift] = (acc.hscwByShift[r.shift] ?? 0) + r.hscwKg;
      acc.hscwByRun.set(r.id, r.hscwKg);
    },
    addWeighed(kind, kg) {
      if (kind in acc.weighed) acc.weighed[kind as keyof Accumulated["weighed"]] += kg;
    },
    addProduct(row) {
      addSums(acc.product, row);
      acc.product.cartons += row.cartons;
      acc.product.pieces += row.pieces;
      if (row.shift) addSums(acc.byShift[row.shift] ??= emptySums(), row);
      addSums(acc.byCode.get(row.productCodeId) ?? set(acc.byCode, row.productCodeId), row);
      if (row.run != null) addSums(acc.byRun.get(row.run) ?? set(acc.byRun, row.run), row);
    },
  };
  return acc;
}

function set(map: Map<number, Sums>, key: number): Sums {
  const sums = emptySums();
  map.set(key, sums);
  return sums;
}

const per = (a: number, b: number) => (b > 0 ? a / b : null);
const minus = (a: number | null, b: number | null) => (a == null || b == null ? null : a - b);
const pctOf = (a: number, b: number) => (b !== 0 ? (a / b) * 100 : null);
const dollars = (cents: number) => fromCents(Math.round(cents));

/** One metric's value for a group (null when it cannot be worked out). */
export function figureOf(key: number, acc: Accumulated): number | null {
  const d = acc.den, p = acc.product;
  const head = d.head, hscw = d.hscwKg;
  const weighedAll = d.weighed.product + d.weighed.bone + d.weighed.fat + d.weighed.trim;
  const shiftYield = (s: string) => {
    const h = d.hscwByShift[s] ?? 0;
    return h > 0 ? yieldPercent(acc.byShift[s]?.kg ?? 0, h) : null;
  };
  switch (key) {
    case 1:
      return head;
    case 2:
      return hscw;
    case 3:
      return per(hscw, head);
    case 4:
      return per(d.fatMmSum, d.fatHead);
    case 5:
      return p.cartons;
    case 6:
      return per(p.cartons, head);
    case 7:
      return p.pieces;
    case 8:
      return per(p.pieces, head);
    case 9:
      return p.kg;
    case 10:
      return p.expectedKg;
    case 11:
      return p.kg - p.expectedKg;
    case 12:
      return pctOf(p.kg - p.expectedKg, p.expectedKg);
    case 13:
      return per(p.kg, head);
    case 14:
      return per(p.expectedKg, head);
    case 15:
      return minus(per(p.kg, head), per(p.expectedKg, head));
    case 16:
      return hscw > 0 ? yieldPercent(p.kg, hscw) : null;
    case 17:
      return hscw > 0 ? yieldPercent(p.expectedKg, hscw) : null;
    case 18:
      return hscw > 0 ? yieldPercent(p.kg - p.expectedKg, hscw) : null;
    case 19:
      return pctOf(p.kg - p.expectedKg, p.expectedKg);
    case 20:
      return per(dollars(p.revenueCents), p.kg);
    case 21:
      return per(dollars(p.expectedRevenueCents), p.expectedKg);
    case 22:
      return minus(per(dollars(p.revenueCents), p.kg), per(dollars(p.expectedRevenueCents), p.expectedKg));
    case 23:
      return dollars(p.revenueCents);
    case 24:
      return dollars(p.expectedRevenueCents);
    case 25:
      return dollars(p.revenueCents - p.expectedRevenueCents);
    case 26:
      return pctOf(p.revenueCents - p.expectedRevenueCents, p.expectedRevenueCents);
    case 27:
      return per(dollars(p.revenueCents), head);
    case 28:
      return per(dollars(p.expectedRevenueCents), head);
    case 29:
      return per(dollars(p.revenueCents - p.expectedRevenueCents), head);
    case 30:
      return per(dollars(p.revenueCents), hscw);
    case 31:
      return per(dollars(p.expectedRevenueCents), hscw);
    case 32:
      return per(dollars(p.revenueCents - p.expectedRevenueCents), hscw);
    case 33:
      return d.weighed.bone;
    case 34:
      return hscw > 0 ? yieldPercent(d.weighed.bone, hscw) : null;
    case 35:
      return d.weighed.fat;
    case 36:
      return hscw > 0 ? yieldPercent(d.weighed.fat, hscw) : null;
    case 37:
      return d.weighed.trim;
    case 38:
      return hscw > 0 ? yieldPercent(d.weighed.trim, hscw) : null;
    case 39:
      return hscw - weighedAll;
    case 40:
      return hscw > 0 ? 100 - yieldPercent(weighedAll, hscw) : null;
    case 41:
      return weighedAll;
    case 42:
      return hscw > 0 ? yieldPercent(weighedAll, hscw) : null;
    case 43:
      return per(p.kg, p.cartons);
    case 44:
      return per(p.kg, p.pieces);
    case 45:
      return d.runs;
    case 46:
      return [...acc.byRun.values()].filter((r) => r.kg < r.expectedKg).length;
    case 47: {
      const gaps = [...acc.byRun].map(([run, r]) => {
        const h = d.hscwByRun.get(run) ?? 0;
        return h > 0 ? yieldPercent(r.kg - r.expectedKg, h) : null;
      }).filter((v): v is number => v != null);
      return gaps.length ? Math.min(...gaps) : null;
    }
    case 48:
      return per(head, d.runs);
    case 49:
      return per(hscw, d.runs);
    case 50:
      return shiftYield("day");
    case 51:
      return shiftYield("night");
    case 52:
      return minus(shiftYield("night"), shiftYield("day"));
    case 53:
      return acc.byShift.day?.kg ?? 0;
    case 54:
      return acc.byShift.night?.kg ?? 0;
    case 55:
      return d.headByShift.day ?? 0;
    case 56:
      return d.headByShift.night ?? 0;
    case 57:
      return dollars(acc.byShift.day?.revenueCents ?? 0);
    case 58:
      return dollars(acc.byShift.night?.revenueCents ?? 0);
    case 59:
      return [...acc.byCode.values()].filter((c) => c.kg > 0).length;
    case 60:
      return [...acc.byCode.values()].filter((c) => c.kg < c.expectedKg).length;
    case 61:
      return [...acc.byCode.values()].reduce((s, c) => s + Math.max(0, c.expectedKg - c.kg), 0);
    case 62:
      return [...acc.byCode.values()].reduce((s, c) => s + Math.max(0, c.kg - c.expectedKg), 0);
    case 63:
      return dollars([...acc.byCode.values()].reduce(
        (s, c) => s + Math.max(0, c.expectedRevenueCents - c.revenueCents),
        0,
      ));
    default:
      return null;
  }
}
