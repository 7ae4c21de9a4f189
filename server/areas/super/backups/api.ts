import { z } from "@hono/zod-openapi";
import { SUPER } from "../../../access/apiAccess.ts";
import { areaApi } from "../../areaApi.ts";
import {
  BackupOwnerQuery,
  BackupRow,
  DeleteTenantBody,
  DeleteTenantResult,
  DryRunQuery,
  RestoreBody,
  RestoreResult,
  TableChange,
  TakeBackupBody,
} from "./schemas.ts";
import { backUpNow, backupsOf, deleteTenant, dryRun, restore } from "./operations.ts";

/** The paths the backups page posts to (a page cannot misname an endpoint). */
export const SUPER_BACKUPS_API = {
  takeBackup: "/api/super/TakeBackup",
  restoreBackup: "/api/super/RestoreBackup",
  deleteTenant: "/api/super/DeleteTenant",
} as const;

/** api/super/… backups of a tenant's or the control database, restores, and deleting a tenant. */
const api = areaApi(["Super"]);

api.get(
  "/api/super/GetBackups",
  "A tenant's backups (no tenantId: the control database's), newest first",
  { query: BackupOwnerQuery },
  z.array(BackupRow),
  SUPER,
  (ctx, { tenantId }) => backupsOf(ctx, tenantId),
);

api.post(
  SUPER_BACKUPS_API.takeBackup,
  "Back up a tenant's database (no tenantId: the control database) now",
  TakeBackupBody,
  BackupRow,
  SUPER,
  backUpNow,
);

api.get(
  "/api/super/DryRunRestore",
  "What restoring the backup would change, table by table (nothing is written)",
  { query: DryRunQuery },
  z.array(TableChange),
  SUPER,
  dryRun,
);

api.post(
  SUPER_BACKUPS_API.restoreBackup,
  "Restore a backup (after a backup of the database as it is); `reason` is the organisation's name typed to confirm",
  RestoreBody,
  RestoreResult,
  SUPER,
  restore,
);

api.post(
  SUPER_BACKUPS_API.deleteTenant,
  "Delete a tenant with its database, files and backups; `reason` is its name typed to confirm",
  DeleteTenantBody,
  DeleteTenantResult,
  SUPER,
  deleteTenant,
);

export const superBackupsApi = api.router();
