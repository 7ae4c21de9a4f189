/**
 * The lot page's per-carcass table as HTML text (issue 44 speed): three hundred rows of eighteen columns
 * through React cost the page more than its data read, and the table has no behaviour of its own, so it is
 * written here with every value escaped. The same markup as client/ui/Table.tsx (class `table`).
 */
import { formatDecimal } from "../../../../kernel/format.ts";
import type { FeedbackCarcass } from "../door.ts";
import { REASON_WORDS, reasonsOf } from "../feedback/rules.ts";
import type { GridCells } from "../../pricing/rules.ts";

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};
const escape = (v: unknown) => String(v ?? "").replace(/[&<>"']/g, (ch) => ESCAPES[ch]);

type Cell = (c: FeedbackCarcass) => unknown;

const COLUMNS: [string, Cell][] = [
  ["Body", (c) => c.bodyNumber],
  ["NLIS ID", (c) => c.rfid],
  ["Sex", (c) => c.sex],
  ["Teeth", (c) => c.dentition],
  ["HSCW kg", (c) => formatDecimal(c.hscwKg)],
  ["Fat mm", (c) => c.fatDepthMm],
  ["Fat score", (c) => c.fatScore],
  ["Grade", (c) => c.gradeCode],
  ["Hump", (c) => c.msaHumpMm],
  ["HGP", (c) => c.msaHgp === null ? "" : c.msaHgp ? "Yes" : "No"],
  ["Ossif.", (c) => c.msaOssification],
  ["Marbling", (c) => c.msaMarbling],
  ["Rib fat", (c) => c.msaRibFatMm],
  ["pH", (c) => c.msaUltimatePh?.toFixed(2)],
  ["MSA index", (c) => c.msaIndex?.toFixed(2)],
  ["Defects", (c) => c.defects.join(", ")],
  [
    "Condemned",
    (c) => c.condemned === "none" ? "" : `${c.condemned}${c.condemnedReason ? `: ${c.condemnedReason}` : ""}`,
  ],
];

/** The carcasses, one row each, with why each is out of spec against the lot's grid. */
export function carcassTableHtml(
  carcasses: readonly FeedbackCarcass[],
  grid: GridCells | null,
  maxDentition: number | null,
) {
  const head = [...COLUMNS.map(([h]) => h), "Out of spec"].map((h) => `<th>${escape(h)}</th>`).join("");
  const rows = carcasses.map((c) => {
    const reasons = reasonsOf(c, grid, maxDentition).map((r) => REASON_WORDS[r]).join("; ");
    return `<tr>${COLUMNS.map(([, cell]) => `<td>${escape(cell(c))}</td>`).join("")}<td>${
      escape(reasons)
    }</td></tr>`;
  });
  const empty = `<tr><td colspan="${COLUMNS.length + 1}" class="muted">No carcasses.</td></tr>`;
  return `<table class="table"><thead><tr>${head}</tr></thead><tbody>${
    rows.join("") || empty
  }</tbody></table>`;
}
