/**
 * The plant's checks before the kill (Settings › Yards & paddocks): which requirements a mob gets when it
 * is penned (NVD checked, ante-mortem inspection, water and feed by default). Mobs already penned keep
 * their own list; a changed list applies to mobs penned from then on.
 */
import { eq } from "drizzle-orm";
import { yardSettings } from "../../../../db/tenant/schema.ts";
import type { TenantDb } from "../../../../db/client.ts";
import { ApiError } from "../../../http/errors.ts";
import { type AreaContext, assertUnchanged, nextModified, type TenantTx } from "../../context.ts";
import { changedValues } from "../../audit.ts";
import type { In } from "../../areaApi.ts";
import { DEFAULT_REQUIREMENTS, mobCheckList } from "../rules.ts";
import type { SaveMobChecksBody } from "../schemas.ts";

const SETTINGS_ID = 1;

/** The checks a newly penned mob gets. */
export async function mobChecksOf(db: TenantDb | TenantTx): Promise<string[]> {
  const row = await db.select().from(yardSettings).where(eq(yardSettings.id, SETTINGS_ID)).get();
  return row?.mobChecks ?? [...DEFAULT_REQUIREMENTS];
}

/** The check list as Settings shows it, with its lastModified (null before anyone saved one). */
export async function getMobChecks(
  ctx: AreaContext,
): Promise<{ checks: string[]; lastModified: string | null }> {
  const row = await ctx.db.select().from(yardSettings).where(eq(yardSettings.id, SETTINGS_ID)).get();
  return { checks: row?.mobChecks ?? [...DEFAULT_REQUIREMENTS], lastModified: row?.lastModified ?? null };
}

/** Saves the checks new mobs get (409 when someone saved since). */
export async function saveMobChecks(ctx: AreaContext, body: In<typeof SaveMobChecksBody>) {
  const { checks, problems } = mobCheckList(body.checks);
  if (problems.length) throw ApiError.validation(problems);
  return await ctx.write(async (tx, unit) => {
    const current = await tx.select().from(yardSettings).where(eq(yardSettings.id, SETTINGS_ID)).get();
    if (current) assertUnchanged(current, body.lastModified, "check list");
    const lastModified = nextModified(current?.lastModified);
    await tx.insert(yardSettings).values({ id: SETTINGS_ID, mobChecks: checks, lastModified })
      .onConflictDoUpdate({ target: yardSettings.id, set: { mobChecks: checks, lastModified } });
    await unit.audit({
      entity: "YardSettings",
      entityId: SETTINGS_ID,
      action: "update",
      ...changedValues({ mobChecks: current?.mobChecks ?? [...DEFAULT_REQUIREMENTS] }, { mobChecks: checks }),
    });
    return { checks, lastModified };
  });
}
