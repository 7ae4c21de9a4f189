import { and, eq, TransactionRollbackError } from "drizzle-orm";
import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import type { ControlDb } from "../../db/client.ts";
import { memberships, tenants, users } from "../../db/control/schema.ts";
import { ApiError } from "../http/errors.ts";
import { dummyPasswordHash, hashPassword, PASSWORD_RULE, verifyPassword } from "./password.ts";
import { LOGIN_LIMITS, LoginRateLimiter } from "./rateLimit.ts";
import { type Session, SessionStore } from "./sessions.ts";
import type { Caller } from "./userModel.ts";
import type { CallerCache } from "./callers.ts";
import type { Mailer } from "../mail/mailer.ts";
import { PasswordResets } from "./passwordReset.ts";
import { INVITE_INVALID, Invites } from "./invites.ts";
import { PhoneCodes } from "./phoneCodes.ts";
import type { SmsSender } from "../mail/sms.ts";
import type { OidcProviders, VerifiedIdentity } from "./oidc.ts";

export interface SignedIn {
  token: string;
  caller: Caller;
  /** after a sign-in with the password: the value for the device cookie (setDeviceCookie) */
  device?: string;
}

/** Sign-in, token refresh, impersonation and password changes: the rules of spec 1 §4 "Session". */
export class AuthService {
  readonly limiter = new LoginRateLimiter();

  readonly resets: PasswordResets;
  readonly invites: Invites;
  readonly phones: PhoneCodes;

  constructor(
    readonly db: ControlDb,
    readonly sessions: SessionStore,
    readonly callers: CallerCache,
    private readonly mail: Mailer,
    sms: SmsSender,
    readonly oidc: OidcProviders,
  ) {
    this.resets = new PasswordResets(db, mail, sms);
    this.invites = new Invites(db, mail);
    this.phones = new PhoneCodes(db, sms);
  }

  /**
   * Accepts an invitation (register/SignUp). Signed in as the invited address: the membership is added
   * and a session opens in that tenant. Not signed in: a new account is made with the given password; an
   * address that already has an account must sign in first (nobody takes over an account by invitation).
   */
  async signUp(
    input: {
      token: string;
      firstName: string;
      lastName: string;
      phone: string;
      password?: string;
      ip: string;
      userAgent?: string;
      localLoginDate?: string | null;
    },
    caller: Caller | null,
  ): Promise<SignedIn> {
    const found = await this.invites.describe(input.token);
    if (!found) throw ApiError.validation([{ field: "token", message: INVITE_INVALID }]);
    const { invite } = found;
    if (caller) {
      if (caller.user.email !== invite.email) {
        throw ApiError.forbidden(
          `This invitation is for ${invite.email}: sign out, then open the link again to accept it.`,
        );
      }
      const ok = await this.db.transaction((tx) => this.invites.accept(tx, invite.id, caller.user.id));
      if (!ok) throw ApiError.validation([{ field: "token", message: INVITE_INVALID }]);
      await this.callers.changed({ userIds: [caller.user.id] });
      const fresh = await this.callers.get(caller.session, true);
      return await this.enterTenant(fresh ?? caller, invite.tenantId, input.localLoginDate);
    }
    if (found.accountExists) {
      throw ApiError.conflict(`An account already uses ${invite.email}: sign in to accept the invitation.`);
    }
    const missing = [
      !input.firstName && { field: "firstName", message: "Enter your first name." },
      !input.lastName && { field: "lastName", message: "Enter your last name." },
      (input.password ?? "").length < PASSWORD_RULE.minLength &&
      { field: "password", message: `Choose a password of at least ${PASSWORD_RULE.minLength} characters.` },
    ].filter((e) => e !== false);
    if (missing.length) throw ApiError.validation(missing);
    const passwordHash = await hashPassword(input.password!);
    const userId = await this.db.transaction(async (tx) => {
      const [created] = await tx.insert(users).values({
        email: invite.email,
        firstName: input.firstName,
        lastName: input.lastName,
        phone: input.phone,
        passwordHash,
        isPasswordUpdated: true,
      }).onConflictDoNothing().returning({ id: users.id });
      if (!created || !(await this.invites.accept(tx, invite.id, created.id))) {
        tx.rollback(); // raced by another sign-up with the same link or address
      }
      return created.id;
    }).catch((error) => {
      if (error instanceof TransactionRollbackError) return null;
      throw error;
    });
    if (!userId) throw ApiError.validation([{ field: "token", message: INVITE_INVALID }]);
    return await this.#signIn(userId, invite.tenantId, input);
  }

