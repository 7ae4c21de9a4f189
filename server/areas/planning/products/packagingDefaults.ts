/**
 * Stored packaging defaults (issue 41 item 1; spec 3 "ProductPackagingSettings"): the packaging a new one
 * starts from, one row per tenant (made on the first save; until then the built-in 20 kg fixed carton of
 * one piece). Read by the packaging forms, written on Settings › Products › Product Packaging; a stale
 * save is 409, and every save is audited.
 */
import { z } from "@hono/zod-openapi";
import { eq } from "drizzle-orm";
import { productPackagingSettings } from "../../../../db/tenant/planningSettings.ts";
import { ApiError } from "../../../http/errors.ts";
import { type AreaContext, assertUnchanged, nextModified } from "../../context.ts";
import type { In } from "../../areaApi.ts";
import { displayName } from "../../audit.ts";
import { CARTON, CARTON_BODY } from "./schemas.ts";

/** What a new packaging starts from before the plant stores its own defaults. */
export const BUILT_IN_PACKAGING = {
  name: "Carton",
  weightType: "fixed",
  nominalKg: 20,
  minKg: 20,
  maxKg: 20,
  piecesPerCarton: 1,
} as const;

export const PackagingDefaultsBody = z.object({
  ...CARTON_BODY,
  piecesPerCarton: z.number({ message: "Enter the pieces per carton" }).int("Use whole pieces").min(0).max(
    1000,
  ),
  lastModified: z.string().nullish(),
});
export const PackagingDefaults = z.object({
  ...CARTON,
  /** null while the built-in defaults apply */
  lastModified: z.string().nullable(),
});
export type PackagingDefaultsShape = z.infer<typeof PackagingDefaults>;

/** Why a packaging's kg do not hold together (min ≤ nominal ≤ max, nominal above 0), field by field. */
export function packagingKgProblems(k: { nominalKg: number; minKg: number; maxKg: number }) {
  const problems: { field: string; message: string }[] = [];
  if (k.minKg > k.nominalKg) {
    problems.push({ field: "minKg", message: "The minimum is above the nominal kg" });
  }
  if (k.maxKg < k.nominalKg) {
    problems.push({ field: "maxKg", message: "The maximum is below the nominal kg" });
  }
  if (k.nominalKg <= 0) problems.push({ field: "nominalKg", message: "Enter the nominal kg of a carton" });
  return problems;
}

export async function getPackagingDefaults(ctx: AreaContext): Promise<PackagingDefaultsShape> {
  const [row] = await ctx.db.select().from(productPackagingSettings).where(
    eq(productPackagingSettings.id, 1),
  );
  if (!row) return { ...BUILT_IN_PACKAGING, lastModified: null };
  return {
    name: row.name,
    weightType: row.weightType === "catch" ? "catch" : "fixed",
    nominalKg: row.nominalKg,
    minKg: row.minKg,
    maxKg: row.maxKg,
    piecesPerCarton: row.piecesPerCarton,
    lastModified: row.lastModified,
  };
}

export async function savePackagingDefaults(ctx: AreaContext, body: In<typeof PackagingDefaultsBody>) {
  const problems = packagingKgProblems(body);
  if (problems.length) throw ApiError.validation(problems);
  await ctx.write(async (tx, unit) => {
    const [current] = await tx.select().from(productPackagingSettings).where(
      eq(productPackagingSettings.id, 1),
    );
    if (current) assertUnchanged(current, body.lastModified, "packaging defaults");
    const { lastModified: _, ...values } = body;
    const row = {
      ...values,
      lastModified: nextModified(current?.lastModified),
      modifiedBy: displayName(ctx.caller),
    };
    await tx.insert(productPackagingSettings).values({ id: 1, ...row })
      .onConflictDoUpdate({ target: productPackagingSettings.id, set: row });
    await unit.audit({
      entity: "productPackagingSettings",
      entityId: 1,
      action: current ? "update" : "create",
      before: current ?? undefined,
      after: values,
    });
  });
  return getPackagingDefaults(ctx);
}
