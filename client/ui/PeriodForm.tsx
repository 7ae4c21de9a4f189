import type { ReactNode } from "react";

/**
 * A report's period chooser: a plain GET form (no script) with From and To dates, the report's other
 * query values kept as hidden fields, any extra filters as children, and Show. Not printed.
 */
export function PeriodForm({ id, fromDate, toDate, keep = {}, children }: {
  id: string;
  fromDate: string;
  toDate: string;
  /** other query values the report keeps (a tab, a species) */
  keep?: Record<string, string>;
  children?: ReactNode;
}) {
  return (
    <form method="get" className="inline-form period-filter no-print" aria-label="Choose the period">
      {Object.entries(keep).map(([k, v]) => <input key={k} type="hidden" name={k} value={v} />)}
      <label htmlFor={`${id}-from`}>From</label>
      <input
        id={`${id}-from`}
        className="input"
        type="date"
        name="fromDate"
        defaultValue={fromDate}
        required
      />
      <label htmlFor={`${id}-to`}>to</label>
      <input id={`${id}-to`} className="input" type="date" name="toDate" defaultValue={toDate} required />
      {children}
      <button className="btn" type="submit">Show</button>
    </form>
  );
}
