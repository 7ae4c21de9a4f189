/** Writing CSV files people open in Excel or farm software: one writer for every export. */

/** One CSV cell: quoted when it holds a separator, a quote or a line break, or could be read as a formula. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  // a spreadsheet would run =, +, -, @ at the start of text as a formula (CSV injection)
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n;]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows to CSV text with CRLF line ends (what Excel and farm software expect). */
export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return csvRows([header, ...rows]);
}

/** Lines of CSV without a header (a later page of a long file), each ended by CRLF. */
export function csvRows(rows: readonly (readonly unknown[])[]): string {
  let text = "";
  for (const r of rows) text += r.map(csvCell).join(",") + "\r\n";
  return text;
}
