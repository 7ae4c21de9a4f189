import { apiRoute, type ApiRouter, apiRouter, jsonBody, noContent, okJson } from "../http/openapi.ts";
import { requireCaller } from "../http/auth.ts";
import { clearSessionCookie, setSessionCookie } from "../http/cookies.ts";
import { clientIp, publicOrigin } from "../http/clientIp.ts";
import { userModel } from "./userModel.ts";
import { getDeviceCookie, setDeviceCookie } from "./service.ts";
import { ForgotPasswordBody, ImpersonateQuery, LoginBody, ResetPasswordBody, UserModel } from "./schemas.ts";

const tags = ["Sign-in"];

/** login/… endpoints of spec 1 §7 "Sign-in and user". */
export const loginApi: ApiRouter = apiRouter()
  .openapi(
    apiRoute({
      method: "post",
      path: "/login/login",
      tags,
      access: { public: true },
      summary: "Sign in; answers the user model with a bearer token (and sets the browser cookie)",
      request: jsonBody(LoginBody),
      responses: okJson(UserModel),
    }),
    async (c) => {
      const body = c.req.valid("json");
      const { token, caller, device } = await c.get("app").auth.login({
        email: body.email,
        password: body.password,
        keepLoggedIn: body.isKeepLoggedIn,
        localLoginDate: body.localLoginDate ?? c.get("clock").localDate,
        ip: clientIp(c),
        device: getDeviceCookie(c),
        userAgent: c.req.header("user-agent") ?? "",
      });
      setSessionCookie(c, token, caller.session.absoluteExpiresAt);
      if (device) setDeviceCookie(c, device);
      return c.json(userModel(caller, true, token), 200);
    },
  )
  .openapi(
    apiRoute({
      method: "post",
      path: "/api/user/ForgotPassword",
      tags,
      summary:
        "Mail a link to set a new password (an hour, once); the same answer whether or not the account exists",
      access: { public: true },
      request: jsonBody(ForgotPasswordBody),
      responses: noContent,
    }),
    async (c) => {
      await c.get("app").auth.resets.request(c.req.valid("json").userName, clientIp(c), publicOrigin(c));
      return c.body(null, 204);
    },
  )
  .openapi(
    apiRoute({
      method: "post",
      path: "/api/user/ResetPasswordAndLogin",
      tags,
      summary: "Set a new password through a mailed link and sign in; the account's other sessions end",
      access: { public: true },
      request: jsonBody(ResetPasswordBody),
      responses: okJson(UserModel),
    }),
    async (c) => {
      const body = c.req.valid("json");
      const { token, caller } = await c.get("app").auth.resetPasswordAndLogin({
        token: body.token,
        newPassword: body.newPassword,
        ip: clientIp(c),
        userAgent: c.req.header("user-agent") ?? "",
        localLoginDate: body.localLoginDate ?? c.get("clock").localDate,
      });
      setSessionCookie(c, token, caller.session.absoluteExpiresAt);
      return c.json(userModel(caller, true, token), 200);
    },
  )
  .openapi(
    apiRoute({
      method: "get",
      path: "/login/refreshtoken",
      tags,
      summary: "A fresh token for the current session (never past the automatic logout time)",
      access: { whilePasswordPending: true, changesState: true },
      responses: okJson(UserModel),
    }),
    async (c) => {
      const { token, caller } = await c.get("app").auth.refresh(requireCaller(c));
      if (c.get("authVia") === "cookie") setSessionCookie(c, token, caller.session.absoluteExpiresAt);
      return c.json(userModel(caller, false, token), 200);
    },
  )
  .openapi(
    apiRoute({
      method: "get",
      path: "/login/usermodel",
      tags,
      summary: "The signed-in user with modules, sites, settings and flags",
      access: { whilePasswordPending: true },
      responses: okJson(UserModel),
    }),
    (c) => c.json(userModel(requireCaller(c), true), 200),
  )
  .openapi(
    apiRoute({
      method: "get",
      path: "/login/UserModelWithoutData",
      tags,
      summary: "The signed-in user without modules, settings and flags",
      access: { whilePasswordPending: true },
      responses: okJson(UserModel),
    }),
    (c) => c.json(userModel(requireCaller(c), false), 200),
  )
  .openapi(
    apiRoute({
      method: "get",
      path: "/login/ImpersonateTenant",
      tags,
      summary: "Super users only: work in another tenant; answers a new token",
      access: { role: "super", changesState: true },
      request: { query: ImpersonateQuery },
      responses: okJson(UserModel),
    }),
    async (c) => {
      const { tenantId, localLoginDate } = c.req.valid("query");
      const { token, caller } = await c.get("app").auth.impersonate(
        requireCaller(c),
        tenantId,
        localLoginDate,
      );
      if (c.get("authVia") === "cookie") setSessionCookie(c, token, caller.session.absoluteExpiresAt);
      return c.json(userModel(caller, true, token), 200);
    },
  )
  .openapi(
    apiRoute({
      method: "post",
      path: "/login/logout",
      tags,
      summary: "End the session",
      access: { public: true },
      responses: noContent,
    }),
    async (c) => {
      const caller = c.get("caller");
      if (caller) await c.get("app").auth.logout(caller.session);
      clearSessionCookie(c);
      return c.body(null, 204);
    },
  );
