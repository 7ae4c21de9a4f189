/**
 * Livestock enumerations with their numeric levels (spec 1 §4 gives names and order, not numbers; the
 * numbers here are ours, documented in docs/decisions.md). Pure: used by services, pages and islands.
 */

/** Order status levels: a higher level is further along; Cancelled sits below all. */
export const ORDER_STATUS = {
  Cancelled: 0,
  Ordered: 10,
  Confirmed: 20,
  PartiallyDelivered: 30,
  Delivered: 40,
  Verified: 50,
  Unloaded: 60,
  InProcessing: 70,
  Processed: 80,
  InvoiceFinalised: 90,
} as const;
export type OrderStatusName = keyof typeof ORDER_STATUS;
export type OrderStatus = (typeof ORDER_STATUS)[OrderStatusName];

export function orderStatusName(level: number): OrderStatusName {
  const names = Object.keys(ORDER_STATUS) as OrderStatusName[];
  return names.filter((n) => ORDER_STATUS[n] <= level).at(-1) ?? "Ordered";
}

const ORDER_STATUS_WORDS: Partial<Record<OrderStatusName, string>> = {
  PartiallyDelivered: "Partly delivered",
  InvoiceFinalised: "Invoice finalised",
  InProcessing: "In processing",
};

/** An order status as a screen or document reads it ("Partly delivered", not the enum name). */
export function orderStatusText(name: string): string {
  return ORDER_STATUS_WORDS[name as OrderStatusName] ?? name;
}

/** Mob status levels in the order spec 1 §4 lists them. */
export const MOB_STATUS = {
  InPaddock: 10,
  MovingBetweenYards: 20,
  InYard: 30,
  AtKillFloor: 40,
  Unfit: 50,
  PendingKillFloorMove: 60,
  ReadyToProcess: 70,
} as const;
export type MobStatusName = keyof typeof MOB_STATUS;

export function mobStatusName(level: number): MobStatusName {
  return (Object.keys(MOB_STATUS) as MobStatusName[]).find((n) => MOB_STATUS[n] === level) ?? "InYard";
}

/**
 * Species categories (what a grid prices and an order buys), by species id (1 Sheep, 2 Beef, 3 Pig,
 * 4 Goat, 5 Deer). Ids are stable: pricing grids and orders store them.
 */
export const SPECIES_CATEGORIES = [
  { id: 11, speciesId: 1, name: "Lamb" },
  { id: 12, speciesId: 1, name: "Hogget" },
  { id: 13, speciesId: 1, name: "Mutton" },
  { id: 14, speciesId: 1, name: "Ram" },
  { id: 21, speciesId: 2, name: "Vealer" },
  { id: 22, speciesId: 2, name: "Yearling" },
  { id: 23, speciesId: 2, name: "Steer" },
  { id: 24, speciesId: 2, name: "Heifer" },
  { id: 25, speciesId: 2, name: "Cow" },
  { id: 26, speciesId: 2, name: "Bull" },
  { id: 31, speciesId: 3, name: "Porker" },
  { id: 32, speciesId: 3, name: "Baconer" },
  { id: 33, speciesId: 3, name: "Sow" },
  { id: 34, speciesId: 3, name: "Boar" },
  { id: 41, speciesId: 4, name: "Kid" },
  { id: 42, speciesId: 4, name: "Goat" },
  { id: 51, speciesId: 5, name: "Venison" },
] as const;

export function speciesCategoriesOf(speciesId: number) {
  return SPECIES_CATEGORIES.filter((c) => c.speciesId === speciesId);
}

export function speciesCategoryName(id: number | null | undefined): string {
  return SPECIES_CATEGORIES.find((c) => c.id === id)?.name ?? "";
}

export const RECURRENCE_FREQUENCIES = ["None", "Weekly", "Fortnightly", "FourWeekly"] as const;
export type RecurrenceFrequency = (typeof RECURRENCE_FREQUENCIES)[number];
export const RECURRENCE_DAYS: Record<RecurrenceFrequency, number> = {
  None: 0,
  Weekly: 7,
  Fortnightly: 14,
  FourWeekly: 28,
};

export const OFF_GRID_PRICE_PER = ["PerHead", "PerKgLive", "PerKgCarcass"] as const;
export const OFF_GRID_PRICE_PER_NAMES: Record<(typeof OFF_GRID_PRICE_PER)[number], string> = {
  PerHead: "per head",
  PerKgLive: "per kg live weight",
  PerKgCarcass: "per kg carcass weight",
};
export const OFF_GRID_PRICE_TYPES = ["Fixed", "OverGrid", "UnderGrid"] as const;

export const STAKEHOLDER_TYPES = [
  "Agent",
  "Feedlot",
  "Saleyard",
  "Backgrounder",
  "Carrier",
  "Other",
] as const;
export const SUPPLIER_ROLES = ["Producer", "Agent", "Feedlot", "Dealer"] as const;
export const AUSTRALIAN_STATES = ["ACT", "NSW", "NT", "QLD", "SA", "TAS", "VIC", "WA"] as const;
