import { eq } from "drizzle-orm";
import type { z } from "@hono/zod-openapi";
import { appControl, processorConfigurations, tenants } from "../../../../db/control/schema.ts";
import type { ControlDb } from "../../../../db/client.ts";
import type { AppServices } from "../../../env.ts";
import type { Caller } from "../../../auth/userModel.ts";
import { ApiError } from "../../../http/errors.ts";
import { type AreaContext, assertUnchanged, nextModified } from "../../context.ts";
import { displayName } from "../../audit.ts";
import { recordSuperAudit } from "../audit.ts";
import type { MaintenanceBody, ProcessorConfiguration } from "./schemas.ts";

const MAINTENANCE = "maintenance";
/** how long another instance may keep showing an old message: pages read it at most this often */
const NOTICE_TTL_MS = 15_000;

type Notice = { message: string; isActive: boolean; updatedAt: string | null; updatedBy: string | null };
const NONE: Notice = { message: "", isActive: false, updatedAt: null, updatedBy: null };

/**
 * The maintenance message as the page shell reads it: synchronously, from memory. This instance's own
 * saves replace it at once; a message set on another instance shows within NOTICE_TTL_MS (the first
 * page after a start shows it from the second request on).
 */
const notices = new WeakMap<ControlDb, { notice: Notice; at: number; loading?: Promise<void> }>();

export function currentMaintenance(db: ControlDb): Notice {
  const entry = notices.get(db);
  if (!entry || (Date.now() - entry.at > NOTICE_TTL_MS && !entry.loading)) void loadNotice(db);
  return entry?.notice ?? NONE;
}

async function loadNotice(db: ControlDb): Promise<Notice> {
  const entry = notices.get(db) ?? { notice: NONE, at: 0 };
  notices.set(db, entry);
  const loading = db.query.appControl.findFirst({ where: eq(appControl.key, MAINTENANCE) }).then((row) => {
    entry.notice = row
      ? {
        ...(row.value as { message: string; isActive: boolean }),
        updatedAt: row.updatedAt,
        updatedBy: row.updatedBy,
      }
      : NONE;
    entry.at = Date.now();
  }).catch(() => {/* the shell goes on without it; the next page tries again */}).finally(() => {
    entry.loading = undefined;
  });
  entry.loading = loading;
  await loading;
  return entry.notice;
}

/** App control and processor configuration (spec 2 §2.3 appControl, §7.6). Super role only. */
export class SuperControlService {
  private readonly app: AppServices;
  private readonly caller: Caller;

  constructor(ctx: AreaContext) {
    this.app = ctx.app;
    this.caller = ctx.caller;
  }

  maintenance(): Promise<Notice> {
    return loadNotice(this.app.db.control);
  }

  async setMaintenance(input: z.infer<typeof MaintenanceBody>): Promise<Notice> {
    const db = this.app.db.control;
    const row = { updatedAt: new Date().toISOString(), updatedBy: displayName(this.caller) };
    await db.transaction(async (tx) => {
      await tx.insert(appControl).values({ key: MAINTENANCE, value: input, ...row })
        .onConflictDoUpdate({ target: appControl.key, set: { value: input, ...row } });
      await recordSuperAudit(tx, this.caller, {
        tenantId: null,
        action: "SetMaintenanceMessage",
        detail: input,
      });
    });
    return loadNotice(db);
  }

  async processorConfiguration(tenantId: number) {
    await this.#processor(tenantId);
    const row = await this.app.db.control.query.processorConfigurations.findFirst({
      where: eq(processorConfigurations.tenantId, tenantId),
    });
    return {
      tenantId,
      document: row?.document ?? null,
      lastModified: row?.lastModified ?? null,
      updatedBy: row?.updatedBy ?? null,
    };
  }

  async setProcessorConfiguration(
    input: {
      tenantId: number;
      document: z.infer<typeof ProcessorConfiguration>;
      lastModified?: string | null;
    },
  ) {
    await this.#processor(input.tenantId);
    await this.app.db.control.transaction(async (tx) => {
      const current = await tx.query.processorConfigurations.findFirst({
        where: eq(processorConfigurations.tenantId, input.tenantId),
      });
      if (current) assertUnchanged(current, input.lastModified, "processor configuration");
      const row = {
        document: input.document,
        lastModified: nextModified(current?.lastModified),
        updatedBy: displayName(this.caller),
      };
      await tx.insert(processorConfigurations).values({ tenantId: input.tenantId, ...row })
        .onConflictDoUpdate({ target: processorConfigurations.tenantId, set: row });
      await recordSuperAudit(tx, this.caller, {
        tenantId: input.tenantId,
        action: "SetProcessorConfiguration",
        detail: input.document,
      });
    });
    return this.processorConfiguration(input.tenantId);
  }

  async #processor(tenantId: number) {
    const tenant = await this.app.db.control.query.tenants.findFirst({ where: eq(tenants.id, tenantId) });
    if (!tenant) throw ApiError.notFound("That organisation does not exist.");
    if (tenant.category !== "processor") {
      throw ApiError.validation([{
        field: "tenantId",
        message: "Only a processor has a processor configuration.",
      }]);
    }
    return tenant;
  }
}
