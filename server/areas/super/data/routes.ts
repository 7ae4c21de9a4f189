import { definePages } from "../../../pages/screen.ts";
import { SuperDataDownloadScreen } from "./pages/TenantData.tsx";

/** Super › tenant data: download an organisation's data, upload rows into one of its tables. */
export const SUPER_DATA_PAGES = definePages({
  superDataDownload: SuperDataDownloadScreen,
});
