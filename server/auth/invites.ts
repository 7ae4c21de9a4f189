/**
 * Invitations (issue 19 §1, spec 1 §7 register/GenerateInviteLink, HandleInvite, SignUp): an admin invites
 * an address into their tenant with a role and the species and sites it may use. The link works once, for
 * seven days; only its secret's SHA-256 is kept. A newer invitation to the same address in the same tenant
 * replaces the older one; an admin can withdraw one that is still open.
 */
import { and, desc, eq, gt, isNull } from "drizzle-orm";
import type { ControlDb } from "../../db/client.ts";
import { invites, memberships, tenants, users, userSettings } from "../../db/control/schema.ts";
import { ApiError } from "../http/errors.ts";
import { serverNow } from "../clock.ts";
import type { Mailer } from "../mail/mailer.ts";
import { roleLabel } from "../access/roles.ts";
import { hashSecret, isLinkSecret, newLinkSecret } from "./tokens.ts";

export const INVITE_LIFETIME_MS = 7 * 24 * 60 * 60_000;
/** Open invitations one tenant can have: the list is bounded. */
export const OPEN_INVITES_MAX = 200;

export const INVITE_INVALID =
  "This invitation is not valid any more (used, withdrawn, expired or mistyped): ask for a new one.";

export interface InviteInput {
  tenantId: number;
  inviter: { id: number; name: string };
  email: string;
  firstName: string;
  lastName: string;
  roleLevel: string;
  allowedSpeciesIds: number[];
  allowedTenantSiteIds: number[];
  /** the invoicing user setting accepting writes; empty = all of their species */
  invoicingSpeciesIds?: number[];
}

type Tx = Parameters<Parameters<ControlDb["transaction"]>[0]>[0];

export class Invites {
  constructor(private readonly db: ControlDb, private readonly mail: Mailer) {}

