import { definePages } from "../../../pages/screen.ts";
import { SuperBackupsScreen } from "./pages/Backups.tsx";

/** Super › backups: a tenant's or the control database's backups, restores, export and deletion. */
export const SUPER_BACKUP_PAGES = definePages({
  superBackups: SuperBackupsScreen,
});
