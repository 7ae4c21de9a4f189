/**
 * The kill feedback file for farm software (issue 44 §4): one row per carcass, UTF-8 CSV with CRLF line
 * ends, and the same rows as JSON. The headers are stable and carry their units; the list below is the
 * documentation (the portal's download panel shows it). Pure: rows in, text out.
 */
import type { carcasses } from "../../../../db/tenant/killFloor.ts";
import { csvRows } from "../../csv.ts";
import { speciesCategoryName } from "../../../../kernel/enums.ts";

/** A carcass as the file lists it: its fields as the kill floor stored them, and its consignment's. */
export type FeedbackFileRow =
  & Pick<
    typeof carcasses.$inferSelect,
    | "productionDate"
    | "livestockOrderId"
    | "bodyNumber"
    | "rfid"
    | "speciesCategoryId"
    | "sex"
    | "dentition"
    | "hscwKg"
    | "fatDepthMm"
    | "fatScore"
    | "gradeCode"
    | "msaHumpMm"
    | "msaHgp"
    | "msaOssification"
    | "msaMarbling"
    | "msaRibFatMm"
    | "msaUltimatePh"
    | "msaLoinTempC"
    | "msaIndex"
    | "defects"
    | "condemned"
    | "condemnedReason"
  >
  & { supplierName: string; pic: string; nvd: string };

const fixed = (n: number | null, digits: number) => (n === null ? "" : n.toFixed(digits));
const yn = (b: boolean | null) => (b === null ? "" : b ? "Y" : "N");

/** The columns, in order: header (with its unit), what it holds, and the cell. */
export const FEEDBACK_COLUMNS: readonly {
  header: string;
  about: string;
  cell: (r: FeedbackFileRow) => unknown;
}[] = [
  { header: "Kill Date", about: "yyyy-mm-dd, the plant's production day", cell: (r) => r.productionDate },
  { header: "Supplier", about: "the supplier's name at the processor", cell: (r) => r.supplierName },
  { header: "PIC", about: "property identification code of the consignment", cell: (r) => r.pic },
  { header: "NVD", about: "the consignment's NVD number", cell: (r) => r.nvd },
  {
    header: "Lot",
    about: "the processor's order number for the consignment",
    cell: (r) => r.livestockOrderId,
  },
  { header: "Body Number", about: "the plant's carcass number on the day", cell: (r) => r.bodyNumber },
  {
    header: "NLIS ID",
    about: "RFID device number (blank for sheep killed by mob)",
    cell: (r) => r.rfid ?? "",
  },
  { header: "Category", about: "species category", cell: (r) => speciesCategoryName(r.speciesCategoryId) },
  { header: "Sex", about: "M male, F female, C castrate", cell: (r) => r.sex ?? "" },
  { header: "Dentition (teeth)", about: "permanent incisors 0–8", cell: (r) => r.dentition },
  {
    header: "HSCW (kg)",
    about: "hot standard carcass weight, 1 decimal; 0 when condemned",
    cell: (r) => r.hscwKg.toFixed(1),
  },
  {
    header: "Fat Depth (mm)",
    about: "P8 (cattle) or GR (sheep) fat depth",
    cell: (r) => fixed(r.fatDepthMm, 0),
  },
  { header: "Fat Score", about: "AUS-MEAT fat score 1–6", cell: (r) => r.fatScore },
  { header: "Grade", about: "the plant's grade code", cell: (r) => r.gradeCode ?? "" },
  { header: "MSA Hump (mm)", about: "hump height", cell: (r) => r.msaHumpMm },
  { header: "HGP", about: "Y treated, N not", cell: (r) => yn(r.msaHgp) },
  { header: "Ossification", about: "MSA ossification score 100–590", cell: (r) => r.msaOssification },
  { header: "MSA Marbling", about: "MSA marbling 100–1190", cell: (r) => r.msaMarbling },
  { header: "Rib Fat (mm)", about: "MSA rib fat", cell: (r) => r.msaRibFatMm },
  {
    header: "Ultimate pH",
    about: "2 decimals; 5.71 and above does not comply",
    cell: (r) => fixed(r.msaUltimatePh, 2),
  },
  {
    header: "Loin Temp (C)",
    about: "loin temperature at grading, 1 decimal",
    cell: (r) => fixed(r.msaLoinTempC, 1),
  },
  { header: "MSA Index", about: "30–80, 2 decimals", cell: (r) => fixed(r.msaIndex, 2) },
  { header: "Defects", about: "defect codes, separated by ;", cell: (r) => r.defects.join(";") },
  { header: "Condemned", about: "none, part or whole", cell: (r) => r.condemned },
  { header: "Condemned Reason", about: "why, when condemned", cell: (r) => r.condemnedReason ?? "" },
];

export const FEEDBACK_HEADERS = FEEDBACK_COLUMNS.map((c) => c.header);

/** The CSV text (UTF-8, no byte order mark: some farm software reads it as part of the first header). */
export function feedbackCsv(rows: readonly FeedbackFileRow[]): string {
  return csvRows([FEEDBACK_HEADERS, ...rows.map((r) => FEEDBACK_COLUMNS.map((c) => c.cell(r)))]);
}

/** The same rows as JSON objects keyed by the CSV's headers (what a farm system's API import takes). */
export function feedbackJson(rows: readonly FeedbackFileRow[]) {
  return rows.map((r) => Object.fromEntries(FEEDBACK_COLUMNS.map((c) => [c.header, c.cell(r)])));
}

/** The file's name: the processor, the lot or the period. */
export function feedbackFileName(
  processorName: string,
  q: { livestockOrderId?: number; from?: string; to?: string },
) {
  const who = processorName.replace(/[^A-Za-z0-9]+/g, "-").replace(/^-|-$/g, "");
  return q.livestockOrderId
    ? `kill-feedback-${who}-lot-${q.livestockOrderId}`
    : `kill-feedback-${who}-${q.from}-to-${q.to}`;
}
