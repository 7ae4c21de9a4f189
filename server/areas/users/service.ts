import { and, eq, inArray } from "drizzle-orm";
import type { z } from "@hono/zod-openapi";
import type { ControlDb } from "../../../db/client.ts";
import {
  memberships,
  species,
  tenantSites,
  tenantSpecies,
  users,
  userSettings,
} from "../../../db/control/schema.ts";
import { generatePassword, hashPassword } from "../../auth/password.ts";
import { samePhone } from "../../auth/phoneCodes.ts";
import { isPerson } from "../../auth/apiKeys.ts";
import type { AreaContext } from "../context.ts";
import type { Caller } from "../../auth/userModel.ts";
import { ApiError } from "../../http/errors.ts";
import { AdminPermissions } from "./schemas.ts";
import { type AccountRoles, choiceProblems, pickAdminPermissions, powerOver } from "./rules.ts";
import type {
  InviteBody,
  SelfSettingBody,
  TenantUser,
  TenantUserBody,
  UpdateUserDetailsBody,
} from "./schemas.ts";

type TenantUserDto = z.infer<typeof TenantUser>;
const now = () => new Date().toISOString();

/** The same answer whoever owns the email, so it tells nothing about that account. */
const EMAIL_TAKEN = "That email cannot be added here. Ask the person for another email, or ask support " +
  "to add their existing account to your organisation.";
const SUPER_ONLY = "Only a super user can change this account.";
const IDENTITY = { email: "email", firstName: "first name", lastName: "last name", phone: "mobile" } as const;

/** api/user/: the caller's own account, and the tenant admin's user list (spec 1 §2 clientusers). */
export class UserService {
  /** users live in the control database; the caller's tenant is the one they manage */
  private readonly db: ControlDb;
  private readonly caller: Caller;

  constructor(private readonly ctx: AreaContext) {
    this.db = ctx.app.db.control;
    this.caller = ctx.caller;
  }

  async updateDetails(input: z.infer<typeof UpdateUserDetailsBody>) {
    // another number is not verified until a code sent to it comes back
    const isPhoneVerified = this.caller.user.isPhoneVerified &&
      samePhone(input.phone) === samePhone(this.caller.user.phone);
    await this.db.update(users).set({ ...input, isPhoneVerified, lastModified: now() }).where(
      eq(users.id, this.caller.user.id),
    );
    await this.ctx.app.callers.changed({ userIds: [this.caller.user.id] });
  }

  /** A setting the user may change for themselves, checked against what they are allowed to pick. */
  async updateOwnSetting(setting: z.infer<typeof SelfSettingBody>) {
    await this.updateOwnSettings([setting], "");
  }

