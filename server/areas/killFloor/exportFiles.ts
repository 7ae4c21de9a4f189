/**
 * The files a processor owes others, as CSV (pure: rows in, text out).
 * - NLIS kill file: the NLIS database must hear of every animal killed within 48 hours; cattle by their
 *   device (RFID), sheep and goats by mob (the vendor's PIC with the head count). One row per carcass.
 * - MSA grading data: the MSA-graded carcasses with every grading field, for MSA and the brand owner.
 * - Supplier feedback: one row per carcass with every grading field, in plain column names a producer's
 *   farm software (or a spreadsheet) imports without a mapping step.
 */
import { toCsv as csv } from "./csv.ts";
import type { CarcassRecord } from "./importer.ts";
import { speciesCategoryName } from "../../../kernel/enums.ts";
import { formatDayNumbers } from "../../../kernel/format.ts";

export type ExportRow = CarcassRecord & { lot: string; pic: string; supplierName: string; nvd: string };

/** NLIS wants the Australian day order. */
const dmy = formatDayNumbers;
const kg = (n: number | null | undefined) => (n == null ? "" : n.toFixed(1));
const yn = (b: boolean | null | undefined) => (b == null ? "" : b ? "Y" : "N");

/** NLIS kill file: device or PIC, kill date, body number, HSCW, for every carcass of the day. */
export function nlisKillFile(rows: readonly ExportRow[], plantPic = ""): string {
  return csv(
    [
      "RFID",
      "Vendor PIC",
      "Kill Date",
      "Body Number",
      "HSCW (kg)",
      "Lot",
      "Category",
      "Condemned",
      "Plant PIC",
    ],
    rows.map((r) => [
      r.rfid ?? "",
      r.pic,
      dmy(r.productionDate),
      r.bodyNumber,
      kg(r.hscwKg),
      r.lot,
      speciesCategoryName(r.speciesCategoryId),
      r.condemned === "whole" ? "Y" : "N",
      plantPic,
    ]),
  );
}

const MSA_HEADER = [
  "Kill Date",
  "Body Number",
  "Lot",
  "Vendor PIC",
  "RFID",
  "HSCW (kg)",
  "Sex",
  "Hump (mm)",
  "Hang",
  "HGP",
  "Ossification",
  "MSA Marbling",
  "Rib Fat (mm)",
  "Ultimate pH",
  "Loin Temp (C)",
  "MSA Index",
] as const;

const msaCells = (r: ExportRow) => [
  r.msaHumpMm,
  r.msaHangMethod,
  yn(r.msaHgp),
  r.msaOssification,
  r.msaMarbling,
  r.msaRibFatMm,
  r.msaUltimatePh?.toFixed(2),
  r.msaLoinTempC?.toFixed(1),
  r.msaIndex?.toFixed(2),
];

/** MSA grading data: the MSA-graded carcasses (an index was given). */
export function msaGradingFile(rows: readonly ExportRow[]): string {
  return csv(
    MSA_HEADER,
    rows.filter((r) => r.msaIndex != null).map((r) => [
      dmy(r.productionDate),
      r.bodyNumber,
      r.lot,
      r.pic,
      r.rfid ?? "",
      kg(r.hscwKg),
      r.sex ?? "",
      ...msaCells(r),
    ]),
  );
}

/** Supplier feedback: every carcass of the supplier's lots with every grading field. */
export function supplierFeedbackFile(rows: readonly ExportRow[]): string {
  return csv(
    [
      "Kill Date",
      "Supplier",
      "Lot",
      "NVD",
      "PIC",
      "Body Number",
      "RFID",
      "Category",
      "Sex",
      "Dentition",
      "HSCW (kg)",
      "Fat Depth (mm)",
      "Fat Score",
      "Grade",
      ...MSA_HEADER.slice(7),
      "Defects",
      "Trim (kg)",
      "Condemned",
      "Condemned Reason",
      "Skin Grade",
    ],
    rows.map((r) => [
      r.productionDate,
      r.supplierName,
      r.lot,
      r.nvd,
      r.pic,
      r.bodyNumber,
      r.rfid ?? "",
      speciesCategoryName(r.speciesCategoryId),
      r.sex ?? "",
      r.dentition,
      kg(r.hscwKg),
      r.fatDepthMm,
      r.fatScore,
      r.gradeCode ?? "",
      ...msaCells(r),
      (r.defects ?? []).join(";"),
      kg(r.trimKg),
      r.condemned,
      r.condemnedReason ?? "",
      r.skinGrade ?? "",
    ]),
  );
}
