/**
 * API keys of plant systems (issue 15: the integration partner role). A key is `mpk_<id>_<secret>`
 * (256 random bits); the control database keeps only SHA-256(secret), so the key is shown once. Each key
 * acts as its own user, a member of one tenant with the integrationPartner role: the CallerCache loads
 * it like any session's user, and the access rules let it reach integration endpoints only.
 *
 * Validated keys are kept in memory (a warm request reads nothing). A revoke forgets the key on this
 * instance at once and announces `authChanged` for its user, which every instance hears (the key's user
 * is also disabled, so a caller reloaded from the database is refused as well).
 */
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { constantTimeEqual } from "@oslojs/crypto/subtle";
import { encodeBase32LowerCaseNoPadding, encodeBase64urlNoPadding } from "@oslojs/encoding";
import type { ControlDb } from "../../db/client.ts";
import { apiKeys, memberships, users } from "../../db/control/schema.ts";
import type { PushBus } from "../push/bus.ts";
import { ApiError } from "../http/errors.ts";
import { serverNow } from "../clock.ts";
import { BoundedCache } from "./cache.ts";
import type { AuthChange, CallerCache } from "./callers.ts";
import { hashPassword } from "./password.ts";
import type { Session } from "./sessions.ts";
import { hashSecret } from "./tokens.ts";

export const API_KEY_PREFIX = "mpk_";
/** 32 random bytes in lower-case base32 are 52 characters; the id is the row's. */
const KEY_PATTERN = /^mpk_([1-9][0-9]{0,11})_([a-z2-7]{52})$/;
/** lastUsedAt is written at most this often per key (and instance): a scale may post every second. */
const TOUCH_EVERY_MS = 60_000;
export const API_KEY_CACHE = { max: 10_000, ttlMs: 60_000 };
/** Shown on screen and kept in the list; older revoked keys are not worth a longer page. */
const LIST_LIMIT = 200;
/** Keys never expire on their own: they end when revoked. */
const NEVER = new Date("9999-12-31T23:59:59.999Z");

/**
 * Accounts that are people, not an API key's own user (issue 36 §9): keys stay out of people lists, user
 * pickers and user edits. A condition on `users`, for any query that joins it.
 */
export const isPerson = () =>
  sql`not exists (select 1 from ${apiKeys} where ${apiKeys.userId} = ${users.id})`;

/** Whether a bearer token is meant as an API key (it may still be forged or revoked). */
export const isApiKeyToken = (token: string) => token.startsWith(API_KEY_PREFIX);

/** A key as its tenant's admins see it: never its secret. */
export interface ApiKeyView {
  id: number;
  name: string;
  prefix: string;
  createdBy: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  revokedBy: string | null;
}

type KeyRow = typeof apiKeys.$inferSelect;

/** What a validation needs, kept in memory. */
interface KeptKey {
  id: number;
  userId: number;
  tenantId: number;
  secretHash: string;
  revoked: boolean;
  lastUsedAt: number | null;
}

function viewOf(row: KeyRow): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdBy: row.createdBy,
    createdAt: row.createdAt,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    revokedBy: row.revokedBy,
  };
}

export class ApiKeyStore {
  readonly #cache = new BoundedCache<number, KeptKey>(API_KEY_CACHE.max, API_KEY_CACHE.ttlMs);
  readonly #byId;

