/**
 * How every yield screen, table, report and TV writes its figures (en-AU, AUD): one rule per unit, "—"
 * where a figure cannot be worked out. Pure: pages, the display and islands may import it.
 */
import { formatDecimal, formatHead, formatKg, formatPrice } from "../../../kernel/format.ts";
import { roundMoney } from "../../../kernel/money.ts";
import type { MetricUnit } from "./metrics.ts";

type N = number | null | undefined;
const or = (n: N, f: (n: number) => string) => (n == null || !Number.isFinite(n) ? "—" : f(n));
const sign = (n: number) => (n > 0 ? "+" : "");
/** a change as shown, to the cent or hundredth (the one rounding rule): −0.004 reads 0.00, never "-0.00" */
const shown = (n: number) => roundMoney(n) || 0;

export const kg = (n: N) => or(n, (v) => formatKg(v));
export const tonnes = (n: N) => or(n, (v) => `${formatDecimal(v / 1000, 1)} t`);
export const percent = (n: N) => or(n, (v) => `${formatDecimal(v, 2)} %`);
export const pp = (n: N) => or(n, (v) => `${sign(shown(v))}${formatDecimal(shown(v), 2)} pp`);
export const kgChange = (n: N) => or(n, (v) => `${sign(v)}${formatKg(v)}`);
export const money = (n: N) => or(n, (v) => formatPrice(v));
export const moneyChange = (n: N) => or(n, (v) => `${sign(shown(v))}${formatPrice(shown(v))}`);
export const perKg = (n: N) => or(n, (v) => `${formatPrice(v)}/kg`);
export const count = (n: N) => or(n, (v) => formatHead(Math.round(v)));
export const decimal = (n: N) => or(n, (v) => formatDecimal(v, 1));
/** a variance's class: above or below standard */
export const tone = (n: N) => (n == null || shown(n) === 0 ? undefined : n > 0 ? "yield-up" : "yield-down");

/** A chart's one-sentence description. */
export const summaryOf = (title: string, total: string) => `${title}: ${total} over the range.`;

/** A metric's value in its unit (server/areas/yield/metrics.ts). */
export function formatMetric(value: N, unit: MetricUnit): string {
  switch (unit) {
    case "kg":
      return kg(value);
    case "%":
      return percent(value);
    case "pp":
      return pp(value);
    case "$":
      return money(value);
    case "$/kg":
      return perKg(value);
    case "mm":
      return or(value, (v) => `${formatDecimal(v, 1)} mm`);
    default:
      return or(value, (v) => (Number.isInteger(v) ? formatHead(v) : formatDecimal(v, 1)));
  }
}
