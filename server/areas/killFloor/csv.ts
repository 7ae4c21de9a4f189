/**
 * CSV as plant systems and spreadsheets write it (RFC 4180): comma or semicolon separated, fields in
 * double quotes may hold separators, quotes ("") and line breaks; CRLF or LF; a UTF-8 byte-order mark is
 * dropped. Pure: the upload island reads the header row with it, the import reads the file.
 */

/** The separator a file uses: the one of comma, semicolon or tab found most on its first line. */
export function detectSeparator(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const counts = [",", ";", "\t"].map((s) => [s, firstLine.split(s).length] as const);
  return counts.reduce((a, b) => (b[1] > a[1] ? b : a))[0];
}

/** Every record of the text as an array of cells (blank lines skipped). */
export function parseCsv(input: string, separator = detectSeparator(input)): string[][] {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let i = 0;
  const n = text.length;
  const endRow = () => {
    row.push(cell);
    if (row.length > 1 || row[0] !== "") rows.push(row);
    row = [];
    cell = "";
  };
  while (i < n) {
    const ch = text[i];
    if (ch === '"' && cell === "") {
      // a quoted field: up to the closing quote, "" standing for one quote
      i++;
      let start = i;
      for (;;) {
        const q = text.indexOf('"', i);
        if (q === -1) {
          cell += text.slice(start);
          i = n;
          break;
        }
        if (text[q + 1] === '"') {
          cell += text.slice(start, q + 1);
          i = start = q + 2;
          continue;
        }
        cell += text.slice(start, q);
        i = q + 1;
        break;
      }
      continue;
    }
    if (ch === separator) {
      row.push(cell);
      cell = "";
      i++;
    } else if (ch === "\n" || ch === "\r") {
      endRow();
      i += ch === "\r" && text[i + 1] === "\n" ? 2 : 1;
    } else {
      // plain run up to the next separator or line end
      let j = i + 1;
      while (j < n && text[j] !== separator && text[j] !== "\n" && text[j] !== "\r") j++;
      cell += text.slice(i, j);
      i = j;
    }
  }
  if (cell !== "" || row.length) endRow();
  return rows;
}

/** The header row of a file's first few kilobytes (what the mapping step shows). */
export function csvHeader(head: string): string[] {
  const firstLines = head.split(/\r?\n/).slice(0, 2).join("\n");
  return (parseCsv(firstLines)[0] ?? []).map((h) => h.trim());
}

export { csvCell, toCsv } from "../csv.ts";
