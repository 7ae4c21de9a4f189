/**
 * Livestock › processing overview: the area's record (server/areas/area.ts). It owns no table: it reads
 * the orders', the yard's and the kill floor's, and publishes no event (it listens to theirs).
 */
import { defineArea } from "../../area.ts";
import { processOverviewApi } from "./api.ts";
import { PROCESS_OVERVIEW_PAGES } from "./routes.ts";

export const processOverviewArea = defineArea({
  name: "processing overview",
  api: [processOverviewApi],
  pages: PROCESS_OVERVIEW_PAGES,
});
