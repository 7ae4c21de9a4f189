/**
 * Adding and editing a user of the caller's tenant (UpsertTenantUser): the role, allowed species and
 * sites, and admin permissions, with the identity where the account is the admin's to change.
 */
import { and, eq } from "drizzle-orm";
import type { ControlDb } from "../../../../db/client.ts";
import { memberships, users, userSettings } from "../../../../db/control/schema.ts";
import { generatePassword, hashPassword } from "../../../auth/password.ts";
import { samePhone } from "../../../auth/phoneCodes.ts";
import type { AreaContext } from "../../context.ts";
import type { In } from "../../areaApi.ts";
import { ApiError } from "../../../http/errors.ts";
import { pickAdminPermissions, powerOver } from "../rules.ts";
import { accountRoles, getTenantUser, memberRow } from "../queries.ts";
import { putUserSetting } from "./userSettings.ts";
import type { TenantUserBody } from "../schemas.ts";
import { checkChoices, invite } from "./invite.ts";

type Body = In<typeof TenantUserBody>;
type ControlTx = Parameters<Parameters<ControlDb["transaction"]>[0]>[0];

/** The same answer whoever owns the email, so it tells nothing about that account. */
const EMAIL_TAKEN = "That email cannot be added here. Ask the person for another email, or ask support " +
  "to add their existing account to your organisation.";
export const SUPER_ONLY = "Only a super user can change this account.";
const IDENTITY = { email: "email", firstName: "first name", lastName: "last name", phone: "mobile" } as const;
const now = () => new Date().toISOString();

/**
 * Creates or edits a user of the caller's tenant. An admin adding someone sends an invitation
 * (issue 35 §7): the same answer whether or not the email has an account anywhere, so it tells them
 * nothing about other organisations. A super user adding a new email gets an account with a temporary
 * password (answered once) that must be changed at first sign-in, or adds the existing account. An
 * account another tenant also uses keeps its identity: its owner's email, names and mobile are not the
 * admin's to change.
 */
export async function upsertTenantUser(ctx: AreaContext, input: Body, origin: string | null) {
  if (!input.id && ctx.caller.roleLevel !== "super") return await inviteInstead(ctx, input, origin);
  return await saveTenantUser(ctx, input);
}

/** Saves the user itself (editing, or a super user adding): see upsertTenantUser. */
export async function saveTenantUser(ctx: AreaContext, input: Body) {
  await checkChoices(ctx, input);
  const tenantId = ctx.caller.tenant.id;
  const saved = await ctx.app.db.control.transaction(async (tx) => {
    const { userId, temporaryPassword } = input.id
      ? { userId: await editUser(ctx, tx, input.id, input), temporaryPassword: undefined }
      : await addUser(ctx, tx, input);
    const put = (type: string, value: unknown) => putUserSetting(tx, userId, tenantId, type, value);
    const siteSetting = await tx.query.userSettings.findFirst({
      where: and(
        eq(userSettings.userId, userId),
        eq(userSettings.tenantId, tenantId),
        eq(userSettings.settingType, "tenantSite"),
      ),
    });
    await put("species", { allowedSpeciesIds: input.allowedSpeciesIds });
    await put("tenantSite", {
      ...(siteSetting?.value as object ?? {}),
      allowedTenantSiteIds: input.allowedTenantSiteIds,
    });
    await put("admin", pickAdminPermissions(input));
    // invoicing {allowedSpeciesIds}: the invoice screens and calls read it (invoices/queries/species.ts)
    await put("invoicing", { allowedSpeciesIds: input.invoicingSpeciesIds });
    return {
      ...(await getTenantUser(ctx, userId, tx)),
      ...(temporaryPassword ? { temporaryPassword } : {}),
    };
  });
  // after the commit: a reload racing the transaction would otherwise keep the old role
  await ctx.app.callers.changed({ userIds: [saved.id] });
  return saved;
}

