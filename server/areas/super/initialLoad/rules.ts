/**
 * The initial data load's rules (no I/O): the template, reading a spreadsheet's header and rows, turning
 * a row's cells into the party form's body and checking it with that form's own schema (ABN and ACN
 * check digits, PIC, BSB, email…), and matching rows with each other and with the organisation's records
 * by the natural key (name and PIC for suppliers and stakeholders, name for buyers and carriers).
 */
import type { z } from "zod";
import {
  BuyerBody,
  StakeholderBody,
  SupplierBody,
  TransportCompanyBody,
} from "../../livestock/parties/schemas.ts";
import { normalisePic } from "../../livestock/parties/rules.ts";
import { parseCsv } from "../../killFloor/rules.ts";
import { toCsv } from "../../csv.ts";
import { KINDS, type LoadColumn, type LoadKind, STATE_NAMES } from "./columns.ts";

export * from "./columns.ts";

/** One transaction's worth, and what a person can check in a preview. */
export const INITIAL_LOAD_MAX_ROWS = 5_000;
/** Under the app's 1 MB body limit with room for the form around the file (about 5,000 full rows). */
export const INITIAL_LOAD_MAX_BYTES = 1000 * 1024;

/** A remark on one cell: the spreadsheet's row number (the header is row 1) and the column's header. */
export interface Note {
  row: number;
  column: string;
  message: string;
}

export type Species = readonly { id: number; name: string }[];

/** The template: the header row and one example row. The byte-order mark makes Excel read it as UTF-8. */
export function templateCsv(kind: LoadKind): string {
  const { columns } = KINDS[kind];
  return "\uFEFF" + toCsv(columns.map((c) => c.header), [columns.map((c) => c.example)]);
}

export const templateFileName = (kind: LoadKind) => `${KINDS[kind].many.replace(/ /g, "-")}-template.csv`;

