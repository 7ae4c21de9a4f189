/**
 * The invoice reports as CSV (for the accounts system or a spreadsheet): amounts in dollars with cents,
 * dates as yyyy-MM-dd, one header row. Pure.
 */
import { toCsv } from "../../server/areas/csv.ts";
import type { InvoiceDocument } from "../../server/areas/invoices/document.ts";
import type { InvoiceReport, LevyReport } from "../../server/areas/invoices/reports/schemas.ts";
import { feedbackCsvRows } from "./feedbackModel.ts";

const dollars = (cents: number) => (cents / 100).toFixed(2);

export function feedbackCsv(docs: readonly InvoiceDocument[]): string {
  const { header, rows } = feedbackCsvRows(docs);
  return toCsv(header, rows);
}

export function levyReportCsv(r: LevyReport): string {
  return toCsv(
    ["From", "To", "Species", "Category", "Levy", "Invoices", "Head", "Amount ($)"],
    r.rows.map((
      x,
    ) => [r.fromDate, r.toDate, x.species, x.speciesCategory, x.levy, x.invoices, x.head, dollars(x.cents)]),
  );
}

export function invoiceReportCsv(r: InvoiceReport): string {
  return toCsv(
    [
      "Invoice",
      "Status",
      "Species",
      "Category",
      "Supplier",
      "Lot",
      "Killed",
      "Published",
      "Due",
      "Carcasses",
      "Subtotal ($)",
      "GST ($)",
      "Levies ($)",
      "Total ($)",
    ],
    r.rows.map((x) => [
      x.invoiceNumber ?? "",
      x.status,
      x.species,
      x.speciesCategory,
      x.supplierName,
      x.lotReference,
      x.productionDate ?? "",
      x.publishedDate ?? "",
      x.dueDate ?? "",
      x.carcassCount,
      dollars(x.subTotalCents),
      dollars(x.taxCents),
      dollars(x.levyCents),
      dollars(x.totalCents),
    ]),
  );
}
