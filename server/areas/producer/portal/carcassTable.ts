/**
 * The lot page's per-carcass table as HTML text (issue 44 speed): three hundred rows of eighteen columns
 * through React cost the page more than its data read, and the table has no behaviour of its own, so it is
 * written here with every value escaped. The same markup as client/ui/Table.tsx (class `table`). Sorting is
 * by link, without script: each header links to the page sorted by its column (again: the other way).
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

/** The columns by the key the page's `sort` names: the header, the shown value, and what it sorts by. */
const COLUMNS: Record<CarcassSort, readonly [string, Cell, Cell?]> = {
  body: ["Body", (c) => c.bodyNumber],
  rfid: ["NLIS ID", (c) => c.rfid],
  sex: ["Sex", (c) => c.sex],
  teeth: ["Teeth", (c) => c.dentition],
  hscw: ["HSCW kg", (c) => formatDecimal(c.hscwKg), (c) => c.hscwKg],
  fat: ["Fat mm", (c) => c.fatDepthMm],
  fatScore: ["Fat score", (c) => c.fatScore],
  grade: ["Grade", (c) => c.gradeCode],
  hump: ["Hump", (c) => c.msaHumpMm],
  hgp: ["HGP", (c) => c.msaHgp === null ? "" : c.msaHgp ? "Yes" : "No"],
  ossification: ["Ossif.", (c) => c.msaOssification],
  marbling: ["Marbling", (c) => c.msaMarbling],
  ribFat: ["Rib fat", (c) => c.msaRibFatMm],
  ph: ["pH", (c) => c.msaUltimatePh?.toFixed(2), (c) => c.msaUltimatePh],
  msa: ["MSA index", (c) => c.msaIndex?.toFixed(2), (c) => c.msaIndex],
  defects: ["Defects", (c) => c.defects.join(", ")],
  condemned: [
    "Condemned",
    (c) => c.condemned === "none" ? "" : `${c.condemned}${c.condemnedReason ? `: ${c.condemnedReason}` : ""}`,
  ],
};

export const CARCASS_SORTS = [
  "body",
  "rfid",
  "sex",
  "teeth",
  "hscw",
  "fat",
  "fatScore",
  "grade",
  "hump",
  "hgp",
  "ossification",
  "marbling",
  "ribFat",
  "ph",
  "msa",
  "defects",
  "condemned",
] as const;
export type CarcassSort = typeof CARCASS_SORTS[number];

const blank = (v: unknown) => v === null || v === undefined || v === "";

/** Blanks last either way; numbers as numbers, text as text. */
function sorted(rows: readonly FeedbackCarcass[], key: CarcassSort, dir: "asc" | "desc") {
  const by = COLUMNS[key][2] ?? COLUMNS[key][1];
  const sign = dir === "asc" ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = by(a), y = by(b);
    if (blank(x) || blank(y)) return Number(blank(x)) - Number(blank(y));
    return sign *
      (typeof x === "number" && typeof y === "number" ? x - y : String(x).localeCompare(String(y)));
  });
}

/** The carcasses, one row each, with why each is out of spec against the lot's grid; `link` sorts by a column. */
export function carcassTableHtml(
  carcasses: readonly FeedbackCarcass[],
  grid: GridCells | null,
  maxDentition: number | null,
  order: {
    sort?: CarcassSort;
    dir?: "asc" | "desc";
    link: (sort: CarcassSort, dir: "asc" | "desc") => string;
  },
) {
  const header = (key: CarcassSort) => {
    const title = COLUMNS[key][0];
    const on = order.sort === key;
    const next = on && order.dir !== "desc" ? "desc" : "asc";
    const ariaSort = on ? ` aria-sort="${order.dir === "desc" ? "descending" : "ascending"}"` : "";
    return `<th${ariaSort}><a href="${escape(order.link(key, next))}">${escape(title)}</a></th>`;
  };
  const head = CARCASS_SORTS.map(header).join("") + "<th>Out of spec</th>";
  const rows = (order.sort ? sorted(carcasses, order.sort, order.dir ?? "asc") : carcasses).map((c) => {
    const reasons = reasonsOf(c, grid, maxDentition).map((r) => REASON_WORDS[r]).join("; ");
    const cells = CARCASS_SORTS.map((key) => `<td>${escape(COLUMNS[key][1](c))}</td>`).join("");
    return `<tr>${cells}<td>${escape(reasons)}</td></tr>`;
  });
  const span = CARCASS_SORTS.length + 1;
  const empty = `<tr><td colspan="${span}" class="muted">No carcasses.</td></tr>`;
  return `<table class="table"><thead><tr>${head}</tr></thead><tbody>${
    rows.join("") || empty
  }</tbody></table>`;
}