const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, "");
const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString("en-AU")} ${n === 1 ? one : many}`;

export interface FileLayout {
  /** the column each of the file's columns feeds (null: ignored) */
  columns: (LoadColumn | null)[];
  /** headers no column of this kind answers to */
  ignored: string[];
  /** the data rows with their spreadsheet row numbers; rows with every cell blank are left out */
  rows: { row: number; cells: string[] }[];
}

/** The header matched to the kind's columns (by header or a usual alias) and the data rows. */
export function readFile(
  kind: LoadKind,
  text: string,
): { layout: FileLayout; problems: [] } | { layout: null; problems: string[] } {
  const { columns: known, one } = KINDS[kind];
  const [header, ...records] = parseCsv(text);
  if (!header) return { layout: null, problems: ["The file is empty."] };
  const byName = new Map<string, LoadColumn>();
  for (const c of known) for (const name of [c.header, ...(c.aliases ?? [])]) byName.set(squash(name), c);
  const problems: string[] = [];
  const seen = new Set<LoadColumn>();
  const columns = header.map((h) => {
    const column = byName.get(squash(h)) ?? null;
    if (column && seen.has(column)) {
      problems.push(`Two columns are the ${column.header} column (“${h.trim()}”): keep one.`);
    }
    if (column) seen.add(column);
    return column;
  });
  for (const c of known.filter((c) => c.required && !seen.has(c))) {
    problems.push(
      `The file has no “${c.header}” column, which every ${one} needs. Start from the template: its first row names the columns.`,
    );
  }
  const rows = records.map((cells, i) => ({ row: i + 2, cells }))
    .filter((r) => r.cells.some((c) => c.trim() !== ""));
  if (!problems.length && !rows.length) problems.push("The file has a header row but no rows under it.");
  if (rows.length > INITIAL_LOAD_MAX_ROWS) {
    problems.push(
      `The file has ${plural(rows.length, "row")}: at most ${
        INITIAL_LOAD_MAX_ROWS.toLocaleString("en-AU")
      } are loaded at once. Split it into smaller files.`,
    );
  }
  if (problems.length) return { layout: null, problems };
  const ignored = header.filter((h, i) => !columns[i] && h.trim() !== "").map((h) => h.trim());
  return { layout: { columns, ignored, rows }, problems: [] };
}

/** The cell of `field` in a row ("" when the file has no such column). */
export function cellOf(layout: FileLayout, cells: readonly string[], field: string): string {
  const i = layout.columns.findIndex((c) => c?.field === field);
  return i === -1 ? "" : (cells[i] ?? "").trim();
}

/** A spreadsheet that took an ABN or account number for a number writes it like this. */
const SCIENTIFIC = /^\d(\.\d+)?e\+?\d+$/i;
const YES = /^(yes|y|true|1)$/i;
const NO = /^(no|n|false|0)$/i;

/** One cell as its field takes it, or the problem in words. */
function cellValue(
  column: LoadColumn,
  raw: string,
  species: Species,
): { value: unknown } | { problem: string } {
  if (SCIENTIFIC.test(raw)) {
    return {
      problem:
        `The spreadsheet turned this into a number (${raw}): format the column as text and save the file again.`,
    };
  }
  const split = () => raw.split(/[;,|]/).map((p) => p.trim()).filter(Boolean);
  switch (column.kind) {
    case "yesNo": {
      if (!YES.test(raw) && !NO.test(raw)) return { problem: `Write Yes or No, not “${raw}”.` };
      return { value: YES.test(raw) !== Boolean(column.inverted) };
    }
    case "choice": {
      const found = column.choices!.find((c) => c.toLowerCase() === raw.toLowerCase()) ??
        (column.field.endsWith("state") ? STATE_NAMES[raw.toLowerCase()] : undefined);
      return found ? { value: found } : { problem: `“${raw}” is not one of ${column.choices!.join(", ")}.` };
    }
    case "list": {
      const values = split().map((
        part,
      ) => [part, column.choices!.find((c) => c.toLowerCase() === part.toLowerCase())]);
      const unknown = values.find(([, found]) => !found);
      if (unknown) return { problem: `“${unknown[0]}” is not one of ${column.choices!.join(", ")}.` };
      return { value: [...new Set(values.map(([, found]) => found))] };
    }
    case "species": {
      const ids: number[] = [];
      for (const part of split()) {
        const found = species.find((s) => s.name.toLowerCase() === part.toLowerCase());
        if (!found) {
          const has = species.map((s) => s.name).join(", ") || "none";
          return { problem: `“${part}” is not a species of this organisation (it has ${has}).` };
        }
        if (!ids.includes(found.id)) ids.push(found.id);
      }
      return { value: ids };
    }
    default:
      // spreadsheets drop the leading zero of NT postcodes (0800 → 800)
      return { value: column.field.endsWith("postcode") && /^\d{3}$/.test(raw) ? `0${raw}` : raw };
  }
}

function setPath(target: Record<string, unknown>, path: string, value: unknown) {
  const parts = path.split(".");
  let at = target;
  for (const part of parts.slice(0, -1)) {
    const next = at[part];
    at = at[part] = typeof next === "object" && next !== null ? { ...next as Record<string, unknown> } : {};
  }
  at[parts.at(-1)!] = value;
}

const SCHEMAS = {
  suppliers: SupplierBody,
  stakeholders: StakeholderBody,
  buyers: BuyerBody,
  transportCompanies: TransportCompanyBody,
} as const;

export type CheckedBody<K extends LoadKind = LoadKind> = z.output<(typeof SCHEMAS)[K]>;

/** A zod issue in words: the schema's own message, or a plain one for the generic ones. */
function plainIssue(issue: z.core.$ZodIssue): string {
  if (issue.code === "too_big") {
    return issue.origin === "string"
      ? `Too long: at most ${issue.maximum} characters.`
      : `At most ${issue.maximum}.`;
  }
  if (issue.code === "invalid_type" || issue.code === "invalid_union") {
    return "This value cannot be read here.";
  }
  return issue.message;
}

/**
 * The row's cells laid over `base` (an existing record's body, or nothing for a new one: blank cells and
 * columns the file lacks keep its values), then checked with the kind's form schema. Answers the checked body or the
 * problems, each with its column.
 */
export function checkRow(
  kind: LoadKind,
  layout: FileLayout,
  row: { row: number; cells: readonly string[] },
  base: Record<string, unknown>,
  species: Species,
): { body: CheckedBody; problems: [] } | { body: null; problems: Note[] } {
  const body: Record<string, unknown> = { ...base, id: undefined, lastModified: undefined };
  const problems: Note[] = [];
  layout.columns.forEach((column, i) => {
    const raw = (row.cells[i] ?? "").trim();
    if (!column) return;
    // a blank cell gives nothing: a new record gets the form's default, an existing one keeps its value
    // (a required text, the name, is checked as blank: the form says what is missing)
    if (raw === "" && !(column.required && column.kind === "text")) return;
    const read = cellValue(column, raw, species);
    if ("problem" in read) problems.push({ row: row.row, column: column.header, message: read.problem });
    else setPath(body, column.field, read.value);
  });
  // no MSA number and not accredited is no MSA record (as a new supplier without one)
  const msa = body.supplierMsaProperties as { msaNumber?: string; isMsaAccredited?: boolean } | undefined;
  if (msa && !msa.msaNumber && !msa.isMsaAccredited) body.supplierMsaProperties = null;
  // the other cells are checked too, so a person fixes the whole row at once
  const parsed = SCHEMAS[kind].safeParse(body);
  if (parsed.success && !problems.length) return { body: parsed.data, problems: [] };
  const columns = KINDS[kind].columns;
  for (const issue of parsed.error?.issues ?? []) {
    const path = issue.path.join(".");
    const column = columns.find((c) => path === c.field || path.startsWith(`${c.field}.`));
    const header = column?.header ?? path;
    if (!problems.some((p) => p.column === header)) {
      problems.push({ row: row.row, column: header, message: plainIssue(issue) });
    }
  }
  // in the file's column order
  const order = (header: string) => columns.findIndex((c) => c.header === header);
  return { body: null, problems: problems.sort((a, b) => order(a.column) - order(b.column)) };
}

/** The natural key: the same name (any case, any spacing) and PIC, or the same name. */
export function naturalKey(kind: LoadKind, name: string, pic: string): string {
  return KINDS[kind].key === "namePic" ? `${plainName(name)}|${normalisePic(pic)}` : plainName(name);
}

const plainName = (name: string) => name.trim().replace(/\s+/g, " ").toLowerCase();

/** Every mapped cell is the template's example: the row was left in by mistake. */
export function isExampleRow(layout: FileLayout, cells: readonly string[]): boolean {
  const mapped = layout.columns.map((c, i) => [c, (cells[i] ?? "").trim()] as const).filter(([c]) => c);
  return mapped.every(([c, cell]) => cell === c!.example);
}

export interface ExistingRecord {
  id: number;
  name: string;
  pic: string;
  /** the record as its form's body (what a row's cells are laid over) */
  body: Record<string, unknown>;
}

interface RowBase {
  row: number;
  name: string;
  pic: string;
  warnings: Note[];
}
export type PlannedRow =
  | RowBase & { action: "rejected"; problems: Note[] }
  /** `existingId` null: a new record; otherwise the record it updates (or leaves as it is) */
  | RowBase & { action: "write"; existingId: number | null; body: CheckedBody };

/**
 * Each row checked and matched: a row repeating an earlier row's key, or matching more than one record,
 * is rejected; a row matching one record is laid over it; a PIC or a name also used under another key is
 * a warning (one business entered twice, or a producer's second property: a person decides).
 */
export function planRows(
  kind: LoadKind,
  layout: FileLayout,
  existing: readonly ExistingRecord[],
  species: Species,
): PlannedRow[] {
  const info = KINDS[kind];
  const byKey = new Map<string, ExistingRecord[]>();
  for (const r of existing) {
    const key = naturalKey(kind, r.name, r.pic);
    byKey.set(key, [...(byKey.get(key) ?? []), r]);
  }
  const keyOf = (cells: readonly string[]) =>
    naturalKey(kind, cellOf(layout, cells, "name"), cellOf(layout, cells, "pic"));
  // every name and PIC in use, with who uses it: the organisation's records, then the file's rows
  const uses = { name: new Map<string, Set<string>>(), pic: new Map<string, Set<string>>() };
  const use = (what: "name" | "pic", value: string, key: string) => {
    if (value) uses[what].set(value, (uses[what].get(value) ?? new Set()).add(key));
  };
  for (const r of existing) {
    use("name", plainName(r.name), naturalKey(kind, r.name, r.pic));
    use("pic", normalisePic(r.pic), naturalKey(kind, r.name, r.pic));
  }
  for (const { cells } of layout.rows) {
    use("name", plainName(cellOf(layout, cells, "name")), keyOf(cells));
    use("pic", normalisePic(cellOf(layout, cells, "pic")), keyOf(cells));
  }
  const firstRowOf = new Map<string, number>();
  return layout.rows.map(({ row, cells }) => {
    const name = cellOf(layout, cells, "name");
    const pic = normalisePic(cellOf(layout, cells, "pic"));
    const key = keyOf(cells);
    const reject = (message: string, column = "Name"): PlannedRow => ({
      row,
      name,
      pic,
      action: "rejected",
      problems: [{ row, column, message }],
      warnings: [],
    });
    if (name && isExampleRow(layout, cells)) {
      return reject("This is the template's example row: delete it or replace it with a real one.");
    }
    const earlier = name ? firstRowOf.get(key) : undefined;
    if (earlier) {
      return reject(`Repeats row ${earlier} (the same name${info.key === "namePic" ? " and PIC" : ""}).`);
    }
    if (name) firstRowOf.set(key, row);
    const matches = byKey.get(key) ?? [];
    if (matches.length > 1) {
      return reject(
        `${plural(matches.length, info.one, info.many)} here already have this name${
          info.key === "namePic" ? " and PIC" : ""
        }: merge them by hand first.`,
      );
    }
    const checked = checkRow(kind, layout, { row, cells }, matches[0]?.body ?? {}, species);
    if (!checked.body) {
      return { row, name, pic, action: "rejected", problems: checked.problems, warnings: [] };
    }
    const warnings: Note[] = [];
    if (info.key === "namePic") {
      const samePic = pic ? [...(uses.pic.get(pic) ?? [])].filter((k) => k !== key) : [];
      if (samePic.length) {
        warnings.push({
          row,
          column: "PIC",
          message:
            `Another ${info.one} also has PIC ${pic}: check it is not the same business under another name.`,
        });
      }
      const sameName = [...(uses.name.get(plainName(name)) ?? [])].filter((k) => k !== key);
      if (sameName.length) {
        warnings.push({
          row,
          column: "Name",
          message: `${name} is also listed with another PIC: a second property, or the same one mistyped?`,
        });
      }
    }
    return {
      row,
      name,
      pic,
      action: "write",
      existingId: matches[0]?.id ?? null,
      body: checked.body,
      warnings,
    };
  });
}

/** "12 new and 3 updated suppliers" (toasts and the list of loads). */
export function loadedText(kind: LoadKind, counts: { added: number; updated: number }): string {
  const { one, many } = KINDS[kind];
  const parts = [
    counts.added ? `${counts.added.toLocaleString("en-AU")} new` : "",
    counts.updated ? `${counts.updated.toLocaleString("en-AU")} updated` : "",
  ].filter(Boolean);
  return parts.length
    ? `${parts.join(" and ")} ${counts.added + counts.updated === 1 ? one : many}`
    : `No ${many}`;
}
