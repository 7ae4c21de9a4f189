import { and, eq } from "drizzle-orm";
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
import { assignableRoles, isAdminUser, type RoleName } from "../../access/roles.ts";
import { generatePassword, hashPassword } from "../../auth/password.ts";
import type { Caller } from "../../auth/userModel.ts";
import { ApiError } from "../../http/errors.ts";
import { AdminPermissions } from "./schemas.ts";
import type { SelfSettingBody, TenantUser, TenantUserBody, UpdateUserDetailsBody } from "./schemas.ts";

type TenantUserDto = z.infer<typeof TenantUser>;
const now = () => new Date().toISOString();

/** api/user/: the caller's own account, and the tenant admin's user list (spec 1 §2 clientusers). */
export class UserService {
  constructor(private readonly db: ControlDb) {}

  async updateDetails(caller: Caller, input: z.infer<typeof UpdateUserDetailsBody>) {
    await this.db.update(users).set({ ...input, lastModified: now() }).where(eq(users.id, caller.user.id));
  }

  /** A setting the user may change for themselves, checked against what they are allowed to pick. */
  async updateOwnSetting(caller: Caller, setting: z.infer<typeof SelfSettingBody>) {
    let value: unknown = setting.value;
    if (setting.settingType === "tenantSite") {
      const siteId = setting.value.defaultTenantSiteId;
      if (!caller.sites.some((s) => s.id === siteId)) {
        throw ApiError.validation([{
          field: "value.defaultTenantSiteId",
          message: "That site is not one of your sites.",
        }]);
      }
      const current = caller.subject.userSettings.find((s) => s.settingType === "tenantSite")?.value ?? {};
      value = { ...(current as object), defaultTenantSiteId: siteId }; // keep the admin-set allow-list
    }
    if (
      setting.settingType === "speciesId" && !caller.species.some((s) => s.id === setting.value.speciesId)
    ) {
      throw ApiError.validation([{
        field: "value.speciesId",
        message: "That species is not one of your species.",
      }]);
    }
    await this.#putSetting(caller.user.id, caller.tenant.id, setting.settingType, value);
  }

  async listTenantUsers(caller: Caller): Promise<TenantUserDto[]> {
    requireAdmin(caller);
    const rows = await this.db.select({ user: users, roleLevel: memberships.roleLevel }).from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(eq(memberships.tenantId, caller.tenant.id)).orderBy(users.lastName, users.firstName);
    const settings = await this.db.select().from(userSettings).where(
      eq(userSettings.tenantId, caller.tenant.id),
    );
    return rows.map(({ user, roleLevel }) =>
      toDto(user, roleLevel, settings.filter((s) => s.userId === user.id))
    );
  }

  async getTenantUser(caller: Caller, userId: number): Promise<TenantUserDto> {
    requireAdmin(caller);
    const row = await this.#memberRow(caller.tenant.id, userId);
    if (!row) throw ApiError.notFound("That user is not in your organisation.");
    const settings = await this.db.select().from(userSettings)
      .where(and(eq(userSettings.userId, userId), eq(userSettings.tenantId, caller.tenant.id)));
    return toDto(row.user, row.roleLevel, settings);
  }

  /**
   * Creates or edits a user of the caller's tenant. A new email gets an account with a temporary
   * password (answered once) that must be changed at first sign-in; an email already known elsewhere
   * only gains a membership here: its name and password belong to its owner and are not touched.
   */
  async upsertTenantUser(caller: Caller, input: z.infer<typeof TenantUserBody>) {
    requireAdmin(caller);
    await this.#checkChoices(caller, input);
    const tenantId = caller.tenant.id;
    return await this.db.transaction(async (tx) => {
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
        if (row.roleLevel === "super" && caller.roleLevel !== "super") {
          throw ApiError.forbidden("Only a super user can change a super user.");
        }
        if (userId === caller.user.id && input.roleLevel !== row.roleLevel) {
          throw ApiError.validation([{ field: "roleLevel", message: "You cannot change your own role." }]);
        }
        const clash = await tx.query.users.findFirst({ where: eq(users.email, input.email) });
        if (clash && clash.id !== userId) {
          throw ApiError.validation([{ field: "email", message: "Another account uses that email." }]);
        }
        await tx.update(users).set({
          email: input.email,
          firstName: input.firstName,
          lastName: input.lastName,
          phone: input.phone,
          lastModified: now(),
        }).where(eq(users.id, userId));
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
      const row = (await this.#memberRow(tenantId, userId, tx))!;
      const settings = await tx.select().from(userSettings)
        .where(and(eq(userSettings.userId, userId), eq(userSettings.tenantId, tenantId)));
      return {
        ...toDto(row.user, row.roleLevel, settings),
        ...(temporaryPassword ? { temporaryPassword } : {}),
      };
    });
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

  async #checkChoices(caller: Caller, input: z.infer<typeof TenantUserBody>) {
    const errors: { field: string; message: string }[] = [];
    if (!assignableRoles(caller.roleLevel).includes(input.roleLevel as RoleName)) {
      errors.push({ field: "roleLevel", message: "You cannot give that role." });
    }
    const { species, sites } = await this.tenantChoices(caller.tenant.id);
    if (input.allowedSpeciesIds.some((id) => !species.some((s) => s.id === id))) {
      errors.push({ field: "allowedSpeciesIds", message: "Choose species of your organisation." });
    }
    if (input.allowedTenantSiteIds.some((id) => !sites.some((s) => s.id === id))) {
      errors.push({ field: "allowedTenantSiteIds", message: "Choose sites of your organisation." });
    }
    if (errors.length) throw ApiError.validation(errors);
  }

  #memberRow(tenantId: number, userId: number, db: Pick<ControlDb, "select"> = this.db) {
    return db.select({ user: users, roleLevel: memberships.roleLevel }).from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.tenantId, tenantId), eq(memberships.userId, userId))).get();
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

function pickAdminPermissions(source: Partial<Record<string, unknown>>): z.infer<typeof AdminPermissions> {
  return Object.fromEntries(
    Object.keys(AdminPermissions.shape).map((k) => [k, source[k] === true]),
  ) as z.infer<typeof AdminPermissions>;
}

function requireAdmin(caller: Caller) {
  if (!isAdminUser(caller.roleLevel)) throw ApiError.forbidden();
}

function toDto(
  user: typeof users.$inferSelect,
  roleLevel: string,
  settings: { settingType: string; value: unknown }[],
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
    allowedSpeciesIds: ids(get("species").allowedSpeciesIds),
    allowedTenantSiteIds: ids(get("tenantSite").allowedTenantSiteIds),
    ...pickAdminPermissions(admin),
    lastModified: user.lastModified,
  };
}
