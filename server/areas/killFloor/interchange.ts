/**
 * The plant's interchange clients (spec 3 §3 "Interchange client row", §4, §8), as the office reads
 * them: the cards (errors first), whether the interchange is available, and the errors the plant's
 * systems reported (for the integration error notifications). Their writes (heartbeat, reset, reported
 * errors, acknowledging) are in operations/interchange.ts.
 */
import { desc, isNull } from "drizzle-orm";
import type { z } from "@hono/zod-openapi";
import { integrationErrors, interchangeClients as clientsTable } from "../../../db/tenant/schema.ts";
import type { AreaContext } from "../context.ts";
import { serverNow } from "../../clock.ts";
import { interchangeOrder, plantClock, SILENT_AFTER_MS } from "./rules.ts";
import type { InterchangeClient } from "./schemas.ts";

export const INTERCHANGE_AVAILABLE = "Interchange is available.";
export const INTERCHANGE_NOT_AVAILABLE = "Interchange NOT available.";

/** The cards: errors first, with the plant's local time. */
export async function interchangeClients(
  ctx: AreaContext,
  now = serverNow(),
): Promise<z.output<typeof InterchangeClient>[]> {
  const rows = await ctx.db.select().from(clientsTable).limit(200);
  return interchangeOrder(rows.map((r) => ({
    id: r.id,
    clientName: r.clientName,
    tenantName: ctx.caller.tenant.name,
    siteName: r.tenantSiteId ? ctx.scope.sites.find((s) => s.id === r.tenantSiteId)?.name ?? null : null,
    timeZone: r.timeZone,
    ...plantClock(r.timeZone, now),
    isInErrorState: r.isInErrorState,
    isCurrentlyOperating: r.isCurrentlyOperating,
    hasInterchangeEnabled: r.hasInterchangeEnabled,
    currentDataFlowStatus: r.currentDataFlowStatus,
    processEntries: r.processEntries,
    nextPipelineSchedule: r.nextPipelineSchedule,
    clientAppVersion: r.clientAppVersion,
    isSoftwareUpToDate: r.isSoftwareUpToDate,
    lastHeartbeatAt: r.lastHeartbeatAt,
    isSilent: now.getTime() - Date.parse(r.lastHeartbeatAt) > SILENT_AFTER_MS,
    resetRequestedAt: r.resetRequestedAt,
    lastModified: r.lastModified,
  })));
}

/** Ping: is any client with interchange enabled talking to us (a heartbeat in the last 5 minutes)? */
export async function pingInterchange(ctx: AreaContext, now = serverNow()) {
  const live = (await interchangeClients(ctx, now)).some((c) => c.hasInterchangeEnabled && !c.isSilent);
  return { isAvailable: live, message: live ? INTERCHANGE_AVAILABLE : INTERCHANGE_NOT_AVAILABLE };
}

/** The newest errors the plant's systems reported (unacknowledged only when asked). */
export function integrationErrorList(ctx: AreaContext, onlyOpen = false, limit = 100) {
  const q = ctx.db.select().from(integrationErrors);
  return (onlyOpen ? q.where(isNull(integrationErrors.acknowledgedAt)) : q)
    .orderBy(desc(integrationErrors.id)).limit(limit);
}
