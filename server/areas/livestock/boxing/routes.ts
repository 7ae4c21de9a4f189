import { definePages } from "../../../pages/screen.ts";
import { LivestockBoxingScreen } from "./pages/LivestockBoxing.tsx";

/** Livestock boxing (server/access/routes/livestock.ts "livestockBoxing", module livestockBoxing). */
export const BOXING_PAGES = definePages({ livestockBoxing: LivestockBoxingScreen });
