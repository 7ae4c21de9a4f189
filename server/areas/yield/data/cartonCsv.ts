/**
 * A CSV of carton records (a file uploaded on Settings › Yield, or a text/csv body from a plant system) read
 * into the rows PostCartons takes: one carton a line, the columns named by the header row (our names, or
 * the usual words for them: "Carton serial", "Net kg", "Run", "Lot", …; case, spaces and punctuation do not
 * matter). Pure: the rows then go through the same checks, row-numbered, as a JSON batch.
 */
import { ApiError } from "../../../http/errors.ts";
import { parseCsv } from "../../killFloor/csv.ts";

interface CartonColumn {
  /** the field of PostCartons' row (`run.` for the run's fields) */
  field: string;
  /** the template's header */
  header: string;
  required: boolean;
  /** other words a plant's file uses for it (compared without case, spaces or punctuation) */
  aliases: readonly string[];
}

export const CARTON_CSV_COLUMNS: readonly CartonColumn[] = [
  { field: "serial", header: "serial", required: true, aliases: ["carton serial", "carton", "carton no"] },
  {
    field: "productCode",
    header: "productCode",
    required: true,
    aliases: ["product code", "code", "product"],
  },
  { field: "netKg", header: "netKg", required: true, aliases: ["net kg", "net weight", "kg", "weight"] },
  { field: "pieces", header: "pieces", required: false, aliases: ["pcs", "piece count"] },
  {
    field: "productionDate",
    header: "productionDate",
    required: true,
    aliases: ["production date", "boning date", "date", "pack date"],
  },
  { field: "shift", header: "shift", required: true, aliases: [] },
  { field: "boningRoom", header: "boningRoom", required: true, aliases: ["boning room", "room"] },
  { field: "site", header: "site", required: true, aliases: ["plant", "site name"] },
  { field: "run.runNumber", header: "runNumber", required: true, aliases: ["run", "run number", "run no"] },
  { field: "run.lot", header: "lot", required: false, aliases: ["source lot", "mob", "lot number"] },
  { field: "run.killDate", header: "killDate", required: false, aliases: ["kill date"] },
  { field: "run.stockMobId", header: "stockMobId", required: false, aliases: ["mob id"] },
  { field: "run.head", header: "head", required: false, aliases: ["head boned"] },
  { field: "run.hscwKg", header: "hscwKg", required: false, aliases: ["hscw", "hscw kg"] },
  { field: "speciesId", header: "speciesId", required: false, aliases: ["species id"] },
];

/** The header line of a carton CSV (what the screen shows and a template would hold). */
export const CARTON_CSV_HEADER = CARTON_CSV_COLUMNS.map((c) => c.header).join(",");

const squash = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, "");

/** Which of our columns a header names, if any. */
function columnOf(header: string): CartonColumn | undefined {
  const h = squash(header);
  return CARTON_CSV_COLUMNS.find((c) => squash(c.header) === h || c.aliases.some((a) => squash(a) === h));
}

/**
 * The CSV's rows as PostCartons rows (`run` nested). A file without a header naming the required columns is
 * a 400 in words (nothing read); the rows' own problems are found later, row by row.
 */
export function cartonCsvRows(text: string): Record<string, unknown>[] {
  const [header = [], ...records] = parseCsv(text);
  const plan: [CartonColumn, number][] = [];
  header.forEach((h, i) => {
    const column = columnOf(h);
    if (column && !plan.some(([c]) => c === column)) plan.push([column, i]);
  });
  const missing = CARTON_CSV_COLUMNS.filter((c) => c.required && !plan.some(([p]) => p === c));
  if (!header.length || missing.length) {
    throw ApiError.validation([{
      field: "file",
      message: header.length
        ? `The file has no column for ${missing.map((c) => c.header).join(", ")}. Its first line must ` +
          `name the columns: ${CARTON_CSV_HEADER}`
        : "The file is empty: send a header line and a row a carton.",
    }]);
  }
  return records.map((cells) => {
    const row: Record<string, unknown> = {};
    const run: Record<string, unknown> = {};
    for (const [column, i] of plan) {
      const value = (cells[i] ?? "").trim();
      if (column.field.startsWith("run.")) run[column.field.slice(4)] = value;
      else row[column.field] = value;
    }
    row.run = run;
    return row;
  });
}
