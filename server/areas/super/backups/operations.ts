/**
 * Super › backups (issue 40 §4): a tenant's or the control database's backups listed, one taken now, a
 * restore's dry run (per table: rows added, removed, changed) and the restore itself, confirmed by typing
 * the organisation's name; and a tenant deleted with its files. Every action is in the super audit. The
 * work itself is server/ops/backup.ts's, on embedded files and over a libSQL server alike.
 */
import { eq } from "drizzle-orm";
import { tenants } from "../../../../db/control/schema.ts";
import { tenantIdsOf } from "../../../auth/userModel.ts";
import { ApiError } from "../../../http/errors.ts";
import {
  type BackupTarget,
  dryRunRestore,
  isBackupOf,
  listBackups,
  restoreBackup,
  takeBackup,
} from "../../../ops/backup.ts";
import type { In } from "../../areaApi.ts";
import type { AreaContext } from "../../context.ts";
import { findTenant } from "../tenantContext.ts";
import { recordSuperAction } from "../writes.ts";
import { controlWrite } from "../controlUnit.ts";
import type { DeleteTenantBody, RestoreBody } from "./schemas.ts";

/** What a person types to confirm a restore of the control database. */
export const CONTROL_CONFIRMATION = "control database";

const targetOf = (tenantId: number | undefined): BackupTarget => tenantId ? { tenantId } : "control";

/** The name to type to confirm an action on the target (404 in words for no such tenant). */
async function confirmationOf(ctx: AreaContext, tenantId: number | undefined) {
  return tenantId ? (await findTenant(ctx, tenantId)).name : CONTROL_CONFIRMATION;
}

function assertTyped(typed: string, expected: string) {
  if (typed.trim().toLowerCase() !== expected.trim().toLowerCase()) {
    throw ApiError.validation(
      [{ field: "reason", message: `Type "${expected}" exactly to confirm.` }],
      `Type "${expected}" exactly to confirm.`,
    );
  }
}

function assertKey(target: BackupTarget, key: string) {
  if (!isBackupOf(target, key)) throw ApiError.notFound("That backup does not exist.");
}

export async function backupsOf(ctx: AreaContext, tenantId: number | undefined) {
  await confirmationOf(ctx, tenantId);
  return listBackups(ctx.app.storage, targetOf(tenantId));
}

export async function backUpNow(ctx: AreaContext, input: { tenantId?: number }) {
  await confirmationOf(ctx, input.tenantId);
  const backup = await takeBackup(ctx.app, targetOf(input.tenantId), "manual");
  await recordSuperAction(ctx, {
    tenantId: input.tenantId ?? null,
    action: "TakeBackup",
    detail: { key: backup.key, bytes: backup.size },
  });
  return backup;
}

export async function dryRun(ctx: AreaContext, input: { tenantId?: number; key: string }) {
  await confirmationOf(ctx, input.tenantId);
  const target = targetOf(input.tenantId);
  assertKey(target, input.key);
  const changes = await dryRunRestore(ctx.app, target, input.key);
  if (!changes) throw ApiError.notFound("That backup does not exist.");
  return changes;
}

/** The restore, after a backup of the database as it is now (so a restore can itself be undone). */
export async function restore(ctx: AreaContext, input: In<typeof RestoreBody>) {
  assertTyped(input.reason, await confirmationOf(ctx, input.tenantId));
  const target = targetOf(input.tenantId);
  assertKey(target, input.key);
  if (!(await ctx.app.storage.head(input.key))) throw ApiError.notFound("That backup does not exist.");
  const safety = await takeBackup(ctx.app, target, "before-restore");
  const changes = await restoreBackup(ctx.app, target, input.key);
  if (!changes) throw ApiError.notFound("That backup does not exist.");
  // after the restore: a restored control database would otherwise lose this row
  await recordSuperAction(ctx, {
    tenantId: input.tenantId ?? null,
    action: "RestoreBackup",
    detail: {
      key: input.key,
      safetyBackup: safety.key,
      changed: changes.filter((c) => c.added || c.removed || c.changed).map((c) => c.table),
    },
  });
  // whoever is signed in is read again (a control restore may change users, modules, sessions)
  const tenantIds = input.tenantId ? [input.tenantId] : await tenantIdsOf(ctx.app.db.control);
  await ctx.app.callers.changed({ tenantIds });
  return { changes, safetyBackup: safety.key };
}

async function removeBlobs(ctx: AreaContext, prefix: string): Promise<number> {
  let removed = 0;
  for (;;) {
    const { items } = await ctx.app.storage.list(prefix, 1000);
    for (const item of items) if (await ctx.app.storage.delete(item.key)) removed++;
    if (items.length < 1000) return removed;
  }
}

/**
 * A tenant deleted with everything of it: its rows in the control database (memberships, sites,
 * settings, sessions: by cascade), its database file, its stored files and its backups. Users stay
 * (they may belong to other organisations). Not the organisation the super user is working in.
 */
export async function deleteTenant(ctx: AreaContext, input: In<typeof DeleteTenantBody>) {
  const tenant = await findTenant(ctx, input.tenantId);
  assertTyped(input.reason, tenant.name);
  if (ctx.caller.tenant.id === tenant.id) {
    throw ApiError.badRequest(
      "You are working in this organisation. Work in another one first, then delete it.",
    );
  }
  await controlWrite(ctx, async (tx, unit) => {
    await tx.delete(tenants).where(eq(tenants.id, tenant.id));
    // the audit row names the tenant in its detail: its id column would be emptied with the tenant
    await unit.audit({
      tenantId: null,
      action: "DeleteTenant",
      detail: { tenantId: tenant.id, name: tenant.name },
    });
  });
  await ctx.app.callers.changed({ tenantIds: [tenant.id] });
  await ctx.app.db.forgetTenant(tenant.id);
  let deletedFiles = 0;
  const file = ctx.app.db.tenantFile(tenant.id);
  if (file) {
    for (const path of [file, `${file}-wal`, `${file}-shm`]) {
      await Deno.remove(path).then(() => deletedFiles++, () => {});
    }
  }
  deletedFiles += await removeBlobs(ctx, `tenant-${tenant.id}/`);
  deletedFiles += await removeBlobs(ctx, `backups/tenant-${tenant.id}/`);
  return { deletedFiles };
}
