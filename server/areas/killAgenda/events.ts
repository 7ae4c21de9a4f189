/** What the kill agenda publishes on the push hub: one group per site (`KillAgenda:<siteId>`, 0 = none). */
import { z } from "zod";
import { areaEvents, payloadParts, pushEvent } from "../../push/catalogue.ts";

export const KILL_AGENDA_EVENTS = areaEvents({
  KillAgenda: { module: "livestock", about: "the kill agenda of a site" },
}, {
  killAgendaUpdated: pushEvent(
    "KillAgenda",
    z.object({
      siteId: z.number().int().min(0),
      speciesId: payloadParts.id,
      dates: z.array(z.string()).min(1),
      reason: z.string(),
    }),
    "days of a site's kill agenda changed (order, days, lots, site location, integration): re-read them",
  ),
});

type KillAgendaEvents = typeof KILL_AGENDA_EVENTS.events;
declare module "../../push/catalogue.ts" {
  // the app's push typing gains this area's events (server/push/catalogue.ts AppPushEvents)
  interface AppPushEvents extends KillAgendaEvents {}
}
