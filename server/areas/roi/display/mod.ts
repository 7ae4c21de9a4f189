/** ROI › the report page, its PDF and CSV. */
import { defineArea } from "../../area.ts";
import { definePages } from "../../../pages/screen.ts";
import { roiDisplayApi } from "./api.ts";
import { RoiLayoutDisplayScreen } from "./pages/RoiLayoutDisplay.tsx";

export const roiDisplayArea = defineArea({
  name: "roi › display",
  api: [roiDisplayApi],
  pages: definePages({ RoiLayoutDisplay: RoiLayoutDisplayScreen }),
});
