import { z } from "@hono/zod-openapi";
import { apiRoute, type ApiRouter, apiRouter, jsonBody, noContent, okJson } from "../../http/openapi.ts";
import { requireCaller } from "../../http/auth.ts";
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
import { UserService } from "./service.ts";
import { OwnSessionService } from "./sessions.ts";
import type { Context } from "hono";
import type { AppEnv } from "../../env.ts";
import { apiService } from "../context.ts";
import { publicOrigin } from "../../http/clientIp.ts";
import { type AccessRule, SIGNED_IN } from "../../access/apiAccess.ts";

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

const tags = ["User"];
/** The users admin: whoever can open the Users page. */
const USER_ADMIN: AccessRule = { pages: ["clientusers"] };
const service = (c: Context<AppEnv>) => apiService(c, UserService);

/** api/user/… of spec 1 §7, plus the tenant admin's user management (clientusers). */
export const userApi: ApiRouter = apiRouter()
  .openapi(
    apiRoute({
      method: "get",
      path: "/api/user/GetDetailedUser",
      tags,
      summary: "The signed-in user in full",
      access: { whilePasswordPending: true },
      responses: okJson(UserModel),
    }),
    (c) => c.json(userModel(requireCaller(c), true), 200),
  )
  .openapi(
    apiRoute({
      method: "post",
      path: USERS_API.changePasswordIfAuthed,
      tags,
      summary: "Change the password (old password required); other sessions end",
      access: { whilePasswordPending: true },
      request: jsonBody(ChangePasswordBody),
      responses: noContent,
    }),
    async (c) => {
      await c.get("app").auth.changePassword(requireCaller(c), c.req.valid("json"), false);
      return c.body(null, 204);
    },
  )
  .openapi(
    apiRoute({
      method: "post",
      path: USERS_API.changeTempPasswordIfAuthed,
      tags,
      summary: "Replace a temporary password (no old password); only while the password is not yet updated",
      access: { whilePasswordPending: true },
      request: jsonBody(ChangeTempPasswordBody),
      responses: noContent,
    }),
    async (c) => {
      await c.get("app").auth.changePassword(requireCaller(c), c.req.valid("json"), true);
      return c.body(null, 204);
    },
  )
  .openapi(
    apiRoute({
      method: "post",
      path: USERS_API.updateUserDetails,
      tags,
      summary: "Change first name, last name and mobile",
      access: SIGNED_IN,
      request: jsonBody(UpdateUserDetailsBody),
      responses: noContent,
    }),
    async (c) => {
      await (await service(c)).updateDetails(c.req.valid("json"));
      return c.body(null, 204);
    },
  )
  .openapi(
    apiRoute({
      method: "post",
      path: "/api/user/UserUpdatesSingleSetting",
      tags,
      summary: "Change one of the caller's own settings (home page, species, default site, favourites, …)",
      access: SIGNED_IN,
      request: jsonBody(SelfSettingBody),
      responses: noContent,
    }),
    async (c) => {
      await (await service(c)).updateOwnSetting(c.req.valid("json"));
      return c.body(null, 204);
    },
  )
  .openapi(
    apiRoute({
      method: "post",
      path: USERS_API.sendPhoneCode,
      tags,
      summary: "Text a six-digit code to a mobile (10 minutes, 5 tries; at most 5 codes an hour); the last " +
        "code stops working",
      access: SIGNED_IN,
      request: jsonBody(SendPhoneCodeBody),
      responses: okJson(PhoneCodeSent),
    }),
    async (c) => {
      const caller = requireCaller(c);
      return c.json(await c.get("app").auth.phones.send(caller.user.id, c.req.valid("json").phone), 200);
    },
  )
  .openapi(
    apiRoute({
      method: "post",
      path: USERS_API.verifyPhoneCode,
      tags,
      summary: "Check the texted code: right, the number becomes your verified mobile",
      access: SIGNED_IN,
      request: jsonBody(VerifyPhoneCodeBody),
      responses: noContent,
    }),
    async (c) => {
      const caller = requireCaller(c);
      const { phone, code } = c.req.valid("json");
      await c.get("app").auth.phones.verify(caller.user.id, phone, code);
      await c.get("app").callers.changed({ userIds: [caller.user.id] });
      return c.body(null, 204);
    },
  )
  .openapi(
    apiRoute({
      method: "post",
      path: "/api/user/UpdateUserSettingsOnly",
      tags,
      summary: "Change several of the caller's own settings at once: all are checked before any is kept",
      access: SIGNED_IN,
      request: jsonBody(SelfSettingsBody),
      responses: noContent,
    }),
    async (c) => {
      await (await service(c)).updateOwnSettings(c.req.valid("json").settings);
      return c.body(null, 204);
    },
  )
  .openapi(
    apiRoute({
      method: "get",
      path: "/api/user/GetTenantUsers",
      tags,
      summary: "Admins: the users of the current tenant",
      access: USER_ADMIN,
      responses: okJson(z.array(TenantUser)),
    }),
    async (c) => c.json(await (await service(c)).listTenantUsers(), 200),
  )
  .openapi(
    apiRoute({
      method: "get",
      path: "/api/user/GetTenantUser/{id}",
      tags,
      summary: "Admins: one user of the current tenant",
      access: USER_ADMIN,
      request: { params: IdParam },
      responses: okJson(TenantUser),
    }),
    async (c) => c.json(await (await service(c)).getTenantUser(c.req.valid("param").id), 200),
  )
  .openapi(
    apiRoute({
      method: "post",
      path: USERS_API.upsertTenantUser,
      tags,
      summary:
        "Admins: add or edit a user of the current tenant (role, allowed species and sites, admin permissions)",
      access: USER_ADMIN,
      request: jsonBody(TenantUserBody),
      responses: okJson(z.union([SavedTenantUser, InvitedInstead])),
    }),
    async (c) => c.json(await (await service(c)).upsertTenantUser(c.req.valid("json"), publicOrigin(c)), 200),
  )
  .openapi(
    apiRoute({
      method: "post",
      path: USERS_API.disableTenantUser,
      tags,
      summary: "Admins: disable a user's account (it cannot sign in; its sessions end)",
      access: USER_ADMIN,
      request: jsonBody(TenantUserIdBody),
      responses: okJson(TenantUser),
    }),
    async (c) =>
      c.json(
        await (await service(c)).setDisabled(c.req.valid("json").id, true),
        200,
      ),
  )
  .openapi(
    apiRoute({
      method: "post",
      path: USERS_API.enableTenantUser,
      tags,
      summary: "Admins: enable a disabled user's account again (old sessions stay ended)",
      access: USER_ADMIN,
      request: jsonBody(TenantUserIdBody),
      responses: okJson(TenantUser),
    }),
    async (c) =>
      c.json(
        await (await service(c)).setDisabled(c.req.valid("json").id, false),
        200,
      ),
  )
  .openapi(
    apiRoute({
      method: "get",
      path: USERS_API.getMySessions,
      tags,
      summary: "The caller's sessions (every device signed in as them), newest sign-in first",
      access: SIGNED_IN,
      responses: okJson(z.array(MySession)),
    }),
    async (c) => c.json(await (await apiService(c, OwnSessionService)).list(), 200),
  )
  .openapi(
    apiRoute({
      method: "post",
      path: USERS_API.endMySession,
      tags,
      summary: "End one of the caller's other sessions (its pages lose their live connection at once)",
      access: SIGNED_IN,
      request: jsonBody(SessionIdBody),
      responses: noContent,
    }),
    async (c) => {
      await (await apiService(c, OwnSessionService)).end(c.req.valid("json").sessionId);
      return c.body(null, 204);
    },
  )
  .openapi(
    apiRoute({
      method: "post",
      path: USERS_API.endMyOtherSessions,
      tags,
      summary: "End every session of the caller but this one",
      access: SIGNED_IN,
      responses: okJson(EndedSessions),
    }),
    async (c) => c.json(await (await apiService(c, OwnSessionService)).endOthers(), 200),
  )
  .openapi(
    apiRoute({
      method: "post",
      path: USERS_API.endTenantUserSessions,
      tags,
      summary: "Admins: end every session of a user of the current tenant (their pages sign out saying why)",
      access: USER_ADMIN,
      request: jsonBody(TenantUserIdBody),
      responses: okJson(EndedSessions),
    }),
    async (c) => c.json(await (await service(c)).endSessions(c.req.valid("json").id), 200),
  );
