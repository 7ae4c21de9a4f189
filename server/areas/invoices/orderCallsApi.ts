/**
 * api/ReciprocalInvoices/… by order (spec 2 §7.1 "Also"): to be invoiced by order id, the invoice with its
 * orders, get or create the invoice of an order, and the mobs' carcass counts by species. Whoever can
 * open the invoice manager, for the species of their invoicing setting (403 for another species).
 */
import { z } from "@hono/zod-openapi";
import type { AccessRule } from "../../access/apiAccess.ts";
import { idNumber } from "../../http/params.ts";
import { isoDate } from "../../http/validation.ts";
import { ApiError } from "../../http/errors.ts";
import { periodProblem } from "../../../kernel/dates.ts";
import { askedPeriod } from "./period.ts";
import { areaApi } from "../areaApi.ts";
import { InvoiceIdParam, InvoiceView, OrderQuery, ToBeCreated } from "./schemas.ts";
import {
  COUNT_MAX_DAYS,
  invoiceAndOrders,
  invoiceOfOrder,
  mobCarcassCounts,
  toBeInvoicedOfOrder,
} from "./orderCalls.ts";

const base = "/api/ReciprocalInvoices";
export const INVOICE_ORDER_API = {
  toBeInvoicedByOrder: `${base}/GetToBeInvoicedByOrderId`,
  invoiceAndOrders: `${base}/GetInvoiceAndOrdersById/{id}`,
  getOrCreate: `${base}/GetOrCreateInvoiceFromOrderId`,
  mobCarcassCounts: `${base}/GetStockMobCarcassCountsBySpecies`,
} as const;

const MANAGER: AccessRule = { pages: ["invoicemanager"] };
const id = z.number().int().positive();

export const InvoiceOrder = z.object({
  id,
  supplierName: z.string(),
  lotReference: z.string().nullable(),
  speciesId: id,
  deliveryDate: z.string(),
  productionDate: z.string().nullable(),
  quantityOrdered: z.number().int(),
  totalDelivered: z.number().int(),
  totalProcessed: z.number().int(),
  orderStatus: z.number().int(),
  orderStatusName: z.string(),
}).openapi("InvoiceOrder");

export const InvoiceAndOrders = z.object({ invoice: InvoiceView, orders: z.array(InvoiceOrder) })
  .openapi("InvoiceAndOrders");

export const GetOrCreateInvoiceBody = z.object({ livestockOrderId: idNumber() })
  .openapi("GetOrCreateInvoiceBody");

export const MobCarcassCountsQuery = z.object({
  speciesId: idNumber().optional(),
  fromDate: isoDate.optional(),
  toDate: isoDate.optional(),
});

export const MobCarcassCount = z.object({
  stockMobId: id,
  livestockOrderId: id,
  lotReference: z.string().nullable(),
  productionDate: z.string(),
  head: z.number().int(),
  carcasses: z.number().int(),
  condemned: z.number().int(),
  /** the invoice the mob is on; null while it is to be invoiced */
  invoiceId: id.nullable(),
}).openapi("StockMobCarcassCount");

const api = areaApi(["Reciprocal invoices"]);

api.get(
  INVOICE_ORDER_API.toBeInvoicedByOrder,
  "An order's killed mobs not yet on an invoice (null when none are left)",
  { query: OrderQuery },
  ToBeCreated.nullable(),
  MANAGER,
  (ctx, q) => toBeInvoicedOfOrder(ctx, q.livestockOrderId),
);

api.get(
  INVOICE_ORDER_API.invoiceAndOrders,
  "One invoice with the orders whose mobs it holds",
  { params: InvoiceIdParam },
  InvoiceAndOrders,
  MANAGER,
  (ctx, { id }) => invoiceAndOrders(ctx, id),
);

api.post(
  INVOICE_ORDER_API.getOrCreate,
  "The invoice of an order: its killed mobs not yet invoiced go onto its draft (a new draft when it has none); else its latest invoice",
  GetOrCreateInvoiceBody,
  InvoiceView,
  MANAGER,
  (ctx, b) => invoiceOfOrder(ctx, b.livestockOrderId),
);

api.get(
  INVOICE_ORDER_API.mobCarcassCounts,
  `Each mob of a species killed in a period (default the last 14 days; at most ${COUNT_MAX_DAYS}) with its head, carcasses, condemned and invoice`,
  { query: MobCarcassCountsQuery },
  z.array(MobCarcassCount),
  MANAGER,
  (ctx, q) => {
    const { from, to } = askedPeriod(q, ctx.today, 13);
    const problem = periodProblem(from, to, COUNT_MAX_DAYS);
    if (problem) throw ApiError.validation([problem]);
    return mobCarcassCounts(ctx, q, { from, to });
  },
);

export const invoiceOrderCallsApi = api.router();
