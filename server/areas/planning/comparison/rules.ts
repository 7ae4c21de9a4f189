/**
 * Product comparison (issue 41 item 8): two cut plans side by side, product by product (kg, cartons,
 * value) and in total with $ per head. Pure: the figures come from the builder's predicted products.
 */
import type { PredictedProduct } from "../builder/rules.ts";
import { formatDate } from "../../../../kernel/format.ts";

export type Side = { head: number; products: readonly PredictedProduct[] };
export type ComparisonRow = {
  productId: number;
  name: string;
  aKg: number;
  bKg: number;
  kgDifference: number;
  aCartons: number;
  bCartons: number;
  aCents: number;
  bCents: number;
  centsDifference: number;
  /** false: a side that makes it has no price for it that day (its values are then nil, not known) */
  priced: boolean;
};
export type SideTotals = { head: number; kg: number; cartons: number; cents: number; centsPerHead: number };

const round1 = (n: number) => Math.round(n * 10) / 10;

/** Every product either side makes, largest difference in value first (then by name). */
export function compareProducts(a: Side, b: Side): ComparisonRow[] {
  const byId = new Map<number, ComparisonRow>();
  const rowOf = (p: PredictedProduct) =>
    byId.get(p.productId) ?? byId.set(p.productId, {
      productId: p.productId,
      name: p.name,
      aKg: 0,
      bKg: 0,
      kgDifference: 0,
      aCartons: 0,
      bCartons: 0,
      aCents: 0,
      bCents: 0,
      centsDifference: 0,
      priced: true,
    }).get(p.productId)!;
  for (const p of a.products) {
    const row = rowOf(p);
    Object.assign(row, { aKg: p.kg, aCartons: p.cartons, aCents: p.cents, priced: row.priced && p.priced });
  }
  for (const p of b.products) {
    const row = rowOf(p);
    Object.assign(row, { bKg: p.kg, bCartons: p.cartons, bCents: p.cents, priced: row.priced && p.priced });
  }
  return [...byId.values()].map((r) => ({
    ...r,
    kgDifference: round1(r.bKg - r.aKg),
    centsDifference: r.bCents - r.aCents,
  })).sort((x, y) =>
    Math.abs(y.centsDifference) - Math.abs(x.centsDifference) || x.name.localeCompare(y.name)
  );
}

/** A side's totals; $ per head in whole cents (0 without head). */
export function sideTotals(side: Side): SideTotals {
  const kg = round1(side.products.reduce((s, p) => s + p.kg, 0));
  const cartons = side.products.reduce((s, p) => s + p.cartons, 0);
  const cents = side.products.reduce((s, p) => s + p.cents, 0);
  return { head: side.head, kg, cartons, cents, centsPerHead: side.head ? Math.round(cents / side.head) : 0 };
}

/** An audit entry of a plan or its schedule as the comparison's activity says it. */
export type ActivityEntry = { entity: string; action: string; reason: string | null };

/** What was done, in plain words: "Saved", "Released to Boning room 1, day shift", "Copied from …". */
export function activityWords({ entity, action, reason: recorded }: ActivityEntry): string {
  // days in the audit's reasons are API dates: said as the screens say them
  const reason = recorded?.replace(/\b\d{4}-\d{2}-\d{2}\b/g, (day) => formatDate(day, false)) ?? null;
  if (entity === "Production schedule") {
    if (action === "Released") return reason ? `Released: ${reason}` : "Released to a boning room";
    if (action === "Withdrawn") return "A schedule of it was withdrawn";
  }
  switch (action) {
    case "create":
      return "Added";
    case "update":
      return "Saved";
    case "Copied":
      return reason ? `Copied ${reason}` : "Copied from another plan";
    case "Bulk recipe":
      return reason ? `Bulk operation: ${reason}` : "Bulk operation";
  }
  return reason ? `${action}: ${reason}` : action;
}
