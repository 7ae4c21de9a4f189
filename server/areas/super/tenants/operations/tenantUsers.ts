/**
 * The users of any tenant as that tenant's admin sees and keeps them, by the users area's own functions
 * working in that tenant as this super user (the tenant admin's rules, with the super user's powers).
 */
import type { In } from "../../../areaApi.ts";
import type { AreaContext } from "../../../context.ts";
import { getTenantUser, listTenantUsers, tenantChoices } from "../../../users/queries.ts";
import { saveTenantUser } from "../../../users/operations/saveTenantUser.ts";
import { saveInTenant, tenantContext } from "../../tenantContext.ts";
import type { SuperTenantUserBody } from "../schemas.ts";

export async function tenantUsers(ctx: AreaContext, tenantId: number) {
  return listTenantUsers(await tenantContext(ctx, tenantId));
}

export async function tenantUser(ctx: AreaContext, tenantId: number, userId: number) {
  return getTenantUser(await tenantContext(ctx, tenantId), userId);
}

/** The species and sites a user of the tenant may be given. */
export async function tenantUserChoices(ctx: AreaContext, tenantId: number) {
  return tenantChoices(await tenantContext(ctx, tenantId), tenantId);
}

/** Adds or edits a user in any tenant (the tenant admin's rules, with the super user's powers). */
export function saveUserOfTenant(ctx: AreaContext, input: In<typeof SuperTenantUserBody>) {
  return saveInTenant(ctx, input, "UpsertTenantUser", saveTenantUser, (saved) => ({
    userId: saved.id,
    email: saved.email,
    roleLevel: saved.roleLevel,
    isNew: !input.id,
  }));
}
