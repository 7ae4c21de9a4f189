/** ROI › the analysis menu (home/RoiAnalysisMenu): favourite and published reports as cards. */
import { defineArea } from "../../area.ts";
import { definePages } from "../../../pages/screen.ts";
import { RoiAnalysisMenuScreen } from "./pages/RoiAnalysisMenu.tsx";

export const roiAnalysisArea = defineArea({
  name: "roi › analysis",
  pages: definePages({ RoiAnalysisMenu: RoiAnalysisMenuScreen }),
});
