/** Order groups, orders, deliveries and head-count corrections at the API boundary (spec 1 §3, §7). */
import { z } from "@hono/zod-openapi";
import { PageQuery, wholeNumber } from "../../../http/params.ts";
import { periodProblem } from "../../../../kernel/dates.ts";
import { isoDate } from "../../../http/validation.ts";
import {
  OFF_GRID_PRICE_PER,
  OFF_GRID_PRICE_TYPES,
  RECURRENCE_FREQUENCIES,
} from "../../../../kernel/enums.ts";

const id = z.number().int().positive();
const optionalId = id.nullish().transform((v) => v ?? null);
const optionalDate = isoDate.nullish().transform((v) => v ?? null);
const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, "Use the time format HH:mm")
  .transform((v) => v.slice(0, 5));
const head = (label: string) => z.number({ message: `Enter the ${label}` }).int().min(0).max(100_000);
const reason = z.string().trim().min(3, "Give a reason (at least 3 characters)").max(500);

export { IdParam } from "../../../http/params.ts";
/** The longest period an order list answers at once (a quarter); longer ones are asked for in parts. */
export const MAX_ORDER_DAYS = 92;

export const DateRangeQuery = PageQuery.extend({
  fromDate: isoDate,
  toDate: isoDate,
  includeCancelled: z.enum(["true", "false"]).optional(),
}).superRefine((q, ctx) => {
  const problem = periodProblem(q.fromDate, q.toDate, MAX_ORDER_DAYS);
  if (problem) ctx.addIssue({ code: "custom", path: [problem.field], message: problem.message });
});
export const DeliveryDateQuery = z.object({ deliveryDate: isoDate });
export const DeliveriesQuery = z.object({
  fromDate: isoDate.optional(),
  days: wholeNumber({ min: 1, max: 31 }).optional(),
});

export const OrderGroupDto = z.object({
  id: optionalId,
  speciesId: id,
  speciesCategoryId: optionalId,
  quantityRequired: z.number().int().min(0).max(1_000_000).nullish().transform((v) => v ?? 0),
  supplierId: id,
  transportCompanyId: optionalId,
  buyerId: optionalId,
  deliveryDate: optionalDate,
  orderDate: optionalDate,
  lastModified: z.string().nullish(),
}).openapi("LivestockOrderGroupDto");
export type OrderGroupDto = z.infer<typeof OrderGroupDto>;

export const OrderDto = z.object({
  id: optionalId,
  quantityOrdered: z.number({ message: "Enter the head ordered" }).int().min(1, "Order at least 1 head")
    .max(100_000),
  declaredQuantity: z.number().int().min(0).max(100_000).nullish().transform((v) => v ?? null),
  deliveryDate: isoDate,
  deliveryTime: time.nullish().transform((v) => v ?? null),
  productionDate: optionalDate,
  tenantSiteId: optionalId,
  speciesCategoryId: optionalId,
  agendaLotReference: z.string().trim().max(30).nullish().transform((v) => v || null),
  pic: z.string().trim().max(8).default(""),
  nvd: z.string().trim().max(30).default(""),
  isMsaEligible: z.boolean().default(false),
  isSaleyardOrder: z.boolean().default(false),
  orderConfirmed: z.boolean().default(false),
  transportCompanyId: optionalId,
  stakeholderIds: z.array(id).max(10).default([]),
  tags: z.array(z.string().trim().min(1).max(30)).max(20).default([]),
  notes: z.string().trim().max(2000).default(""),
  pricingGridGroupId: optionalId,
  offGridPrice: z.number().min(0).max(100_000).nullish().transform((v) => v ?? null),
  offGridPricePer: z.enum(OFF_GRID_PRICE_PER).nullish().transform((v) => v ?? null),
  offGridPriceType: z.enum(OFF_GRID_PRICE_TYPES).nullish().transform((v) => v ?? null),
  recurrenceFrequency: z.enum(RECURRENCE_FREQUENCIES).nullish().transform((v) => v ?? "None"),
  recurrenceEndDate: optionalDate,
  lastModified: z.string().nullish(),
}).refine((o) => o.offGridPrice === null || o.offGridPricePer !== null, {
  message: "Say what the off-grid price is per",
  path: ["offGridPricePer"],
}).refine((o) => o.recurrenceFrequency === "None" || o.recurrenceEndDate !== null, {
  message: "A recurring order needs an end date",
  path: ["recurrenceEndDate"],
}).refine((o) => !o.recurrenceEndDate || o.recurrenceEndDate > o.deliveryDate, {
  message: "The end date must be after the delivery date",
  path: ["recurrenceEndDate"],
}).openapi("LivestockOrderDto");
export type OrderDto = z.infer<typeof OrderDto>;

