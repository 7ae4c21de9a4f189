/** api/killagenda/… and api/KillAgendaManagement/… (spec 1 §7 "Kill agenda"). */
import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../../env.ts";
import { apiRoute, type ApiRouter, apiRouter, areaRoutes, okJson } from "../../http/openapi.ts";
import { apiService } from "../context.ts";
import { KillAgendaManagement } from "./management.ts";
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
import { reportApi } from "./reportApi.ts";
import { AGENDA_READ, AGENDA_WRITE, KILL_AGENDA_API } from "./paths.ts";

export { KILL_AGENDA_API } from "./paths.ts";

const tags = ["Kill agenda"];
const { get, post } = areaRoutes(tags);
const service = (c: Context<AppEnv>) => apiService(c, KillAgendaManagement);
const A = KILL_AGENDA_API;

export const killAgendaApi: ApiRouter = apiRouter()
  .openapi(
    get(
      A.getKillAgenda,
      "The day's agenda for a species at a site (built on first use)",
      { query: DayQuery },
      KillAgenda,
      AGENDA_READ,
    ),
    async (c) => c.json(await (await service(c)).day(c.req.valid("query")), 200),
  )
  .openapi(
    get(
      A.getSevenDayAgenda,
      "Seven days from the focus day (not before today), with unscheduled mobs and undelivered orders",
      { query: WeekQuery },
      SevenDayAgenda,
      AGENDA_READ,
    ),
    async (c) => c.json(await (await service(c)).week(c.req.valid("query")), 200),
  )
  .openapi(
    apiRoute({
      method: "get",
      path: A.getUndeliveredOrders,
      // the orders area has its own GetUndeliveredOrders (every species, no bound)
      operationId: "GetKillAgendaUndeliveredOrders",
      tags,
      summary:
        "Booked orders of the species whose delivery day has passed with nothing delivered (at most 200)",
      access: AGENDA_READ,
      request: { query: SpeciesSiteQuery },
      responses: okJson(UndeliveredOrders),
    }),
    async (c) => c.json(await (await service(c)).undelivered(c.req.valid("query")), 200),
  )
  .openapi(
    post(
      A.reorder,
      "A day's items in a new kill order (every item once)",
      ReorderBody,
      Agendas,
      AGENDA_WRITE,
    ),
    async (c) => c.json(await (await service(c)).reorder(c.req.valid("json")), 200),
  )
  .openapi(
    post(
      A.planReorder,
      "Move an item to a place on the same or another day (mobs at kill floor stage or later, unscheduled " +
        "mobs and expected orders move; others are refused with the reason)",
      PlanReorderBody,
      Agendas,
      AGENDA_WRITE,
    ),
    async (c) => c.json(await (await service(c)).planReorder(c.req.valid("json")), 200),
  )
  .openapi(
    post(A.swapDates, "Swap everything planned on two days", SwapDatesBody, Agendas, AGENDA_WRITE),
    async (c) => c.json(await (await service(c)).swapDates(c.req.valid("json")), 200),
  )
  .openapi(
    post(A.scheduleMob, "Plan a mob for a production day", ScheduleMobBody, Agendas, AGENDA_WRITE),
    async (c) => c.json(await (await service(c)).scheduleMob(c.req.valid("json")), 200),
  )
  .openapi(
    post(
      A.addUnscheduledMob,
      "Put an unscheduled mob on a day (at a place, or last)",
      AddUnscheduledMobBody,
      Agendas,
      AGENDA_WRITE,
    ),
    async (c) => c.json(await (await service(c)).addUnscheduledMob(c.req.valid("json")), 200),
  )
  .openapi(
    post(
      A.setSiteLocation,
      "The kill floor the day is killed on",
      SetSiteLocationBody,
      Agendas,
      AGENDA_WRITE,
    ),
    async (c) => c.json(await (await service(c)).setSiteLocation(c.req.valid("json")), 200),
  )
  .openapi(
    post(
      A.setDeliveryDates,
      "New delivery (and kill) days for undelivered orders",
      SetDeliveryDatesBody,
      Agendas,
      AGENDA_WRITE,
    ),
    async (c) => c.json(await (await service(c)).setDeliveryDates(c.req.valid("json")), 200),
  )
  .openapi(
    post(
      A.markPrinted,
      "The day was printed: its lot references are kept from now on",
      AgendaIdBody,
      Agendas,
      AGENDA_WRITE,
    ),
    async (c) => c.json(await (await service(c)).markPrinted(c.req.valid("json").killAgendaId), 200),
  )
  .openapi(
    get(
      A.getIntegrations,
      "The day's agendas and whether the plant's systems have them",
      { query: DateQuery },
      z.array(AgendaIntegration),
      AGENDA_READ,
    ),
    async (c) => c.json(await (await service(c)).integrations(c.req.valid("query").date), 200),
  )
  .openapi(
    get(
      A.sendToPlantCheck,
      "Before sending: the revision a send hands over, what changed since the last send, the lots not ready",
      { query: SendToPlantCheckQuery },
      SendToPlantCheck,
      AGENDA_WRITE,
    ),
    async (c) => c.json(await (await service(c)).sendToPlantCheck(c.req.valid("query").killAgendaId), 200),
  )
  .openapi(
    post(
      A.sendToPlant,
      "Send the day's agenda to the plant's systems (409 listing the lots not ready unless confirmNotReady)",
      SendToPlantBody,
      Agendas,
      AGENDA_WRITE,
    ),
    async (c) => c.json(await (await service(c)).sendToPlant(c.req.valid("json")), 200),
  )
  .openapi(
    post(
      A.recallMob,
      "Bring a mob back from the kill floor to its yard (with the reason)",
      RecallMobBody,
      Agendas,
      AGENDA_WRITE,
    ),
    async (c) => c.json(await (await service(c)).recallMob(c.req.valid("json")), 200),
  )
  .openapi(
    post(
      A.correctHead,
      "Correct the head of an agenda item (with the reason; audited)",
      CorrectAgendaHeadBody,
      Agendas,
      AGENDA_WRITE,
    ),
    async (c) => c.json(await (await service(c)).correctHead(c.req.valid("json")), 200),
  )
  .route("/", reportApi);