  /**
   * Signs in with an email an identity provider verified (issue 19 §4): the account that uses it, or, with
   * none, the newest open invitation to it (the account is made then, with a password nobody knows until
   * "Forgot password" sets one). Nobody else gets in: no account, no invitation, no entry.
   */
  async signInWithIdentity(
    identity: VerifiedIdentity,
    input: { ip: string; userAgent?: string; localLoginDate?: string | null },
  ): Promise<SignedIn> {
    const user = await this.db.query.users.findFirst({ where: eq(users.email, identity.email) });
    if (user) return await this.#signIn(user.id, await this.#tenantToOpen(user), input);
    const invite = await this.invites.liveFor(identity.email);
    if (!invite) {
      throw ApiError.forbidden(
        `No account uses ${identity.email}. Ask your organisation's administrator to invite you.`,
      );
    }
    const passwordHash = await hashPassword(crypto.randomUUID() + crypto.randomUUID());
    const userId = await this.db.transaction(async (tx) => {
      const [created] = await tx.insert(users).values({
        email: identity.email,
        firstName: identity.givenName || invite.firstName,
        lastName: identity.familyName || invite.lastName,
        passwordHash,
        isPasswordUpdated: true,
      }).onConflictDoNothing().returning({ id: users.id });
      if (!created || !(await this.invites.accept(tx, invite.id, created.id))) tx.rollback();
      return created.id;
    }).catch((error) => {
      if (error instanceof TransactionRollbackError) return null;
      throw error;
    });
    if (!userId) throw ApiError.conflict("That sign-in raced another: sign in again.");
    return await this.#signIn(userId, invite.tenantId, input);
  }