/** Set once, when a series is created: edits neither show nor change them (that would orphan the series). */
export const SERIES_FIELDS = [
  "recurrenceFrequency",
  "recurrenceEndDate",
] as const satisfies readonly (keyof OrderDto)[];

export const UpsertOrderAndGroupBody = z.object({
  /** null: save the group alone (ordergroup/newGroup) */
  livestockOrderDto: OrderDto.nullish(),
  livestockOrderGroupDto: OrderGroupDto,
}).openapi("UpsertLivestockOrderAndGroup");
export type UpsertOrderAndGroupBody = z.infer<typeof UpsertOrderAndGroupBody>;

export const OrderAction = z.object({ livestockOrderId: id, lastModified: z.string().nullish() });
export const CancelOrderBody = OrderAction.extend({ reason }).openapi("CancelLivestockOrder");
export const SplitOrderBody = OrderAction.extend({
  /** head moved to the new order */
  quantity: z.number().int().min(1, "Split at least 1 head"),
  /** the new order's delivery date (default: the same) */
  deliveryDate: optionalDate,
}).openapi("SplitLivestockOrder");

export const DeliveryLoadBody = z.object({
  livestockOrderId: id,
  head: z.number({ message: "Enter the head on the truck" }).int().min(1, "At least 1 head").max(10_000),
  doa: head("dead on arrival").default(0),
  nvdNumber: z.string().trim().max(30).default(""),
  deliveryDate: optionalDate,
  deliveryTime: time,
  /** the truck's registration plate ("XQG 123"): kept as typed, upper case */
  truckRego: z.string().trim().max(12, "A registration has at most 12 characters").default("")
    .transform((s) => s.toUpperCase()),
  driverName: z.string().trim().max(80, "A name has at most 80 characters").default(""),
  /** the client's temporary (negative) id of the new mob, echoed back with the real one */
  stockMobTempId: z.number().int().max(-1).nullish(),
  /** the user saw that the load takes the order well past what was ordered, and means it */
  confirmOverDelivery: z.boolean().default(false),
}).refine((b) => b.doa <= b.head, { message: "DOA cannot exceed the head delivered", path: ["doa"] })
  .openapi("AddDeliveryLoad");

export const CorrectHeadBody = z.object({
  stockMobId: id,
  correctedHead: head("corrected head"),
  reason,
}).openapi("CorrectNumberOfHeadInMobAndOrder");

export const BalanceHeadBody = z.object({
  livestockOrderId: id,
  mobs: z.array(z.object({ stockMobId: id, head: head("head") })).min(2, "Balance at least two mobs").max(
    100,
  ),
  reason,
}).openapi("BalanceNumberOfHeadInMobs");

