/**
 * Sales orders (issue 41 item 6): status moves Pending → Confirmed → Fulfilled, and Pending or Confirmed
 * → Cancelled; Fulfilled and Cancelled are final (any other move is a 409). Catch weight: a catch weight
 * product is ordered in cartons, planned at the packaging's nominal kg, and valued on the kg packed. Pure.
 */
import type { Cents } from "../../../../kernel/money.ts";

export const ORDER_STATUSES = ["Pending", "Confirmed", "Fulfilled", "Cancelled"] as const;
export type OrderStatus = typeof ORDER_STATUSES[number];
export const FREIGHT_TYPES = ["Air", "Rail", "Sea", "Road"] as const;
export type FreightType = typeof FREIGHT_TYPES[number];

const NEXT: Record<OrderStatus, readonly OrderStatus[]> = {
  Pending: ["Confirmed", "Cancelled"],
  Confirmed: ["Fulfilled", "Cancelled"],
  Fulfilled: [],
  Cancelled: [],
};

export function canMove(from: OrderStatus, to: OrderStatus): boolean {
  return NEXT[from].includes(to);
}
export const nextStatuses = (from: OrderStatus): readonly OrderStatus[] => NEXT[from];
export const isFinal = (s: OrderStatus) => NEXT[s].length === 0;
/** Only a pending order's lines and header may be edited; only a pending or cancelled one deleted. */
export const isEditable = (s: OrderStatus) => s === "Pending";
export const isDeletable = (s: OrderStatus) => s === "Pending" || s === "Cancelled";

export type Packaging = { weightType: "fixed" | "catch" | string; nominalKg: number };
export type OrderLineShape = {
  cartons: number | null;
  kg: number | null;
  centsPerKg: number;
  packedKg?: number | null;
};

/** Why a line cannot be saved against its packaging, or null. */
export function lineProblem(line: OrderLineShape, packaging: Packaging | null): string | null {
  if (!Number.isInteger(line.centsPerKg) || line.centsPerKg < 0) {
    return "The price per kg is not a valid amount.";
  }
  if (packaging?.weightType === "catch") {
    if (line.cartons === null || !Number.isInteger(line.cartons) || line.cartons <= 0) {
      return "A catch weight product is ordered in whole cartons.";
    }
    return null;
  }
  const hasCartons = line.cartons !== null && line.cartons > 0;
  const hasKg = line.kg !== null && line.kg > 0;
  if (!hasCartons && !hasKg) return "Order some cartons or kg.";
  if (hasCartons && !packaging) return "This product has no packaging: order it in kg.";
  return null;
}

/** The kg a line asks the plan for: kg when given, else cartons at the packaging's nominal kg. */
export function plannedKg(line: OrderLineShape, packaging: Packaging | null): number {
  if (packaging?.weightType !== "catch" && line.kg !== null && line.kg > 0) return line.kg;
  return (line.cartons ?? 0) * (packaging?.nominalKg ?? 0);
}

/** A line's value: catch weight on the kg packed once known (nominal until then); fixed on its kg. */
export function lineValueCents(line: OrderLineShape, packaging: Packaging | null): Cents {
  const kg = packaging?.weightType === "catch" && line.packedKg !== null && line.packedKg !== undefined
    ? line.packedKg
    : plannedKg(line, packaging);
  return Math.round(kg * line.centsPerKg);
}

/** A line as typed on the order form: a price in $/kg, and blanks where nothing is typed yet. */
export type TypedLine = {
  productDefinitionId: number | null;
  cartons: number | null;
  kg: number | null;
  pricePerKg: number | null;
  packedKg?: number | null;
};
export type LineTotal = {
  row: number;
  productDefinitionId: number;
  cartons: number;
  kg: number;
  cents: Cents;
};

/**
 * The order form's totals as lines are typed: per line with a product, the cartons ordered, the kg the
 * plan counts (cartons at the packaging's nominal kg, so a catch weight line is valued at nominal kg until
 * packed) and its value; and the order's total. A half-typed line counts what it has.
 */
export function typedOrderTotals(
  lines: readonly TypedLine[],
  packagingOf: (productDefinitionId: number) => Packaging | null,
) {
  const totals: LineTotal[] = [];
  lines.forEach((l, row) => {
    if (l.productDefinitionId === null) return;
    const packaging = packagingOf(l.productDefinitionId);
    const shape: OrderLineShape = {
      cartons: l.cartons,
      kg: l.kg,
      centsPerKg: Math.max(0, Math.round((l.pricePerKg ?? 0) * 100)),
      packedKg: l.packedKg ?? null,
    };
    totals.push({
      row,
      productDefinitionId: l.productDefinitionId,
      cartons: l.cartons !== null && l.cartons > 0 ? l.cartons : 0,
      kg: plannedKg(shape, packaging),
      cents: lineValueCents(shape, packaging),
    });
  });
  const sum = (f: (t: LineTotal) => number) => totals.reduce((s, t) => s + f(t), 0);
  return { lines: totals, cartons: sum((t) => t.cartons), kg: sum((t) => t.kg), cents: sum((t) => t.cents) };
}
