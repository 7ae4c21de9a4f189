/**
 * The kill agenda at the API boundary (spec 1 §3 "Agenda item", §7 "Kill agenda"). Bodies carry the
 * `lastModified` the client read, so a change made meanwhile by someone else answers 409.
 */
import { z } from "@hono/zod-openapi";
import { idNumber, wholeNumber } from "../../http/params.ts";
import { isoDate } from "../../http/validation.ts";
import { MAX_AGENDA_ITEMS } from "./limits.ts";

const id = z.number().int().positive();
const stamp = z.string().min(1).max(40);
const reason = z.string().trim().min(3, "Say why (at least 3 characters)").max(300);

export const DayQuery = z.object({
  /** the production day; default today */
  date: isoDate.optional(),
  /** default: the caller's first species */
  speciesId: idNumber().optional(),
  /** default: the caller's first site */
  tenantSiteId: idNumber().optional(),
});

export const WeekQuery = z.object({
  /** the first of the seven days; not before today (spec 1 §5); default today */
  focusDay: isoDate.optional(),
  speciesId: idNumber().optional(),
  tenantSiteId: idNumber().optional(),
});

export const SpeciesSiteQuery = z.object({
  speciesId: idNumber().optional(),
  tenantSiteId: idNumber().optional(),
});

export const AgendaItem = z.object({
  id,
  livestockOrderId: id,
  /** null while the order is expected (not yet delivered) */
  stockMobId: id.nullable(),
  agendaLotReference: z.string(),
  agendaLotReferenceSuffix: z.string(),
  speciesId: id,
  species: z.string(),
  supplierId: id,
  supplierName: z.string(),
  pic: z.string(),
  numberOfHead: z.number().int(),
  /** head less expected condemnations; halves for beef and pig (spec 1 §5) */
  estimatedCarcasses: z.number(),
  mobStatusNumber: z.number().int().nullable(),
  orderStatusNumber: z.number().int(),
  orderStatus: z.string(),
  /** what the item's state reads as ("Ready", "In yard", "Expected"…) */
  status: z.string(),
  applicableProductionDate: z.string(),
  isPlannedProductionDateSetForMob: z.boolean(),
  isPartiallyDelivered: z.boolean(),
  isForDeliveryDisplay: z.boolean(),
  isMsaEligible: z.boolean(),
  /** 1, 2, 3… */
  killAgendaOrderNumber: z.number().int(),
  deliveryDate: z.string(),
  deliveryTime: z.string().nullable(),
  pens: z.array(z.string()),
  /** why the planner refuses to move it to another day, or null */
  moveRefusal: z.string().nullable(),
  /** an NVD is matched to the order (Match Order NVDs); a delivered lot without one is badged */
  isLinkedNvd: z.boolean(),
  /** the boxed lot the order is killed in with others (livestock boxing), or null; its items stand together */
  boxedLotRef: z.string().nullable(),
  /** the mob's (or, expected, the order's) lastModified: what RecallMob and ScheduleMob send back */
  lastModified: z.string(),
}).openapi("AgendaItem");

export const DayTotals = z.object({
  head: z.number().int(),
  estimatedCarcasses: z.number(),
  /** the day's kill volume target (head); 0 when none is set */
  target: z.number().int(),
  /** head − target */
  difference: z.number().int(),
});

/** How a day sent to the plant differs from what the plant was sent (null: the plant has it as it is). */
export const ChangesSinceSent = z.object({
  moved: z.number().int(),
  merged: z.number().int(),
  added: z.number().int(),
  removed: z.number().int(),
  delivered: z.number().int(),
  headChanged: z.number().int(),
  /** "3 lots moved, 1 merge" */
  summary: z.string(),
}).openapi("ChangesSinceSent");

/** A boxed lot on the day: several orders killed as one (one card, one line, moved whole). */
export const BoxedLotOnDay = z.object({
  boxedLotRef: z.string(),
  /** every order of the lot, lowest first */
  livestockOrderIds: z.array(id),
  /** their suppliers, each once */
  suppliers: z.array(z.string()),
  /** the head of the lot's items on this day */
  head: z.number().int(),
  /** orders of the lot not on this day, in words ("Order 41 (Hill Farm) is not delivered yet") */
  missing: z.array(z.string()),
}).openapi("BoxedLotOnDay");

export const KillAgenda = z.object({
  id,
  productionDate: z.string(),
  speciesId: id,
  species: z.string(),
  /** 0: a plant without sites */
  tenantSiteId: z.number().int(),
  siteName: z.string(),
  siteLocationId: id.nullable(),
  siteLocationName: z.string().nullable(),
  revision: z.number().int(),
  printedAt: z.string().nullable(),
  /** lots are kept as they are (the agenda was printed or sent to the plant) */
  isFrozen: z.boolean(),
  integrationStatus: z.enum(["NotSent", "Sent", "Failed"]),
  integrationSentAt: z.string().nullable(),
  /** the revision the plant's systems last took (null: never sent) */
  sentRevision: z.number().int().nullable(),
  /** what changed since it was sent; when set, `revision` is the one to send next */
  changesSinceSent: ChangesSinceSent.nullable(),
  lastModified: z.string(),
  items: z.array(AgendaItem),
  /** the boxed lots among the items, in kill order */
  boxedLots: z.array(BoxedLotOnDay),
  totals: DayTotals,
}).openapi("KillAgenda");

