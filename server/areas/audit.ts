/**
 * The audit trail every area writes and reads: `recordAudit` in the write's transaction (who, when,
 * before, after, reason), `auditHistory` to read one record's entries back (a history panel or API),
 * `latestActions` for the latest of some actions on many records at once (a list's column).
 */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { auditLog } from "../../db/tenant/schema.ts";
import type { Caller } from "../auth/userModel.ts";
import type { AreaContext, AuditEntryInput, TenantTx } from "./types.ts";
import type { TenantDb } from "../../db/client.ts";
import { preparedPerDb } from "./prepared.ts";

/** One entry of a record's history, newest first in `auditHistory`. */
export interface AuditEntry {
  at: string;
  userName: string;
  action: string;
  before: unknown;
  after: unknown;
  reason: string | null;
}

export function displayName(caller: Caller): string {
  return `${caller.user.firstName} ${caller.user.lastName}`.trim() || caller.user.email;
}

/** The fields that differ between two versions of a record, for a readable audit entry. */
export function changedValues<T extends Record<string, unknown>>(before: T, after: Partial<T>) {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(after)) {
    if (key === "lastModified" || key === "createdAt") continue;
    if (JSON.stringify(before[key]) !== JSON.stringify(value)) {
      was[key] = before[key];
      now[key] = value;
    }
  }
  return { before: was, after: now };
}

/**
 * A save's audit action: "update" with the changed fields when there was a record, else "create" with
 * `after` (the saved values unless the caller adds more, such as the lines).
 */
export function savedEntry<T extends Record<string, unknown>>(
  current: T | null | undefined,
  values: Partial<T>,
  after: unknown = values,
) {
  return current ? { action: "update", ...changedValues(current, values) } : { action: "create", after };
}

/** One row of the audit trail (who, when, before, after, reason), in the write's transaction. */
export async function recordAudit(tx: TenantTx, ctx: AreaContext, entry: AuditEntryInput) {
  await tx.insert(auditLog).values({
    at: new Date(),
    userId: ctx.caller.user.id,
    userName: displayName(ctx.caller),
    entity: entry.entity,
    entityId: String(entry.entityId),
    action: entry.action,
    before: entry.before ?? null,
    after: entry.after ?? null,
    reason: entry.reason ?? null,
  });
}

// a record's page reads its history on every view: prepared once per database
const historyOf = preparedPerDb((db) =>
  db.select().from(auditLog)
    .where(
      and(eq(auditLog.entity, sql.placeholder("entity")), eq(auditLog.entityId, sql.placeholder("entityId"))),
    )
    .orderBy(desc(auditLog.id)).prepare()
);

/** Who did what to one record of `entity`, newest first. */
export async function auditHistory(
  db: TenantDb,
  entity: string,
  entityId: number | string,
): Promise<AuditEntry[]> {
  const rows = await historyOf(db).all({ entity, entityId: String(entityId) });
  return rows.map((r) => ({
    at: r.at.toISOString(),
    userName: r.userName,
    action: r.action,
    before: r.before,
    after: r.after,
    reason: r.reason,
  }));
}

/**
 * The latest of `actions` on each of these records of `entity` (records with none are absent): its action
 * and when (UTC ISO). One read per 500 records, along the (entity, entity id) index.
 */
export async function latestActions(
  db: TenantDb,
  entity: string,
  entityIds: readonly (number | string)[],
  actions: readonly string[],
): Promise<Map<string, { action: string; at: string }>> {
  const latest = new Map<string, { action: string; at: string }>();
  for (let i = 0; i < entityIds.length; i += 500) {
    // SQLite answers a bare column of the row max() picks: the latest entry's action
    const rows = await db.select({
      entityId: auditLog.entityId,
      action: auditLog.action,
      at: sql<number>`max(${auditLog.at})`,
    }).from(auditLog).where(and(
      eq(auditLog.entity, entity),
      inArray(auditLog.entityId, entityIds.slice(i, i + 500).map(String)),
      inArray(auditLog.action, [...actions]),
    )).groupBy(auditLog.entityId);
    for (const r of rows) {
      latest.set(r.entityId, { action: r.action, at: new Date(Number(r.at)).toISOString() });
    }
  }
  return latest;
}
