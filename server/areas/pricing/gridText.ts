/**
 * The text form of a grid's cell matrix: what a spreadsheet pastes or a person types, read into the
 * matrix (with line-by-line errors) and written back out for editing.
 *
 * Pure: no I/O and no imports but the area's other pure modules (the islands bundle it).
 */
import { gridCellProblems, type GridCells } from "./cells.ts";

/**
 * The matrix as text, the way a spreadsheet pastes it (tab-separated) or a person types it
 * (comma-separated):
 *
 *     kg      1    2    3    4    5
 *     0-16    -    780  800  760  -
 *     16.1-18 820  880  900  860  780
 *     28.1+   760  820  840  800  720
 *
 * The first line names the fat scores (after a label cell, e.g. "kg"; "FS2" or "Fat 2" also read as 2);
 * every other line is a weight band ("16.1-18", or "28.1+" for the heaviest, open-ended band) and its
 * prices in cents per kg, one per fat score. Blank or "-" is not bought. Blank lines are ignored.
 */
export function gridToText(cells: GridCells): string {
  const header = ["kg", ...cells.fatScores.map(String)].join("\t");
  const rows = cells.weightBands.map((band, i) =>
    [
      band.toKg === null ? `${band.fromKg}+` : `${band.fromKg}-${band.toKg}`,
      ...cells.fatScores.map((_, j) => {
        const p = cells.prices[i]?.[j];
        return p === null || p === undefined ? "-" : String(p);
      }),
    ].join("\t")
  );
  return [header, ...rows].join("\n");
}

export type ParsedGrid = { ok: true; cells: GridCells } | { ok: false; errors: string[] };

const NUMBER = String.raw`\d+(?:\.\d+)?`;
const BAND_RANGE = new RegExp(`^(${NUMBER})\\s*(?:-|–|—|to)\\s*(${NUMBER})$`, "i");
const BAND_OPEN = new RegExp(`^(${NUMBER})\\s*(?:\\+|and over|or more)$`, "i");
const FAT_SCORE = /^(?:fs|fat(?:\s*score)?)?\s*(\d+)$/i;
const NOT_BOUGHT = new Set(["", "-", "–", "—", "x", "n/a", "na", "nb"]);

/** One line's cells: tabs when the line has one (a spreadsheet paste), else commas or semicolons, else spaces. */
function splitLine(line: string): string[] {
  if (line.includes("\t")) return line.split("\t").map((c) => c.trim());
  if (/[,;]/.test(line)) return line.split(/[,;]/).map((c) => c.trim());
  return line.trim().split(/\s+/);
}

function parseBand(cell: string): { fromKg: number; toKg: number | null } | null {
  const text = cell.replace(/\s*kg$/i, "").trim();
  const range = BAND_RANGE.exec(text);
  if (range) return { fromKg: Number(range[1]), toKg: Number(range[2]) };
  const open = BAND_OPEN.exec(text);
  return open ? { fromKg: Number(open[1]), toKg: null } : null;
}

/** Reads the text form into a matrix, or says line by line what is wrong with it. */
export function parseGridText(text: string): ParsedGrid {
  const lines = text.split(/\r?\n/).map((line, i) => ({ line, number: i + 1 }))
    .filter((l) => l.line.trim() !== "");
  const errors: string[] = [];
  if (lines.length < 2) {
    return { ok: false, errors: ["Give a header line of fat scores and at least one weight band line."] };
  }
  const [head, ...body] = lines;
  const headCells = splitLine(head.line);
  // the corner cell is a label ("kg", "HSCW", blank); without one the line starts with a fat score
  const fatCells = FAT_SCORE.test(headCells[0]) ? headCells : headCells.slice(1);
  while (fatCells.length && fatCells[fatCells.length - 1] === "") fatCells.pop();
  const fatScores: number[] = [];
  for (const cell of fatCells) {
    const m = FAT_SCORE.exec(cell);
    if (!m) {
      errors.push(`Line ${head.number}: “${cell}” is not a fat score (use whole numbers such as 1 2 3 4 5).`);
    } else fatScores.push(Number(m[1]));
  }
  if (!fatCells.length) errors.push(`Line ${head.number}: list the fat scores after a label such as “kg”.`);

  const weightBands: GridCells["weightBands"] = [];
  const prices: GridCells["prices"] = [];
  for (const { line, number } of body) {
    const [bandCell, ...priceCells] = splitLine(line);
    const band = parseBand(bandCell);
    if (!band) {
      errors.push(
        `Line ${number}: “${bandCell}” is not a weight band (write 16.1-18, or 28.1+ for the last).`,
      );
      continue;
    }
    // a spreadsheet drops trailing empty cells: missing prices at the end are "not bought"
    while (priceCells.length > fatCells.length && priceCells[priceCells.length - 1] === "") priceCells.pop();
    if (priceCells.length > fatCells.length) {
      errors.push(`Line ${number}: ${priceCells.length} prices for ${fatCells.length} fat scores.`);
      continue;
    }
    const row: (number | null)[] = [];
    for (const raw of [...priceCells, ...Array(fatCells.length - priceCells.length).fill("")]) {
      const cell = raw.replace(/\s*c$/i, "").trim();
      if (NOT_BOUGHT.has(cell.toLowerCase())) row.push(null);
      else if (cell.startsWith("$")) {
        errors.push(`Line ${number}: “${raw}”: prices are cents per kg (800 = $8.00/kg), without $.`);
      } else if (!new RegExp(`^${NUMBER}$`).test(cell)) {
        errors.push(`Line ${number}: “${raw}” is not a price in cents per kg.`);
      } else row.push(Number(cell));
    }
    weightBands.push(band);
    prices.push(row);
  }
  if (errors.length) return { ok: false, errors };
  const cells = { weightBands, fatScores, prices };
  const problems = gridCellProblems(cells);
  if (problems.length) return { ok: false, errors: problems.map((p) => p.message) };
  return { ok: true, cells };
}
