import type { ReactNode } from "react";

/** Label–value pairs of a record (an order's head counts, a group's dates), as one definition list. */
export function Facts({ items }: { items: readonly (readonly [label: string, value: ReactNode])[] }) {
  return (
    <dl className="facts">
      {items.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
