/**
 * Demo data loads (issue 43 item 3): a set's rows into a chosen organisation's demo rows, by option (1
 * append, 2 purge and create, 3 update), a reset that removes them, and the organisation's demo mark.
 * A purge or reset needs the environment's leave (DEMO_DATA_PURGE=allowed) and the demo or test mark;
 * every load, reset and mark change is a super action in the super audit.
 */
import { and, count, eq, max } from "drizzle-orm";
import { demoDataRows } from "../../../../db/tenant/schema.ts";
import { tenantSettings } from "../../../../db/control/schema.ts";
import { ApiError } from "../../../http/errors.ts";
import type { In } from "../../areaApi.ts";
import type { AreaContext } from "../../context.ts";
import { controlWrite } from "../controlUnit.ts";
import { recordSuperAction } from "../writes.ts";
import { killSetDays } from "./floor.ts";
import { findTenant, tenantContext } from "../tenantContext.ts";
import {
  DEMO_MARK_SETTING,
  DEMO_MARKS,
  DEMO_OPTIONS,
  type DemoMark,
  type DemoOption,
  demoRows,
  demoSetById,
  purgeRefusal,
} from "./rules.ts";
import type { DemoMarkBody, LoadDemoDataBody } from "./schemas.ts";

const plural = (n: number, word: string) => `${n.toLocaleString("en-AU")} ${word}${n === 1 ? "" : "s"}`;

/** The organisation's demo mark (a tenant setting only super users write), or null. */
export async function demoMarkOf(ctx: AreaContext, tenantId: number): Promise<DemoMark | null> {
  const [row] = await ctx.app.db.control.select({ value: tenantSettings.value }).from(tenantSettings)
    .where(and(eq(tenantSettings.tenantId, tenantId), eq(tenantSettings.settingType, DEMO_MARK_SETTING)));
  const mark = row?.value?.isEnabled ? row.value.mark : null;
  return typeof mark === "string" && Object.hasOwn(DEMO_MARKS, mark) ? mark as DemoMark : null;
}

const purgeAllowedHere = (ctx: AreaContext) => ctx.app.config.DEMO_DATA_PURGE === "allowed";

async function assertPurgeAllowed(ctx: AreaContext, tenantId: number) {
  const refusal = purgeRefusal(purgeAllowedHere(ctx), await demoMarkOf(ctx, tenantId));
  if (refusal) throw ApiError.forbidden(refusal);
}

/** What the panel shows of an organisation: its mark, whether a purge would go, its rows by set. */
export async function demoDataStatus(ctx: AreaContext, tenantId: number) {
  const tenant = await findTenant(ctx, tenantId);
  const db = await ctx.app.db.tenantDb(tenantId);
  const bySet = await db.select({
    setId: demoDataRows.setId,
    rows: count(),
    lastModified: max(demoDataRows.lastModified),
  }).from(demoDataRows).groupBy(demoDataRows.setId).orderBy(demoDataRows.setId);
  const mark = await demoMarkOf(ctx, tenantId);
  return {
    tenantId,
    tenantName: tenant.name,
    mark,
    purgeAllowedHere: purgeAllowedHere(ctx),
    purgeRefusal: purgeRefusal(purgeAllowedHere(ctx), mark),
    rows: bySet.reduce((sum, s) => sum + s.rows, 0),
    bySet: bySet.map((s) => ({
      setId: s.setId,
      name: demoSetById(s.setId)?.name ?? `Set ${s.setId}`,
      rows: s.rows,
      lastModified: s.lastModified ?? "",
    })),
  };
}

