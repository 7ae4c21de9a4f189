import { definePages } from "../../../pages/screen.ts";
import { RoiLayoutEditorScreen } from "./pages/RoiLayoutEditor.tsx";

/** The ROI layout designer's screen by route name (server/access/routes/super.ts). */
export const ROI_LAYOUT_PAGES = definePages({ RoiLayoutEditor: RoiLayoutEditorScreen });
