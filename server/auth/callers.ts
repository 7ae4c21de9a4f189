/**
 * Who is calling: the user, tenant, role, modules, flags and settings of a live session, and the plant's
 * time zone. Loaded by ten prepared queries and kept in memory, so a warm signed-in request reads nothing. Every write that
 * changes any of it calls `changed()` after committing: this instance forgets at once, the others when
 * the push bus brings the `authChanged` message.
 */
import { and, eq, sql } from "drizzle-orm";
import type { ControlDb } from "../../db/client.ts";
import {
  featureFlags,
  memberships,
  species,
  tenantModules,
  tenantProfiles,
  tenants,
  tenantSettings,
  tenantSites,
  tenantSpecies,
  users,
  userSettings,
} from "../../db/control/schema.ts";
import type { AccessSubject } from "../access/subject.ts";
import type { RoleName } from "../access/roles.ts";
import {
  LOGIN_MODULE_GROUPS,
  LOGIN_MODULE_GROUPS_SETTING,
  type ModuleKey,
  type TenantCategory,
} from "../access/modules.ts";
import type { PushBus } from "../push/bus.ts";
import { serverNow } from "../clock.ts";
import { BoundedCache } from "./cache.ts";
import type { Session, SessionStore } from "./sessions.ts";
import { allowedIds, type Caller } from "./userModel.ts";

/** A caller without its session: the same for every session of a user in a tenant. */
export type CallerData = Omit<Caller, "session">;
export const CALLER_CACHE = { max: 10_000, ttlMs: 60_000 };

/** What a write changed: the users whose account, role or settings, the tenants whose modules or flags. */
export interface AuthChange {
  userIds?: number[];
  tenantIds?: number[];
}

function prepare(db: ControlDb) {
  const userId = sql.placeholder("userId");
  const tenantId = sql.placeholder("tenantId");
  return {
    user: db.select().from(users).where(eq(users.id, userId)).prepare(),
    tenant: db.select().from(tenants).where(eq(tenants.id, tenantId)).prepare(),
    memberships: db.select({
      tenantId: memberships.tenantId,
      tenantName: tenants.name,
      roleLevel: memberships.roleLevel,
    }).from(memberships).innerJoin(tenants, eq(tenants.id, memberships.tenantId))
      .where(eq(memberships.userId, userId)).prepare(),
    modules: db.select({ module: tenantModules.module }).from(tenantModules)
      .where(and(eq(tenantModules.tenantId, tenantId), eq(tenantModules.isEnabled, true))).prepare(),
    settings: db.select().from(tenantSettings).where(eq(tenantSettings.tenantId, tenantId)).prepare(),
    flags: db.select().from(featureFlags).where(eq(featureFlags.tenantId, tenantId)).prepare(),
    sites: db.select({ id: tenantSites.id, name: tenantSites.name }).from(tenantSites)
      .where(and(eq(tenantSites.tenantId, tenantId), eq(tenantSites.isActive, true)))
      .orderBy(tenantSites.id).prepare(),
    species: db.select({ id: species.id, name: species.name }).from(tenantSpecies)
      .innerJoin(species, eq(species.id, tenantSpecies.speciesId))
      .where(eq(tenantSpecies.tenantId, tenantId)).orderBy(species.id).prepare(),
    timeZone: db.select({ timeZone: tenantProfiles.timeZone }).from(tenantProfiles)
      .where(eq(tenantProfiles.tenantId, tenantId)).prepare(),
    userSettings: db.select().from(userSettings)
      .where(and(eq(userSettings.userId, userId), eq(userSettings.tenantId, tenantId))).prepare(),
  };
}

const statements = new WeakMap<ControlDb, ReturnType<typeof prepare>>();

/**
 * Loads the caller of a live session from the database, or null when the user is disabled or no longer
 * belongs to the session's tenant. A super user keeps the super role while impersonating a tenant they
 * are not a member of.
 */
