/** How the comparison pages write their figures: kg, a signed difference, a value or "No price". */
import { formatDecimal } from "../../../../../kernel/format.ts";

export const kg = (n: number) => `${formatDecimal(n, 1)} kg`;
export const signed = (text: string, n: number) => (n > 0 ? `+${text}` : text);
/** A value, or "No price" for a product its plan's day has no price for (never a $0.00 that reads as worthless). */
export const priced = (row: { priced: boolean }, text: string) =>
  row.priced ? text : <span className="muted">No price</span>;
