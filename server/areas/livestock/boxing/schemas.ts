/** Livestock boxing at the API boundary (spec 1 §7: UpdateBoxingForLivestockOrder, BoxOrderIntoDeliveredOrder, the boxing read). */
import { z } from "@hono/zod-openapi";
import { idNumber } from "../../../http/params.ts";
import { isoDate } from "../../../http/validation.ts";

export const BoxingQuery = z.object({
  /** the delivery day; default the plant's today */
  date: isoDate.optional(),
  /** one species; default the caller's first */
  speciesId: idNumber().optional(),
});
export type BoxingQuery = z.output<typeof BoxingQuery>;

const StampedOrder = z.object({
  livestockOrderId: idNumber(),
  /** the order's lastModified as read: a changed order is refused (409) */
  lastModified: z.string().nullish(),
});

export const UpdateBoxingBody = z.object({
  /** true: box these orders into one new lot (two or more); false: take each out of its lot */
  boxed: z.boolean({ message: "Say whether to box or unbox the orders" }),
  orders: z.array(StampedOrder).min(1, "Choose the orders").max(50, "Box at most 50 orders at once"),
}).openapi("UpdateBoxingForLivestockOrder");
export type UpdateBoxingBody = z.output<typeof UpdateBoxingBody>;

export const BoxIntoDeliveredBody = StampedOrder.extend({
  /** the delivered order (boxed or not) this order joins */
  deliveredOrderId: idNumber(),
}).openapi("BoxOrderIntoDeliveredOrder");
export type BoxIntoDeliveredBody = z.output<typeof BoxIntoDeliveredBody>;

export const BoxingOrder = z.object({
  livestockOrderId: z.number(),
  supplierId: z.number(),
  supplierName: z.string(),
  pic: z.string(),
  deliveryDate: z.string(),
  productionDate: z.string().nullable(),
  quantityOrdered: z.number(),
  totalDelivered: z.number(),
  totalDoa: z.number(),
  /** delivered − DOA: what its share of a lot is counted from */
  liveHead: z.number(),
  orderStatusName: z.string(),
  agendaLotReference: z.string().nullable(),
  boxedLotRef: z.string().nullable(),
  boxedOrderCollectionId: z.number().nullable(),
  /** carcass records the kill floor holds against the order's own mobs */
  carcasses: z.number(),
  lastModified: z.string(),
});
export type BoxingOrder = z.infer<typeof BoxingOrder>;

/** Where a boxed lot stands on the kill agenda (its first day, when it is on two). */
export const BoxedLotAgendaPlace = z.object({
  /** the kill (production) day */
  date: z.string(),
  speciesId: z.number(),
  /** 0: a plant without sites */
  tenantSiteId: z.number(),
  /** the lot's place in the day's kill order: 1, 2, 3… (a boxed lot is one place) */
  position: z.number(),
  /** the lots on that day */
  lotsOnDay: z.number(),
}).openapi("BoxedLotAgendaPlace");

export const BoxedLot = z.object({
  boxedLotRef: z.string(),
  /** the order the lot lives on */
  boxedOrderCollectionId: z.number(),
  liveHead: z.number(),
  /** the lot's carcass records (any of its orders' mobs) */
  carcasses: z.number(),
  /** killed: it can no longer be unboxed */
  isKilled: z.boolean(),
  /** its day and place on the kill agenda; null: not on a kill agenda yet */
  agendaPlace: BoxedLotAgendaPlace.nullable(),
  orders: z.array(BoxingOrder.extend({
    /** its share of the lot's carcasses (of its live head before the kill) */
    shareHead: z.number(),
  })),
});
export type BoxedLot = z.infer<typeof BoxedLot>;

export const Boxing = z.object({
  date: z.string(),
  speciesId: z.number().nullable(),
  species: z.string(),
  /** delivered orders of the day not in a lot, that may be boxed */
  candidates: z.array(BoxingOrder),
  /** the boxed lots with an order delivered that day */
  lots: z.array(BoxedLot),
}).openapi("LivestockBoxing");
export type Boxing = z.infer<typeof Boxing>;

export const BoxingResult = z.object({
  boxedLotRef: z.string().nullable(),
  livestockOrderIds: z.array(z.number()),
}).openapi("LivestockBoxingResult");
export type BoxingResult = z.infer<typeof BoxingResult>;
