/**
 * Plan against actual (issue 41 item 8): a released cut plan's products as scheduled (each schedule's
 * lines as released; before any release, the plan's predicted products) beside what the boning rooms it
 * went to packed on its day (kg, cartons, value) with the variance, and in total with $ per head.
 * The packed kg is valued at the plan's own price per kg of the product, so a variance in value is a
 * variance in kg or mix, not in price; a product packed that the plan did not schedule, or one with no
 * price that day, is valued nil and not priced (the pages say "No price"). Pure.
 */
import type { PredictedProduct } from "../builder/rules.ts";

export type Packed = { productId: number; name: string; cartons: number; kg: number };
export type PlanActualRow = {
  productId: number;
  name: string;
  plannedKg: number;
  actualKg: number;
  kgVariance: number;
  plannedCartons: number;
  actualCartons: number;
  cartonsVariance: number;
  plannedCents: number;
  actualCents: number;
  centsVariance: number;
  /** false: no price for it on the plan's day (or the plan did not schedule it): its values are nil */
  priced: boolean;
};
export type PlanActualSide = { kg: number; cartons: number; cents: number; centsPerHead: number };

const round1 = (n: number) => Math.round(n * 10) / 10;

/** The schedules' lines summed per product (first seen order), valued at the day's price per kg. */
export function scheduledProducts(
  lines: readonly { productId: number; name: string; plannedKg: number; plannedCartons: number }[],
  /** a product's price in force (null or missing: none, valued nil) */
  centsPerKg: ReadonlyMap<number, number | null>,
) {
  const byId = new Map<
    number,
    { productId: number; name: string; kg: number; cartons: number; cents: number }
  >();
  for (const l of lines) {
    const p = byId.get(l.productId) ??
      byId.set(l.productId, { productId: l.productId, name: l.name, kg: 0, cartons: 0, cents: 0 })
        .get(l.productId)!;
    p.kg += l.plannedKg;
    p.cartons += l.plannedCartons;
  }
  return [...byId.values()].map((p) => {
    const price = centsPerKg.get(p.productId) ?? null;
    return { ...p, cents: Math.round(p.kg * (price ?? 0)), priced: price !== null };
  });
}

/** The plan's products in its order, then any product packed that it did not predict. */
export function planActualRows(
  planned: readonly Pick<PredictedProduct, "productId" | "name" | "kg" | "cartons" | "cents" | "priced">[],
  packed: readonly Packed[],
): PlanActualRow[] {
  const packedOf = new Map<number, Packed>();
  for (const p of packed) {
    const seen = packedOf.get(p.productId);
    packedOf.set(p.productId, seen ? { ...seen, cartons: seen.cartons + p.cartons, kg: seen.kg + p.kg } : p);
  }
  const row = (
    productId: number,
    name: string,
    plan: { kg: number; cartons: number; cents: number; priced: boolean },
  ) => {
    const actual = packedOf.get(productId) ?? { cartons: 0, kg: 0 };
    const actualCents = plan.kg > 0 ? Math.round(actual.kg * plan.cents / plan.kg) : 0;
    return {
      productId,
      name,
      plannedKg: round1(plan.kg),
      actualKg: round1(actual.kg),
      kgVariance: round1(actual.kg - plan.kg),
      plannedCartons: plan.cartons,
      actualCartons: actual.cartons,
      cartonsVariance: actual.cartons - plan.cartons,
      plannedCents: plan.cents,
      actualCents,
      centsVariance: actualCents - plan.cents,
      priced: plan.priced,
    };
  };
  const planIds = new Set(planned.map((p) => p.productId));
  return [
    ...planned.map((p) => row(p.productId, p.name, p)),
    ...[...packedOf.values()].filter((p) => !planIds.has(p.productId))
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((p) => row(p.productId, p.name, { kg: 0, cartons: 0, cents: 0, priced: false })),
  ];
}

/** Planned, actual and the variance in total; $ per head over the plan's head (0 without head). */
export function planActualTotals(rows: readonly PlanActualRow[], head: number) {
  const side = (kg: number, cartons: number, cents: number): PlanActualSide => ({
    kg: round1(kg),
    cartons,
    cents,
    centsPerHead: head ? Math.round(cents / head) : 0,
  });
  const sum = (f: (r: PlanActualRow) => number) => rows.reduce((s, r) => s + f(r), 0);
  const planned = side(sum((r) => r.plannedKg), sum((r) => r.plannedCartons), sum((r) => r.plannedCents));
  const actual = side(sum((r) => r.actualKg), sum((r) => r.actualCartons), sum((r) => r.actualCents));
  return {
    head,
    planned,
    actual,
    variance: {
      kg: round1(actual.kg - planned.kg),
      cartons: actual.cartons - planned.cartons,
      cents: actual.cents - planned.cents,
      centsPerHead: actual.centsPerHead - planned.centsPerHead,
    },
  };
}
