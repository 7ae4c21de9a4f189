/**
 * Invitations into the caller's organisation (register/…, issue 19 §1): sent with a role, species and
 * sites the inviter may give; listed until accepted, withdrawn or expired.
 */
import type { AreaContext } from "../../context.ts";
import type { In } from "../../areaApi.ts";
import { ApiError } from "../../../http/errors.ts";
import { choiceProblems } from "../rules.ts";
import { tenantChoices } from "../queries.ts";
import type { InviteBody, TenantUserBody } from "../schemas.ts";

/** Invites an address into the caller's tenant with a role, species and sites they may give. */
export async function invite(ctx: AreaContext, input: In<typeof InviteBody>, origin: string | null) {
  await checkChoices(ctx, input);
  const { user } = ctx.caller;
  return await ctx.app.auth.invites.create({
    ...input,
    tenantId: ctx.caller.tenant.id,
    inviter: { id: user.id, name: `${user.firstName} ${user.lastName}`.trim() || user.email },
  }, origin);
}

export function pendingInvites(ctx: AreaContext) {
  return ctx.app.auth.invites.pending(ctx.caller.tenant.id);
}

export type PendingInviteRow = Awaited<ReturnType<typeof pendingInvites>>[number];

export function withdrawInvite(ctx: AreaContext, id: number) {
  return ctx.app.auth.invites.withdraw(ctx.caller.tenant.id, id);
}

/** 400 when the role, species or sites are not the caller's to give in this tenant. */
export async function checkChoices(
  ctx: AreaContext,
  input:
    & Pick<In<typeof TenantUserBody>, "roleLevel" | "allowedSpeciesIds" | "allowedTenantSiteIds">
    & Partial<Pick<In<typeof TenantUserBody>, "invoicingSpeciesIds">>,
) {
  const errors = choiceProblems(ctx.caller, input, await tenantChoices(ctx, ctx.caller.tenant.id));
  if (errors.length) throw ApiError.validation(errors);
}
