import { definePages } from "../../pages/screen.ts";
import { AgendaScreen, CarouselScreen, YardScreen } from "./pages/Screens.tsx";
import { ConfigureScreen } from "./pages/Configure.tsx";

/** The display carousel by route name (server/access/routes/display.ts). */
export const DISPLAY_PAGES = definePages({
  displayHome: CarouselScreen,
  displayKillagendaReport: AgendaScreen,
  displayStockyard: YardScreen,
  displayConfigure: ConfigureScreen,
});
