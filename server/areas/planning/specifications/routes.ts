import { definePages } from "../../../pages/screen.ts";
import { CarcassTypesScreen } from "./pages/CarcassTypes.tsx";

/** Settings › Specifications screens (server/access/routes/settings.ts). */
export const SPECIFICATION_PAGES = definePages({ settingsCarcassType: CarcassTypesScreen });
