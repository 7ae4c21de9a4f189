import type { ReactNode } from "react";

export interface Column<T> {
  header: string;
  /** hidden header text (an actions column) */
  srOnly?: boolean;
  /** a figure the others imply: hidden on a screen under 1200 px (class `col-optional`), always printed */
  optional?: boolean;
  /** e.g. `num` (right-aligned figures) or `nowrap` */
  className?: string;
  cell: (row: T) => ReactNode;
}

const classOf = <T,>(c: Column<T>) =>
  [c.className, c.optional && "col-optional"].filter(Boolean).join(" ") || undefined;

/** The one data table: header row, a row per item, and a line saying so when there is none. */
export function Table<T>({ columns, rows, rowKey, empty }: {
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
  empty: ReactNode;
}) {
  return (
    <table className="table">
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c.header} className={classOf(c)}>
              {c.srOnly ? <span className="sr-only">{c.header}</span> : c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            {columns.map((c) => <td key={c.header} className={classOf(c)}>{c.cell(row)}</td>)}
          </tr>
        ))}
        {!rows.length && (
          <tr>
            <td colSpan={columns.length} className="muted">{empty}</td>
          </tr>
        )}
      </tbody>
    </table>
  );
}