const nullableString = z.string().nullable();
export const Order = z.object({
  id: z.number(),
  livestockOrderGroupId: z.number(),
  supplierId: z.number(),
  supplierName: z.string(),
  speciesId: z.number(),
  species: z.string(),
  speciesCategoryId: z.number().nullable(),
  speciesCategory: z.string(),
  tenantSiteId: z.number().nullable(),
  quantityOrdered: z.number(),
  declaredQuantity: z.number().nullable(),
  deliveryDate: z.string(),
  deliveryTime: nullableString,
  productionDate: nullableString,
  orderDate: nullableString,
  orderStatus: z.number(),
  orderStatusName: z.string(),
  orderConfirmed: z.boolean(),
  agendaLotReference: nullableString,
  pic: z.string(),
  nvd: z.string(),
  isMsaEligible: z.boolean(),
  isSaleyardOrder: z.boolean(),
  groupBuyerId: z.number().nullable(),
  groupBuyerName: z.string(),
  transportCompanyId: z.number().nullable(),
  transportCompanyName: z.string(),
  stakeholderIds: z.array(z.number()),
  tags: z.array(z.string()),
  notes: z.string(),
  pricingGridGroupId: z.number().nullable(),
  offGridPrice: z.number().nullable(),
  offGridPricePer: nullableString,
  offGridPricePerName: z.string(),
  offGridPriceType: nullableString,
  recurrenceFrequencyName: z.string(),
  recurrenceEndDate: nullableString,
  recurrenceSeriesId: z.number().nullable(),
  totalDelivered: z.number(),
  totalDoa: z.number(),
  totalUnloaded: z.number(),
  totalProcessed: z.number(),
  liveDelivered: z.number(),
  remainderToUnload: z.number(),
  isUnloaded: z.boolean(),
  isPartiallyDelivered: z.boolean(),
  isWaitingForExternalHeadCount: z.boolean(),
  cancelReason: nullableString,
  cancelledAt: nullableString,
  /** the lot the order is killed in with others (issue 39 boxing), null when not boxed */
  boxedLotRef: nullableString,
  /** the order the boxed lot lives on (its own id for that order), null when not boxed */
  boxedOrderCollectionId: z.number().nullable(),
  /** an NVD is matched to the order (spec 1 §3) */
  isLinkedNvd: z.boolean(),
  /** where the matched NVD's file is viewed (through the access-checked file call), null without one */
  nvdPdfUrl: nullableString,
  lastModified: z.string(),
}).openapi("LivestockOrder");
export type Order = z.infer<typeof Order>;

export const OrderGroup = z.object({
  id: z.number(),
  speciesId: z.number(),
  species: z.string(),
  speciesCategoryId: z.number().nullable(),
  speciesCategory: z.string(),
  quantityRequired: z.number(),
  supplierId: z.number(),
  supplierName: z.string(),
  transportCompanyId: z.number().nullable(),
  transportCompanyName: z.string(),
  buyerId: z.number().nullable(),
  buyerName: z.string(),
  deliveryDate: nullableString,
  orderDate: nullableString,
  lastModified: z.string(),
  livestockOrders: z.array(Order),
}).openapi("LivestockOrderGroup");
export type OrderGroup = z.infer<typeof OrderGroup>;

export const DeliveryLoad = z.object({
  id: z.number(),
  livestockOrderId: z.number(),
  head: z.number(),
  doa: z.number(),
  nvdNumber: z.string(),
  deliveryDate: z.string(),
  deliveryTime: z.string(),
  truckRego: z.string(),
  driverName: z.string(),
  createdBy: z.string(),
}).openapi("DeliveryLoad");

export const StockMob = z.object({
  id: z.number(),
  livestockOrderId: z.number(),
  deliveryLoadId: z.number().nullable(),
  head: z.number(),
  separatedHead: z.number(),
  mobStatus: z.number(),
  mobStatusName: z.string(),
  penId: z.number().nullable(),
  pic: z.string(),
  agendaLotReference: nullableString,
  createdOn: z.string(),
}).openapi("StockMob");

export const HistoryEntry = z.object({
  at: z.string(),
  userName: z.string(),
  action: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  reason: nullableString,
}).openapi("OrderHistoryEntry");

export const OrderDetail = Order.extend({
  deliveryLoads: z.array(DeliveryLoad),
  deliveredMobs: z.array(StockMob),
  history: z.array(HistoryEntry),
}).openapi("LivestockOrderDetail");
