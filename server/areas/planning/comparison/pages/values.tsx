/** How the comparison pages write their figures: kg, a signed difference, a value or "No price". */
import type { Column } from "../../../../../client/ui/Table.tsx";
import { formatDecimal } from "../../../../../kernel/format.ts";
import { formatCents } from "../../../../../kernel/money.ts";

export const kg = (n: number) => `${formatDecimal(n, 1)} kg`;
export const signed = (text: string, n: number) => (n > 0 ? `+${text}` : text);
/** A value, or "No price" for a product its plan's day has no price for (never a $0.00 that reads as worthless). */
export const priced = (row: { priced: boolean }, text: string) =>
  row.priced ? text : <span className="muted">No price</span>;

/** A column of a row's value in dollars (`signed`: a difference, "+" when up), or "No price". */
export function valueColumn<R extends { priced: boolean }>(
  header: string,
  cents: (row: R) => number,
  opts: { signed?: boolean; optional?: boolean } = {},
): Column<R> {
  return {
    header,
    cell: (row) => {
      const n = cents(row);
      return priced(row, opts.signed ? signed(formatCents(n), n) : formatCents(n));
    },
    className: "num",
    ...(opts.optional ? { optional: true } : {}),
  };
}
