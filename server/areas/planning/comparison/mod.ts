/** Production planning › product comparison: two cut plans side by side (issue 41 item 8). */
import { defineArea } from "../../area.ts";
import { comparisonApi } from "./api.ts";
import { COMPARISON_PAGES } from "./routes.ts";

export const comparisonArea = defineArea({
  name: "production planning › product comparison",
  api: [comparisonApi],
  pages: COMPARISON_PAGES,
});
