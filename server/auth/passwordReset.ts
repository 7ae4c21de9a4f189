/**
 * "Forgot password" (issue 19 §3, spec 1 §7 ForgotPassword, ResetPasswordAndLogin): a link by email,
 * good for one hour and one use, only its secret's SHA-256 stored. The answer to a request never says
 * whether the address has an account, and requests are limited per address and per client address.
 */
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { SmsSender } from "../mail/sms.ts";
import { samePhone } from "./phoneCodes.ts";
import type { ControlDb } from "../../db/client.ts";
import { passwordResets, users } from "../../db/control/schema.ts";
import { ApiError } from "../http/errors.ts";
import { serverNow } from "../clock.ts";
import type { Mailer } from "../mail/mailer.ts";
import { hashPassword } from "./password.ts";
import { BoundedCache } from "./cache.ts";
import { hashSecret as hash, isLinkSecret, newLinkSecret } from "./tokens.ts";

export const RESET_LIFETIME_MS = 60 * 60_000;
/** Links mailed per address, and requests per client address, in an hour. */
export const RESET_LIMITS = { perEmail: 3, perIp: 20, windowMs: 60 * 60_000 };

const INVALID = "This link is not valid any more (used, expired or mistyped): ask for a new one.";

export class PasswordResets {
  readonly #counts = new BoundedCache<string, number>(100_000, RESET_LIMITS.windowMs);

  constructor(
    private readonly db: ControlDb,
    private readonly mail: Mailer,
    private readonly sms: SmsSender,
  ) {}

  /**
   * Mails a reset link to `userName` when it is an enabled account's email, or texts it when it is an
   * account's verified mobile (+61…); the same quiet answer either way. Too many requests answer 429 (for
   * every address alike, so that tells nothing either). Without `origin` (PUBLIC_URL unset) no link is
   * made or sent, and the log says why: a link must never take the request's own host.
   */
  async request(userName: string, ip: string, origin: string | null, now = serverNow()) {
    const byPhone = userName.trim().startsWith("+");
    const address = byPhone ? samePhone(userName) : userName.trim().toLowerCase();
    if (
      !this.#allow(`ip:${ip}`, RESET_LIMITS.perIp) ||
      !this.#allow(`email:${address}`, RESET_LIMITS.perEmail)
    ) {
      throw new ApiError(429, "Too many requests: try again in an hour.", {
        headers: { "Retry-After": String(Math.ceil(RESET_LIMITS.windowMs / 1000)) },
      });
    }
    const [user] = await this.db.select().from(users).where(
      byPhone
        ? and(
          eq(sql`replace(replace(${users.phone}, ' ', ''), '-', '')`, address),
          eq(users.isPhoneVerified, true),
        )
        : eq(users.email, address),
    ).limit(1);
    if (!user || user.isDisabled) return;
    if (!origin) {
      console.warn("A password-reset link was asked for, but PUBLIC_URL is not set: no link was sent.");
      return;
    }
    const secret = newLinkSecret();
    await this.db.insert(passwordResets).values({
      userId: user.id,
      tokenHash: hash(secret),
      expiresAt: new Date(now.getTime() + RESET_LIFETIME_MS),
    });
    const link = `${origin}/login/forgotpassword?token=${secret}`;
    if (byPhone) {
      await this.sms.send({
        to: user.phone,
        text: `Abattoir Manager: choose a new password at ${link} (works once, for an hour). ` +
          `Did not ask? Ignore this.`,
      });
      return;
    }
    await this.mail.send({
      to: user.email,
      subject: "Reset your Abattoir Manager password",
      text: `Hello ${user.firstName || user.email},\n\n` +
        `Someone (we hope you) asked to reset the password of this account. Choose a new one here:\n\n` +
        `${link}\n\nThe link works once, for an hour. If you did not ask, ignore this mail: ` +
        `your password stays as it is.\n`,
    });
  }

  /** Whether `token` is a live link (the page asks before showing the form). */
  async isLive(token: string, now = serverNow()) {
    return Boolean(await this.#live(token, now));
  }

  /** Sets the new password through a live link and uses it up; answers the user's id. */
  async reset(token: string, newPassword: string, now = serverNow()): Promise<number> {
    const row = await this.#live(token, now);
    if (!row) throw ApiError.validation([{ field: "token", message: INVALID }]);
    const passwordHash = await hashPassword(newPassword);
    const used = await this.db.transaction(async (tx) => {
      // used up first: of two racing uses only one finds it unused
      const taken = await tx.update(passwordResets).set({ usedAt: now })
        .where(and(eq(passwordResets.id, row.id), isNull(passwordResets.usedAt))).returning();
      if (!taken.length) return false;
      await tx.update(users).set({ passwordHash, isPasswordUpdated: true, lastModified: now.toISOString() })
        .where(eq(users.id, row.userId));
      // every other link of the account goes too
      await tx.update(passwordResets).set({ usedAt: now })
        .where(and(eq(passwordResets.userId, row.userId), isNull(passwordResets.usedAt)));
      return true;
    });
    if (!used) throw ApiError.validation([{ field: "token", message: INVALID }]);
    return row.userId;
  }

  async #live(token: string, now: Date) {
    if (!isLinkSecret(token)) return null;
    const [row] = await this.db.select().from(passwordResets).where(and(
      eq(passwordResets.tokenHash, hash(token)),
      isNull(passwordResets.usedAt),
      gt(passwordResets.expiresAt, now),
    ));
    return row ?? null;
  }

  #allow(key: string, max: number) {
    // a rate window: real elapsed time, whatever the server's clock says
    const n = (this.#counts.get(key) ?? 0) + 1;
    this.#counts.set(key, n, this.#counts.epoch);
    return n <= max;
  }
}
