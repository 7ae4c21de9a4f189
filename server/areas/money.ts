/**
 * Money: amounts are held as integer cents wherever they are summed (invoices, levies, GST), and every
 * amount is rounded by one rule, half away from zero at the cent, so a document never carries two
 * roundings. Pure; shared by the server, documents and islands.
 */

/** Whole cents. */
export type Cents = number;

/** Dollars (a price per kg, a total) to whole cents, half away from zero ($0.005 → 1 cent). */
export function toCents(dollars: number): Cents {
  // the epsilon lifts binary fractions like 1.005 (stored as 1.00499…) to the cent they were typed as
  const cents = Math.round(Math.abs(dollars) * 100 + Number.EPSILON * 100 * Math.max(1, Math.abs(dollars)));
  return dollars < 0 ? -cents : cents;
}

export function fromCents(cents: Cents): number {
  return cents / 100;
}

/** Dollars rounded to the cent by the one rule. */
export function roundMoney(dollars: number): number {
  return fromCents(toCents(dollars));
}

const AUD = new Intl.NumberFormat("en-AU", { style: "currency", currency: "AUD" });

/** "$1,234.56" (en-AU, AUD); "—" when there is no amount. */
export function formatMoney(dollars: number | null | undefined): string {
  if (dollars === null || dollars === undefined || !Number.isFinite(dollars)) return "—";
  return AUD.format(roundMoney(dollars));
}

export function formatCents(cents: Cents | null | undefined): string {
  return cents === null || cents === undefined ? "—" : formatMoney(fromCents(cents));
}
