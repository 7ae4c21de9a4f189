/**
 * The users area's pure rules: who may change an account, and the admin permission flags kept of a
 * setting. No database here: the service reads, these decide.
 */
import type { z } from "@hono/zod-openapi";
import type { Caller } from "../../auth/userModel.ts";
import { assignableRoles, isRoleName, type RoleName, roleValue } from "../../access/roles.ts";
import { AdminPermissions } from "./schemas.ts";

/** Every membership of an account, in any tenant: what decides who may change it. */
export type AccountRoles = { tenantId: number; roleLevel: string }[];

export function pickAdminPermissions(
  source: Partial<Record<string, unknown>>,
): z.infer<typeof AdminPermissions> {
  return Object.fromEntries(
    Object.keys(AdminPermissions.shape).map((k) => [k, source[k] === true]),
  ) as z.infer<typeof AdminPermissions>;
}

/**
 * What the caller may do to an account. An account that is super anywhere is a super user's alone
 * (`mayChange`). Its identity (email, names, mobile) and its disabling are the caller's only when it is
 * their own, or only their tenant uses it and its highest role is not above theirs, or they are super.
 */
export function powerOver(caller: Caller, userId: number, roles: AccountRoles) {
  const isSuper = caller.roleLevel === "super";
  const isSelf = userId === caller.user.id;
  const highest = Math.max(0, ...roles.map((r) => isRoleName(r.roleLevel) ? roleValue(r.roleLevel) : 0));
  const onlyHere = roles.every((r) => r.tenantId === caller.tenant.id);
  return {
    mayChange: isSuper || isSelf || !roles.some((r) => r.roleLevel === "super"),
    canManageAccount: isSuper || isSelf || (onlyHere && highest <= roleValue(caller.roleLevel)),
  };
}

/** What an admin asked to give a user that is not theirs to give: a role above theirs, another's species or sites. */
export function choiceProblems(
  caller: Pick<Caller, "roleLevel">,
  input: {
    roleLevel: string;
    allowedSpeciesIds: number[];
    allowedTenantSiteIds: number[];
    invoicingSpeciesIds?: number[];
  },
  choices: { species: { id: number }[]; sites: { id: number }[] },
): { field: string; message: string }[] {
  const errors: { field: string; message: string }[] = [];
  if (input.roleLevel === "integrationPartner") {
    errors.push({
      field: "roleLevel",
      message:
        "Integration partner is the role of an API key, not of a person: make a key under Integrations.",
    });
  } else if (!assignableRoles(caller.roleLevel).includes(input.roleLevel as RoleName)) {
    errors.push({ field: "roleLevel", message: "You cannot give that role." });
  }
  if (input.allowedSpeciesIds.some((id) => !choices.species.some((s) => s.id === id))) {
    errors.push({ field: "allowedSpeciesIds", message: "Choose species of your organisation." });
  }
  if (input.invoicingSpeciesIds?.some((id) => !choices.species.some((s) => s.id === id))) {
    errors.push({ field: "invoicingSpeciesIds", message: "Choose species of your organisation." });
  }
  if (input.allowedTenantSiteIds.some((id) => !choices.sites.some((s) => s.id === id))) {
    errors.push({ field: "allowedTenantSiteIds", message: "Choose sites of your organisation." });
  }
  return errors;
}

/** An account's one status on a user list: disabled first, then a temporary password still to change. */
export function accountStatus(u: { isDisabled: boolean; isPasswordUpdated: boolean }) {
  if (u.isDisabled) return { text: "Disabled", tone: "danger" as const };
  return u.isPasswordUpdated
    ? { text: "Active", tone: null }
    : { text: "Temporary password", tone: "warning" as const };
}
