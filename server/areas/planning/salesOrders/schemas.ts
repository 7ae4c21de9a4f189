/** Sales orders, customers and salespersons at the API boundary (issue 41 item 6). */
import { z } from "@hono/zod-openapi";
import { PageQuery } from "../../../http/params.ts";
import { isoDate } from "../../../http/validation.ts";
import { formRows } from "../formRows.ts";
import { FREIGHT_TYPES, ORDER_STATUSES } from "./rules.ts";

/** The form gives a line's price in dollars per kg (`pricePerKg`); the order keeps whole cents. */
function priceInCents(v: unknown) {
  if (!v || typeof v !== "object" || Array.isArray(v)) return v;
  const { pricePerKg, ...line } = v as Record<string, unknown>;
  if (typeof pricePerKg !== "number" || !Number.isFinite(pricePerKg)) return line;
  return { ...line, centsPerKg: Math.round(pricePerKg * 100) };
}

const id = z.number().int().positive();
export { IdParam } from "../../../http/params.ts";

export const OrdersQuery = PageQuery.extend({
  status: z.enum(ORDER_STATUSES).optional(),
  fromEtd: isoDate.optional(),
  toEtd: isoDate.optional(),
});

export const Customer = z.object({
  id: z.number(),
  name: z.string(),
  market: z.string(),
  country: z.string(),
  isActive: z.boolean(),
});
export const Salesperson = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  isActive: z.boolean(),
});

export const OrderLine = z.object({
  id: z.number(),
  productDefinitionId: z.number(),
  productName: z.string(),
  weightType: z.enum(["fixed", "catch"]),
  cartons: z.number().nullable(),
  kg: z.number().nullable(),
  plannedKg: z.number(),
  packedKg: z.number().nullable(),
  centsPerKg: z.number(),
  valueCents: z.number(),
});
export const SalesOrder = z.object({
  id: z.number(),
  reference: z.string(),
  customerId: z.number(),
  customerName: z.string(),
  salespersonId: z.number().nullable(),
  salespersonName: z.string(),
  shippingCompanyName: z.string(),
  etd: z.string(),
  freightType: z.enum(FREIGHT_TYPES),
  status: z.enum(ORDER_STATUSES),
  salesOrderLineItems: z.array(OrderLine),
  totalKg: z.number(),
  totalCents: z.number(),
  lastModified: z.string(),
});

export const UpsertSalesOrderBody = z.object({
  id: id.nullish().transform((v) => v ?? null),
  reference: z.string().trim().min(1, "Enter the order reference").max(40),
  customerId: id,
  salespersonId: id.nullish().transform((v) => v ?? null),
  shippingCompanyName: z.string().trim().max(80).default(""),
  /** estimated time of departure: an API date (YYYY-MM-DD) */
  etd: isoDate,
  freightType: z.enum(FREIGHT_TYPES, { message: "Choose Air, Rail, Sea or Road" }),
  salesOrderLineItems: z.preprocess(
    formRows("productDefinitionId"),
    z.array(z.preprocess(
      priceInCents,
      z.object({
        productDefinitionId: id,
        cartons: z.number().int("Use whole cartons").min(0).max(100_000).nullish().transform((v) =>
          v ?? null
        ),
        kg: z.number().min(0).max(1_000_000).nullish().transform((v) => v ?? null),
        centsPerKg: z.number({ message: "Give the price per kg" }).int("Give the price in whole cents").min(0)
          .max(1_000_000),
        packedKg: z.number().min(0).max(1_000_000).nullish().transform((v) => v ?? null),
      }),
    )).min(1, "Add at least one line").max(100),
  ),
  lastModified: z.string().nullish(),
});

export const MoveStatusBody = z.object({
  id,
  status: z.enum(ORDER_STATUSES, { message: "Choose Pending, Confirmed, Fulfilled or Cancelled" }),
  lastModified: z.string().nullish(),
});
export const DeleteBody = z.object({ id, lastModified: z.string().nullish() });
