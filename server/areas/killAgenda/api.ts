/** api/killagenda/… and api/KillAgendaManagement/… (spec 1 §7 "Kill agenda"). */
import { z } from "@hono/zod-openapi";
import { okJson } from "../../http/openapi.ts";
import { areaApi } from "../areaApi.ts";
import { areaContextOf } from "../context.ts";
import { agendaDay, agendaWeek, undeliveredOrders } from "./queries.ts";
import { reorder } from "./operations/reorder.ts";
import { planReorder } from "./operations/planReorder.ts";
import { swapDates } from "./operations/swapDates.ts";
import { addUnscheduledMob, scheduleMob } from "./operations/schedule.ts";
import { setSiteLocation } from "./operations/setSiteLocation.ts";
import { setDeliveryDates } from "./operations/setDeliveryDates.ts";
import { markPrinted } from "./operations/markPrinted.ts";
import { integrations } from "./operations/integrations.ts";
import { sendToPlant, sendToPlantCheck } from "./operations/sendToPlant.ts";
import { recallMob } from "./operations/recallMob.ts";
import { correctHead } from "./operations/correctHead.ts";
import {
  AddUnscheduledMobBody,
  AgendaIdBody,
  AgendaIntegration,
  Agendas,
  CorrectAgendaHeadBody,
  DateQuery,
  DayQuery,
  KillAgenda,
  PlanReorderBody,
  RecallMobBody,
  ReorderBody,
  ScheduleMobBody,
  SendToPlantBody,
  SendToPlantCheck,
  SendToPlantCheckQuery,
  SetDeliveryDatesBody,
  SetSiteLocationBody,
  SevenDayAgenda,
  SpeciesSiteQuery,
  SwapDatesBody,
  UndeliveredOrders,
  WeekQuery,
} from "./schemas.ts";
import { AGENDA_READ, AGENDA_WRITE, KILL_AGENDA_API as A } from "./paths.ts";

export { KILL_AGENDA_API } from "./paths.ts";

const api = areaApi(["Kill agenda"]);

api.get(
  A.getKillAgenda,
  "The day's agenda for a species at a site (built on first use)",
  { query: DayQuery },
  KillAgenda,
  AGENDA_READ,
  agendaDay,
);

api.get(
  A.getSevenDayAgenda,
  "Seven days from the focus day (not before today), with unscheduled mobs and undelivered orders",
  { query: WeekQuery },
  SevenDayAgenda,
  AGENDA_READ,
  agendaWeek,
);

// the orders area has its own GetUndeliveredOrders (every species, no bound): this one names itself
api.route({
  method: "get",
  path: A.getUndeliveredOrders,
  operationId: "GetKillAgendaUndeliveredOrders",
  summary: "Booked orders of the species whose delivery day has passed with nothing delivered (at most 200)",
  access: AGENDA_READ,
  request: { query: SpeciesSiteQuery },
  responses: okJson(UndeliveredOrders),
}, async (c) => {
  // the route's validator has checked the query already: this reads it typed
  const query = SpeciesSiteQuery.parse(c.req.query());
  return c.json(await undeliveredOrders(await areaContextOf(c), query), 200);
});

api.post(
  A.reorder,
  "A day's items in a new kill order (every item once)",
  ReorderBody,
  Agendas,
  AGENDA_WRITE,
  reorder,
);

api.post(
  A.planReorder,
  "Move an item to a place on the same or another day (mobs at kill floor stage or later, unscheduled " +
    "mobs and expected orders move; others are refused with the reason)",
  PlanReorderBody,
  Agendas,
  AGENDA_WRITE,
  planReorder,
);

api.post(A.swapDates, "Swap everything planned on two days", SwapDatesBody, Agendas, AGENDA_WRITE, swapDates);

api.post(
  A.scheduleMob,
  "Plan a mob for a production day",
  ScheduleMobBody,
  Agendas,
  AGENDA_WRITE,
  scheduleMob,
);

api.post(
  A.addUnscheduledMob,
  "Put an unscheduled mob on a day (at a place, or last)",
  AddUnscheduledMobBody,
  Agendas,
  AGENDA_WRITE,
  addUnscheduledMob,
);

api.post(
  A.setSiteLocation,
  "The kill floor the day is killed on",
  SetSiteLocationBody,
  Agendas,
  AGENDA_WRITE,
  setSiteLocation,
);

api.post(
  A.setDeliveryDates,
  "New delivery (and kill) days for undelivered orders",
  SetDeliveryDatesBody,
  Agendas,
  AGENDA_WRITE,
  setDeliveryDates,
);

api.post(
  A.markPrinted,
  "The day was printed: its lot references are kept from now on",
  AgendaIdBody,
  Agendas,
  AGENDA_WRITE,
  (ctx, { killAgendaId }) => markPrinted(ctx, killAgendaId),
);

api.get(
  A.getIntegrations,
  "The day's agendas and whether the plant's systems have them",
  { query: DateQuery },
  z.array(AgendaIntegration),
  AGENDA_READ,
  (ctx, { date }) => integrations(ctx, date),
);

api.get(
  A.sendToPlantCheck,
  "Before sending: the revision a send hands over, what changed since the last send, the lots not ready",
  { query: SendToPlantCheckQuery },
  SendToPlantCheck,
  AGENDA_WRITE,
  (ctx, { killAgendaId }) => sendToPlantCheck(ctx, killAgendaId),
);

api.post(
  A.sendToPlant,
  "Send the day's agenda to the plant's systems (409 listing the lots not ready unless confirmNotReady)",
  SendToPlantBody,
  Agendas,
  AGENDA_WRITE,
  sendToPlant,
);

api.post(
  A.recallMob,
  "Bring a mob back from the kill floor to its yard (with the reason)",
  RecallMobBody,
  Agendas,
  AGENDA_WRITE,
  recallMob,
);

api.post(
  A.correctHead,
  "Correct the head of an agenda item (with the reason; audited)",
  CorrectAgendaHeadBody,
  Agendas,
  AGENDA_WRITE,
  correctHead,
);

export const killAgendaApi = api.router();
