import { definePages } from "../../pages/screen.ts";
import { StockyardEditScreen, StockyardSettingsScreen } from "./pages/YardSettings.tsx";

/** The stockyard's screens by route name (server/access/routes/home.ts, livestock.ts, settings.ts). */
export const STOCKYARD_PAGES = definePages({
  settingsStockyard: StockyardSettingsScreen,
  settingsStockyardEdit: StockyardEditScreen,
});
