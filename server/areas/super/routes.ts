import { definePages } from "../../pages/screen.ts";
import { SuperHomeScreen } from "./pages/SuperHome.tsx";

/** The super user's screens (server/access/routes/super.ts). */
export const SUPER_PAGES = definePages({ superHome: SuperHomeScreen });