  /**
   * Several of the user's own settings at once (UpdateUserSettingsOnly): every one is checked before any
   * is written, and they are written together. `at` prefixes the error fields (`settings.2.`).
   */
  async updateOwnSettings(settings: z.infer<typeof SelfSettingBody>[], at = "settings.") {
    const checked = settings.map((s, i) => [s.settingType, this.#ownValue(s, at && `${at}${i}.`)] as const);
    await this.db.transaction(async (tx) => {
      for (const [type, value] of checked) {
        await this.#putSetting(this.caller.user.id, this.caller.tenant.id, type, value, tx);
      }
    });
    await this.ctx.app.callers.changed({ userIds: [this.caller.user.id] });
  }

  /** The value to store for one of the user's own settings, or a validation error on `field`. */
  #ownValue(setting: z.infer<typeof SelfSettingBody>, at: string): unknown {
    if (setting.settingType === "tenantSite") {
      const siteId = setting.value.defaultTenantSiteId;
      if (!this.caller.sites.some((s) => s.id === siteId)) {
        throw ApiError.validation([{
          field: `${at}value.defaultTenantSiteId`,
          message: "That site is not one of your sites.",
        }]);
      }
      const current = this.caller.subject.userSettings.find((s) => s.settingType === "tenantSite")?.value ??
        {};
      return { ...(current as object), defaultTenantSiteId: siteId }; // keep the admin-set allow-list
    }
    if (
      setting.settingType === "speciesId" &&
      !this.caller.species.some((s) => s.id === setting.value.speciesId)
    ) {
      throw ApiError.validation([{
        field: `${at}value.speciesId`,
        message: "That species is not one of your species.",
      }]);
    }
    return setting.value;
  }

  async listTenantUsers(): Promise<TenantUserDto[]> {
    const rows = await this.db.select({ user: users, roleLevel: memberships.roleLevel }).from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.tenantId, this.caller.tenant.id), isPerson()))
      .orderBy(users.lastName, users.firstName);
    const settings = await this.db.select().from(userSettings).where(
      eq(userSettings.tenantId, this.caller.tenant.id),
    );
    const roles = await this.db.select({
      userId: memberships.userId,
      tenantId: memberships.tenantId,
      roleLevel: memberships.roleLevel,
    }).from(memberships).where(inArray(
      memberships.userId,
      this.db.select({ id: memberships.userId }).from(memberships).where(
        eq(memberships.tenantId, this.caller.tenant.id),
      ),
    ));
    return rows.map(({ user, roleLevel }) =>
      toDto(
        user,
        roleLevel,
        settings.filter((s) => s.userId === user.id),
        powerOver(this.caller, user.id, roles.filter((r) => r.userId === user.id)).canManageAccount,
      )
    );
  }

  async getTenantUser(
    userId: number,
    db: Pick<ControlDb, "select"> = this.db,
  ): Promise<TenantUserDto> {
    const row = await this.#memberRow(this.caller.tenant.id, userId, db);
    if (!row) throw ApiError.notFound("That user is not in your organisation.");
    const settings = await db.select().from(userSettings)
      .where(and(eq(userSettings.userId, userId), eq(userSettings.tenantId, this.caller.tenant.id)));
    const power = powerOver(this.caller, userId, await this.#accountRoles(userId, db));
    return toDto(row.user, row.roleLevel, settings, power.canManageAccount);
  }

  /**
   * Disables or enables an account (users.isDisabled is account-wide). Disabling ends every session of
   * it, so re-enabling never revives an old token; the push hub closes the ended sessions' connections.
   * A tenant admin may do it only to an account that their organisation alone uses, and not to themself.
   */
  async setDisabled(userId: number, isDisabled: boolean): Promise<TenantUserDto> {
    const { sessions, push, callers } = this.ctx.app;
    if (!(await this.#memberRow(this.caller.tenant.id, userId))) {
      throw ApiError.notFound("That user is not in your organisation.");
    }
    if (userId === this.caller.user.id) {
      throw ApiError.validation([{ field: "id", message: "You cannot disable or enable your own account." }]);
    }
    const power = powerOver(this.caller, userId, await this.#accountRoles(userId));
    if (!power.mayChange) throw ApiError.forbidden(SUPER_ONLY);
    if (!power.canManageAccount) {
      throw ApiError.forbidden(
        "This person's account is also used by other organisations, so it cannot be disabled here. " +
          "Ask support to remove it from your organisation.",
      );
    }
    await this.db.update(users).set({ isDisabled, lastModified: now() }).where(eq(users.id, userId));
    await callers.changed({ userIds: [userId] });
    if (isDisabled) {
      // the open pages hear why first; then the sessions end (their connections with them)
      await push.signOutUsers([userId], "Your account was disabled by an administrator.");
      await sessions.invalidateAllForUser(userId);
    }
    return this.getTenantUser(userId);
  }

  /** Ends every session of a user of the caller's organisation; their open pages sign out saying why. */
  async endSessions(userId: number): Promise<{ ended: number }> {
    const { sessions, push } = this.ctx.app;
    if (!(await this.#memberRow(this.caller.tenant.id, userId))) {
      throw ApiError.notFound("That user is not in your organisation.");
    }
    if (userId === this.caller.user.id) {
      throw ApiError.validation([{ field: "id", message: "End your own sessions from your account page." }]);
    }
    const power = powerOver(this.caller, userId, await this.#accountRoles(userId));
    if (!power.mayChange) throw ApiError.forbidden(SUPER_ONLY);
    const ended = (await sessions.ofUser(userId)).length;
    await push.signOutUsers([userId], "An administrator signed you out.");
    await sessions.invalidateAllForUser(userId);
    return { ended };
  }

  /**
   * Creates or edits a user of the this.caller's tenant. An admin adding someone sends an invitation
   * (issue 35 §7): the same answer whether or not the email has an account anywhere, so it tells them
   * nothing about other organisations. A super user adding a new email gets an account with a temporary
   * password (answered once) that must be changed at first sign-in, or adds the existing account. An
   * account another tenant also uses keeps its identity: its owner's email, names and mobile are not the
   * admin's to change.
   */
  async upsertTenantUser(input: z.infer<typeof TenantUserBody>, origin: string | null) {
    if (!input.id && this.caller.roleLevel !== "super") return await this.#inviteInstead(input, origin);
    return await this.saveTenantUser(input);
  }

  /** Saves the user itself (editing, or a super user adding): see upsertTenantUser. */
  async saveTenantUser(input: z.infer<typeof TenantUserBody>) {
    await this.#checkChoices(input);
    const tenantId = this.caller.tenant.id;
    const saved = await this.db.transaction(async (tx) => {
      let temporaryPassword: string | undefined;
      let userId = input.id ?? null;
      if (userId) {
        const row = await this.#memberRow(tenantId, userId, tx);
        if (!row) throw ApiError.notFound("That user is not in your organisation.");
        if (input.lastModified && input.lastModified !== row.user.lastModified) {
          throw ApiError.conflict(
            "Someone else changed this user since you opened it. Reload and try again.",
          );
        }
        const power = powerOver(this.caller, userId, await this.#accountRoles(userId, tx));
        if (!power.mayChange) throw ApiError.forbidden(SUPER_ONLY);
        if (userId === this.caller.user.id && input.roleLevel !== row.roleLevel) {
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
          if (clash && clash.id !== userId) {
            throw ApiError.validation([{ field: "email", message: EMAIL_TAKEN }]);
          }
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
          .where(and(eq(memberships.userId, userId), eq(memberships.tenantId, tenantId)));
      } else {
        const existing = await tx.query.users.findFirst({ where: eq(users.email, input.email) });
        if (existing && (await this.#memberRow(tenantId, existing.id, tx))) {
          throw ApiError.validation([{
            field: "email",
            message: "That user is already in your organisation.",
          }]);
        }
        if (existing && this.caller.roleLevel !== "super") {
          throw ApiError.validation([{ field: "email", message: EMAIL_TAKEN }]);
        }
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
          tenantId,
          roleLevel: input.roleLevel,
          isDefault: !existing,
        });
      }
      const put = (type: string, value: unknown) => this.#putSetting(userId!, tenantId, type, value, tx);
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
      return {
        ...(await this.getTenantUser(userId, tx)),
        ...(temporaryPassword ? { temporaryPassword } : {}),
      };
    });
    // after the commit: a reload racing the transaction would otherwise keep the old role
    await this.ctx.app.callers.changed({ userIds: [saved.id] });
    return saved;
  }

  /** The species and sites a user of this tenant may be given. */
  async tenantChoices(tenantId: number) {
    const [sites, speciesRows] = await Promise.all([
      this.db.select({ id: tenantSites.id, name: tenantSites.name }).from(tenantSites)
        .where(eq(tenantSites.tenantId, tenantId)).orderBy(tenantSites.name),
      this.db.select({ id: species.id, name: species.name }).from(tenantSpecies)
        .innerJoin(species, eq(species.id, tenantSpecies.speciesId))
        .where(eq(tenantSpecies.tenantId, tenantId)).orderBy(species.id),
    ]);
    return { sites, species: speciesRows };
  }

  /** Invites an address into the caller's tenant with a role, species and sites they may give. */
  async invite(input: z.infer<typeof InviteBody>, origin: string | null) {
    await this.#checkChoices(input);
    const { user } = this.caller;
    return await this.ctx.app.auth.invites.create({
      ...input,
      tenantId: this.caller.tenant.id,
      inviter: { id: user.id, name: `${user.firstName} ${user.lastName}`.trim() || user.email },
    }, origin);
  }

  /** Adding by an admin: an invitation in one shape either way (a member already here is refused, as listed). */
  async #inviteInstead(input: z.infer<typeof TenantUserBody>, origin: string | null) {
    const sent = await this.invite({
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      roleLevel: input.roleLevel,
      allowedSpeciesIds: input.allowedSpeciesIds,
      allowedTenantSiteIds: input.allowedTenantSiteIds,
    }, origin);
    return {
      invited: true as const,
      inviteId: sent.id,
      email: sent.email,
      link: sent.link,
      expiresAt: sent.expiresAt,
    };
  }

  pendingInvites() {
    return this.ctx.app.auth.invites.pending(this.caller.tenant.id);
  }

  withdrawInvite(id: number) {
    return this.ctx.app.auth.invites.withdraw(this.caller.tenant.id, id);
  }

  async #checkChoices(
    input: Pick<z.infer<typeof TenantUserBody>, "roleLevel" | "allowedSpeciesIds" | "allowedTenantSiteIds">,
  ) {
    const errors = choiceProblems(this.caller, input, await this.tenantChoices(this.caller.tenant.id));
    if (errors.length) throw ApiError.validation(errors);
  }

  #accountRoles(userId: number, db: Pick<ControlDb, "select"> = this.db): Promise<AccountRoles> {
    return db.select({ tenantId: memberships.tenantId, roleLevel: memberships.roleLevel }).from(memberships)
      .where(eq(memberships.userId, userId));
  }

  #memberRow(tenantId: number, userId: number, db: Pick<ControlDb, "select"> = this.db) {
    return db.select({ user: users, roleLevel: memberships.roleLevel }).from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.tenantId, tenantId), eq(memberships.userId, userId), isPerson())).get();
  }

  async #putSetting(
    userId: number,
    tenantId: number,
    settingType: string,
    value: unknown,
    db: Pick<ControlDb, "insert"> = this.db,
  ) {
    await db.insert(userSettings).values({ userId, tenantId, settingType, value })
      .onConflictDoUpdate({
        target: [userSettings.userId, userSettings.tenantId, userSettings.settingType],
        set: { value },
      });
  }
}

function toDto(
  user: typeof users.$inferSelect,
  roleLevel: string,
  settings: { settingType: string; value: unknown }[],
  canManageAccount: boolean,
): TenantUserDto {
  const get = (type: string) =>
    (settings.find((s) => s.settingType === type)?.value ?? {}) as Record<string, unknown>;
  const ids = (v: unknown) => (Array.isArray(v) ? v.map(Number) : []);
  const admin = get("admin") as Partial<z.infer<typeof AdminPermissions>>;
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    fullName: `${user.firstName} ${user.lastName}`.trim(),
    phone: user.phone,
    roleLevel,
    isPasswordUpdated: user.isPasswordUpdated,
    isDisabled: user.isDisabled,
    canManageAccount,
    allowedSpeciesIds: ids(get("species").allowedSpeciesIds),
    allowedTenantSiteIds: ids(get("tenantSite").allowedTenantSiteIds),
    ...pickAdminPermissions(admin),
    lastModified: user.lastModified,
  };
}
