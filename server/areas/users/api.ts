import { createRoute, z } from "@hono/zod-openapi";
import { apiRouter, bearer, jsonBody, noContent, okJson } from "../../http/openapi.ts";
import { requireCaller } from "../../http/auth.ts";
import { userModel } from "../../auth/userModel.ts";
import { ChangePasswordBody, ChangeTempPasswordBody, UserModel } from "../../auth/schemas.ts";
import {
  IdParam,
  SavedTenantUser,
  SelfSettingBody,
  TenantUser,
  TenantUserBody,
  UpdateUserDetailsBody,
} from "./schemas.ts";
import { UserService } from "./service.ts";

const tags = ["User"];
const service = (c: { var: { app: { db: { control: ConstructorParameters<typeof UserService>[0] } } } }) =>
  new UserService(c.var.app.db.control);

/** api/user/… of spec 1 §7, plus the tenant admin's user management (clientusers). */
export const userApi = apiRouter()
  .openapi(
    createRoute({
      method: "get",
      path: "/api/user/GetDetailedUser",
      tags,
      summary: "The signed-in user in full",
      security: bearer,
      responses: okJson(UserModel),
    }),
    (c) => c.json(userModel(requireCaller(c), true), 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/api/user/ChangePasswordIfAuthed",
      tags,
      summary: "Change the password (old password required); other sessions end",
      security: bearer,
      request: jsonBody(ChangePasswordBody),
      responses: noContent,
    }),
    async (c) => {
      await c.var.app.auth.changePassword(requireCaller(c), c.req.valid("json"), false);
      return c.body(null, 204);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/api/user/ChangeTempPasswordIfAuthed",
      tags,
      summary: "Replace a temporary password (no old password); only while the password is not yet updated",
      security: bearer,
      request: jsonBody(ChangeTempPasswordBody),
      responses: noContent,
    }),
    async (c) => {
      await c.var.app.auth.changePassword(requireCaller(c), c.req.valid("json"), true);
      return c.body(null, 204);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/api/user/UpdateUserDetails",
      tags,
      summary: "Change first name, last name and mobile",
      security: bearer,
      request: jsonBody(UpdateUserDetailsBody),
      responses: noContent,
    }),
    async (c) => {
      await service(c).updateDetails(requireCaller(c), c.req.valid("json"));
      return c.body(null, 204);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/api/user/UserUpdatesSingleSetting",
      tags,
      summary: "Change one of the caller's own settings (home page, species, default site, favourites, …)",
      security: bearer,
      request: jsonBody(SelfSettingBody),
      responses: noContent,
    }),
    async (c) => {
      await service(c).updateOwnSetting(requireCaller(c), c.req.valid("json"));
      return c.body(null, 204);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/api/user/GetTenantUsers",
      tags,
      summary: "Admins: the users of the current tenant",
      security: bearer,
      responses: okJson(z.array(TenantUser)),
    }),
    async (c) => c.json(await service(c).listTenantUsers(requireCaller(c)), 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/api/user/GetTenantUser/{id}",
      tags,
      summary: "Admins: one user of the current tenant",
      security: bearer,
      request: { params: IdParam },
      responses: okJson(TenantUser),
    }),
    async (c) => c.json(await service(c).getTenantUser(requireCaller(c), c.req.valid("param").id), 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/api/user/UpsertTenantUser",
      tags,
      summary:
        "Admins: add or edit a user of the current tenant (role, allowed species and sites, admin permissions)",
      security: bearer,
      request: jsonBody(TenantUserBody),
      responses: okJson(SavedTenantUser),
    }),
    async (c) => c.json(await service(c).upsertTenantUser(requireCaller(c), c.req.valid("json")), 200),
  );
