import { and, asc, count, eq, inArray, max, sql } from "drizzle-orm";
import type { z } from "@hono/zod-openapi";
import {
  memberships,
  sessions,
  species,
  tenantModules,
  tenants,
  tenantSites,
  tenantSpecies,
  users,
} from "../../../../db/control/schema.ts";
import { MODULE_KEYS } from "../../../access/modules.ts";
import { generatePassword, hashPassword } from "../../../auth/password.ts";
import type { Caller } from "../../../auth/userModel.ts";
import type { AppServices } from "../../../env.ts";
import { ApiError } from "../../../http/errors.ts";
import { createTenant } from "../../../tenants.ts";
import type { AreaContext } from "../../context.ts";
import { anyContains } from "../../context.ts";
import { UserService } from "../../users/service.ts";
import { recordSuperAudit } from "../audit.ts";
import type { SuperTenantUserBody, TenantBody } from "./schemas.ts";

type TenantInput = z.infer<typeof TenantBody>;
/** the most tenants the super home lists at once (a bounded list; a search narrows it) */
export const TENANT_LIST_LIMIT = 500;
export const CROSS_TENANT_LIMIT = 200;
export const TENANT_DEACTIVATED = "Your organisation was deactivated. Ask your support contact for help.";

/** Tenants and their users as a super user manages them (spec 2 §2.3, §7.6). Super role only. */
export class SuperTenantService {
  private readonly app: AppServices;
  private readonly caller: Caller;

  constructor(private readonly ctx: AreaContext) {
    this.app = ctx.app;
    this.caller = ctx.caller;
  }

  private get db() {
    return this.app.db.control;
  }

  /** Every tenant with its category, sites, species, modules, user count and last activity. */
  async list(q?: string) {
    const db = this.db;
    const rows = await db.select().from(tenants)
      .where(q ? anyContains([tenants.name], q) : undefined).orderBy(asc(tenants.name))
      .limit(TENANT_LIST_LIMIT);
    const ids = rows.map((t) => t.id);
    if (!ids.length) return [];
    // counted apart (a correlated subquery would need qualified columns drizzle does not write)
    const [siteRows, speciesRows, moduleRows, userCounts, activity] = await Promise.all([
      db.select({ tenantId: tenantSites.tenantId, name: tenantSites.name }).from(tenantSites)
        .where(and(inArray(tenantSites.tenantId, ids), eq(tenantSites.isActive, true))).orderBy(
          tenantSites.id,
        ),
      db.select({ tenantId: tenantSpecies.tenantId, name: species.name }).from(tenantSpecies)
        .innerJoin(species, eq(species.id, tenantSpecies.speciesId))
        .where(inArray(tenantSpecies.tenantId, ids)).orderBy(species.id),
      db.select({ tenantId: tenantModules.tenantId, module: tenantModules.module }).from(tenantModules)
        .where(and(inArray(tenantModules.tenantId, ids), eq(tenantModules.isEnabled, true))),
      db.select({ tenantId: memberships.tenantId, n: count() }).from(memberships)
        .where(inArray(memberships.tenantId, ids)).groupBy(memberships.tenantId),
      db.select({
        tenantId: sessions.tenantId,
        last: max(sql<number>`coalesce(${sessions.lastSeenAt}, ${sessions.createdAt})`),
      }).from(sessions).where(inArray(sessions.tenantId, ids)).groupBy(sessions.tenantId),
    ]);
    const of = <T extends { tenantId: number }>(list: T[], id: number) =>
      list.filter((r) => r.tenantId === id);
    return rows.map((t) => {
      const last = activity.find((a) => a.tenantId === t.id)?.last;
      return {
        id: t.id,
        name: t.name,
        category: t.category,
        isActive: t.isActive,
        sites: of(siteRows, t.id).map((s) => s.name),
        species: of(speciesRows, t.id).map((s) => s.name),
        modules: of(moduleRows, t.id).map((m) => m.module),
        users: userCounts.find((u) => u.tenantId === t.id)?.n ?? 0,
        lastActivity: last ? new Date(Number(last)).toISOString() : null,
      };
    });
  }

  async get(id: number) {
    const tenant = await this.tenant(id);
    const [siteRows, speciesRows, moduleRows] = await Promise.all([
      this.db.select({ id: tenantSites.id, name: tenantSites.name, isActive: tenantSites.isActive })
        .from(tenantSites).where(eq(tenantSites.tenantId, id)).orderBy(tenantSites.id),
      this.db.select({ id: tenantSpecies.speciesId }).from(tenantSpecies).where(
        eq(tenantSpecies.tenantId, id),
      ),
      this.db.select({ module: tenantModules.module }).from(tenantModules)
        .where(and(eq(tenantModules.tenantId, id), eq(tenantModules.isEnabled, true))),
    ]);
    return {
      id: tenant.id,
      name: tenant.name,
      category: tenant.category,
      isActive: tenant.isActive,
      sites: siteRows,
      speciesIds: speciesRows.map((s) => s.id).sort((a, b) => a - b),
      modules: MODULE_KEYS.filter((m) => moduleRows.some((r) => r.module === m)),
      createdAt: tenant.createdAt,
    };
  }

