/** The period an invoice list asks for (published invoices, mob carcass counts). Pure. */
import { addDays } from "../../../kernel/dates.ts";

/** To `toDate` (default today), from `fromDate` (default `days` days before the end). */
export function askedPeriod(q: { fromDate?: string; toDate?: string }, today: string, days: number) {
  const to = q.toDate ?? today;
  return { from: q.fromDate ?? addDays(to, -days), to };
}

/** A period of at most a year, in order. */
export function periodOf(from: string, to: string): [string, string] {
  const [a, b] = from <= to ? [from, to] : [to, from];
  return [a < addDays(b, -366) ? addDays(b, -366) : a, b];
}
