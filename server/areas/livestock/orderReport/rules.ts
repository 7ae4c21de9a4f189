/**
 * The order report's pure rules: the fixed list of columns a user chooses from, the statuses in plain
 * words, and how one order reads in each column (a screen cell, a CSV cell, a PDF cell). No I/O; the
 * island, the page, the CSV and the PDF all read the columns from here.
 */
import { ORDER_STATUS, type OrderStatusName, orderStatusText } from "../../../../kernel/enums.ts";
import { formatDayNumbers, formatDecimal, formatHead } from "../../../../kernel/format.ts";
import { formatCents } from "../../../../kernel/money.ts";

/** One order as the report reads it (schema `OrderReportRow`). */
export interface ReportRow {
  id: number;
  lotReference: string;
  supplierName: string;
  pic: string;
  agents: string;
  buyerName: string;
  species: string;
  speciesCategory: string;
  tenantSite: string;
  quantityOrdered: number;
  totalDelivered: number;
  totalProcessed: number;
  deliveryDate: string;
  productionDate: string | null;
  orderStatus: number;
  status: string;
  priceGrid: string;
  carcassCount: number;
  hscwTotalKg: number | null;
  hscwAverageKg: number | null;
  invoiceNumber: string;
  invoiceTotalCents: number | null;
}

/** The report's totals over every order the filter matches (schema `OrderReportTotals`). */
export interface ReportTotals {
  orders: number;
  quantityOrdered: number;
  totalDelivered: number;
  totalProcessed: number;
  carcassCount: number;
  hscwTotalKg: number;
  hscwAverageKg: number | null;
  invoicedOrders: number;
  invoiceTotalCents: number;
}

export const COLUMN_KEYS = [
  "orderNo",
  "lot",
  "supplier",
  "pic",
  "agent",
  "buyer",
  "species",
  "category",
  "site",
  "ordered",
  "delivered",
  "processed",
  "deliveryDate",
  "productionDate",
  "status",
  "priceGrid",
  "hscwTotal",
  "hscwAverage",
  "invoiceNumber",
  "invoiceTotal",
] as const;
export type ColumnKey = (typeof COLUMN_KEYS)[number];

export interface Column {
  key: ColumnKey;
  label: string;
  /** numbers align right and have a total */
  numeric?: boolean;
  /** relative width in the PDF */
  width: number;
  /** the cell as a screen or PDF shows it */
  text: (r: ReportRow) => string;
  /** the cell as the CSV writes it (plain numbers, en-AU dates) */
  csv: (r: ReportRow) => string | number;
  /** the totals row's cell */
  total?: (t: ReportTotals) => string;
  /** shown only when chosen: a new report leaves it out */
  optional?: boolean;
}

const optional = (c: Column): Column => ({ ...c, optional: true });
const dmy = (d: string | null) => (d ? formatDayNumbers(d) : "");
const kg = (n: number | null) => (n === null ? "" : formatDecimal(n, 1));
const kgCsv = (n: number | null) => (n === null ? "" : n.toFixed(1));
const dollarsCsv = (c: number | null) => (c === null ? "" : (c / 100).toFixed(2));

const plain = (key: ColumnKey, label: string, width: number, value: (r: ReportRow) => string): Column => ({
  key,
  label,
  width,
  text: value,
  csv: value,
});
const head = (
  key: ColumnKey,
  label: string,
  value: (r: ReportRow) => number,
  total: (t: ReportTotals) => number,
): Column => ({
  key,
  label,
  numeric: true,
  width: 6,
  text: (r) => formatHead(value(r)),
  csv: value,
  total: (t) => formatHead(total(t)),
});
/** Kilograms: a row's and the totals' figure of the same name. */
const weight = (
  key: ColumnKey,
  label: string,
  width: number,
  field: "hscwTotalKg" | "hscwAverageKg",
): Column => ({
  key,
  label,
  numeric: true,
  width,
  text: (r) => kg(r[field]),
  csv: (r) => kgCsv(r[field]),
  total: (t) => kg(t[field]),
});