  /**
   * Records an invitation and mails its link; answers the link too (the admin may pass it on). Without
   * `origin` (PUBLIC_URL unset) nothing is mailed, the log says why, and the admin gets the link's path.
   */
  async create(input: InviteInput, origin: string | null, now = serverNow()) {
    const email = input.email.trim().toLowerCase();
    const member = await this.db.select({ id: users.id }).from(users)
      .innerJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.tenantId, input.tenantId)))
      .where(eq(users.email, email)).get();
    if (member) {
      throw ApiError.validation([{
        field: "email",
        message: "That person is already in your organisation.",
      }]);
    }
    const open = await this.pending(input.tenantId, now);
    if (open.length >= OPEN_INVITES_MAX && !open.some((i) => i.email === email)) {
      throw ApiError.conflict(
        `Your organisation has ${OPEN_INVITES_MAX} open invitations: withdraw some before sending more.`,
      );
    }
    const tenant = await this.db.select({ name: tenants.name }).from(tenants)
      .where(eq(tenants.id, input.tenantId)).get();
    const secret = newLinkSecret();
    const expiresAt = new Date(now.getTime() + INVITE_LIFETIME_MS);
    const row = await this.db.transaction(async (tx) => {
      // the newest invitation to an address is the one that counts
      await tx.update(invites).set({ withdrawnAt: now }).where(and(
        eq(invites.tenantId, input.tenantId),
        eq(invites.email, email),
        isNull(invites.acceptedAt),
        isNull(invites.withdrawnAt),
      ));
      const [created] = await tx.insert(invites).values({
        tenantId: input.tenantId,
        email,
        firstName: input.firstName,
        lastName: input.lastName,
        roleLevel: input.roleLevel,
        allowedSpeciesIds: input.allowedSpeciesIds,
        allowedTenantSiteIds: input.allowedTenantSiteIds,
        invoicingSpeciesIds: input.invoicingSpeciesIds ?? [],
        tokenHash: hashSecret(secret),
        createdByUserId: input.inviter.id,
        expiresAt,
      }).returning({ id: invites.id });
      return created;
    });
    const link = `${origin ?? ""}/register/handleinvite?token=${secret}`;
    if (!origin) {
      console.warn(
        `PUBLIC_URL is not set: the invitation to ${email} was not mailed (its admin has the link).`,
      );
      return { id: row.id, email, link, expiresAt: expiresAt.toISOString() };
    }
    const greeting = input.firstName ? `Hello ${input.firstName},` : "Hello,";
    await this.mail.send({
      to: email,
      subject: `${input.inviter.name} invited you to ${tenant?.name ?? "Abattoir Manager"}`,
      text: `${greeting}\n\n${input.inviter.name} invited you to join ${tenant?.name} on Abattoir Manager ` +
        `as ${roleLabel(input.roleLevel)}. Accept here:\n\n${link}\n\n` +
        `The link works once, for seven days. If you did not expect this, ignore this mail.\n`,
    });
    return { id: row.id, email, link, expiresAt: expiresAt.toISOString() };
  }

  /** The tenant's invitations still open (not used, withdrawn or expired), newest first. */
  async pending(tenantId: number, now = serverNow()) {
    const rows = await this.db.select({
      id: invites.id,
      email: invites.email,
      firstName: invites.firstName,
      lastName: invites.lastName,
      roleLevel: invites.roleLevel,
      expiresAt: invites.expiresAt,
      createdAt: invites.createdAt,
      invitedBy: users.firstName,
      invitedByLast: users.lastName,
    }).from(invites).leftJoin(users, eq(users.id, invites.createdByUserId))
      .where(and(
        eq(invites.tenantId, tenantId),
        isNull(invites.acceptedAt),
        isNull(invites.withdrawnAt),
        gt(invites.expiresAt, now),
      )).orderBy(desc(invites.id)).limit(OPEN_INVITES_MAX);
    return rows.map(({ invitedBy, invitedByLast, expiresAt, ...r }) => ({
      ...r,
      expiresAt: expiresAt.toISOString(),
      invitedBy: `${invitedBy ?? ""} ${invitedByLast ?? ""}`.trim() || "—",
    }));
  }

  /** Withdraws an open invitation of the tenant (another tenant's is not there for it). */
  async withdraw(tenantId: number, id: number, now = serverNow()) {
    const done = await this.db.update(invites).set({ withdrawnAt: now }).where(and(
      eq(invites.id, id),
      eq(invites.tenantId, tenantId),
      isNull(invites.acceptedAt),
      isNull(invites.withdrawnAt),
    )).returning({ id: invites.id });
    if (!done.length) throw ApiError.notFound("That invitation is not open any more.");
  }

  /** What a live link invites to (the page shows it before anyone signs up), or null. */
  async describe(token: string, now = serverNow()) {
    const row = await this.#live(token, now);
    if (!row) return null;
    const [tenant, inviter, account] = await Promise.all([
      this.db.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, row.tenantId)).get(),
      row.createdByUserId
        ? this.db.select({ firstName: users.firstName, lastName: users.lastName }).from(users)
          .where(eq(users.id, row.createdByUserId)).get()
        : undefined,
      this.db.select({ id: users.id }).from(users).where(eq(users.email, row.email)).get(),
    ]);
    return {
      invite: row,
      tenantName: tenant?.name ?? "",
      invitedBy: inviter ? `${inviter.firstName} ${inviter.lastName}`.trim() : "",
      accountExists: Boolean(account),
    };
  }

  /**
   * Uses up a live invitation for `userId` inside `tx` and gives them the membership it names; false when
   * it is not live any more (of two racing uses only one wins).
   */
  async accept(tx: Tx, inviteId: number, userId: number, now = serverNow()): Promise<boolean> {
    const [row] = await tx.update(invites).set({ acceptedAt: now, acceptedByUserId: userId }).where(and(
      eq(invites.id, inviteId),
      isNull(invites.acceptedAt),
      isNull(invites.withdrawnAt),
      gt(invites.expiresAt, now),
    )).returning();
    if (!row) return false;
    const already = await tx.select({ id: memberships.id }).from(memberships)
      .where(and(eq(memberships.userId, userId), eq(memberships.tenantId, row.tenantId))).get();
    if (already) return true; // joined meanwhile (an admin added them): the membership stays as it is
    const first = !(await tx.select({ id: memberships.id }).from(memberships)
      .where(eq(memberships.userId, userId)).get());
    await tx.insert(memberships).values({
      userId,
      tenantId: row.tenantId,
      roleLevel: row.roleLevel,
      isDefault: first,
    });
    await tx.insert(userSettings).values([
      {
        userId,
        tenantId: row.tenantId,
        settingType: "species",
        value: { allowedSpeciesIds: row.allowedSpeciesIds },
      },
      {
        userId,
        tenantId: row.tenantId,
        settingType: "tenantSite",
        value: { allowedTenantSiteIds: row.allowedTenantSiteIds },
      },
      {
        userId,
        tenantId: row.tenantId,
        settingType: "invoicing",
        value: { allowedSpeciesIds: row.invoicingSpeciesIds },
      },
    ]).onConflictDoNothing();
    return true;
  }

  /** The newest live invitation to an address (a verified sign-in elsewhere may take it up), or null. */
  async liveFor(email: string, now = serverNow()) {
    return (await this.db.select().from(invites).where(and(
      eq(invites.email, email),
      isNull(invites.acceptedAt),
      isNull(invites.withdrawnAt),
      gt(invites.expiresAt, now),
    )).orderBy(desc(invites.id)).limit(1).get()) ?? null;
  }

  async #live(token: string, now: Date) {
    if (!isLinkSecret(token)) return null;
    return (await this.db.select().from(invites).where(and(
      eq(invites.tokenHash, hashSecret(token)),
      isNull(invites.acceptedAt),
      isNull(invites.withdrawnAt),
      gt(invites.expiresAt, now),
    )).get()) ?? null;
  }
}
