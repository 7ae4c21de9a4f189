import { definePages } from "../../pages/screen.ts";
import { SettingsHomeScreen } from "./pages/SettingsHome.tsx";
import { OrganisationScreen } from "./pages/Organisation.tsx";
import { StockSettingsScreen } from "./pages/StockSettings.tsx";
import { TenantSettingsScreen } from "./pages/TenantSettings.tsx";
import { LoginModulesScreen } from "./pages/LoginModules.tsx";
import { LocationInfoScreen } from "./pages/LocationInfo.tsx";
import { ReleaseNotesScreen, SupportContentScreen, SupportSectionScreen } from "./pages/SupportContent.tsx";

/**
 * The settings home and the tabs this area builds (server/access/routes/settings.ts); the other tabs
 * belong to their own areas. The users' forms under Organisation details are the users area's screens
 * (registered in server/areas/mod.ts, which may join areas).
 */
export const SETTINGS_PAGES = definePages({
  settings: SettingsHomeScreen,
  settingsDetails: OrganisationScreen,
  settingsStockSettings: StockSettingsScreen,
  settingsTenantSettings: TenantSettingsScreen,
  settingsLoginModules: LoginModulesScreen,
  settingsSupportContent: SupportContentScreen,
  settingsReleaseNotes: ReleaseNotesScreen,
  supportContent: SupportSectionScreen,
  // home/locationinfo reads the sites' places kept here (and the yards and suppliers of their areas)
  locationinfo: LocationInfoScreen,
});
