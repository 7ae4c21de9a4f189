/**
 * The one audit helper of the super area: every super action writes a row in the control database (who,
 * when, which tenant, what), in the action's own transaction where it has one, so the row and the change
 * stand or fall together. `superAuditPage` reads them back, newest first, a page at a time.
 */
import { and, count, desc, eq, lt } from "drizzle-orm";
import { superAudit, tenants } from "../../../db/control/schema.ts";
import type { ControlDb } from "../../../db/client.ts";
import type { Caller } from "../../auth/userModel.ts";
import { displayName } from "../audit.ts";

/** A control-database transaction, or the database itself. */
export type ControlWriter = Pick<ControlDb, "insert">;

export interface SuperAuditEntry {
  /** null for application-wide actions (the maintenance message) */
  tenantId: number | null;
  /** the operation, e.g. "CreateTenant", "UpsertFeatureFlag" */
  action: string;
  /** what was asked, in plain fields; never a password */
  detail?: Record<string, unknown>;
}

export async function recordSuperAudit(db: ControlWriter, caller: Caller, entry: SuperAuditEntry) {
  await db.insert(superAudit).values({
    at: new Date().toISOString(),
    userId: caller.user.id,
    userName: displayName(caller),
    tenantId: entry.tenantId,
    action: entry.action,
    detail: entry.detail ?? null,
  });
}

/** Words for the audit list: the operation names are API names, the screen says what happened. */
export const SUPER_ACTION_LABELS: Record<string, string> = {
  CreateTenant: "Created the organisation",
  UpdateTenant: "Changed the organisation",
  UpsertTenantUser: "Added or changed a user",
  SuperResetUserPassword: "Reset a user's password",
  UpsertFeatureFlag: "Set a feature flag",
  DeleteFeatureFlag: "Removed a feature flag",
  ForceRefresh: "Refreshed everyone's data",
  ForceTotalLogout: "Signed everyone out",
  SetProcessorConfiguration: "Changed the processor configuration",
  SetMaintenanceMessage: "Changed the maintenance message",
  DownloadTenantData: "Downloaded the organisation's data",
  UploadTenantData: "Uploaded data",
  InitialDataLoad: "Loaded initial data",
  RunDemoSeeds: "Loaded each area's demo data",
  ImpersonateTenant: "Worked in the organisation",
  MarkProblemReportHandled: "Marked a reported problem handled",
  UploadSupportBlob: "Uploaded a support file",
  DeleteSupportBlob: "Deleted a support file",
  CopyPricingGrid: "Copied a price grid into the organisation",
  RunConnectionChecks: "Ran connection checks",
  PingInterchange: "Pinged the plant interchange",
  SendTestEmail: "Sent a test email",
  SendTestText: "Sent a test text",
  SendTestNotification: "Sent a test notification",
  ReprocessKillData: "Reprocessed kill data",
  UpdateTenantStockSettings: "Changed the stock settings",
  TakeBackup: "Took a backup",
  RestoreBackup: "Restored a backup",
  DeleteTenant: "Deleted an organisation",
};

export const superActionLabel = (action: string) => SUPER_ACTION_LABELS[action] ?? action;

/** Newest first; `before` an id pages backwards. Bounded by `limit`. */
export async function superAuditPage(
  db: ControlDb,
  query: { tenantId?: number; before?: number; limit: number },
) {
  const where = and(
    query.tenantId ? eq(superAudit.tenantId, query.tenantId) : undefined,
    query.before ? lt(superAudit.id, query.before) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db.select({
      id: superAudit.id,
      at: superAudit.at,
      userName: superAudit.userName,
      tenantId: superAudit.tenantId,
      tenantName: tenants.name,
      action: superAudit.action,
      detail: superAudit.detail,
    }).from(superAudit).leftJoin(tenants, eq(tenants.id, superAudit.tenantId)).where(where)
      .orderBy(desc(superAudit.id)).limit(query.limit),
    db.select({ total: count() }).from(superAudit)
      .where(query.tenantId ? eq(superAudit.tenantId, query.tenantId) : undefined),
  ]);
  return { rows, total };
}
