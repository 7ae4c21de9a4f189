import { definePages } from "../../pages/screen.ts";

/** Skin grade and the hide report by route name (server/access/routes/home.ts). */
export const SKIN_PAGES = definePages({});