  constructor(
    private readonly db: ControlDb,
    private readonly callers: CallerCache,
    bus: PushBus,
  ) {
    this.#byId = db.select({
      id: apiKeys.id,
      userId: apiKeys.userId,
      tenantId: apiKeys.tenantId,
      secretHash: apiKeys.secretHash,
      lastUsedAt: apiKeys.lastUsedAt,
      revokedAt: apiKeys.revokedAt,
    }).from(apiKeys).where(eq(apiKeys.id, sql.placeholder("id"))).prepare();
    // a revoke on another instance arrives as authChanged for the key's user
    bus.subscribe((m) => {
      if (m.kind === "authChanged") this.forget(m);
      if (m.kind === "resync") this.#cache.clear();
    });
  }

  /**
   * A new key for the tenant, with its own integrationPartner user (an email nobody can receive, a
   * password nobody knows). Answers the full key: the only time it exists outside the caller's hands.
   */
  async create(input: { tenantId: number; name: string; createdBy: string }) {
    const secret = encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(32)));
    const passwordHash = await hashPassword(
      encodeBase64urlNoPadding(crypto.getRandomValues(new Uint8Array(32))),
    );
    const row = await this.db.transaction(async (tx) => {
      const clash = await tx.select({ id: apiKeys.id }).from(apiKeys).where(and(
        eq(apiKeys.tenantId, input.tenantId),
        isNull(apiKeys.revokedAt),
        sql`lower(${apiKeys.name}) = lower(${input.name})`,
      )).get();
      if (clash) {
        throw ApiError.validation([{
          field: "name",
          message: "A key in use already has this name: choose another, or revoke that key first.",
        }]);
      }
      const [user] = await tx.insert(users).values({
        email: `key-${crypto.randomUUID()}@integration.invalid`,
        firstName: input.name,
        lastName: "(API key)",
        passwordHash,
        isPasswordUpdated: true,
      }).returning({ id: users.id });
      await tx.insert(memberships).values({
        userId: user.id,
        tenantId: input.tenantId,
        roleLevel: "integrationPartner",
        isDefault: true,
      });
      const [inserted] = await tx.insert(apiKeys).values({
        tenantId: input.tenantId,
        userId: user.id,
        name: input.name,
        prefix: "",
        secretHash: hashSecret(secret),
        createdBy: input.createdBy,
      }).returning();
      // the prefix names the row, so it is known only after the insert
      const prefix = `${API_KEY_PREFIX}${inserted.id}_${secret.slice(0, 4)}`;
      await tx.update(apiKeys).set({ prefix }).where(eq(apiKeys.id, inserted.id));
      return { ...inserted, prefix };
    });
    return { key: viewOf(row), token: `${API_KEY_PREFIX}${row.id}_${secret}` };
  }

  /** The tenant's keys, newest first, without secrets. */
  async list(tenantId: number): Promise<ApiKeyView[]> {
    const rows = await this.db.select().from(apiKeys).where(eq(apiKeys.tenantId, tenantId))
      .orderBy(desc(apiKeys.id)).limit(LIST_LIMIT);
    return rows.map(viewOf);
  }

  /**
   * Revokes a key of the tenant (null: no such key there). Its user is disabled in the same transaction;
   * every instance forgets the key before this answers. Revoking twice changes nothing.
   */
  async revoke(tenantId: number, id: number, revokedBy: string) {
    const row = await this.db.query.apiKeys.findFirst({
      where: and(eq(apiKeys.id, id), eq(apiKeys.tenantId, tenantId)),
    });
    if (!row) return null;
    if (row.revokedAt) return { key: viewOf(row), changed: false };
    const revokedAt = serverNow();
    await this.db.transaction(async (tx) => {
      await tx.update(apiKeys).set({ revokedAt, revokedBy }).where(eq(apiKeys.id, id));
      await tx.update(users).set({ isDisabled: true, lastModified: revokedAt.toISOString() })
        .where(eq(users.id, row.userId));
    });
    this.#cache.forget([id]);
    await this.callers.changed({ userIds: [row.userId] });
    return { key: viewOf({ ...row, revokedAt, revokedBy }), changed: true };
  }

  /**
   * The pseudo session of a live key (its user in its tenant, never expiring), or null: malformed,
   * unknown, wrong secret or revoked. From memory unless `fresh`.
   */
  async validate(token: string, now = serverNow(), fresh = false): Promise<Session | null> {
    const match = KEY_PATTERN.exec(token);
    if (!match) return null;
    const id = Number(match[1]);
    let kept = fresh ? undefined : this.#cache.get(id);
    if (!kept) {
      const epoch = this.#cache.epoch;
      const row = await this.#byId.get({ id });
      if (!row) return null;
      kept = { ...row, revoked: row.revokedAt !== null, lastUsedAt: row.lastUsedAt?.getTime() ?? null };
      this.#cache.set(id, kept, epoch);
    }
    const given = new TextEncoder().encode(hashSecret(match[2]));
    if (!constantTimeEqual(given, new TextEncoder().encode(kept.secretHash))) return null;
    if (kept.revoked) return null;
    await this.#touch(kept, now);
    return {
      id: `key:${kept.id}`,
      secretHash: "",
      userId: kept.userId,
      tenantId: kept.tenantId,
      impersonating: false,
      keepLoggedIn: false,
      createdAt: now,
      expiresAt: NEVER,
      absoluteExpiresAt: NEVER,
      localLoginDate: null,
      userAgent: "",
      ipAddress: "",
      signedInAt: null,
      lastSeenAt: null,
    };
  }

  /** Forgets the keys of these users and tenants (told through the push bus). */
  forget({ userIds = [], tenantIds = [] }: AuthChange) {
    const u = new Set(userIds);
    const t = new Set(tenantIds);
    this.#cache.forget((k) => u.has(k.userId) || t.has(k.tenantId));
  }

  /** Records the key's use, at most once a minute: the kept entry remembers the last write. */
  async #touch(kept: KeptKey, now: Date) {
    if (kept.lastUsedAt !== null && now.getTime() - kept.lastUsedAt < TOUCH_EVERY_MS) return;
    kept.lastUsedAt = now.getTime();
    try {
      await this.db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, kept.id));
    } catch (error) {
      // a busy database must not refuse the plant's call: the time is only for the admins' list
      console.warn(`api key ${kept.id}: last use not recorded`, error);
    }
  }
}
