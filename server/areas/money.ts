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

/** Beyond this a number goes to Intl (exponents, digits a double does not hold). */
const PLAIN_LIMIT = 1e15;
let intl: Map<number, Intl.NumberFormat> | undefined;

/**
 * "1,234.57": `n` with exactly `digits` decimals, thousands grouped, as
 * Intl.NumberFormat("en-AU") writes it (tests/unit/client/format.test.ts compares the two). Written out
 * because Intl's first use loads the locale's data: on a slow PC about a tenth of a second of a page's
 * blocking time in every island that shows a number.
 */
export function formatFixed(n: number, digits: number): string {
  if (!Number.isFinite(n) || Math.abs(n) >= PLAIN_LIMIT) {
    intl ??= new Map();
    let format = intl.get(digits);
    if (!format) {
      format = new Intl.NumberFormat("en-AU", {
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      });
      intl.set(digits, format);
    }
    return format.format(n);
  }
  const fixed = roundedDecimal(Math.abs(n), digits);
  const point = digits ? fixed.length - digits - 1 : fixed.length;
  let whole = fixed.slice(0, point);
  for (let at = whole.length - 3; at > 0; at -= 3) whole = `${whole.slice(0, at)},${whole.slice(at)}`;
  return `${n < 0 || Object.is(n, -0) ? "-" : ""}${whole}${fixed.slice(point)}`;
}

/**
 * `abs` (finite, below 10^15) with `digits` decimals, rounded half away from zero on its shortest decimal
 * form, as Intl rounds (1.005 → "1.01"; toFixed rounds the binary value, 1.00499…, to "1.00").
 */
function roundedDecimal(abs: number, digits: number): string {
  const text = String(abs);
  if (text.includes("e")) return abs.toFixed(digits); // below 10^-6: nothing reaches the digits shown
  const [whole, fraction = ""] = text.split(".");
  if (fraction.length <= digits) return digits ? `${whole}.${fraction.padEnd(digits, "0")}` : whole;
  let kept = whole + fraction.slice(0, digits);
  if (fraction.charCodeAt(digits) >= 53 /* "5" */) {
    let i = kept.length - 1;
    while (i >= 0 && kept[i] === "9") i--;
    kept = i < 0
      ? `1${"0".repeat(kept.length)}`
      : kept.slice(0, i) + String(Number(kept[i]) + 1) + "0".repeat(kept.length - i - 1);
  }
  const point = kept.length - digits;
  return digits ? `${kept.slice(0, point)}.${kept.slice(point)}` : kept;
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
