/**
 * What the plant's interchange clients and the office change (spec 3 §3, §4, §8): each client reports its
 * state by heartbeat (the answer carries a reset the office asked for); the office resets a client's data
 * flow to Ready to Process; the plant's systems report errors, which the office acknowledges. Each is one
 * unit of work; a change the open screens show is announced (integrationUpdate) after the commit.
 */
import { eq } from "drizzle-orm";
import { integrationErrors, interchangeClients as clientsTable } from "../../../../db/tenant/schema.ts";
import { ApiError } from "../../../http/errors.ts";
import { serverNow } from "../../../clock.ts";
import { type AreaContext, assertUnchanged, nextModified, type Unit } from "../../context.ts";
import type { In } from "../../areaApi.ts";
import { displayName } from "../../audit.ts";
import { dataFlowText, RESETTABLE_WITHOUT_FORCE } from "../rules.ts";
import { interchangeClients } from "../interchange.ts";
import { acknowledgeIntegrationErrors } from "../writes.ts";
import type { HeartbeatBody, ReportErrorBody, ResetDataFlowBody } from "../schemas.ts";

type ClientRow = typeof clientsTable.$inferSelect;

export const INTERCHANGE_ENTITY = "InterchangeClient";

/** A client's heartbeat: its state kept; the answer carries a reset the office asked for. */
export async function heartbeat(ctx: AreaContext, input: In<typeof HeartbeatBody>) {
  const now = serverNow().toISOString(); // the one clock the silence check reads (tests pin it)
  const state = {
    clientName: input.clientName,
    tenantSiteId: input.tenantSiteId ?? null,
    timeZone: input.timeZone || null,
    isInErrorState: input.isInErrorState,
    isCurrentlyOperating: input.isCurrentlyOperating,
    hasInterchangeEnabled: input.hasInterchangeEnabled,
    currentDataFlowStatus: input.currentDataFlowStatus,
    processEntries: input.processEntries.map((e) => ({ ...e, at: e.at ?? null })),
    nextPipelineSchedule: input.nextPipelineSchedule ?? null,
    clientAppVersion: input.clientAppVersion,
    isSoftwareUpToDate: input.isSoftwareUpToDate,
    lastHeartbeatAt: now,
  };
  const { before, row } = await ctx.write(async (tx, unit) => {
    const [before] = await tx.select().from(clientsTable).where(
      eq(clientsTable.clientName, input.clientName),
    );
    const [row] = before
      ? await tx.update(clientsTable).set({
        ...state,
        resetRequestedAt: null,
        resetForce: false,
        lastModified: nextModified(before.lastModified),
      }).where(eq(clientsTable.id, before.id)).returning()
      : await tx.insert(clientsTable).values({ ...state, lastModified: now }).returning();
    const changed = !before || before.isInErrorState !== row.isInErrorState ||
      before.currentDataFlowStatus !== row.currentDataFlowStatus ||
      before.isCurrentlyOperating !== row.isCurrentlyOperating;
    if (changed) announceClient(unit, row);
    return { before, row };
  });
  return {
    clientId: row.id,
    resetRequested: Boolean(before?.resetRequestedAt),
    force: Boolean(before?.resetForce),
  };
}

/**
 * Resets a client's data flow to Ready to Process. Without force only a pipeline that is not running
 * (in error, paused, stopped) is reset: resetting a running one could lose the batch it is moving.
 */
export async function resetDataFlow(ctx: AreaContext, input: In<typeof ResetDataFlowBody>) {
  const row = await ctx.write(async (tx, unit) => {
    const [client] = await tx.select().from(clientsTable).where(eq(clientsTable.id, input.clientId));
    if (!client) throw ApiError.notFound("That interchange client is not known here.");
    assertUnchanged(client, input.lastModified, "interchange client");
    const running = !client.isInErrorState &&
      !RESETTABLE_WITHOUT_FORCE.includes(client.currentDataFlowStatus);
    if (running && !input.force) {
      throw ApiError.conflict(
        `The data flow is ${
          dataFlowText(client.currentDataFlowStatus)
        }: choose "Force reset" to reset it anyway.`,
      );
    }
    const [row] = await tx.update(clientsTable).set({
      currentDataFlowStatus: "ReadyToProcess",
      isInErrorState: false,
      resetRequestedAt: new Date().toISOString(),
      resetForce: input.force,
      lastModified: nextModified(client.lastModified),
    }).where(eq(clientsTable.id, client.id)).returning();
    await unit.audit({
      entity: INTERCHANGE_ENTITY,
      entityId: client.id,
      action: `Data flow reset to Ready to Process${input.force ? " (forced)" : ""}`,
      before: { currentDataFlowStatus: client.currentDataFlowStatus, isInErrorState: client.isInErrorState },
      after: { currentDataFlowStatus: "ReadyToProcess" },
    });
    announceClient(unit, row, `Reset by ${displayName(ctx.caller)}`);
    return row;
  });
  return (await interchangeClients(ctx)).find((c) => c.id === row.id)!;
}

/** An error a plant system reports: kept for the notifications, announced to open screens. */
export function reportError(ctx: AreaContext, input: In<typeof ReportErrorBody>) {
  return ctx.write(async (tx, unit) => {
    const [row] = await tx.insert(integrationErrors).values({
      ...input,
      date: input.date ?? new Date().toISOString(),
    })
      .returning();
    unit.announce("integrationUpdate", {
      integration: input.integrationPartner,
      status: "Error",
      message: `${input.errorType}: ${input.errorItemId}`,
    });
    return row;
  });
}

/** Errors marked as seen by the caller. */
export function acknowledgeErrors(ctx: AreaContext, ids: number[]) {
  return ctx.write((_, unit) => acknowledgeIntegrationErrors(unit, ids));
}

function announceClient(unit: Unit, row: ClientRow, message?: string) {
  unit.announce("integrationUpdate", {
    integration: row.clientName,
    status: row.isInErrorState ? "Error" : dataFlowText(row.currentDataFlowStatus),
    message: message ?? null,
  });
}
