/** NLIS devices read at the race (spec 1 §7 "RFID count errors, integration sync"; rfidDiscrepancies page). */
import { z } from "@hono/zod-openapi";
import { idNumber } from "../../../http/params.ts";
import { isoDate } from "../../../http/validation.ts";

export const MAX_READINGS = 5_000;

export const SyncRfidBody = z.object({
  readings: z.array(z.object({
    livestockOrderId: z.number().int().positive(),
    rfid: z.string().max(40),
    /** when the reader read it (ISO date-time); default: when it arrives */
    scannedAt: z.iso.datetime({ offset: true }).optional(),
  })).min(1, "Send at least one reading.").max(MAX_READINGS, `At most ${MAX_READINGS} readings a call.`),
}).openapi("SyncRfidBody");

export const SyncRfidAnswer = z.object({
  added: z.number(),
  /** already stored for the order (a reader sends again after a dropped connection) */
  alreadyRead: z.number(),
  orders: z.array(z.object({ livestockOrderId: z.number(), read: z.number(), liveHead: z.number() })),
});

export const RfidCountErrorsQuery = z.object({
  fromDate: isoDate.optional(),
  toDate: isoDate.optional(),
  speciesId: idNumber().optional(),
});

export const RfidCountError = z.object({
  livestockOrderId: z.number(),
  supplierName: z.string(),
  pic: z.string(),
  species: z.string(),
  deliveryDate: z.string(),
  lotReference: z.string(),
  liveHead: z.number(),
  read: z.number(),
  /** read − live head: negative when devices were missed at the race */
  countDifference: z.number(),
  killedNotRead: z.number(),
  readNotKilled: z.number(),
}).openapi("RfidCountError");

export const RfidCountErrors = z.object({
  fromDate: z.string(),
  toDate: z.string(),
  /** orders checked in the period (those with a count error are listed) */
  ordersChecked: z.number(),
  errors: z.array(RfidCountError),
});

export const RfidOrderQuery = z.object({ livestockOrderId: idNumber() });

export const RfidOrderDiscrepancies = z.object({
  livestockOrderId: z.number(),
  liveHead: z.number(),
  read: z.number(),
  killComplete: z.boolean(),
  killedNotRead: z.array(z.string()),
  readNotKilled: z.array(z.string()),
  /** devices of this order also read on another order (an NLIS transfer to check) */
  alsoOnOtherOrders: z.array(z.object({ rfid: z.string(), livestockOrderId: z.number() })),
});

export type RfidCountError = z.infer<typeof RfidCountError>;
export type RfidOrderDiscrepancies = z.infer<typeof RfidOrderDiscrepancies>;
