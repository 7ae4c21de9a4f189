import { and, eq, gt, inArray, lt, sql } from "drizzle-orm";
import { constantTimeEqual } from "@oslojs/crypto/subtle";
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import type { ControlDb } from "../../db/client.ts";
import { sessions } from "../../db/control/schema.ts";
import { BoundedCache } from "./cache.ts";
import { hashSecret } from "./tokens.ts";
import { serverNow } from "../clock.ts";

export type Session = typeof sessions.$inferSelect;

/** Awaited: other instances must hear of an ended session before the request that ended it answers. */
export interface SessionListener {
  ended(ids: string[]): Promise<void> | void;
  rotated(from: string, to: string): Promise<void> | void;
}

export interface SessionTimes {
  tokenTtlMs: number;
  autoLogoutMs: number;
  keepLoggedInMs: number;
}

/** When a refreshed token replaces an old one, the old stays valid this long for requests already in flight. */
const ROTATION_GRACE_MS = 30_000;
/** Sessions kept in memory: enough for every open page of a large plant; a miss costs one read. */
export const SESSION_CACHE = { max: 10_000, ttlMs: 60_000 };

function randomPart(): string {
  return encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(20)));
}

/**
 * Session tokens, after the Lucia guide: `<id>.<secret>`, 160 random bits each; the database keeps only
 * SHA-256(secret). The same token is the browser's HttpOnly cookie and an API client's bearer token.
 */
export class SessionStore {
  #listeners: SessionListener[] = [];
  /** the secret that matched each session row held in memory (`#isSecretOf`) */
  readonly #verified = new WeakMap<Session, string>();
  readonly #byId;

  /**
   * `cache` holds validated rows so a signed-in request reads nothing; every change to a row here
   * forgets it, and changes on other instances arrive through the push bus (`forget`).
   */
  constructor(
    private readonly db: ControlDb,
    readonly times: SessionTimes,
    private readonly cache = new BoundedCache<string, Session>(SESSION_CACHE.max, SESSION_CACHE.ttlMs),
  ) {
    this.#byId = db.select().from(sessions).where(eq(sessions.id, sql.placeholder("id"))).prepare();
  }

  /** Told after sessions end or rotate (the push hub closes or re-labels their connections). */
  listen(listener: SessionListener) {
    this.#listeners.push(listener);
  }

  async create(input: {
    userId: number;
    tenantId: number;
    keepLoggedIn: boolean;
    impersonating?: boolean;
    localLoginDate?: string | null;
    absoluteExpiresAt?: Date;
    /** the browser's User-Agent and address, shown in the user's list of sessions */
    userAgent?: string;
    ipAddress?: string;
    /** the original sign-in, for a session that continues one (a refreshed token, another tenant) */
    signedInAt?: Date | null;
    now?: Date;
  }): Promise<{ token: string; session: Session }> {
    const now = input.now ?? serverNow();
    const id = randomPart();
    const secret = randomPart();
    const absoluteExpiresAt = input.absoluteExpiresAt ??
      new Date(now.getTime() + (input.keepLoggedIn ? this.times.keepLoggedInMs : this.times.autoLogoutMs));
    const session: Session = {
      id,
      secretHash: hashSecret(secret),
      userId: input.userId,
      tenantId: input.tenantId,
      impersonating: input.impersonating ?? false,
      keepLoggedIn: input.keepLoggedIn,
      createdAt: now,
      expiresAt: new Date(Math.min(now.getTime() + this.times.tokenTtlMs, absoluteExpiresAt.getTime())),
      absoluteExpiresAt,
      localLoginDate: input.localLoginDate ?? null,
      userAgent: (input.userAgent ?? "").slice(0, 300),
      ipAddress: (input.ipAddress ?? "").slice(0, 64),
      signedInAt: input.signedInAt ?? now,
      lastSeenAt: now,
    };
    await this.db.insert(sessions).values(session);
    return { token: `${id}.${secret}`, session };
  }

  /**
   * The live session a token names, or null (unknown, wrong secret, expired). From memory when this
   * instance has the row (unless `fresh`); a row that looks expired is read again (another instance may
   * have extended it).
   */
  async validate(token: string, now = serverNow(), fresh = false): Promise<Session | null> {
    const [id, secret, extra] = token.split(".");
    if (!id || !secret || extra !== undefined || id.length > 64 || secret.length > 64) return null;
    // the memory's own timeout is real elapsed time; the session's expiry is on the server's clock
    let session = fresh ? undefined : this.cache.get(id);
    if (!session || session.expiresAt.getTime() <= now.getTime()) {
      const epoch = this.cache.epoch;
      session = await this.#byId.get({ id });
      if (!session) return null;
      this.cache.set(id, session, epoch);
    }
    if (!this.#isSecretOf(session, secret)) return null;
    if (session.expiresAt.getTime() <= now.getTime()) return null;
    return session;
  }

  /**
   * Whether `secret` is the session's: its hash against the stored one. The secret that matched a kept
   * session row is remembered with that row (dropped with it), so the next request compares strings in
   * constant time instead of hashing (a third of a kept page's session check, measured).
   */
  #isSecretOf(session: Session, secret: string): boolean {
    const known = this.#verified.get(session);
    if (known !== undefined) return sameString(known, secret);
    const given = new TextEncoder().encode(hashSecret(secret));
    if (!constantTimeEqual(given, new TextEncoder().encode(session.secretHash))) return false;
    this.#verified.set(session, secret);
    return true;
  }

