/** A tenant's feature flags (spec 2 §5, §7.6), kept in the control database. */
import { and, eq } from "drizzle-orm";
import { featureFlags } from "../../../../../db/control/schema.ts";
import {
  FEATURE_FLAG_KEYS,
  FEATURE_FLAGS,
  type FeatureFlagKey,
  isKnownFlag,
} from "../../../../access/flags.ts";
import { ApiError } from "../../../../http/errors.ts";
import type { AreaContext } from "../../../context.ts";
import { type ControlUnit, controlWrite } from "../../controlUnit.ts";
import { findTenant } from "../../tenantContext.ts";

/**
 * Every known flag of a tenant, stored or not (a flag never stored is off), then the stored flags this
 * version does not know (off whatever they say; a super user may delete them, spec 2 §5).
 */
export async function listFeatureFlags(ctx: AreaContext, tenantId: number) {
  await findTenant(ctx, tenantId);
  const stored = await ctx.app.db.control.query.featureFlags.findMany({
    where: eq(featureFlags.tenantId, tenantId),
  });
  const known = FEATURE_FLAG_KEYS.map((featureKey) => {
    const row = stored.find((f) => f.featureKey === featureKey);
    return {
      featureKey,
      label: FEATURE_FLAGS[featureKey],
      isEnabled: row?.isEnabled ?? false,
      isEnabledForSuperUser: row?.isEnabledForSuperUser ?? false,
      isRecognised: true,
      isStored: Boolean(row),
    };
  });
  const unknown = stored.filter((f) => !isKnownFlag(f.featureKey)).map((f) => ({
    featureKey: f.featureKey,
    label: f.featureKey,
    isEnabled: f.isEnabled,
    isEnabledForSuperUser: f.isEnabledForSuperUser,
    isRecognised: false,
    isStored: true,
  }));
  return [...known, ...unknown];
}

/** Sets a tenant's flag; its clients are told (featureFlagUpdated) and re-read their user model. */
export async function setFeatureFlag(
  ctx: AreaContext,
  input: { tenantId: number; featureKey: FeatureFlagKey; isEnabled: boolean; isEnabledForSuperUser: boolean },
) {
  await findTenant(ctx, input.tenantId);
  await controlWrite(ctx, async (tx, unit) => {
    await tx.insert(featureFlags).values(input).onConflictDoUpdate({
      target: [featureFlags.tenantId, featureFlags.featureKey],
      set: { isEnabled: input.isEnabled, isEnabledForSuperUser: input.isEnabledForSuperUser },
    });
    await unit.audit({
      tenantId: input.tenantId,
      action: "UpsertFeatureFlag",
      detail: { ...input, tenantId: undefined },
    });
    flagChanged(ctx, unit, input.tenantId, input.featureKey);
  });
  return listFeatureFlags(ctx, input.tenantId);
}

/** Removes a tenant's flag, known or not (it is then off). */
export async function deleteFeatureFlag(ctx: AreaContext, tenantId: number, featureKey: string) {
  await findTenant(ctx, tenantId);
  await controlWrite(ctx, async (tx, unit) => {
    const deleted = await tx.delete(featureFlags)
      .where(and(eq(featureFlags.tenantId, tenantId), eq(featureFlags.featureKey, featureKey)))
      .returning();
    if (!deleted.length) throw ApiError.notFound("That flag is not set for this organisation.");
    await unit.audit({ tenantId, action: "DeleteFeatureFlag", detail: { featureKey } });
    flagChanged(ctx, unit, tenantId, featureKey);
  });
  return listFeatureFlags(ctx, tenantId);
}

/**
 * After the commit, in this order: the caller cache re-reads the tenant, then its clients are told to
 * re-read their user model (told first, they could read the old one).
 */
function flagChanged(
  ctx: AreaContext,
  unit: ControlUnit,
  tenantId: number,
  featureKey: string,
) {
  unit.afterCommit(async () => {
    await ctx.app.callers.changed({ tenantIds: [tenantId] });
    await ctx.app.push.emit(tenantId, "featureFlagUpdated", { featureKey });
  });
}
