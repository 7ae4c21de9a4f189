/**
 * register/… of spec 1 §7 (issue 19 §1): an admin invites by email; the invited person opens the link,
 * sees who invited them where, and signs up (or, with an account already, signs in and accepts).
 */
import type { Context } from "hono";
import { apiRoute, type ApiRouter, apiRouter, jsonBody, noContent, okJson } from "../../http/openapi.ts";
import { clientIp, publicOrigin } from "../../http/clientIp.ts";
import { setSessionCookie } from "../../http/cookies.ts";
import { ApiError } from "../../http/errors.ts";
import { roleLabel } from "../../access/roles.ts";
import type { AccessRule } from "../../access/apiAccess.ts";
import type { AppEnv } from "../../env.ts";
import { userModel } from "../../auth/userModel.ts";
import { INVITE_INVALID } from "../../auth/invites.ts";
import { UserModel } from "../../auth/schemas.ts";
import { apiService, areaContext } from "../context.ts";
import { NotificationService } from "../notifications/service.ts";
import { href } from "../../access/routes.ts";
import type { Caller } from "../../auth/userModel.ts";
import { UserService } from "./service.ts";
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

const tags = ["Invitations"];
/** Inviting is adding a user: whoever can open the Users page. */
const USER_ADMIN: AccessRule = { pages: ["clientusers"] };
const service = (c: Context<AppEnv>) => apiService(c, UserService);

export const inviteApi: ApiRouter = apiRouter()
  .openapi(
    apiRoute({
      method: "post",
      path: INVITE_API.generateInviteLink,
      tags,
      summary:
        "Invite an address into your organisation with a role, species and sites: the link is mailed " +
        "and answered (it works once, for 7 days; a newer invitation to the address replaces it)",
      access: USER_ADMIN,
      request: jsonBody(InviteBody),
      responses: okJson(InviteLink),
    }),
    async (c) => c.json(await (await service(c)).invite(c.req.valid("json"), publicOrigin(c)), 200),
  )
  .openapi(
    apiRoute({
      method: "get",
      path: INVITE_API.getPendingInvites,
      tags,
      summary: "Your organisation's invitations not yet accepted, withdrawn or expired (at most 200)",
      access: USER_ADMIN,
      responses: okJson(z.array(PendingInvite)),
    }),
    async (c) => c.json(await (await service(c)).pendingInvites(), 200),
  )
  .openapi(
    apiRoute({
      method: "post",
      path: INVITE_API.withdrawInvite,
      tags,
      summary: "Withdraw an open invitation: its link stops working",
      access: USER_ADMIN,
      request: jsonBody(TenantUserIdBody),
      responses: noContent,
    }),
    async (c) => {
      await (await service(c)).withdrawInvite(c.req.valid("json").id);
      return c.body(null, 204);
    },
  )
  .openapi(
    apiRoute({
      method: "get",
      path: INVITE_API.handleInvite,
      tags,
      summary: "What an invitation link invites to (for the page that accepts it)",
      access: { public: true },
      request: { query: InviteToken },
      responses: okJson(InviteDetail),
    }),
    async (c) => {
      const found = await c.get("app").auth.invites.describe(c.req.valid("query").token);
      if (!found) throw ApiError.validation([{ field: "token", message: INVITE_INVALID }]);
      return c.json(inviteDetail(found), 200);
    },
  )
  .openapi(
    apiRoute({
      method: "post",
      path: INVITE_API.signUp,
      tags,
      summary: "Accept an invitation: a new account with a password, or (signed in as the invited address) " +
        "the membership added; signs in to the inviting organisation",
      access: { public: true },
      request: jsonBody(SignUpBody),
      responses: okJson(UserModel),
    }),
    async (c) => {
      const body = c.req.valid("json");
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

/** The admin who sent the invitation hears that it was taken up (their notifications page). */
async function tellInviter(c: Context<AppEnv>, caller: Caller, { invite, tenantName }: Described) {
  if (!invite.createdByUserId || invite.createdByUserId === caller.user.id) return;
  const ctx = await areaContext(c.get("app"), caller, c.get("clock").localDate);
  const name = `${caller.user.firstName} ${caller.user.lastName}`.trim() || invite.email;
  await new NotificationService(ctx).notify([invite.createdByUserId], {
    type: "invitationAccepted",
    title: `${name} joined ${tenantName}`,
    message: `${invite.email} accepted your invitation as ${roleLabel(invite.roleLevel)}.`,
    route: href("clientusers"),
  });
}

type Described = NonNullable<Awaited<ReturnType<AppEnv["Variables"]["app"]["auth"]["invites"]["describe"]>>>;

export function inviteDetail(found: Described): z.infer<typeof InviteDetail> {
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
