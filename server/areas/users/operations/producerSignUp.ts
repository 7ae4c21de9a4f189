/**
 * A producer's sign-up through a processor's emailed link invitation (issue 44 §1): into a NEW producer
 * tenant (farm name, ABN optional, the person's name and password, or their signed-in account), or into
 * an EXISTING producer tenant they administer. The control database is written in one transaction (the
 * tenant, its first user and membership, the link claimed): a failure there leaves nothing. Then the new
 * tenant's database is made, the sign-up audited there, and the processor's suppliers marked as linked
 * (isTenant) in one unit of the processor's database.
 */
import { eq } from "drizzle-orm";
import { memberships, tenantProfiles, tenants, tenantSpecies, users } from "../../../../db/control/schema.ts";
import type { AppServices } from "../../../env.ts";
import type { Caller } from "../../../auth/userModel.ts";
import type { SignedIn } from "../../../auth/service.ts";
import { hashPassword, PASSWORD_RULE } from "../../../auth/password.ts";
import { ApiError } from "../../../http/errors.ts";
import { insertTenantRows } from "../../../tenants.ts";
import { areaContext } from "../../context.ts";
import { abnProblem } from "../../settings/rules.ts";
import { claimInvitedLink, invitedLink, markClaimedSuppliers } from "../../producer/writes.ts";
import type { In } from "../../areaApi.ts";
import type { ProducerSignUpBody } from "../schemas.ts";

export const LINK_CODE_INVALID =
  "That code is not valid any more (used, ended, expired or mistyped): ask the processor for a new invitation.";

type Body = In<typeof ProducerSignUpBody>;
type Found = NonNullable<Awaited<ReturnType<typeof invitedLink>>>;
interface Request {
  ip: string;
  userAgent: string;
  localLoginDate: string;
}

const codeInvalid = () => ApiError.validation([{ field: "code", message: LINK_CODE_INVALID }]);

/** Signs the producer up (or in) and answers the session in the producer tenant the link now belongs to. */
export async function producerSignUp(
  app: AppServices,
  caller: Caller | null,
  body: Body,
  request: Request,
): Promise<SignedIn> {
  const found = await invitedLink(app.db.control, body.code);
  if (!found) throw codeInvalid();
  const tenantId = body.producerTenantId
    ? await intoExistingTenant(app, caller, body.producerTenantId, found)
    : await intoNewTenant(app, caller, body, found);
  const signedIn = caller
    ? await enter(app, caller, tenantId, request.localLoginDate)
    : await app.auth.login({
      email: found.link.inviteEmail,
      password: body.password!,
      keepLoggedIn: false,
      ...request,
    });
  const ctx = await areaContext(app, signedIn.caller, request.localLoginDate);
  await ctx.write((_, unit) =>
    unit.audit({
      entity: "producerLink",
      entityId: found.link.id,
      action: body.producerTenantId ? "accept" : "signUp",
      after: {
        processor: found.processorName,
        supplierIds: found.link.supplierIds,
        scopes: found.link.scopes,
      },
      reason: `Invitation from ${found.processorName} to ${found.link.inviteEmail}`,
    })
  );
  await markClaimedSuppliers(ctx, found.link);
  return signedIn;
}

/** The caller must administer that producer tenant (403 otherwise: nobody joins a farm by a code). */
async function intoExistingTenant(app: AppServices, caller: Caller | null, tenantId: number, found: Found) {
  const member = caller?.memberships.find((m) => m.tenantId === tenantId && m.roleLevel === "admin");
  const [tenant] = await app.db.control.select({ category: tenants.category }).from(tenants)
    .where(eq(tenants.id, tenantId));
  if (!member || tenant?.category !== "producer") {
    throw ApiError.forbidden("Only an administrator of that farm can link it to a processor.");
  }
  const claimed = await app.db.control.transaction((tx) => claimInvitedLink(tx, found.link, tenantId));
  if (!claimed) throw codeInvalid();
  return tenantId;
}

/** 400 with every missing or wrong field before anything is written. */
async function checkNewTenant(app: AppServices, caller: Caller | null, body: Body) {
  const abn = body.abn ? abnProblem(body.abn) : null;
  const errors = [
    !body.farmName && { field: "farmName", message: "Enter the farm's name." },
    abn && { field: "abn", message: abn },
    !caller && !body.firstName && { field: "firstName", message: "Enter your first name." },
    !caller && !body.lastName && { field: "lastName", message: "Enter your last name." },
    !caller && (body.password ?? "").length < PASSWORD_RULE.minLength &&
    { field: "password", message: `Choose a password of at least ${PASSWORD_RULE.minLength} characters.` },
  ].filter((e) => e !== false && e !== null && e !== "");
  if (errors.length) throw ApiError.validation(errors as { field: string; message: string }[]);
  const [taken] = await app.db.control.select({ id: tenants.id }).from(tenants)
    .where(eq(tenants.name, body.farmName));
  if (taken) {
    throw ApiError.validation([{
      field: "farmName",
      message: "An organisation already uses that name: add the district or PIC to tell it apart.",
    }]);
  }
}

async function intoNewTenant(app: AppServices, caller: Caller | null, body: Body, found: Found) {
  await checkNewTenant(app, caller, body);
  const passwordHash = caller ? "" : await hashPassword(body.password!);
  const species = await app.db.control.select({ id: tenantSpecies.speciesId }).from(tenantSpecies)
    .where(eq(tenantSpecies.tenantId, found.link.processorTenantId));
  const tenantId = await app.db.control.transaction(async (tx) => {
    const id = await insertTenantRows(tx, {
      name: body.farmName,
      category: "producer",
      sites: [body.farmName],
      speciesIds: species.map((s) => s.id),
      modules: ["farmer"],
    });
    if (body.abn) {
      await tx.insert(tenantProfiles).values({
        tenantId: id,
        abn: body.abn.replace(/\s/g, ""),
        lastModified: new Date().toISOString(),
        modifiedBy: caller ? caller.user.email : found.link.inviteEmail,
      });
    }
    const userId = caller?.user.id ?? await newUser(tx, found.link.inviteEmail, body, passwordHash);
    await tx.insert(memberships).values({ userId, tenantId: id, roleLevel: "admin", isDefault: !caller });
    if (!(await claimInvitedLink(tx, found.link, id))) throw codeInvalid();
    return id;
  });
  await app.db.tenantDb(tenantId); // the farm's own database, migrated
  return tenantId;
}

type ControlTx = Parameters<Parameters<AppServices["db"]["control"]["transaction"]>[0]>[0];

/** The account; an address that has one already signs in first (409, and the transaction is undone). */
async function newUser(tx: ControlTx, email: string, body: Body, passwordHash: string) {
  const [created] = await tx.insert(users).values({
    email,
    firstName: body.firstName,
    lastName: body.lastName,
    phone: body.phone,
    passwordHash,
    isPasswordUpdated: true,
  }).onConflictDoNothing().returning({ id: users.id });
  if (!created) {
    throw ApiError.conflict(`An account already uses ${email}: sign in, then open the invitation again.`);
  }
  return created.id;
}

/** A signed-in user: their memberships are read afresh, then a session opens in the farm. */
async function enter(app: AppServices, caller: Caller, tenantId: number, localLoginDate: string) {
  await app.callers.changed({ userIds: [caller.user.id] });
  const fresh = await app.callers.get(caller.session, true);
  return await app.auth.enterTenant(fresh ?? caller, tenantId, localLoginDate);
}
