import { definePages } from "../../../pages/screen.ts";
import { MatchOrderNvdsScreen } from "./pages/MatchOrderNvds.tsx";

/** Livestock › Match Order NVDs (server/access/routes/livestock.ts). */
export const NVD_PAGES = definePages({ matchOrderNVDs: MatchOrderNvdsScreen });
