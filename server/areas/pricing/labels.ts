/**
 * How pricing reads to people (spec 2 §5 "Pricing display label", §9 money): days, periods, dollars,
 * a group's label on an order and a weight band's name.
 *
 * Pure: no I/O and no imports but the area's other pure modules (the islands bundle it).
 */
import { formatMoney } from "../../../kernel/money.ts";
import type { IsoDate } from "./periods.ts";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "1 Nov 2026" */
export function formatDay(date: IsoDate): string {
  const [y, m, d] = date.split("-").map(Number);
  return `${d} ${MONTHS[m - 1]} ${y}`;
}

/** "1 Nov 2026 – 30 Nov 2026", or "from 1 Nov 2026" when open-ended. */
export function formatPeriod(period: { startDate: IsoDate; endDate: IsoDate | null }): string {
  return period.endDate === null
    ? `from ${formatDay(period.startDate)}`
    : `${formatDay(period.startDate)} – ${formatDay(period.endDate)}`;
}

/** "$8.45" (spec 2 §9: $ and two decimals), rounding half up on the cent. */
export function formatDollars(amount: number): string {
  return formatMoney(amount); // one rounding rule for every amount (server/areas/money.ts)
}

/**
 * The label of a group as an order shows it (spec 2 §5): "name, period: $best", the price part
 * left out for a service kill (the owner pays a kill fee; there is no purchase price) and when there
 * is no best price.
 */
export function pricingLabel(
  group: { name: string; startDate: IsoDate; endDate: IsoDate | null; isServiceKill: boolean },
  bestPrice: number | null | undefined,
): string {
  const base = `${group.name}, ${formatPeriod(group)}`;
  if (group.isServiceKill || bestPrice === null || bestPrice === undefined) return base;
  return `${base}: ${formatDollars(bestPrice)}`;
}

/** "0–16", "16.1–18", "28.1+" */
export function bandLabel(band: { fromKg: number; toKg: number | null }): string {
  return band.toKg === null ? `${band.fromKg}+` : `${band.fromKg}–${band.toKg}`;
}
