/**
 * The order report at the API boundary: the filter (a period of delivery or production dates, at most a
 * year, and species, supplier, buyer, agent, statuses and site), the chosen columns, a page of orders,
 * the totals, and the user's saved filters (kept in the reportFavourites user setting).
 */
import { z } from "@hono/zod-openapi";
import { idNumber, PageQuery } from "../../../http/params.ts";
import { commaList, isoDate } from "../../../http/validation.ts";
import { COLUMN_KEYS, DATE_FIELDS, STATUS_NAMES } from "./rules.ts";

const dateFields = Object.keys(DATE_FIELDS) as [keyof typeof DATE_FIELDS, ...(keyof typeof DATE_FIELDS)[]];

/** The filter's fields, as a query (comma lists) or inside a saved filter. */
export const OrderReportFilterFields = {
  dateField: z.enum(dateFields).optional()
    .openapi({ description: "which date the period is of: delivery (default) or production" }),
  fromDate: isoDate.optional().openapi({ description: "default: 30 days before toDate" }),
  toDate: isoDate.optional().openapi({ description: "default: today" }),
  speciesId: idNumber().optional(),
  supplierId: idNumber().optional(),
  buyerId: idNumber().optional(),
  agentId: idNumber().optional().openapi({ description: "a stakeholder of type Agent on the order" }),
  tenantSiteId: idNumber().optional()
    .openapi({ description: "orders of that site (an order without a site counts at every site)" }),
  statuses: commaList(z.enum(STATUS_NAMES as [string, ...string[]])).optional()
    .openapi({ description: "status names (Ordered, Confirmed, Delivered…); default: every one" }),
  columns: commaList(z.enum(COLUMN_KEYS)).optional()
    .openapi({ description: "the columns of the CSV and PDF, in any order; default: the usual twelve" }),
};

export const OrderReportQuery = z.object(OrderReportFilterFields);
export type OrderReportQuery = z.output<typeof OrderReportQuery>;

export const OrderReportPageQuery = z.object({ ...OrderReportFilterFields, ...PageQuery.shape });

export const OrderReportRow = z.object({
  id: z.number(),
  lotReference: z.string(),
  supplierName: z.string(),
  pic: z.string(),
  agents: z.string(),
  buyerName: z.string(),
  species: z.string(),
  speciesCategory: z.string(),
  tenantSite: z.string(),
  quantityOrdered: z.number(),
  totalDelivered: z.number(),
  totalProcessed: z.number(),
  deliveryDate: z.string(),
  productionDate: z.string().nullable(),
  orderStatus: z.number(),
  status: z.string().openapi({ description: "the status in plain words" }),
  priceGrid: z.string(),
  carcassCount: z.number(),
  hscwTotalKg: z.number().nullable(),
  hscwAverageKg: z.number().nullable(),
  invoiceNumber: z.string(),
  invoiceTotalCents: z.number().nullable()
    .openapi({ description: "the published (or finalised) invoice's total; null before one is published" }),
}).openapi("OrderReportRow");

export const OrderReportTotals = z.object({
  fromDate: z.string(),
  toDate: z.string(),
  dateField: z.enum(dateFields),
  orders: z.number(),
  quantityOrdered: z.number(),
  totalDelivered: z.number(),
  totalProcessed: z.number(),
  carcassCount: z.number(),
  hscwTotalKg: z.number(),
  hscwAverageKg: z.number().nullable(),
  invoicedOrders: z.number(),
  invoiceTotalCents: z.number(),
}).openapi("OrderReportTotals");

/** A filter the user saved under a name: the filter's values and the chosen columns. */
export const SavedOrderReportFilter = z.object({
  name: z.string().trim().min(1, "Name the filter").max(60),
  dateField: OrderReportFilterFields.dateField,
  fromDate: isoDate.optional(),
  toDate: isoDate.optional(),
  speciesId: z.number().int().positive().optional(),
  supplierId: z.number().int().positive().optional(),
  buyerId: z.number().int().positive().optional(),
  agentId: z.number().int().positive().optional(),
  tenantSiteId: z.number().int().positive().optional(),
  statuses: z.array(z.enum(STATUS_NAMES as [string, ...string[]])).max(20).optional(),
  columns: z.array(z.enum(COLUMN_KEYS)).max(COLUMN_KEYS.length).optional(),
}).openapi("SavedOrderReportFilter");
export type SavedOrderReportFilter = z.output<typeof SavedOrderReportFilter>;

/** The most filters a user keeps. */
export const MAX_SAVED_FILTERS = 30;

export const OrderReportFilters = z.object({
  filters: z.array(SavedOrderReportFilter).max(MAX_SAVED_FILTERS, `Keep at most ${MAX_SAVED_FILTERS} filters`)
    .refine((list) => new Set(list.map((f) => f.name.toLowerCase())).size === list.length, {
      message: "Two filters have the same name",
    }),
}).openapi("OrderReportFilters");
export type OrderReportFilters = z.output<typeof OrderReportFilters>;

/**
 * The reportFavourites user setting's value: the spec's favourite reports (reportTypeId and reportId)
 * and the order report's saved filters. server/areas/users/schemas.ts takes it as the setting's shape.
 */
export const ReportFavourites = z.object({
  favourites: z.array(z.object({ reportTypeId: z.number().int(), reportId: z.number().int() })).max(200)
    .default([]),
  orderReportFilters: OrderReportFilters.shape.filters.default([]),
});
export type ReportFavourites = z.output<typeof ReportFavourites>;
