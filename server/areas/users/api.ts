/** api/user/… of spec 1 §7, plus the tenant admin's user management (clientusers). */
import { z } from "@hono/zod-openapi";
import { okJson } from "../../http/openapi.ts";
import { userModel } from "../../auth/userModel.ts";
import { ChangePasswordBody, ChangeTempPasswordBody, UserModel } from "../../auth/schemas.ts";
import {
  EndedSessions,
  IdParam,
  InvitedInstead,
  MySession,
  PhoneCodeSent,
  SavedTenantUser,
  SelfSettingBody,
  SelfSettingsBody,
  SendPhoneCodeBody,
  SessionIdBody,
  TenantUser,
  TenantUserBody,
  TenantUserIdBody,
  UpdateUserDetailsBody,
  VerifyPhoneCodeBody,
} from "./schemas.ts";
import { areaApi } from "../areaApi.ts";
import { areaContextOf } from "../context.ts";
import { publicOrigin } from "../../http/clientIp.ts";
import { type AccessRule, SIGNED_IN } from "../../access/apiAccess.ts";
import { postNoContent } from "./apiParts.ts";
import { getTenantUser, listTenantUsers } from "./queries.ts";
import { updateDetails, updateOwnSetting, updateOwnSettings } from "./operations/ownAccount.ts";
import { upsertTenantUser } from "./operations/saveTenantUser.ts";
import { endUserSessions, setDisabled } from "./operations/accountAccess.ts";
import { endMyOtherSessions, endMySession, listMySessions } from "./operations/sessions.ts";

/** The paths the pages post to: one spelling for the route definitions and the screens. */
export const USERS_API = {
  updateUserDetails: "/api/user/UpdateUserDetails",
  changeTempPasswordIfAuthed: "/api/user/ChangeTempPasswordIfAuthed",
  changePasswordIfAuthed: "/api/user/ChangePasswordIfAuthed",
  upsertTenantUser: "/api/user/UpsertTenantUser",
  enableTenantUser: "/api/user/EnableTenantUser",
  disableTenantUser: "/api/user/DisableTenantUser",
  getMySessions: "/api/user/GetMySessions",
  endMySession: "/api/user/EndMySession",
  endMyOtherSessions: "/api/user/EndMyOtherSessions",
  endTenantUserSessions: "/api/user/EndTenantUserSessions",
  sendPhoneCode: "/api/user/SendPhoneCode",
  verifyPhoneCode: "/api/user/VerifyPhoneCode",
} as const;

/** The users admin: whoever can open the Users page. */
const USER_ADMIN: AccessRule = { pages: ["clientusers"] };
const PASSWORD_PENDING: AccessRule = { whilePasswordPending: true };
const api = areaApi(["User"]);

api.get(
  "/api/user/GetDetailedUser",
  "The signed-in user in full",
  {},
  UserModel,
  PASSWORD_PENDING,
  (ctx) => userModel(ctx.caller, true),
);

postNoContent(
  api,
  USERS_API.changePasswordIfAuthed,
  "Change the password (old password required); other sessions end",
  ChangePasswordBody,
  PASSWORD_PENDING,
  (ctx, body) => ctx.app.auth.changePassword(ctx.caller, body, false),
);

postNoContent(
  api,
  USERS_API.changeTempPasswordIfAuthed,
  "Replace a temporary password (no old password); only while the password is not yet updated",
  ChangeTempPasswordBody,
  PASSWORD_PENDING,
  (ctx, body) => ctx.app.auth.changePassword(ctx.caller, body, true),
);

postNoContent(
  api,
  USERS_API.updateUserDetails,
  "Change first name, last name and mobile",
  UpdateUserDetailsBody,
  SIGNED_IN,
  updateDetails,
);

postNoContent(
  api,
  "/api/user/UserUpdatesSingleSetting",
  "Change one of the caller's own settings (home page, species, default site, favourites, …)",
  SelfSettingBody,
  SIGNED_IN,
  updateOwnSetting,
);

api.post(
  USERS_API.sendPhoneCode,
  "Text a six-digit code to a mobile (10 minutes, 5 tries; at most 5 codes an hour); the last " +
    "code stops working",
  SendPhoneCodeBody,
  PhoneCodeSent,
  SIGNED_IN,
  (ctx, { phone }) => ctx.app.auth.phones.send(ctx.caller.user.id, phone),
);

postNoContent(
  api,
  USERS_API.verifyPhoneCode,
  "Check the texted code: right, the number becomes your verified mobile",
  VerifyPhoneCodeBody,
  SIGNED_IN,
  async (ctx, { phone, code }) => {
    await ctx.app.auth.phones.verify(ctx.caller.user.id, phone, code);
    await ctx.app.callers.changed({ userIds: [ctx.caller.user.id] });
  },
);

postNoContent(
  api,
  "/api/user/UpdateUserSettingsOnly",
  "Change several of the caller's own settings at once: all are checked before any is kept",
  SelfSettingsBody,
  SIGNED_IN,
  (ctx, { settings }) => updateOwnSettings(ctx, settings),
);

api.get(
  "/api/user/GetTenantUsers",
  "Admins: the users of the current tenant",
  {},
  z.array(TenantUser),
  USER_ADMIN,
  listTenantUsers,
);

api.get(
  "/api/user/GetTenantUser/{id}",
  "Admins: one user of the current tenant",
  { params: IdParam },
  TenantUser,
  USER_ADMIN,
  (ctx, { id }) => getTenantUser(ctx, id),
);

api.post(
  USERS_API.upsertTenantUser,
  "Admins: add or edit a user of the current tenant (role, allowed species and sites, admin permissions)",
  TenantUserBody,
  z.union([SavedTenantUser, InvitedInstead]),
  USER_ADMIN,
  (ctx, body, c) => upsertTenantUser(ctx, body, publicOrigin(c)),
);

api.post(
  USERS_API.disableTenantUser,
  "Admins: disable a user's account (it cannot sign in; its sessions end)",
  TenantUserIdBody,
  TenantUser,
  USER_ADMIN,
  (ctx, { id }) => setDisabled(ctx, id, true),
);

api.post(
  USERS_API.enableTenantUser,
  "Admins: enable a disabled user's account again (old sessions stay ended)",
  TenantUserIdBody,
  TenantUser,
  USER_ADMIN,
  (ctx, { id }) => setDisabled(ctx, id, false),
);

api.get(
  USERS_API.getMySessions,
  "The caller's sessions (every device signed in as them), newest sign-in first",
  {},
  z.array(MySession),
  SIGNED_IN,
  listMySessions,
);

postNoContent(
  api,
  USERS_API.endMySession,
  "End one of the caller's other sessions (its pages lose their live connection at once)",
  SessionIdBody,
  SIGNED_IN,
  (ctx, { sessionId }) => endMySession(ctx, sessionId),
);

// no body: it ends the caller's own other sessions
api.route(
  {
    method: "post",
    path: USERS_API.endMyOtherSessions,
    summary: "End every session of the caller but this one",
    access: SIGNED_IN,
    responses: okJson(EndedSessions),
  },
  async (c) => c.json(await endMyOtherSessions(await areaContextOf(c)), 200),
);

api.post(
  USERS_API.endTenantUserSessions,
  "Admins: end every session of a user of the current tenant (their pages sign out saying why)",
  TenantUserIdBody,
  EndedSessions,
  USER_ADMIN,
  (ctx, { id }) => endUserSessions(ctx, id),
);

export const userApi = api.router();
