/**
 * The plant's interchange clients (spec 3 §3 "Interchange client row", §4, §8): each reports its state by
 * heartbeat; the office sees the cards (errors first), pings the interchange and resets a client's data
 * flow to Ready to Process (the client takes the reset with its next heartbeat's answer). Errors the
 * plant's systems report are kept for the integration error notifications.
 */
import { desc, eq, inArray, isNull } from "drizzle-orm";
import type { z } from "@hono/zod-openapi";
import { integrationErrors, interchangeClients } from "../../../db/tenant/schema.ts";
import { ApiError } from "../../http/errors.ts";
import type { AreaContext } from "../context.ts";
import { assertUnchanged, nextModified } from "../context.ts";
import { displayName, recordAudit } from "../audit.ts";
import {
  dataFlowText,
  interchangeOrder,
  plantClock,
  RESETTABLE_WITHOUT_FORCE,
  SILENT_AFTER_MS,
} from "./rules.ts";
import type { HeartbeatBody, InterchangeClient, ReportErrorBody, ResetDataFlowBody } from "./schemas.ts";

type In<S extends z.ZodType> = z.output<S>;
type ClientRow = typeof interchangeClients.$inferSelect;

export const INTERCHANGE_ENTITY = "InterchangeClient";
export const INTERCHANGE_AVAILABLE = "Interchange is available.";
export const INTERCHANGE_NOT_AVAILABLE = "Interchange NOT available.";

export class InterchangeService {
  constructor(protected readonly ctx: AreaContext) {}

  /** A client's heartbeat: its state kept; the answer carries a reset the office asked for. */
  async heartbeat(input: In<typeof HeartbeatBody>) {
    const now = new Date().toISOString();
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
    const { before, row } = await this.ctx.db.transaction(async (tx) => {
      const [before] = await tx.select().from(interchangeClients).where(
        eq(interchangeClients.clientName, input.clientName),
      );
      const [row] = before
        ? await tx.update(interchangeClients).set({
          ...state,
          resetRequestedAt: null,
          resetForce: false,
          lastModified: nextModified(before.lastModified),
        }).where(eq(interchangeClients.id, before.id)).returning()
        : await tx.insert(interchangeClients).values({ ...state, lastModified: now }).returning();
      return { before, row };
    });
    const changed = !before || before.isInErrorState !== row.isInErrorState ||
      before.currentDataFlowStatus !== row.currentDataFlowStatus ||
      before.isCurrentlyOperating !== row.isCurrentlyOperating;
    if (changed) await this.#announce(row);
    return {
      clientId: row.id,
      resetRequested: Boolean(before?.resetRequestedAt),
      force: Boolean(before?.resetForce),
    };
  }

  /** The cards: errors first, with the plant's local time. */
  async clients(now = new Date()): Promise<In<typeof InterchangeClient>[]> {
    const rows = await this.ctx.db.select().from(interchangeClients).limit(200);
    const sites = new Map(this.ctx.caller.sites.map((s) => [s.id, s.name]));
    return interchangeOrder(rows.map((r) => ({
      id: r.id,
      clientName: r.clientName,
      tenantName: this.ctx.caller.tenant.name,
      siteName: r.tenantSiteId ? sites.get(r.tenantSiteId) ?? null : null,
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
  async ping(now = new Date()) {
    const live = (await this.clients(now)).some((c) => c.hasInterchangeEnabled && !c.isSilent);
    return { isAvailable: live, message: live ? INTERCHANGE_AVAILABLE : INTERCHANGE_NOT_AVAILABLE };
  }

  /**
   * Resets a client's data flow to Ready to Process. Without force only a pipeline that is not running
   * (in error, paused, stopped) is reset: resetting a running one could lose the batch it is moving.
   */
  async resetDataFlow(input: In<typeof ResetDataFlowBody>) {
    const row = await this.ctx.db.transaction(async (tx) => {
      const [client] = await tx.select().from(interchangeClients).where(
        eq(interchangeClients.id, input.clientId),
      );
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
      const now = new Date().toISOString();
      const [row] = await tx.update(interchangeClients).set({
        currentDataFlowStatus: "ReadyToProcess",
        isInErrorState: false,
        resetRequestedAt: now,
        resetForce: input.force,
        lastModified: nextModified(client.lastModified),
      }).where(eq(interchangeClients.id, client.id)).returning();
      await recordAudit(tx, this.ctx, {
        entity: INTERCHANGE_ENTITY,
        entityId: client.id,
        action: `Data flow reset to Ready to Process${input.force ? " (forced)" : ""}`,
        before: {
          currentDataFlowStatus: client.currentDataFlowStatus,
          isInErrorState: client.isInErrorState,
        },
        after: { currentDataFlowStatus: "ReadyToProcess" },
      });
      return row;
    });
    await this.#announce(row, `Reset by ${displayName(this.ctx.caller)}`);
    return (await this.clients()).find((c) => c.id === row.id)!;
  }

  /** An error a plant system reports: kept for the notifications, announced to open screens. */
  async reportError(input: In<typeof ReportErrorBody>) {
    const [row] = await this.ctx.db.insert(integrationErrors).values({
      ...input,
      date: input.date ?? new Date().toISOString(),
    }).returning();
    await this.ctx.app.push.emit(this.ctx.tenantId, "integrationUpdate", {
      integration: input.integrationPartner,
      status: "Error",
      message: `${input.errorType}: ${input.errorItemId}`,
    });
    return row;
  }

  /** The newest errors (unacknowledged first when asked). */
  errors(onlyOpen = false, limit = 100) {
    const q = this.ctx.db.select().from(integrationErrors);
    return (onlyOpen ? q.where(isNull(integrationErrors.acknowledgedAt)) : q)
      .orderBy(desc(integrationErrors.id)).limit(limit);
  }

  async acknowledge(ids: number[]) {
    await this.ctx.db.update(integrationErrors).set({
      acknowledgedAt: new Date().toISOString(),
      acknowledgedBy: displayName(this.ctx.caller),
    }).where(inArray(integrationErrors.id, ids));
    return { acknowledged: ids.length };
  }

  async #announce(row: ClientRow, message?: string) {
    await this.ctx.app.push.emit(this.ctx.tenantId, "integrationUpdate", {
      integration: row.clientName,
      status: row.isInErrorState ? "Error" : dataFlowText(row.currentDataFlowStatus),
      message: message ?? null,
    });
  }
}
