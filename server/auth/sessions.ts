import { and, eq, inArray, lt } from "drizzle-orm";
import { sha256 } from "@oslojs/crypto/sha2";
import { constantTimeEqual } from "@oslojs/crypto/subtle";
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";
import type { ControlDb } from "../../db/client.ts";
import { sessions } from "../../db/control/schema.ts";

export type Session = typeof sessions.$inferSelect;

export interface SessionListener {
  ended(ids: string[]): void;
  rotated(from: string, to: string): void;
}

export interface SessionTimes {
  tokenTtlMs: number;
  autoLogoutMs: number;
  keepLoggedInMs: number;
}

/** When a refreshed token replaces an old one, the old stays valid this long for requests already in flight. */
const ROTATION_GRACE_MS = 30_000;

function randomPart(): string {
  return encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(20)));
}
const hashSecret = (secret: string) => encodeHexLowerCase(sha256(new TextEncoder().encode(secret)));

/**
 * Session tokens, after the Lucia guide: `<id>.<secret>`, 160 random bits each; the database keeps only
 * SHA-256(secret). The same token is the browser's HttpOnly cookie and an API client's bearer token.
 */
export class SessionStore {
  #listeners: SessionListener[] = [];

  constructor(private readonly db: ControlDb, readonly times: SessionTimes) {}

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
    now?: Date;
  }): Promise<{ token: string; session: Session }> {
    const now = input.now ?? new Date();
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
    };
    await this.db.insert(sessions).values(session);
    return { token: `${id}.${secret}`, session };
  }

  /** The live session a token names, or null (unknown, wrong secret, expired). */
  async validate(token: string, now = new Date()): Promise<Session | null> {
    const [id, secret, extra] = token.split(".");
    if (!id || !secret || extra !== undefined || id.length > 64 || secret.length > 64) return null;
    const session = await this.db.query.sessions.findFirst({ where: eq(sessions.id, id) });
    if (!session) return null;
    const given = new TextEncoder().encode(hashSecret(secret));
    if (!constantTimeEqual(given, new TextEncoder().encode(session.secretHash))) return null;
    if (session.expiresAt.getTime() <= now.getTime()) return null;
    return session;
  }

  /**
   * A new token for a live session (clients refresh 2 minutes before expiry). Never past the absolute
   * end: after it, the user must sign in again. The old token lives on briefly for in-flight requests.
   */
  async refresh(session: Session, now = new Date()): Promise<{ token: string; session: Session } | null> {
    if (session.absoluteExpiresAt.getTime() <= now.getTime()) return null;
    const next = await this.create({ ...session, absoluteExpiresAt: session.absoluteExpiresAt, now });
    const graceEnd = new Date(Math.min(session.expiresAt.getTime(), now.getTime() + ROTATION_GRACE_MS));
    await this.db.update(sessions).set({ expiresAt: graceEnd }).where(eq(sessions.id, session.id));
    for (const l of this.#listeners) l.rotated(session.id, next.session.id);
    return next;
  }

  /** Browser sessions slide: each request past half the token's life extends it, up to the absolute end. */
  async extendIfStale(session: Session, now = new Date()): Promise<Session> {
    const remaining = session.expiresAt.getTime() - now.getTime();
    if (remaining > this.times.tokenTtlMs / 2) return session;
    const expiresAt = new Date(
      Math.min(now.getTime() + this.times.tokenTtlMs, session.absoluteExpiresAt.getTime()),
    );
    if (expiresAt.getTime() <= session.expiresAt.getTime()) return session;
    await this.db.update(sessions).set({ expiresAt }).where(eq(sessions.id, session.id));
    return { ...session, expiresAt };
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

  async #end(ids: string[]) {
    if (!ids.length) return;
    await this.db.delete(sessions).where(inArray(sessions.id, ids));
    for (const l of this.#listeners) l.ended(ids);
  }

  async deleteExpired(now = new Date()) {
    await this.db.delete(sessions).where(and(lt(sessions.expiresAt, now)));
  }
}
