/**
 * A chart's numbers for people who read rather than look: a table in a <details> beneath the drawing, a
 * row a point (its label the row's heading), figures right-aligned. One piece for the trend and
 * distribution charts of the livestock, yield, ROI and producer pages, so they read and print alike.
 */
import type { ReactNode } from "react";

export interface FigureColumn {
  label: ReactNode;
  /** right-aligned figures (every column but the row headings', unless said) */
  num?: boolean;
}

export interface FigureRow {
  key: string;
  /** the row's heading: the day, week, lot or band */
  head: ReactNode;
  cells: ReactNode[];
  className?: string;
}

export function FiguresTable(
  { summary = "The numbers", caption, columns, rows, foot, className, tableClassName = "table", open }: {
    summary?: ReactNode;
    /** read by screen readers only */
    caption?: string;
    /** the heading column first, then one a figure */
    columns: FigureColumn[];
    rows: FigureRow[];
    /** a totals row */
    foot?: Omit<FigureRow, "key" | "className">;
    className?: string;
    tableClassName?: string;
    open?: boolean;
  },
) {
  const [first, ...figures] = columns;
  const cells = (values: ReactNode[]) =>
    values.map((v, i) => <td key={i} className={figures[i]?.num === false ? undefined : "num"}>{v}</td>);
  return (
    <details className={className} open={open}>
      <summary>{summary}</summary>
      <table className={tableClassName}>
        {caption && <caption className="sr-only">{caption}</caption>}
        <thead>
          <tr>
            <th scope="col">{first.label}</th>
            {figures.map((c, i) => (
              <th key={i} scope="col" className={c.num === false ? undefined : "num"}>{c.label}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} className={r.className}>
              <th scope="row">{r.head}</th>
              {cells(r.cells)}
            </tr>
          ))}
        </tbody>
        {foot && (
          <tfoot>
            <tr>
              <th scope="row">{foot.head}</th>
              {cells(foot.cells)}
            </tr>
          </tfoot>
        )}
      </table>
    </details>
  );
}