async function loadCallerData(db: ControlDb, session: Session): Promise<CallerData | null> {
  let q = statements.get(db);
  if (!q) statements.set(db, q = prepare(db));
  const keys = { userId: session.userId, tenantId: session.tenantId };
  const [user, tenant, own, modules, settings, flags, sites, speciesRows, uSettings, profile] = await Promise
    .all([
      q.user.get(keys),
      q.tenant.get(keys),
      q.memberships.all(keys),
      q.modules.all(keys),
      q.settings.all(keys),
      q.flags.all(keys),
      q.sites.all(keys),
      q.species.all(keys),
      q.userSettings.all(keys),
      q.timeZone.get(keys),
    ]);
  if (!user || user.isDisabled || !tenant || !tenant.isActive) return null;
  const here = own.find((m) => m.tenantId === tenant.id);
  const isSuper = own.some((m) => m.roleLevel === "super");
  const roleLevel = (here?.roleLevel ?? (session.impersonating && isSuper ? "super" : null)) as
    | RoleName
    | null;
  if (!roleLevel) return null;

  const subject: AccessSubject = {
    roleLevel,
    modules: modules.map((m) => m.module as ModuleKey),
    tenantCategories: [tenant.category as TenantCategory],
    featureFlags: flags.map(({ featureKey, isEnabled, isEnabledForSuperUser }) => ({
      featureKey,
      isEnabled,
      isEnabledForSuperUser,
    })),
    tenantSettings: settings.filter((s) => s.settingType !== LOGIN_MODULE_GROUPS_SETTING)
      .map((s) => ({ settingType: s.settingType, value: s.value })),
    userSettings: uSettings.map((s) => ({ settingType: s.settingType, value: s.value })),
    disabledModuleGroups: disabledGroupsOf(settings),
  };
  const allowed = allowedIds(subject, "tenantSite", "allowedTenantSiteIds");
  const allowedSpecies = allowedIds(subject, "species", "allowedSpeciesIds");
  return {
    user,
    tenant,
    roleLevel,
    subject,
    sites: allowed ? sites.filter((s) => allowed.includes(s.id)) : sites,
    species: allowedSpecies ? speciesRows.filter((s) => allowedSpecies.includes(s.id)) : speciesRows,
    memberships: own.map((m) => ({ ...m, roleLevel: m.roleLevel as RoleName })),
    plantTimeZone: profile?.timeZone ?? null,
  };
}

/** The login module groups switched off in the tenant's settings row (Settings › Login modules). */
function disabledGroupsOf(settings: readonly { settingType: string; value: Record<string, unknown> }[]) {
  const stored = settings.find((s) => s.settingType === LOGIN_MODULE_GROUPS_SETTING)?.value.disabledGroups;
  return Array.isArray(stored) ? LOGIN_MODULE_GROUPS.filter((g) => stored.includes(g)) : [];
}

const keyOf = (s: Session) => `${s.userId}:${s.tenantId}:${s.impersonating ? 1 : 0}`;

/** Callers in memory, keyed by user, tenant and impersonation (what the loaded data depends on). */
export class CallerCache {
  constructor(
    private readonly db: ControlDb,
    private readonly bus: PushBus,
    private readonly cache = new BoundedCache<string, CallerData>(CALLER_CACHE.max, CALLER_CACHE.ttlMs),
  ) {}

  /** The caller of a live session; `fresh` reads the database whatever is kept (a sign-in). */
  async get(session: Session, fresh = false): Promise<Caller | null> {
    const key = keyOf(session);
    const kept = fresh ? undefined : this.cache.get(key);
    if (kept) return { session, ...kept };
    const epoch = this.cache.epoch;
    const data = await loadCallerData(this.db, session);
    if (data) this.cache.set(key, data, epoch);
    return data && { session, ...data };
  }

  /**
   * A user's caller in a tenant for work no request carries (the demo seed's writes, a queued email sent
   * in the background): a session that is never stored, named `label`; null as `get` answers null.
   */
  ofUser(userId: number, tenantId: number, label: string): Promise<Caller | null> {
    const now = serverNow();
    return this.get({
      id: label,
      secretHash: "",
      userId,
      tenantId,
      impersonating: false,
      keepLoggedIn: false,
      createdAt: now,
      expiresAt: now,
      absoluteExpiresAt: now,
      localLoginDate: null,
      userAgent: "",
      ipAddress: "",
      signedInAt: null,
      lastSeenAt: null,
    }, true);
  }

  /**
   * Call after committing a change to users, memberships, user settings, tenant modules, settings or
   * flags: the next request on this instance (at once) and on the others (the push bus) sees it.
   */
  async changed({ userIds = [], tenantIds = [] }: AuthChange): Promise<void> {
    this.forget({ userIds, tenantIds });
    await this.bus.publish({ kind: "authChanged", userIds, tenantIds });
  }

  /** Forgets the callers of these users, and every caller in (or a member of) these tenants. */
  forget({ userIds = [], tenantIds = [] }: AuthChange) {
    const u = new Set(userIds);
    const t = new Set(tenantIds);
    this.cache.forget((c) =>
      u.has(c.user.id) || t.has(c.tenant.id) || c.memberships.some((m) => t.has(m.tenantId))
    );
  }

  forgetAll() {
    this.cache.clear();
  }
}

/** Keeps this instance's memory in step with session and account changes made on any instance. */
export function followAuthChanges(bus: PushBus, sessions: SessionStore, callers: CallerCache) {
  return bus.subscribe((m) => {
    switch (m.kind) {
      case "sessionsEnded":
        return sessions.forget(m.sessionIds);
      case "sessionRotated":
        return sessions.forget([m.from]);
      case "authChanged":
        return callers.forget(m);
      case "resync":
        sessions.forgetAll();
        return callers.forgetAll();
    }
  });
}
