/**
 * The maintenance message (spec 2 §2.3 appControl): set by a super user, shown over every signed-in page
 * (pages/MaintenanceBanner.tsx, the area's shell part, and the kept pages).
 */
import { eq } from "drizzle-orm";
import type { z } from "@hono/zod-openapi";
import { appControl } from "../../../../../db/control/schema.ts";
import type { ControlDb } from "../../../../../db/client.ts";
import type { AreaContext } from "../../../context.ts";
import { displayName } from "../../../audit.ts";
import { controlWrite } from "../../controlUnit.ts";
import type { MaintenanceBody } from "../schemas.ts";

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

export function getMaintenance(ctx: AreaContext): Promise<Notice> {
  return loadNotice(ctx.app.db.control);
}

export async function setMaintenance(
  ctx: AreaContext,
  input: z.infer<typeof MaintenanceBody>,
): Promise<Notice> {
  const row = { updatedAt: new Date().toISOString(), updatedBy: displayName(ctx.caller) };
  await controlWrite(ctx, async (tx, unit) => {
    await tx.insert(appControl).values({ key: MAINTENANCE, value: input, ...row })
      .onConflictDoUpdate({ target: appControl.key, set: { value: input, ...row } });
    await unit.audit({ tenantId: null, action: "SetMaintenanceMessage", detail: input });
  });
  return loadNotice(ctx.app.db.control);
}