  /** The species a tenant may enable (the shared list). */
  allSpecies() {
    return this.db.select().from(species).orderBy(species.id);
  }

  /**
   * A new tenant: its control rows, its own database created and migrated (createTenant), then its first
   * admin, an account with a temporary password that must be changed at first sign-in.
   */
  async create(input: TenantInput) {
    await this.#check(input);
    const admin = adminOf(input);
    const id = await createTenant(this.app.db, {
      name: input.name,
      category: input.category,
      sites: input.sites,
      speciesIds: input.speciesIds,
      modules: input.modules,
    });
    await recordSuperAudit(this.db, this.caller, {
      tenantId: id,
      action: "CreateTenant",
      detail: { ...tenantDetail(input), adminEmail: admin.email },
    });
    const saved = await this.upsertUser({
      tenantId: id,
      email: admin.email,
      firstName: admin.firstName,
      lastName: admin.lastName,
      phone: "",
      roleLevel: "admin",
      allowedSpeciesIds: [],
      allowedTenantSiteIds: [],
      hasSupplierAdminPermission: true,
      hasTransportAdminPermission: true,
      hasBuyerAdminPermission: true,
      hasProductDefinitionAdminPermission: true,
      hasStakeholderAdminPermission: true,
      hasRecipeAdminPermission: true,
    });
    return {
      id,
      tenant: await this.get(id),
      adminUserId: saved.id,
      ...(saved.temporaryPassword ? { temporaryPassword: saved.temporaryPassword } : {}),
    };
  }

  /**
   * Edits a tenant. Sites are matched by name: a listed new name is added, an existing one kept (or made
   * active again), an unlisted one made inactive (its records keep their site). Species are replaced;
   * every module is switched on or off. The tenant's users see the change on their next request.
   */
  async update(id: number, input: TenantInput) {
    const before = await this.get(id);
    await this.#check(input, id);
    await this.db.transaction(async (tx) => {
      await tx.update(tenants).set({ name: input.name, category: input.category, isActive: input.isActive })
        .where(eq(tenants.id, id));
      const wanted = new Map(input.sites.map((s) => [s.toLowerCase(), s]));
      for (const site of before.sites) {
        const name = wanted.get(site.name.toLowerCase());
        await tx.update(tenantSites).set({ isActive: Boolean(name), name: name ?? site.name })
          .where(eq(tenantSites.id, site.id));
        wanted.delete(site.name.toLowerCase());
      }
      if (wanted.size) {
        await tx.insert(tenantSites).values([...wanted.values()].map((name) => ({ tenantId: id, name })));
      }
      await tx.delete(tenantSpecies).where(eq(tenantSpecies.tenantId, id));
      await tx.insert(tenantSpecies).values(
        input.speciesIds.map((speciesId) => ({ tenantId: id, speciesId })),
      );
      await tx.insert(tenantModules).values(
        MODULE_KEYS.map((module) => ({ tenantId: id, module, isEnabled: input.modules.includes(module) })),
      ).onConflictDoUpdate({
        target: [tenantModules.tenantId, tenantModules.module],
        set: { isEnabled: sql`excluded.is_enabled` },
      });
      await recordSuperAudit(tx, this.caller, {
        tenantId: id,
        action: "UpdateTenant",
        detail: tenantDetail(input),
      });
    });
    await this.app.callers.changed({ tenantIds: [id] });
    if (before.isActive && !input.isActive) await this.#endSessionsOf(id);
    return { id, tenant: await this.get(id) };
  }

