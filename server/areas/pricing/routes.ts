import { definePages } from "../../pages/screen.ts";
import { PRICING_SCREENS } from "../../pages/screens/pricing/mod.ts";

/** Price grid settings screens (server/access/routes/settings.ts). */
export const PRICING_PAGES = definePages(PRICING_SCREENS);
