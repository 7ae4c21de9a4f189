/**
 * A user's plant and species visibility (spec 3 §3 plantSpeciesVisibility, §7 "user settings update"): the
 * "yield" user setting's `{ plantSpeciesVisibility: [{ tenantSiteId, speciesType }] }`, set by an admin on
 * the user's page. Empty: every site and species the user has. The pairs must be the tenant's sites and
 * species; `visiblePairs` (../../rules.ts) applies it to what the user may see anyway.
 */
import type { AreaContext } from "../../../context.ts";
import { ApiError } from "../../../../http/errors.ts";
import type { In } from "../../../areaApi.ts";
import { accountRoles, memberRow, tenantChoices } from "../../../users/queries.ts";
import { powerOver } from "../../../users/rules.ts";
import { saveUserSetting, userSettingOf } from "../../../users/operations/userSettings.ts";
import type { PlantSpecies } from "../../rules.ts";
import type { UpdateUserVisibilityBody } from "../schemas.ts";

const SETTING = "yield";

async function assertMember(ctx: AreaContext, userId: number) {
  if (!(await memberRow(ctx, userId))) throw ApiError.notFound("That user is not in your organisation.");
}

/** The pairs stored for a user of the caller's tenant (empty: all). */
export async function userPlantSpeciesVisibility(ctx: AreaContext, userId: number) {
  await assertMember(ctx, userId);
  const value = await userSettingOf(ctx, userId, SETTING) as { plantSpeciesVisibility?: unknown } | undefined;
  const list = Array.isArray(value?.plantSpeciesVisibility) ? value.plantSpeciesVisibility : [];
  const pairs = list.filter((p): p is PlantSpecies =>
    typeof p?.tenantSiteId === "number" && typeof p?.speciesType === "number"
  );
  return { userId, plantSpeciesVisibility: pairs };
}

/** Replaces a user's pairs (other keys of their yield setting are kept). */
export async function updateUserPlantSpeciesVisibility(
  ctx: AreaContext,
  body: In<typeof UpdateUserVisibilityBody>,
) {
  await assertMember(ctx, body.userId);
  if (!powerOver(ctx.caller, body.userId, await accountRoles(ctx, body.userId)).mayChange) {
    throw ApiError.forbidden("Only a super user can change this account.");
  }
  const { sites, species } = await tenantChoices(ctx, ctx.tenantId);
  const foreign = body.plantSpeciesVisibility.filter((p) =>
    !sites.some((s) => s.id === p.tenantSiteId) || !species.some((s) => s.id === p.speciesType)
  );
  if (foreign.length) {
    throw ApiError.validation([{
      field: "plantSpeciesVisibility",
      message: "Choose sites and species of your organisation",
    }]);
  }
  const seen = new Set<string>();
  const pairs = body.plantSpeciesVisibility.filter((p) => {
    const key = `${p.tenantSiteId}:${p.speciesType}`;
    return !seen.has(key) && seen.add(key);
  }).sort((a, b) => a.tenantSiteId - b.tenantSiteId || a.speciesType - b.speciesType);
  const value = await userSettingOf(ctx, body.userId, SETTING);
  const kept = value && typeof value === "object" && !Array.isArray(value) ? value : {};
  await saveUserSetting(ctx, body.userId, SETTING, { ...kept, plantSpeciesVisibility: pairs });
  await ctx.write((_, unit) =>
    unit.audit({
      entity: "userYieldVisibility",
      entityId: body.userId,
      action: "update",
      before: {
        plantSpeciesVisibility: (kept as { plantSpeciesVisibility?: unknown }).plantSpeciesVisibility ?? [],
      },
      after: { plantSpeciesVisibility: pairs },
    })
  );
  return { userId: body.userId, plantSpeciesVisibility: pairs };
}
