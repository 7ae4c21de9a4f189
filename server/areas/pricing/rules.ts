/**
 * Pricing rules (spec 2 §3 "Pricing grid group", §5 "Pricing options"): which grid groups an order
 * may be priced with and how they read, and the best price of a group for an order.
 *
 * The area's other pure rules live beside it, by job: periods.ts (period maths), labels.ts (how
 * prices and periods read), cells.ts (the cell matrix, its checks and default shapes) and
 * gridText.ts (the matrix's text form). Pure: no I/O and no imports but those modules; the order
 * form and the grid editor islands bundle them.
 */
import { type IsoDate, isWithinPeriod } from "./periods.ts";
import { pricingLabel } from "./labels.ts";

// What code outside these modules imports from here (the grid editor island, the demo seed).
export { MONTH_NAMES } from "./periods.ts";
export { bandLabel, formatDollars } from "./labels.ts";
export { derivedBestPrice, GRADING_SHAPES, type GridCells, topCellPrice } from "./cells.ts";
export { parseGridText } from "./gridText.ts";

export interface GridForPricing {
  speciesCategoryId: number;
  /** $/kg */
  bestPrice: number | null;
  /** 1 is tried first */
  priority: number;
}

interface GroupFields {
  id: number;
  name: string;
  speciesId: number;
  startDate: IsoDate;
  /** null = onwards */
  endDate: IsoDate | null;
  isServiceKill: boolean;
  isDefaultGroup: boolean;
}

/** A group with its grids, as the brief's `grids` or as the API answers it (`pricingGrids`). */
export type GroupForPricing =
  & GroupFields
  & ({ grids: readonly GridForPricing[] } | { pricingGrids: readonly GridForPricing[] });

export interface OrderForPricing {
  speciesId: number;
  speciesCategoryId: number | null;
  deliveryDate: IsoDate | null;
  productionDate: IsoDate | null;
}

export interface PricingOption {
  id: number;
  label: string;
  disabled: boolean;
}

export function gridsOf(group: GroupForPricing): readonly GridForPricing[] {
  return "grids" in group ? group.grids : group.pricingGrids;
}

/**
 * The grid of a group that prices a species category: of several, the lowest priority number wins.
 * With no category there is no grid (the buyer has not said what is bought).
 */
export function gridFor<G extends GridForPricing>(
  grids: readonly G[],
  speciesCategoryId: number | null,
): G | null {
  if (speciesCategoryId === null) return null;
  let best: G | null = null;
  for (const g of grids) {
    if (g.speciesCategoryId === speciesCategoryId && (!best || g.priority < best.priority)) best = g;
  }
  return best;
}

/** Best price ($/kg) of a group for an order: that of the grid for the order's species category. */
export function bestPriceFor(group: GroupForPricing, speciesCategoryId: number | null): number | null {
  return gridFor(gridsOf(group), speciesCategoryId)?.bestPrice ?? null;
}

/**
 * The pricing grid groups an order may choose (spec 2 §5):
 * - same species only; default groups are never offered (they are the fallback, not a choice);
 * - a group is offered when the delivery date or the production date falls within its period;
 * - it is enabled when it has a grid for the order's species category (an order without a category:
 *   when it has any grid); otherwise it is shown disabled if it is valid on the delivery date, and
 *   left out when only the production date falls within it.
 *
 * Order: enabled before disabled; then the latest start first (the newest, usually narrowest period
 * is what the buyer means); then by name and id, so the list is stable.
 */
export function pricingOptions(
  order: OrderForPricing,
  groups: readonly GroupForPricing[],
): PricingOption[] {
  const offered: { group: GroupForPricing; option: PricingOption }[] = [];
  for (const group of groups) {
    if (group.isDefaultGroup || group.speciesId !== order.speciesId) continue;
    const onDelivery = isWithinPeriod(group, order.deliveryDate);
    const onProduction = isWithinPeriod(group, order.productionDate);
    if (!onDelivery && !onProduction) continue;
    const grids = gridsOf(group);
    const hasGrid = order.speciesCategoryId === null
      ? grids.length > 0
      : gridFor(grids, order.speciesCategoryId) !== null;
    if (!hasGrid && !onDelivery) continue;
    const label = pricingLabel(group, bestPriceFor(group, order.speciesCategoryId));
    offered.push({ group, option: { id: group.id, label, disabled: !hasGrid } });
  }
  offered.sort((a, b) =>
    Number(a.option.disabled) - Number(b.option.disabled) ||
    compare(b.group.startDate, a.group.startDate) ||
    compare(a.group.name.toLowerCase(), b.group.name.toLowerCase()) ||
    a.group.id - b.group.id
  );
  return offered.map((o) => o.option);
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
