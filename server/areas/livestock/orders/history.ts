/**
 * The audit trail read back as history entries (schema `HistoryEntry`): the order page's history panel
 * and GetLivestockOrderHistory. Nothing in it is order-specific but the entity names, so it can move
 * beside `recordAudit` (server/areas/context.ts) once a second area shows a history.
 */
import { and, desc, eq } from "drizzle-orm";
import type { z } from "@hono/zod-openapi";
import { auditLog } from "../../../../db/tenant/schema.ts";
import type { AreaContext, TenantTx } from "../../context.ts";
import type { HistoryEntry } from "./schemas.ts";

/** The audit entity of everything that happens to an order: its history panel reads these. */
export const ORDER_ENTITY = "livestockOrder";
export const GROUP_ENTITY = "livestockOrderGroup";

/** Who did what to one record of `entity`, newest first. */
export async function auditHistory(
  db: AreaContext["db"] | TenantTx,
  entity: string,
  entityId: number | string,
): Promise<z.output<typeof HistoryEntry>[]> {
  const rows = await db.select().from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(entityId))))
    .orderBy(desc(auditLog.id));
  return rows.map((r) => ({
    at: r.at.toISOString(),
    userName: r.userName,
    action: r.action,
    before: r.before,
    after: r.after,
    reason: r.reason,
  }));
}