/** The fixed list of columns, in the order they print. */
export const COLUMNS: readonly Column[] = [
  { ...plain("orderNo", "Order no.", 6, (r) => String(r.id)), csv: (r) => r.id },
  optional(plain("lot", "Lot", 6, (r) => r.lotReference)),
  plain("supplier", "Supplier", 14, (r) => r.supplierName),
  optional(plain("pic", "PIC", 8, (r) => r.pic)),
  optional(plain("agent", "Agent", 10, (r) => r.agents)),
  optional(plain("buyer", "Buyer", 10, (r) => r.buyerName)),
  plain("species", "Species", 6, (r) => r.species),
  plain("category", "Category", 8, (r) => r.speciesCategory),
  optional(plain("site", "Site", 8, (r) => r.tenantSite)),
  head("ordered", "Head ordered", (r) => r.quantityOrdered, (t) => t.quantityOrdered),
  head("delivered", "Head delivered", (r) => r.totalDelivered, (t) => t.totalDelivered),
  head("processed", "Head processed", (r) => r.totalProcessed, (t) => t.totalProcessed),
  plain("deliveryDate", "Delivery date", 8, (r) => dmy(r.deliveryDate)),
  plain("productionDate", "Production date", 8, (r) => dmy(r.productionDate)),
  plain("status", "Status", 9, (r) => r.status),
  optional(plain("priceGrid", "Price grid", 10, (r) => r.priceGrid)),
  weight("hscwTotal", "HSCW total (kg)", 8, "hscwTotalKg"),
  optional(weight("hscwAverage", "HSCW average (kg)", 7, "hscwAverageKg")),
  optional(plain("invoiceNumber", "Invoice", 8, (r) => r.invoiceNumber)),
  {
    key: "invoiceTotal",
    label: "Invoice total ($)",
    numeric: true,
    width: 9,
    text: (r) => (r.invoiceTotalCents === null ? "" : formatCents(r.invoiceTotalCents)),
    csv: (r) => dollarsCsv(r.invoiceTotalCents),
    total: (t) => formatCents(t.invoiceTotalCents),
  },
];

const BY_KEY = new Map(COLUMNS.map((c) => [c.key, c]));

/** What a new report shows until the user chooses: the columns not marked optional, in order. */
export const DEFAULT_COLUMNS: readonly ColumnKey[] = COLUMNS.filter((c) => !c.optional).map((c) => c.key);

/** The chosen columns in the report's fixed order (a key named twice counts once); none: the default. */
export function chosenColumns(keys: readonly string[] | undefined): Column[] {
  const wanted = new Set(keys?.length ? keys : DEFAULT_COLUMNS);
  return COLUMNS.filter((c) => wanted.has(c.key));
}

export const columnOf = (key: ColumnKey): Column => BY_KEY.get(key)!;

/** The order statuses a report filters by, in the order an order moves through them. */
export const STATUS_NAMES = Object.keys(ORDER_STATUS) as OrderStatusName[];

/** "Partly delivered", "In processing"…: a status as people say it. */
export const statusWords = (level: number): string => {
  const name = STATUS_NAMES.find((n) => ORDER_STATUS[n] === level);
  return name ? orderStatusText(name) : `Status ${level}`;
};

/** Which date the period is of. */
export const DATE_FIELDS = { delivery: "Delivery date", production: "Production date" } as const;
export type DateField = keyof typeof DATE_FIELDS;

/** The longest period a report covers. */
export const MAX_REPORT_DAYS = 366;

/** The average HSCW of what was weighed: total over carcasses with a weight (a condemned one weighs 0). */
export function averageKg(totalKg: number, weighed: number): number | null {
  return weighed > 0 ? Math.round((totalKg / weighed) * 10) / 10 : null;
}

/** The CSV's header and one order's line, in the chosen columns. */
export const csvHeader = (columns: readonly Column[]) => columns.map((c) => c.label);
export const csvLine = (columns: readonly Column[], r: ReportRow) => columns.map((c) => c.csv(r));
