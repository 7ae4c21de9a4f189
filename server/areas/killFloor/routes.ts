import { definePages } from "../../pages/screen.ts";
import { KillFloorDayScreen } from "./pages/KillFloorDay.tsx";
import { DataUploadScreen, SuperFileUploadScreen } from "./pages/DataUpload.tsx";

/** The kill floor's screens by route name (server/access/routes/home.ts, livestock.ts, super.ts). */
export const KILL_FLOOR_PAGES = definePages({
  carcassdistribution: KillFloorDayScreen,
  dataupload: DataUploadScreen,
  superFileUpload: SuperFileUploadScreen,
});
