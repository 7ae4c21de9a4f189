import { z } from "@hono/zod-openapi";
import { idNumber } from "../../../http/params.ts";

/** Whose backups: a tenant's, or (no tenantId) the control database's. */
export const BackupOwnerQuery = z.object({ tenantId: idNumber().optional() });

export const BackupKey = z.string().trim().min(1).max(200);

export const BackupRow = z.object({
  key: z.string(),
  size: z.number().int(),
  takenAt: z.string(),
  reason: z.enum(["scheduled", "manual", "before-restore"]),
}).openapi("Backup");

export const DryRunQuery = BackupOwnerQuery.extend({ key: BackupKey });

export const TableChange = z.object({
  table: z.string(),
  added: z.number().int(),
  removed: z.number().int(),
  changed: z.number().int(),
  rows: z.number().int(),
}).openapi("BackupTableChange");

export const TakeBackupBody = z.object({ tenantId: idNumber().optional() }).openapi("TakeBackupBody");

/** `reason`: what the person typed to confirm (the organisation's name, or "control database"). */
export const RestoreBody = z.object({
  tenantId: idNumber().optional(),
  key: BackupKey,
  reason: z.string().trim().min(1).max(200),
}).openapi("RestoreBackupBody");

export const DeleteTenantBody = z.object({
  tenantId: idNumber(),
  reason: z.string().trim().min(1).max(200),
}).openapi("DeleteTenantBody");

export const RestoreResult = z.object({ changes: z.array(TableChange), safetyBackup: z.string() });
export const DeleteTenantResult = z.object({ deletedFiles: z.number().int() });