export const UnscheduledMob = z.object({
  stockMobId: id,
  livestockOrderId: id,
  agendaLotReference: z.string(),
  supplierName: z.string(),
  pic: z.string(),
  head: z.number().int(),
  status: z.string(),
  mobStatusNumber: z.number().int(),
  applicableProductionDate: z.string().nullable(),
  pens: z.array(z.string()),
  lastModified: z.string(),
}).openapi("UnscheduledMob");

export const UndeliveredOrder = z.object({
  livestockOrderId: id,
  supplierName: z.string(),
  pic: z.string(),
  head: z.number().int(),
  deliveryDate: z.string(),
  productionDate: z.string().nullable(),
  orderStatus: z.string(),
  lastModified: z.string(),
}).openapi("UndeliveredOrder");

export const UndeliveredOrders = z.object({
  /** all there are; `orders` holds at most 200, oldest delivery date first */
  totalRecords: z.number().int(),
  orders: z.array(UndeliveredOrder),
});

export const SiteLocation = z.object({ id, name: z.string() });

export const SevenDayAgenda = z.object({
  focusDay: z.string(),
  today: z.string(),
  speciesId: id,
  tenantSiteId: z.number().int(),
  days: z.array(KillAgenda),
  unscheduled: z.object({ totalRecords: z.number().int(), mobs: z.array(UnscheduledMob) }),
  undelivered: UndeliveredOrders,
  siteLocations: z.array(SiteLocation),
}).openapi("SevenDayAgenda");

export const Agendas = z.object({ agendas: z.array(KillAgenda) }).openapi("KillAgendas");

// ---------- bodies ----------

export const ReorderBody = z.object({
  killAgendaId: id,
  lastModified: stamp,
  /** every item of the day, in the new kill order */
  itemIds: z.array(id).min(1).max(MAX_AGENDA_ITEMS),
});

export const PlanReorderBody = z.object({
  itemId: id,
  /** the agenda the item is on, as read */
  fromLastModified: stamp,
  toDate: isoDate,
  /** place on the new day (0 = first); past the end appends */
  toIndex: z.number().int().min(0).max(MAX_AGENDA_ITEMS),
  /** the target day's agenda as read (absent: the day had no agenda yet) */
  toLastModified: stamp.nullish(),
});

export const SwapDatesBody = z.object({
  speciesId: id,
  tenantSiteId: z.number().int().min(0),
  firstDate: isoDate,
  secondDate: isoDate,
  firstLastModified: stamp,
  secondLastModified: stamp,
});

export const ScheduleMobBody = z.object({
  stockMobId: id,
  /** the mob as read */
  lastModified: stamp,
  productionDate: isoDate,
});

export const AddUnscheduledMobBody = ScheduleMobBody.extend({
  /** place on the day (absent: last) */
  toIndex: z.number().int().min(0).max(MAX_AGENDA_ITEMS).optional(),
});

export const SetSiteLocationBody = z.object({
  killAgendaId: id,
  lastModified: stamp,
  /** a kill floor of the agenda's site */
  siteLocationId: id,
});

export const SetDeliveryDatesBody = z.object({
  orders: z.array(z.object({ livestockOrderId: id, lastModified: stamp })).min(1).max(100),
  deliveryDate: isoDate,
  /** absent: kept when on or after the new delivery date, else the delivery date */
  productionDate: isoDate.optional(),
});

export const AgendaIdBody = z.object({ killAgendaId: id });

// ---------- management ----------

export const DateQuery = z.object({ date: isoDate.optional() });

export const AgendaIntegration = z.object({
  killAgendaId: id,
  productionDate: z.string(),
  species: z.string(),
  siteName: z.string(),
  items: z.number().int(),
  head: z.number().int(),
  integrationStatus: z.enum(["NotSent", "Sent", "Failed"]),
  integrationSentAt: z.string().nullable(),
  integrationSentBy: z.string().nullable(),
  integrationMessage: z.string().nullable(),
  revision: z.number().int(),
  sentRevision: z.number().int().nullable(),
  changesSinceSent: ChangesSinceSent.nullable(),
  lastModified: z.string(),
}).openapi("AgendaIntegration");

export const SendToPlantBody = z.object({
  killAgendaId: id,
  lastModified: stamp,
  /** send although some lots are not ready (SendToPlantCheck lists them); without it such a day answers 409 */
  confirmNotReady: z.boolean().optional(),
});

export const SendToPlantCheckQuery = z.object({ killAgendaId: idNumber() });

export const NotReadyLot = z.object({
  itemId: id,
  killOrder: z.number().int(),
  /** the lot with its suffix, or "Order 123" before it has one */
  lot: z.string(),
  supplierName: z.string(),
  head: z.number().int(),
  reasons: z.array(z.enum(["undelivered", "checksToDo", "noNvd"])),
  /** the reasons in words: "not delivered", "checks to do: Ante-mortem inspection", "no NVD" */
  problems: z.array(z.string()),
}).openapi("NotReadyLot");

export const SendToPlantCheck = z.object({
  killAgendaId: id,
  /** the revision a send now hands over */
  revision: z.number().int(),
  sentRevision: z.number().int().nullable(),
  changesSinceSent: ChangesSinceSent.nullable(),
  /** lots not ready for the kill; empty: one click sends */
  notReady: z.array(NotReadyLot),
  lastModified: z.string(),
}).openapi("SendToPlantCheck");

export const RecallMobBody = z.object({ stockMobId: id, lastModified: stamp, reason });

export const CorrectAgendaHeadBody = z.object({
  itemId: id,
  /** the item's agenda as read */
  lastModified: stamp,
  head: wholeNumber({ min: 0, max: 100_000 }),
  reason,
});
