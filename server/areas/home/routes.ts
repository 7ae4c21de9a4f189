import { definePages } from "../../pages/screen.ts";
import { UserHomeScreen } from "./pages/UserHome.tsx";

/** The home page of last resort (server/access/routes/home.ts). */
export const HOME_PAGES = definePages({ userHome: UserHomeScreen });
