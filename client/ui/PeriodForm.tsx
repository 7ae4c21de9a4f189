import type { ReactNode } from "react";
import { FilterDate } from "./FilterControls.tsx";

/**
 * A report's period chooser: a plain GET form (no script) with From and To dates, the report's other
 * query values kept as hidden fields, any extra filters as children, and Show. Not printed.
 */
export function PeriodForm({ id, fromDate, toDate, keep = {}, label = "Choose the period", children }: {
  id: string;
  fromDate: string;
  toDate: string;
  /** other query values the report keeps (a tab, a species) */
  keep?: Record<string, string>;
  /** what the form chooses, for screen readers */
  label?: string;
  children?: ReactNode;
}) {
  return (
    <form method="get" className="inline-form period-filter no-print" aria-label={label}>
      {Object.entries(keep).map(([k, v]) => <input key={k} type="hidden" name={k} value={v} />)}
      <FilterDate id={`${id}-from`} label="From" name="fromDate" defaultValue={fromDate} required />
      <FilterDate id={`${id}-to`} label="to" name="toDate" defaultValue={toDate} required />
      {children}
      <button className="btn" type="submit">Show</button>
    </form>
  );
}