  /** Tells the account's owner their password changed (so a change they did not make is noticed). */
  async #tellPasswordChanged(user: { email: string; firstName: string }, how: string) {
    await this.mail.send({
      to: user.email,
      subject: "Your Abattoir Manager password was changed",
      text: `Hello ${user.firstName || user.email},\n\nThe password of your account was changed ${how} on ` +
        `${new Date().toUTCString()}. Your other sessions were signed out.\n\nIf this was not you, use ` +
        `"Forgot your password?" on the sign-in page at once and tell your site administrator.\n`,
    }).catch((error) => console.warn("password-changed mail not sent:", error));
  }

  /**
   * Sets a new password through a "forgot password" link and signs in with it: every other session of
   * the account ends (whoever knew the old password is out).
   */
  async resetPasswordAndLogin(
    input: {
      token: string;
      newPassword: string;
      ip: string;
      userAgent?: string;
      localLoginDate?: string | null;
    },
  ): Promise<SignedIn> {
    const userId = await this.resets.reset(input.token, input.newPassword);
    await this.sessions.invalidateAllForUser(userId);
    await this.callers.changed({ userIds: [userId] });
    const [user] = await this.db.select().from(users).where(eq(users.id, userId));
    await this.#tellPasswordChanged(user, "through a reset link");
    return await this.#signIn(userId, await this.#tenantToOpen(user), input);
  }

  /**
   * Signs in with email and password. `device` is the device cookie the request brought: a device the
   * account signed in on before passes the account's cap on failures (rateLimit.ts).
   */
  async login(
    input: {
      email: string;
      password: string;
      keepLoggedIn: boolean;
      localLoginDate?: string | null;
      ip: string;
      device?: string | null;
      userAgent?: string;
    },
  ): Promise<SignedIn> {
    const email = input.email.trim().toLowerCase();
    const knownDevice = this.limiter.isKnownDevice(email, input.device);
    const wait = this.limiter.retryAfter(email, input.ip, knownDevice);
    if (wait) throw new ApiError(429, undefined, { headers: { "Retry-After": String(wait) } });

    const user = await this.db.query.users.findFirst({ where: eq(users.email, email) });
    const ok = await verifyPassword(user?.passwordHash ?? await dummyPasswordHash(), input.password);
    if (!user || !ok) {
      this.limiter.recordFailure(email, input.ip);
      throw ApiError.unauthenticated("The email or password is incorrect.");
    }
    // told only to someone who knows the password; not a failure to count
    const tenantId = await this.#tenantToOpen(user);
    this.limiter.recordSuccess(email, input.ip);
    const signedIn = await this.#signIn(user.id, tenantId, input, input.keepLoggedIn);
    return { ...signedIn, device: this.limiter.rememberDevice(email, input.device) };
  }

  /** The tenant a sign-in opens: the default membership, else the first active one. */
  async homeTenantOf(userId: number): Promise<number | null> {
    const rows = await this.db.select({ tenantId: memberships.tenantId, isDefault: memberships.isDefault })
      .from(memberships).innerJoin(tenants, eq(tenants.id, memberships.tenantId))
      .where(and(eq(memberships.userId, userId), eq(tenants.isActive, true))).orderBy(memberships.id);
    return (rows.find((r) => r.isDefault) ?? rows[0])?.tenantId ?? null;
  }

  async refresh(caller: Caller): Promise<SignedIn> {
    const next = await this.sessions.refresh(caller.session);
    if (!next) throw ApiError.unauthenticated("logged out");
    return { token: next.token, caller: { ...caller, session: next.session } };
  }

  /** Super users only: a new session working in another tenant with the super role. */
  impersonate(caller: Caller, tenantId: number, localLoginDate?: string | null): Promise<SignedIn> {
    if (!caller.memberships.some((m) => m.roleLevel === "super")) throw ApiError.forbidden();
    return this.enterTenant(caller, tenantId, localLoginDate);
  }

  /**
   * A new session in another tenant: one the user belongs to (their role there), or any tenant for a
   * super user (impersonation, keeping the super role). The old session ends.
   */
  async enterTenant(caller: Caller, tenantId: number, localLoginDate?: string | null): Promise<SignedIn> {
    const isSuper = caller.memberships.some((m) => m.roleLevel === "super");
    if (!isSuper && !caller.memberships.some((m) => m.tenantId === tenantId)) throw ApiError.forbidden();
    const tenant = await this.db.query.tenants.findFirst({ where: eq(tenants.id, tenantId) });
    if (!tenant || !tenant.isActive) throw ApiError.notFound("That organisation does not exist.");
    const isMember = caller.memberships.some((m) => m.tenantId === tenantId);
    const signedIn = await this.#open({
      userId: caller.user.id,
      tenantId,
      keepLoggedIn: caller.session.keepLoggedIn,
      impersonating: !isMember,
      localLoginDate,
      absoluteExpiresAt: caller.session.absoluteExpiresAt,
      // the same sign-in, working elsewhere
      userAgent: caller.session.userAgent,
      ipAddress: caller.session.ipAddress,
      signedInAt: caller.session.signedInAt,
    });
    await this.sessions.invalidate(caller.session.id);
    return signedIn;
  }

  async logout(session: Session) {
    await this.sessions.invalidate(session.id);
  }

  /**
   * Changes the caller's password. The old password is required unless the user is still on a temporary
   * password (the forced change after an admin set one). Other sessions of the user end.
   */
  async changePassword(
    caller: Caller,
    input: { oldPassword?: string; newPassword: string },
    temporaryFlow: boolean,
  ) {
    if (temporaryFlow && caller.user.isPasswordUpdated) {
      throw ApiError.conflict(
        "The password has already been changed; use Change password with the old password.",
      );
    }
    if (!temporaryFlow) {
      if (!input.oldPassword || !(await verifyPassword(caller.user.passwordHash, input.oldPassword))) {
        throw ApiError.validation([{ field: "oldPassword", message: "The old password is incorrect." }]);
      }
    }
    if (input.oldPassword && input.oldPassword === input.newPassword) {
      throw ApiError.validation([{
        field: "newPassword",
        message: "Choose a password different from the old one.",
      }]);
    }
    await this.db.update(users).set({
      passwordHash: await hashPassword(input.newPassword),
      isPasswordUpdated: true,
      lastModified: new Date().toISOString(),
    }).where(eq(users.id, caller.user.id));
    await this.sessions.invalidateAllForUser(caller.user.id, caller.session.id);
    await this.callers.changed({ userIds: [caller.user.id] });
    // a first password replacing a temporary one is no news to anyone
    if (!temporaryFlow) await this.#tellPasswordChanged(caller.user, "from the Change password page");
  }

  /** The tenant a sign-in of this account opens; a disabled account, or one in no active tenant, stays out. */
  async #tenantToOpen(user: { id: number; isDisabled: boolean }): Promise<number> {
    if (user.isDisabled) {
      throw ApiError.forbidden("This account is disabled. Ask an administrator of your organisation.");
    }
    const tenantId = await this.homeTenantOf(user.id);
    if (!tenantId) throw ApiError.forbidden("This account does not belong to any active organisation.");
    return tenantId;
  }

  /** A new session from a sign-in request: from its address, browser and local date. */
  #signIn(
    userId: number,
    tenantId: number,
    input: { ip: string; userAgent?: string; localLoginDate?: string | null },
    keepLoggedIn = false,
  ): Promise<SignedIn> {
    return this.#open({
      userId,
      tenantId,
      keepLoggedIn,
      localLoginDate: input.localLoginDate,
      userAgent: input.userAgent,
      ipAddress: input.ip,
    });
  }

  async #open(input: Parameters<SessionStore["create"]>[0]): Promise<SignedIn> {
    const { token, session } = await this.sessions.create(input);
    // a sign-in reads afresh (and keeps it for the requests that follow)
    const caller = await this.callers.get(session, true);
    if (!caller) {
      await this.sessions.invalidate(session.id);
      throw ApiError.forbidden();
    }
    return { token, caller };
  }
}

export const DEVICE_COOKIE = "device";

/** The device cookie a sign-in request brought, if any. */
export function getDeviceCookie(c: Context): string | undefined {
  return getCookie(c, DEVICE_COOKIE);
}

/**
 * The known-device cookie: HttpOnly and SameSite=Lax like the session cookie, sent only to the sign-in
 * paths, kept as long as a device is remembered. It proves only that an account signed in on it before.
 */
export function setDeviceCookie(c: Context, token: string) {
  const secure = c.get("app")?.config.COOKIE_SECURE ?? "auto"; // the session cookie's rule
  setCookie(c, DEVICE_COOKIE, token, {
    httpOnly: true,
    sameSite: "Lax",
    secure: secure === "auto"
      ? new URL(c.req.url).protocol === "https:" || c.req.header("x-forwarded-proto") === "https"
      : secure === "true",
    path: "/login",
    maxAge: Math.floor(LOGIN_LIMITS.deviceLifeMs / 1000),
  });
}
