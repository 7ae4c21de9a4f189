/**
 * Phone verification (issue 19 §5, spec 1 §2 and §5): a six-digit code texted to an international number,
 * good for ten minutes and five tries, used once. The right code makes the number the account's mobile,
 * verified. A new code replaces the last one (the page's "new code" link); at most five codes an hour.
 */
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { ControlDb } from "../../db/client.ts";
import { phoneCodes, users } from "../../db/control/schema.ts";
import { ApiError } from "../http/errors.ts";
import { serverNow } from "../clock.ts";
import type { SmsSender } from "../mail/sms.ts";
import { hashSecret } from "./tokens.ts";

export const PHONE_CODE = { length: 6, lifetimeMs: 10 * 60_000, tries: 5, perHour: 5 } as const;
export const CODE_INCORRECT = "Your code was incorrect";

/** "+61 400 000 000" and "+61400000000" are one number. */
export const samePhone = (phone: string) => phone.replace(/[\s-]/g, "");

export class PhoneCodes {
  constructor(private readonly db: ControlDb, private readonly sms: SmsSender) {}

  /** Texts a new code to `phone` for the user; the previous code stops working. */
  async send(userId: number, phone: string, now = serverNow()) {
    const hourAgo = new Date(now.getTime() - 60 * 60_000);
    const [{ recent }] = await this.db.select({ recent: sql<number>`count(*)` }).from(phoneCodes)
      .where(and(eq(phoneCodes.userId, userId), gt(phoneCodes.createdAt, hourAgo.toISOString())));
    if (recent >= PHONE_CODE.perHour) {
      throw new ApiError(429, "Five codes were sent in the last hour: try again later.", {
        headers: { "Retry-After": "3600" },
      });
    }
    const code = String(crypto.getRandomValues(new Uint32Array(1))[0] % 10 ** PHONE_CODE.length)
      .padStart(PHONE_CODE.length, "0");
    const expiresAt = new Date(now.getTime() + PHONE_CODE.lifetimeMs);
    await this.db.transaction(async (tx) => {
      await tx.update(phoneCodes).set({ usedAt: now })
        .where(and(eq(phoneCodes.userId, userId), isNull(phoneCodes.usedAt)));
      await tx.insert(phoneCodes).values({
        userId,
        phone: phone.trim(),
        codeHash: hashSecret(`${userId}:${code}`),
        expiresAt,
        createdAt: now.toISOString(), // on the clock the hourly cap counts by
      });
    });
    await this.sms.send({
      to: phone,
      text: `Your Abattoir Manager code is ${code}. It works for 10 minutes. Nobody from the plant will ` +
        `ask you for it.`,
    }).catch((error) => {
      console.warn("phone code not sent:", error);
      throw new ApiError(503, "The text message could not be sent just now: try again in a few minutes.");
    });
    return { phone, expiresAt: expiresAt.toISOString() };
  }

  /** The number the user's live code went to, if any (the page's second step shows it). */
  async pending(userId: number, now = serverNow()) {
    const row = await this.#latest(userId, now);
    return row ? { phone: row.phone, expiresAt: row.expiresAt.toISOString() } : null;
  }

  /** Checks a code; right, the number becomes the account's verified mobile. */
  async verify(userId: number, phone: string, code: string, now = serverNow()) {
    const row = await this.#latest(userId, now);
    if (!row || samePhone(row.phone) !== samePhone(phone)) {
      throw ApiError.validation([{
        field: "code",
        message: "There is no live code for that number: ask for a new code.",
      }]);
    }
    if (row.attempts >= PHONE_CODE.tries) {
      throw ApiError.validation([{ field: "code", message: "Too many tries: ask for a new code." }]);
    }
    if (row.codeHash !== hashSecret(`${userId}:${code}`)) {
      await this.db.update(phoneCodes).set({ attempts: sql`${phoneCodes.attempts} + 1` })
        .where(eq(phoneCodes.id, row.id));
      throw ApiError.validation([{ field: "code", message: CODE_INCORRECT }]);
    }
    await this.db.transaction(async (tx) => {
      await tx.update(phoneCodes).set({ usedAt: now }).where(eq(phoneCodes.id, row.id));
      await tx.update(users).set({ phone, isPhoneVerified: true, lastModified: now.toISOString() })
        .where(eq(users.id, userId));
    });
  }

  async #latest(userId: number, now: Date) {
    return (await this.db.select().from(phoneCodes).where(and(
      eq(phoneCodes.userId, userId),
      isNull(phoneCodes.usedAt),
      gt(phoneCodes.expiresAt, now),
    )).orderBy(desc(phoneCodes.id)).limit(1).get()) ?? null;
  }
}
