/** Kill agenda: the area's record (server/areas/area.ts). */
import { defineArea } from "../area.ts";
import { killAgendaApi } from "./api.ts";
import { killAgendaDocumentsApi } from "./reportApi.ts";
import { KILL_AGENDA_PAGES } from "./routes.ts";
import { KILL_AGENDA_EVENTS } from "./events.ts";
import { seedKillAgenda } from "./seed.ts";

export const killAgendaArea = defineArea({
  name: "kill agenda",
  api: [killAgendaApi, killAgendaDocumentsApi],
  pages: KILL_AGENDA_PAGES,
  events: KILL_AGENDA_EVENTS,
  seed: seedKillAgenda,
});
