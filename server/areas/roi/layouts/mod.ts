/** ROI reports › layouts: the layout designer (issue 42 item 4), its calls and its screen. */
import { defineArea } from "../../area.ts";
import { roiLayoutsApi } from "./api.ts";
import { ROI_LAYOUT_PAGES } from "./routes.ts";

export const roiLayoutsArea = defineArea({
  name: "roi layouts",
  api: [roiLayoutsApi],
  pages: ROI_LAYOUT_PAGES,
});
