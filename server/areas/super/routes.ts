import { definePages } from "../../pages/screen.ts";
import { SuperHomeScreen } from "./pages/SuperHome.tsx";

/**
 * The super root's own screen (server/access/routes/super.ts): the super home. Each part lists its own
 * screens in its routes.ts. superFileUpload is the kill floor's carcass upload
 * (server/areas/killFloor/routes.ts); the generic rows upload is on the data download screen.
 */
export const SUPER_PAGES = definePages({
  superHome: SuperHomeScreen,
});