  /** The users of any tenant, as that tenant's admin sees them. */
  async users(tenantId: number) {
    return (await this.#usersOf(tenantId)).listTenantUsers();
  }

  async user(tenantId: number, userId: number) {
    return (await this.#usersOf(tenantId)).getTenantUser(userId);
  }

  /** The species and sites a user of the tenant may be given. */
  async userChoices(tenantId: number) {
    return (await this.#usersOf(tenantId)).tenantChoices(tenantId);
  }

  /** Adds or edits a user in any tenant (the tenant admin's rules, with the super user's powers). */
  async upsertUser(input: z.infer<typeof SuperTenantUserBody>) {
    const { tenantId, ...body } = input;
    const saved = await (await this.#usersOf(tenantId)).saveTenantUser(body);
    await recordSuperAudit(this.db, this.caller, {
      tenantId,
      action: "UpsertTenantUser",
      detail: { userId: saved.id, email: saved.email, roleLevel: saved.roleLevel, isNew: !input.id },
    });
    return saved;
  }

  /**
   * SuperResetUserPassword: a new temporary password (answered once) that must be changed at the next
   * sign-in; the account's sessions end, its open pages are told why.
   */
  async resetPassword(userId: number) {
    const user = await this.db.query.users.findFirst({ where: eq(users.id, userId) });
    if (!user) throw ApiError.notFound("That user does not exist.");
    if (userId === this.caller.user.id) {
      throw ApiError.validation([{
        field: "id",
        message: "Change your own password from your account page.",
      }]);
    }
    const temporaryPassword = generatePassword(14);
    const passwordHash = await hashPassword(temporaryPassword);
    const tenantIds = (await this.db.select({ tenantId: memberships.tenantId }).from(memberships)
      .where(eq(memberships.userId, userId))).map((m) => m.tenantId);
    await this.db.transaction(async (tx) => {
      await tx.update(users).set({
        passwordHash,
        isPasswordUpdated: false,
        lastModified: new Date().toISOString(),
      })
        .where(eq(users.id, userId));
      await recordSuperAudit(tx, this.caller, {
        tenantId: tenantIds[0] ?? null,
        action: "SuperResetUserPassword",
        detail: { userId, email: user.email },
      });
    });
    const sessionsEnded = (await this.app.sessions.ofUser(userId)).length;
    await this.app.push.signOutUsers([userId], "A super user reset your password. Sign in with the new one.");
    await this.app.sessions.invalidateAllForUser(userId);
    await this.app.callers.changed({ userIds: [userId] });
    return { userId, temporaryPassword, sessionsEnded };
  }

  /** Users who belong to more than one tenant, with each membership (bounded; a search narrows). */
  async crossTenantUsers(q?: string) {
    const multi = this.db.select({ userId: memberships.userId }).from(memberships)
      .groupBy(memberships.userId).having(sql`count(*) > 1`);
    const rows = await this.db.select().from(users)
      .where(
        and(
          inArray(users.id, multi),
          q ? anyContains([users.email, users.firstName, users.lastName], q) : undefined,
        ),
      )
      .orderBy(users.lastName, users.firstName).limit(CROSS_TENANT_LIMIT);
    const claims = rows.length
      ? await this.db.select({
        userId: memberships.userId,
        tenantId: memberships.tenantId,
        tenantName: tenants.name,
        roleLevel: memberships.roleLevel,
      }).from(memberships).innerJoin(tenants, eq(tenants.id, memberships.tenantId))
        .where(inArray(memberships.userId, rows.map((u) => u.id))).orderBy(tenants.name)
      : [];
    return rows.map((u) => ({
      id: u.id,
      email: u.email,
      fullName: `${u.firstName} ${u.lastName}`.trim(),
      isDisabled: u.isDisabled,
      crossTenantClaims: claims.filter((c) => c.userId === u.id).map(({ userId: _, ...c }) => c),
    }));
  }

  async tenant(id: number) {
    const tenant = await this.db.query.tenants.findFirst({ where: eq(tenants.id, id) });
    if (!tenant) throw ApiError.notFound("That organisation does not exist.");
    return tenant;
  }

  /** A UserService working in `tenantId` as this super user (their role, that tenant). */
  async #usersOf(tenantId: number) {
    const tenant = await this.tenant(tenantId);
    return new UserService({
      ...this.ctx,
      caller: { ...this.caller, tenant },
      tenantId,
      db: await this.app.db.tenantDb(tenantId),
    });
  }

  /**
   * A deactivated tenant's sessions end (as a disabled user's do): its open pages hear why first, then the
   * sessions are deleted, so a reactivation never revives an old token or cookie. The super user's own
   * session is kept (as ForceTotalLogout keeps it).
   */
  async #endSessionsOf(tenantId: number) {
    const keep = this.caller.session.id;
    await this.app.push.signOutTenant(tenantId, TENANT_DEACTIVATED, keep);
    await this.app.sessions.invalidateAllForTenant(tenantId, keep);
  }

  async #check(input: TenantInput, id?: number) {
    const errors: { field: string; message: string }[] = [];
    const clash = await this.db.query.tenants.findFirst({ where: eq(tenants.name, input.name) });
    if (clash && clash.id !== id) {
      errors.push({ field: "name", message: "Another organisation has that name." });
    }
    const known = await this.allSpecies();
    if (input.speciesIds.some((s) => !known.some((k) => k.id === s))) {
      errors.push({ field: "speciesIds", message: "Choose species from the list." });
    }
    if (!id) {
      if (!input.adminEmail) errors.push({ field: "adminEmail", message: "Enter the first admin's email." });
      if (!input.adminFirstName) {
        errors.push({ field: "adminFirstName", message: "Enter the admin's first name." });
      }
      if (!input.adminLastName) {
        errors.push({ field: "adminLastName", message: "Enter the admin's last name." });
      }
    }
    if (errors.length) throw ApiError.validation(errors);
  }
}

function adminOf(input: TenantInput) {
  return { email: input.adminEmail!, firstName: input.adminFirstName!, lastName: input.adminLastName! };
}

/** What the audit keeps of a tenant body. */
function tenantDetail(input: TenantInput) {
  return {
    name: input.name,
    category: input.category,
    isActive: input.isActive,
    sites: input.sites,
    speciesIds: input.speciesIds,
    modules: input.modules,
  };
}
