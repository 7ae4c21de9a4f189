/**
 * The carcass feedback sheet's content (spec 1 §2 reports feedBackSheets): what the plant tells a supplier
 * about each carcass of their lot (weight, fat, grade, MSA for cattle, defects, condemnations, skin) and
 * what it was paid, with the lot's summary. One model feeds the PDF and the CSV, so the two cannot differ.
 * Pure.
 */
import type { FeedbackCarcass, InvoiceDocument } from "../../server/areas/invoices/document.ts";
import { formatCents } from "../../kernel/money.ts";
import { formatDecimal } from "../../kernel/format.ts";

const CATTLE = 2;

export interface FeedbackColumn {
  label: string;
  /** share of the PDF row's width, % */
  width: number;
  right?: boolean;
  /** the cell as printed */
  text: (c: FeedbackCarcass) => string;
  /** the CSV's header when the label needs its unit */
  csvLabel?: string;
  /** the cell in the CSV (plain numbers, no units) */
  csv: (c: FeedbackCarcass) => string | number | null;
}

const num = (n: number | null, digits = 1) => n === null ? "" : formatDecimal(n, digits);
const condemnedWords = (c: FeedbackCarcass) =>
  c.condemned === "whole" ? "Whole" : c.condemned === "part" ? "Part" : "";
const price = (c: FeedbackCarcass) =>
  c.pricePerUnitCents === null ? "No price" : `${formatCents(c.pricePerUnitCents)}/${c.unitType}`;

/** The columns for a species: cattle carry MSA grading, the others fat depth as GR. */
export function feedbackColumns(speciesId: number): FeedbackColumn[] {
  const cattle = speciesId === CATTLE;
  const base: FeedbackColumn[] = [
    { label: "Body", width: 6, text: (c) => String(c.bodyNumber), csv: (c) => c.bodyNumber },
    { label: "Sex", width: 4, text: (c) => c.sex ?? "", csv: (c) => c.sex },
    {
      label: "Teeth",
      width: 5,
      right: true,
      text: (c) => c.dentition?.toString() ?? "",
      csv: (c) => c.dentition,
    },
    { label: "HSCW kg", width: 7, right: true, text: (c) => num(c.hscwKg), csv: (c) => c.hscwKg },
    {
      label: cattle ? "P8 mm" : "GR mm",
      width: 6,
      right: true,
      text: (c) => num(c.fatDepthMm, 0),
      csv: (c) => c.fatDepthMm,
    },
    {
      label: "Fat",
      width: 4,
      right: true,
      text: (c) => c.fatScore?.toString() ?? "",
      csv: (c) => c.fatScore,
    },
  ];
  const msa: FeedbackColumn[] = cattle
    ? [
      { label: "MSA", width: 5, right: true, text: (c) => num(c.msaIndex, 1), csv: (c) => c.msaIndex },
      {
        label: "Marb.",
        width: 5,
        right: true,
        text: (c) => c.msaMarbling?.toString() ?? "",
        csv: (c) => c.msaMarbling,
      },
      {
        label: "Ossif.",
        width: 5,
        right: true,
        text: (c) => c.msaOssification?.toString() ?? "",
        csv: (c) => c.msaOssification,
      },
      {
        label: "Rib fat",
        width: 5,
        right: true,
        text: (c) => num(c.msaRibFatMm, 0),
        csv: (c) => c.msaRibFatMm,
      },
      {
        label: "pH",
        width: 4,
        right: true,
        text: (c) => num(c.msaUltimatePh, 2),
        csv: (c) => c.msaUltimatePh,
      },
    ]
    : [];
  return [
    ...base,
    ...msa,
    {
      label: "Defects",
      width: cattle ? 11 : 20,
      text: (c) => c.defects.join(", "),
      csv: (c) => c.defects.join(" "),
    },
    {
      label: "Condemned",
      width: cattle ? 8 : 12,
      text: (c) => [condemnedWords(c), c.condemnedReason].filter(Boolean).join(": "),
      csv: (c) => [condemnedWords(c), c.condemnedReason].filter(Boolean).join(": "),
    },
    { label: cattle ? "Hide" : "Skin", width: 4, text: (c) => c.skinGrade ?? "", csv: (c) => c.skinGrade },
    {
      label: "Price",
      csvLabel: "Price (cents a kg or head)",
      width: cattle ? 8 : 12,
      right: true,
      text: price,
      csv: (c) => c.pricePerUnitCents,
    },
    {
      label: "Value",
      csvLabel: "Value ($)",
      width: 8,
      right: true,
      text: (c) => formatCents(c.valueCents),
      csv: (c) => (c.valueCents / 100).toFixed(2),
    },
  ];
}

export interface FeedbackSummary {
  head: number;
  totalKg: number;
  averageKg: number;
  averageFatMm: number | null;
  msaGraded: number;
  averageMsaIndex: number | null;
  condemned: number;
  valueCents: number;
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);

/** The lot at a glance: head, weights, fat, MSA and condemnations, and what the carcasses were worth. */
export function feedbackSummary(carcasses: readonly FeedbackCarcass[]): FeedbackSummary {
  const weighed = carcasses.filter((c) => c.hscwKg > 0);
  const totalKg = Math.round(weighed.reduce((n, c) => n + c.hscwKg, 0) * 10) / 10;
  const msa = carcasses.flatMap((c) => (c.msaIndex === null ? [] : [c.msaIndex]));
  return {
    head: carcasses.length,
    totalKg,
    averageKg: weighed.length ? Math.round((totalKg / weighed.length) * 10) / 10 : 0,
    averageFatMm: mean(carcasses.flatMap((c) => (c.fatDepthMm === null ? [] : [c.fatDepthMm]))),
    msaGraded: msa.length,
    averageMsaIndex: mean(msa),
    condemned: carcasses.filter((c) => c.condemned === "whole").length,
    valueCents: carcasses.reduce((n, c) => n + c.valueCents, 0),
  };
}

/** The lot's columns in the CSV (one row per carcass, so sheets of several lots join into one file). */
export const CSV_LOT_COLUMNS = ["Invoice", "Lot", "Supplier", "PIC", "Killed", "Category"] as const;

export function csvLotCells(doc: InvoiceDocument): string[] {
  return [
    doc.invoiceNumber ?? "Draft",
    doc.order.lotReference,
    doc.supplier.name,
    doc.supplier.pic,
    doc.productionDate ?? "",
    doc.order.speciesCategoryName,
  ];
}

/** Feedback sheets as one CSV: the lot's columns, then the carcass's (docs of one species). */
export function feedbackCsvRows(docs: readonly InvoiceDocument[]): { header: string[]; rows: unknown[][] } {
  const columns = feedbackColumns(docs[0]?.order.speciesId ?? 0);
  return {
    header: [...CSV_LOT_COLUMNS, ...columns.map((c) => c.csvLabel ?? c.label)],
    rows: docs.flatMap((d) =>
      d.carcasses.map((c) => [...csvLotCells(d), ...columns.map((col) => col.csv(c))])
    ),
  };
}
