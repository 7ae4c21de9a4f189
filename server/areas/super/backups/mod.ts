/** Super › backups: the area's record (server/areas/area.ts). */
import { defineArea } from "../../area.ts";
import { SUPER_BACKUP_PAGES } from "./routes.ts";
import { superBackupsApi } from "./api.ts";

export const superBackupsArea = defineArea({
  name: "super › backups",
  api: [superBackupsApi],
  pages: SUPER_BACKUP_PAGES,
});
