import { definePages } from "../../pages/screen.ts";
import { LIVESTOCK_SCREENS } from "../../pages/screens/livestock/mod.ts";

/** Livestock buying screens: buy home, parties, orders, deliveries (server/access/routes/livestock.ts). */
export const LIVESTOCK_PAGES = definePages(LIVESTOCK_SCREENS);