/** Edits a member: refused when stale (409), not theirs to change (403), or an identity not theirs (400). */
async function editUser(ctx: AreaContext, tx: ControlTx, userId: number, input: Body): Promise<number> {
  const row = await memberRow(ctx, userId, tx);
  if (!row) throw ApiError.notFound("That user is not in your organisation.");
  if (input.lastModified && input.lastModified !== row.user.lastModified) {
    throw ApiError.conflict("Someone else changed this user since you opened it. Reload and try again.");
  }
  const power = powerOver(ctx.caller, userId, await accountRoles(ctx, userId, tx));
  if (!power.mayChange) throw ApiError.forbidden(SUPER_ONLY);
  if (userId === ctx.caller.user.id && input.roleLevel !== row.roleLevel) {
    throw ApiError.validation([{ field: "roleLevel", message: "You cannot change your own role." }]);
  }
  if (!power.canManageAccount) {
    const changed = (Object.keys(IDENTITY) as (keyof typeof IDENTITY)[])
      .filter((field) => input[field] !== row.user[field]);
    if (changed.length) {
      throw ApiError.validation(changed.map((field) => ({
        field,
        message: `Only this person can change their ${IDENTITY[field]}: ` +
          "their account is also used outside your organisation.",
      })));
    }
  } else {
    const clash = await tx.query.users.findFirst({ where: eq(users.email, input.email) });
    if (clash && clash.id !== userId) throw ApiError.validation([{ field: "email", message: EMAIL_TAKEN }]);
  }
  const identity = power.canManageAccount
    ? {
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      phone: input.phone,
      isPhoneVerified: row.user.isPhoneVerified && samePhone(input.phone) === samePhone(row.user.phone),
    }
    : {};
  await tx.update(users).set({ ...identity, lastModified: now() }).where(eq(users.id, userId));
  await tx.update(memberships).set({ roleLevel: input.roleLevel })
    .where(and(eq(memberships.userId, userId), eq(memberships.tenantId, ctx.caller.tenant.id)));
  return userId;
}

/** A super user adds an existing account, or a new one with a temporary password. */
async function addUser(ctx: AreaContext, tx: ControlTx, input: Body) {
  const existing = await tx.query.users.findFirst({ where: eq(users.email, input.email) });
  if (existing && (await memberRow(ctx, existing.id, tx))) {
    throw ApiError.validation([{ field: "email", message: "That user is already in your organisation." }]);
  }
  if (existing && ctx.caller.roleLevel !== "super") {
    throw ApiError.validation([{ field: "email", message: EMAIL_TAKEN }]);
  }
  let temporaryPassword: string | undefined;
  let userId: number;
  if (existing) {
    userId = existing.id;
    await tx.update(users).set({ lastModified: now() }).where(eq(users.id, userId));
  } else {
    temporaryPassword = generatePassword(14);
    const [created] = await tx.insert(users).values({
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      phone: input.phone,
      passwordHash: await hashPassword(temporaryPassword),
      isPasswordUpdated: false,
    }).returning({ id: users.id });
    userId = created.id;
  }
  await tx.insert(memberships).values({
    userId,
    tenantId: ctx.caller.tenant.id,
    roleLevel: input.roleLevel,
    isDefault: !existing,
  });
  return { userId, temporaryPassword };
}

/** Adding by an admin: an invitation in one shape either way (a member already here is refused, as listed). */
async function inviteInstead(ctx: AreaContext, input: Body, origin: string | null) {
  const sent = await invite(ctx, {
    email: input.email,
    firstName: input.firstName,
    lastName: input.lastName,
    roleLevel: input.roleLevel,
    allowedSpeciesIds: input.allowedSpeciesIds,
    allowedTenantSiteIds: input.allowedTenantSiteIds,
    invoicingSpeciesIds: input.invoicingSpeciesIds,
  }, origin);
  return {
    invited: true as const,
    inviteId: sent.id,
    email: sent.email,
    link: sent.link,
    expiresAt: sent.expiresAt,
  };
}
