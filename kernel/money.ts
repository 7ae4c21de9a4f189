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

/**
 * "1,234.57": `n` with exactly `digits` decimals, thousands grouped, as Intl.NumberFormat("en-AU") writes
 * it below 10^12 (tests/unit/client/format.test.ts compares the two); "—" for what is not a number.
 * Written out because Intl's first use loads the locale's data: on a slow PC about a tenth of a second of
 * a page's blocking time in every island that shows a number.
 */
export function formatFixed(n: number, digits: number): string {
  if (!Number.isFinite(n)) return "—";
  const abs = Math.abs(n);
  // rounded on the number's shortest decimal form (the point moved in its text), as Intl rounds: 1.005
  // → 1.01, where toFixed rounds the binary value 1.00499… to 1.00
  const fixed = abs < 1e-6 || abs >= 1e15
    ? abs.toFixed(digits)
    : (Math.round(Number(`${abs}e${digits}`)) / 10 ** digits).toFixed(digits);
  const [whole, part] = fixed.split(".");
  return `${n < 0 || Object.is(n, -0) ? "-" : ""}${whole.replace(/\B(?=(\d{3})+$)/g, ",")}${
    part ? `.${part}` : ""
  }`;
}

/** "$1,234.56" (en-AU, AUD; "-$2.35" below zero); "—" when there is no amount. */
export function formatMoney(dollars: number | null | undefined): string {
  if (dollars === null || dollars === undefined || !Number.isFinite(dollars)) return "—";
  const text = formatFixed(roundMoney(dollars), 2);
  return text.startsWith("-") ? `-$${text.slice(1)}` : `$${text}`;
}

export function formatCents(cents: Cents | null | undefined): string {
  return cents === null || cents === undefined ? "—" : formatMoney(fromCents(cents));
}