  /**
   * A new token for a live session (clients refresh 2 minutes before expiry). Never past the absolute
   * end: after it, the user must sign in again. The old token lives on briefly for in-flight requests.
   */
  async refresh(session: Session, now = serverNow()): Promise<{ token: string; session: Session } | null> {
    if (session.absoluteExpiresAt.getTime() <= now.getTime()) return null;
    const next = await this.create({ ...session, absoluteExpiresAt: session.absoluteExpiresAt, now });
    const graceEnd = new Date(Math.min(session.expiresAt.getTime(), now.getTime() + ROTATION_GRACE_MS));
    await this.#setExpiry(session.id, graceEnd);
    this.cache.forget([session.id]);
    await Promise.all(this.#listeners.map((l) => l.rotated(session.id, next.session.id)));
    return next;
  }

  /**
   * A wall display's session (docs/decisions.md "Display sessions"): while the TV keeps using it, its
   * absolute end moves to `lifetimeMs` from now once less than half of that is left, so a TV in daily use
   * never signs out and one left off for the whole lifetime needs a person. Null when it has ended.
   */
  async renewAbsolute(session: Session, lifetimeMs: number, now = serverNow()): Promise<Session | null> {
    if (!this.renewalDue(session, lifetimeMs, now)) return session;
    const epoch = this.cache.epoch;
    const stored = await this.#byId.get({ id: session.id });
    if (!stored || stored.expiresAt.getTime() <= now.getTime()) return null;
    const absoluteExpiresAt = new Date(now.getTime() + lifetimeMs);
    const expiresAt = new Date(Math.max(stored.expiresAt.getTime(), now.getTime() + this.times.tokenTtlMs));
    await this.db.update(sessions).set({ absoluteExpiresAt, expiresAt }).where(eq(sessions.id, stored.id));
    const next = { ...stored, absoluteExpiresAt, expiresAt };
    this.cache.set(stored.id, next, epoch);
    return next;
  }

  /** The lifetime a display session renews to (the "keep me signed in" length). */
  /** Whether a browser request now would extend the session (extendIfStale writes). */
  isStale(session: Session, now = serverNow()): boolean {
    return session.expiresAt.getTime() - now.getTime() <= this.times.tokenTtlMs / 2;
  }

  /** Whether a display's request now would move its absolute end (renewAbsolute writes). */
  renewalDue(session: Session, lifetimeMs: number, now = serverNow()): boolean {
    return session.absoluteExpiresAt.getTime() - now.getTime() <= lifetimeMs / 2;
  }

  get displayLifetimeMs(): number {
    return this.times.keepLoggedInMs;
  }

  /**
   * Browser sessions slide: a request past half the token's life extends it, up to the absolute end.
   * The decision is taken on the stored row (another instance may have extended, rotated or ended it),
   * so it costs a read and a write once per half token life, not per request. Null when it has ended.
   */
  async extendIfStale(session: Session, now = serverNow()): Promise<Session | null> {
    if (!this.isStale(session, now)) return session;
    const epoch = this.cache.epoch;
    const stored = await this.#byId.get({ id: session.id });
    if (!stored || stored.expiresAt.getTime() <= now.getTime()) return null;
    let next = stored;
    const expiresAt = new Date(
      Math.min(now.getTime() + this.times.tokenTtlMs, stored.absoluteExpiresAt.getTime()),
    );
    if (this.isStale(stored, now) && expiresAt > stored.expiresAt) {
      await this.#setExpiry(stored.id, expiresAt, now);
      next = { ...stored, expiresAt, lastSeenAt: now };
    }
    this.cache.set(stored.id, next, epoch);
    return next;
  }

  /** Drops rows another instance changed (told through the push bus). */
  forget(ids: string[]) {
    this.cache.forget(ids);
  }

  /** Drops every row (this instance may have missed changes). */
  forgetAll() {
    this.cache.clear();
  }

  async invalidate(id: string) {
    await this.#end([id]);
  }

  async invalidateAllForUser(userId: number, exceptId?: string) {
    const all = await this.db.query.sessions.findMany({
      where: eq(sessions.userId, userId),
      columns: { id: true },
    });
    await this.#end(all.map((s) => s.id).filter((id) => id !== exceptId));
  }

  /** Ends every session working in a tenant (a forced total logout); returns how many ended. */
  async invalidateAllForTenant(tenantId: number, exceptId?: string): Promise<number> {
    const all = await this.db.query.sessions.findMany({
      where: eq(sessions.tenantId, tenantId),
      columns: { id: true },
    });
    const ids = all.map((s) => s.id).filter((id) => id !== exceptId);
    await this.#end(ids);
    return ids.length;
  }

  async #setExpiry(id: string, expiresAt: Date, lastSeenAt?: Date) {
    await this.db.update(sessions).set({ expiresAt, ...(lastSeenAt ? { lastSeenAt } : {}) })
      .where(eq(sessions.id, id));
  }

  /** A user's live sessions, newest sign-in first (their "Your sessions" list). */
  async ofUser(userId: number, now = serverNow()): Promise<Session[]> {
    const rows = await this.db.select().from(sessions)
      .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)));
    return rows.toSorted((a, b) =>
      (b.signedInAt ?? b.createdAt).getTime() - (a.signedInAt ?? a.createdAt).getTime()
    );
  }

  async #end(ids: string[]) {
    if (!ids.length) return;
    await this.db.delete(sessions).where(inArray(sessions.id, ids));
    this.cache.forget(ids);
    await Promise.all(this.#listeners.map((l) => l.ended(ids)));
  }

  async deleteExpired(now = serverNow()) {
    await this.db.delete(sessions).where(and(lt(sessions.expiresAt, now)));
  }
}

/** Two strings compared in time that depends on their lengths only, never on where they differ. */
function sameString(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}
