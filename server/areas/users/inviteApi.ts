/**
 * register/… of spec 1 §7 (issue 19 §1): an admin invites by email; the invited person opens the link,
 * sees who invited them where, and signs up (or, with an account already, signs in and accepts).
 */
import type { Context } from "hono";
import { jsonBody, okJson } from "../../http/openapi.ts";
import { clientIp, publicOrigin } from "../../http/clientIp.ts";
import { setSessionCookie } from "../../http/cookies.ts";
import { roleLabel } from "../../access/roles.ts";
import type { AccessRule } from "../../access/apiAccess.ts";
import type { AppEnv } from "../../env.ts";
import { userModel } from "../../auth/userModel.ts";
import { INVITE_INVALID } from "../../auth/invites.ts";
import { UserModel } from "../../auth/schemas.ts";
import { areaContext } from "../context.ts";
import { areaApi, type In } from "../areaApi.ts";
import { notifyUsers } from "../notifications/writes.ts";
import { href } from "../../access/routes.ts";
import type { Caller } from "../../auth/userModel.ts";
import { postNoContent, publicLookup } from "./apiParts.ts";
import { invite, pendingInvites, withdrawInvite } from "./operations/invite.ts";
import {
  InviteBody,
  InviteDetail,
  InviteLink,
  InviteToken,
  PendingInvite,
  SignUpBody,
  TenantUserIdBody,
} from "./schemas.ts";
import { z } from "@hono/zod-openapi";

export const INVITE_API = {
  generateInviteLink: "/register/GenerateInviteLink",
  getPendingInvites: "/register/GetPendingInvites",
  withdrawInvite: "/register/WithdrawInvite",
  handleInvite: "/register/HandleInvite",
  signUp: "/register/SignUp",
} as const;

/** Inviting is adding a user: whoever can open the Users page. */
const USER_ADMIN: AccessRule = { pages: ["clientusers"] };
const PUBLIC: AccessRule = { public: true };
const api = areaApi(["Invitations"]);

api.post(
  INVITE_API.generateInviteLink,
  "Invite an address into your organisation with a role, species and sites: the link is mailed " +
    "and answered (it works once, for 7 days; a newer invitation to the address replaces it)",
  InviteBody,
  InviteLink,
  USER_ADMIN,
  (ctx, body, c) => invite(ctx, body, publicOrigin(c)),
);

api.get(
  INVITE_API.getPendingInvites,
  "Your organisation's invitations not yet accepted, withdrawn or expired (at most 200)",
  {},
  z.array(PendingInvite),
  USER_ADMIN,
  pendingInvites,
);

postNoContent(
  api,
  INVITE_API.withdrawInvite,
  "Withdraw an open invitation: its link stops working",
  TenantUserIdBody,
  USER_ADMIN,
  (ctx, { id }) => withdrawInvite(ctx, id),
);

publicLookup(
  api,
  INVITE_API.handleInvite,
  "What an invitation link invites to (for the page that accepts it)",
  InviteToken,
  InviteDetail,
  { field: "token", message: INVITE_INVALID },
  async (app, { token }) => {
    const found = await app.auth.invites.describe(token);
    return found ? inviteDetail(found) : null;
  },
);

api.route(
  {
    method: "post",
    path: INVITE_API.signUp,
    summary: "Accept an invitation: a new account with a password, or (signed in as the invited address) " +
      "the membership added; signs in to the inviting organisation",
    access: PUBLIC,
    request: jsonBody(SignUpBody),
    responses: okJson(UserModel),
  },
  async (c) => {
    const body = (c.req.valid as (t: "json") => In<typeof SignUpBody>).call(c.req, "json");
    const invited = await c.get("app").auth.invites.describe(body.token);
    const { token, caller } = await c.get("app").auth.signUp({
      ...body,
      ip: clientIp(c),
      userAgent: c.req.header("user-agent") ?? "",
      localLoginDate: body.localLoginDate ?? c.get("clock").localDate,
    }, c.get("caller") ?? null);
    setSessionCookie(c, token, caller.session.absoluteExpiresAt);
    if (invited) await tellInviter(c, caller, invited);
    return c.json(userModel(caller, true, token), 200);
  },
);

export const inviteApi = api.router();

/** The admin who sent the invitation hears that it was taken up (their notifications page). */
async function tellInviter(c: Context<AppEnv>, caller: Caller, { invite, tenantName }: Described) {
  if (!invite.createdByUserId || invite.createdByUserId === caller.user.id) return;
  const ctx = await areaContext(c.get("app"), caller, c.get("clock").localDate);
  const name = `${caller.user.firstName} ${caller.user.lastName}`.trim() || invite.email;
  await ctx.write((_, unit) =>
    notifyUsers(unit, [invite.createdByUserId!], {
      type: "invitationAccepted",
      title: `${name} joined ${tenantName}`,
      message: `${invite.email} accepted your invitation as ${roleLabel(invite.roleLevel)}.`,
      route: href("clientusers"),
    })
  );
}

type Described = NonNullable<Awaited<ReturnType<AppEnv["Variables"]["app"]["auth"]["invites"]["describe"]>>>;

export function inviteDetail(found: Described): In<typeof InviteDetail> {
  const { invite } = found;
  return {
    email: invite.email,
    firstName: invite.firstName,
    lastName: invite.lastName,
    tenantName: found.tenantName,
    invitedBy: found.invitedBy,
    roleLevel: invite.roleLevel,
    roleName: roleLabel(invite.roleLevel),
    expiresAt: invite.expiresAt.toISOString(),
    accountExists: found.accountExists,
  };
}
