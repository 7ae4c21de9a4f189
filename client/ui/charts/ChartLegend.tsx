/**
 * A chart's key beneath its title: a swatch and a name a series, the swatch's class giving the series'
 * colour. One piece for the livestock, yield, ROI and producer charts, so their keys read alike.
 */
import type { ReactNode } from "react";

export interface LegendItem {
  key: string;
  /** the swatch's classes (its colour) */
  swatch: string;
  label: ReactNode;
}

export function ChartLegend({ items, className = "vt-legend" }: { items: LegendItem[]; className?: string }) {
  return (
    <ul className={className} aria-label="Legend">
      {items.map((item) => (
        <li key={item.key}>
          <span className={item.swatch} aria-hidden="true" />
          {item.label}
        </li>
      ))}
    </ul>
  );
}
