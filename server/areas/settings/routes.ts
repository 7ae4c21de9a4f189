import { definePages } from "../../pages/screen.ts";
import { SettingsHomeScreen } from "./pages/SettingsHome.tsx";

/** The settings home (server/access/routes/settings.ts); each settings tab belongs to its own area. */
export const SETTINGS_PAGES = definePages({ settings: SettingsHomeScreen });
