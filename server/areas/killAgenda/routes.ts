import { definePages } from "../../pages/screen.ts";
import { KillAgendaScreen, StockyardKillAgendaScreen } from "./pages/Day.tsx";
import { KillAgendaPlannerScreen } from "./pages/Planner.tsx";
import { ControlledDocumentScreen, KillAgendaReportScreen } from "./pages/Documents.tsx";

/** The kill agenda's screens by route name (server/access/routes/home.ts). */
export const KILL_AGENDA_PAGES = definePages({
  killagenda: KillAgendaScreen,
  stockyardKillagenda: StockyardKillAgendaScreen,
  killagendaFocusDay: KillAgendaPlannerScreen,
  killagendareport: KillAgendaReportScreen,
  killagendacontrolleddocument: ControlledDocumentScreen,
});
