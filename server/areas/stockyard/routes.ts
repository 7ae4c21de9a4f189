import { definePages } from "../../pages/screen.ts";
import { StockyardScreen } from "./pages/Yard.tsx";
import { StockLocationsScreen, StockyardOverviewScreen } from "./pages/Overview.tsx";
import { ManagementMobScreen, ManagementScreen } from "./pages/Management.tsx";
import { StockyardReservePensScreen } from "./pages/ReservePens.tsx";
import { StockyardEditScreen, StockyardSettingsScreen } from "./pages/YardSettings.tsx";

/** The stockyard's screens by route name (server/access/routes/home.ts, livestock.ts, settings.ts; the race readings' screen is rfid/routes.ts). */
export const STOCKYARD_PAGES = definePages({
  stockyard: StockyardScreen,
  stockyardOverview: StockyardOverviewScreen,
  stocklocations: StockLocationsScreen,
  stockyardReservePens: StockyardReservePensScreen,
  management: ManagementScreen,
  managementMob: ManagementMobScreen,
  settingsStockyard: StockyardSettingsScreen,
  settingsStockyardEdit: StockyardEditScreen,
});
