import { definePages } from "../../pages/screen.ts";
import { SupportScreen } from "./pages/Support.tsx";

/** Support by route name (server/access/routes/home.ts). */
export const SUPPORT_PAGES = definePages({ support: SupportScreen });