/** Loads a set (or one day of it) into the organisation's demo rows by the option chosen. */
export async function loadDemoData(ctx: AreaContext, body: In<typeof LoadDemoDataBody>) {
  const option = body.option as DemoOption;
  const demoSet = demoSetById(body.setId)!; // the schema refused any other id
  const purging = option === 2 && (body.onlyDay ?? 1) === 1;
  if (option === 2) await assertPurgeAllowed(ctx, body.tenantId);
  const there = await tenantContext(ctx, body.tenantId);
  const rows = demoRows(demoSet, body, there.today)
    .filter((r) => body.onlyDay === undefined || r.day === body.onlyDay);
  const now = new Date().toISOString();
  const outcome = await there.write(async (tx) => {
    let removed = 0, added = 0, updated = 0, unchanged = 0;
    if (purging) removed = (await tx.delete(demoDataRows).returning({ id: demoDataRows.id })).length;
    const fresh = [];
    for (const row of rows) {
      const values = { head: row.head, cartons: row.cartons, netKg: row.netKg };
      if (option === 3) {
        const [found] = await tx.select().from(demoDataRows).where(and(
          eq(demoDataRows.setId, row.setId),
          eq(demoDataRows.productionDate, row.productionDate),
          eq(demoDataRows.cutId, row.cutId),
        )).limit(1);
        if (found) {
          const same = found.head === row.head && found.cartons === row.cartons && found.netKg === row.netKg;
          if (same) unchanged++;
          else {
            await tx.update(demoDataRows).set({ ...values, lastModified: now }).where(
              eq(demoDataRows.id, found.id),
            );
            updated++;
          }
          continue;
        }
      }
      fresh.push({
        setId: row.setId,
        productionDate: row.productionDate,
        cutId: row.cutId,
        ...values,
        createdAt: now,
        lastModified: now,
      });
    }
    // in slices: SQLite takes at most so many bound values in one statement
    for (let i = 0; i < fresh.length; i += 200) await tx.insert(demoDataRows).values(fresh.slice(i, i + 200));
    added = fresh.length;
    const [{ total }] = await tx.select({ total: count() }).from(demoDataRows);
    return { removed, added, updated, unchanged, total };
  });
  const floor = await killSetDays(there, demoSet, rows);
  await recordSuperAction(ctx, {
    tenantId: body.tenantId,
    action: "LoadDemoData",
    detail: {
      setId: body.setId,
      option: DEMO_OPTIONS[option],
      onlyDay: body.onlyDay ?? null,
      ...outcome,
      killFloor: floor,
    },
  });
  const parts = [
    outcome.removed ? `${plural(outcome.removed, "row")} removed` : "",
    `${plural(outcome.added, "row")} added`,
    option === 3
      ? `${plural(outcome.updated, "row")} updated, ${outcome.unchanged.toLocaleString("en-AU")} unchanged`
      : "",
  ].filter(Boolean);
  return {
    tenantId: body.tenantId,
    setId: body.setId,
    option,
    ...outcome,
    killFloor: floor,
    summary: `${demoSet.name}: ${parts.join(", ")}; ${plural(outcome.total, "demo row")} now.` +
      (floor.carcasses
        ? ` ${floor.carcasses.toLocaleString("en-AU")} carcass${floor.carcasses === 1 ? "" : "es"} ` +
          `killed on the kill floor, ${floor.cartons.toLocaleString("en-AU")} cartons boned.`
        : ""),
  };
}

/** Removes every demo row of the organisation (the same leave as a purge). */
export async function resetDemoData(ctx: AreaContext, { tenantId }: { tenantId: number }) {
  await assertPurgeAllowed(ctx, tenantId);
  const there = await tenantContext(ctx, tenantId);
  const removed = await there.write(async (tx) =>
    (await tx.delete(demoDataRows).returning({ id: demoDataRows.id })).length
  );
  await recordSuperAction(ctx, { tenantId, action: "ResetDemoData", detail: { removed } });
  return { tenantId, removed, summary: `${plural(removed, "demo row")} removed.` };
}

/** Marks an organisation demo or test (or neither): only a marked one can be purged. */
export async function markDemoTenant(ctx: AreaContext, body: In<typeof DemoMarkBody>) {
  await findTenant(ctx, body.tenantId);
  await controlWrite(ctx, async (tx, unit) => {
    const value = { isEnabled: body.mark !== null, mark: body.mark };
    await tx.insert(tenantSettings).values({ tenantId: body.tenantId, settingType: DEMO_MARK_SETTING, value })
      .onConflictDoUpdate({ target: [tenantSettings.tenantId, tenantSettings.settingType], set: { value } });
    await unit.audit({ tenantId: body.tenantId, action: "MarkDemoTenant", detail: { mark: body.mark } });
  });
  return demoDataStatus(ctx, body.tenantId);
}
