import { definePages } from "../../../pages/screen.ts";
import { TesterHomeScreen } from "./pages/TesterHome.tsx";
import { UserSettingsScreen } from "./pages/UserSettings.tsx";

/** /tester, the tester's home (server/access/routes/super.ts), and the super user's /user/settings. */
export const TESTER_PAGES = definePages({ testerHome: TesterHomeScreen, userSettings: UserSettingsScreen });
