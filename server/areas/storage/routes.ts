import { definePages } from "../../pages/screen.ts";
import { FilesScreen } from "./pages/Files.tsx";

/** Storage's screens by route name (server/access/routes/settings.ts). */
export const STORAGE_PAGES = definePages({ settingsFiles: FilesScreen });
