import { z } from "@hono/zod-openapi";
import { IdParam } from "../../../http/params.ts";
import { SUPER } from "../../../access/apiAccess.ts";
import { setSessionCookie } from "../../../http/cookies.ts";
import { areaApi } from "../../areaApi.ts";
import { areaContextOf } from "../../context.ts";
import { okJson } from "../../../http/openapi.ts";
import {
  CrossTenantQuery,
  CrossTenantUser,
  NoticeResult,
  OnlineUser,
  ResetPasswordResult,
  SavedTenant,
  SuperTenantUser,
  SuperTenantUserBody,
  TenantBody,
  TenantDetail,
  TenantIdParam,
  TenantIdQuery,
  TenantNotice,
  TenantSummary,
} from "./schemas.ts";
import { crossTenantUsers, getTenant, listTenants } from "./queries.ts";
import { saveTenant } from "./operations/saveTenant.ts";
import { saveUserOfTenant, tenantUsers } from "./operations/tenantUsers.ts";
import { resetPassword } from "./operations/resetPassword.ts";
import { forceRefresh, forceTotalLogout, onlineUsers } from "./operations/notices.ts";
import { enterTenant } from "./operations/impersonate.ts";

/** The paths the super pages post to (a page cannot misname an endpoint). */
export const SUPER_TENANTS_API = {
  upsertTenant: "/api/super/UpsertTenant",
  addOrEditUser: "/api/super/AddOrEditUser",
  resetPassword: (userId: number) => `/api/user/SuperResetUserPassword/${userId}`,
  impersonate: "/api/super/Impersonate",
  forceRefresh: "/api/super/ForceRefresh",
  forceTotalLogout: "/api/super/ForceTotalLogout",
} as const;

/** api/super/… tenants, their users, and the tenant-wide push actions (spec 2 §7.6). */
const api = areaApi(["Super"]);

api.get(
  "/api/super/GetTenants",
  "Every tenant with its category, sites, species, modules, user count and last activity (first 500)",
  { query: z.object({ q: z.string().trim().max(100).optional() }) },
  z.array(TenantSummary),
  SUPER,
  (ctx, { q }) => listTenants(ctx, q),
);

api.get(
  "/api/super/GetTenant/{id}",
  "One tenant as its edit form shows it",
  { params: IdParam },
  TenantDetail,
  SUPER,
  (ctx, { id }) => getTenant(ctx, id),
);

api.post(
  SUPER_TENANTS_API.upsertTenant,
  "Create a tenant (its database created and migrated, a first admin with a temporary password) or edit one",
  TenantBody,
  SavedTenant,
  SUPER,
  saveTenant,
);

api.get(
  "/api/super/GetUsersForTenant",
  "The users of a tenant",
  { query: TenantIdQuery },
  z.array(SuperTenantUser),
  SUPER,
  (ctx, { tenantId }) => tenantUsers(ctx, tenantId),
);

api.get(
  "/api/super/GetCrossTenantUsers",
  "Users who belong to more than one tenant, with each membership (first 200)",
  { query: CrossTenantQuery },
  z.array(CrossTenantUser),
  SUPER,
  (ctx, { q }) => crossTenantUsers(ctx, q),
);

api.post(
  SUPER_TENANTS_API.addOrEditUser,
  "Add or edit a user in any tenant (a new account gets a temporary password that must be changed)",
  SuperTenantUserBody,
  SuperTenantUser,
  SUPER,
  saveUserOfTenant,
);

// the spec's own path (spec 1 §7); the method is not shown: POST, as it changes the account
api.route({
  method: "post",
  path: "/api/user/SuperResetUserPassword/{id}",
  summary: "Give a user a new temporary password that must be changed; their sessions end",
  access: SUPER,
  request: { params: IdParam },
  responses: okJson(ResetPasswordResult),
}, async (c) => c.json(await resetPassword(await areaContextOf(c), IdParam.parse(c.req.param()).id), 200));

api.post(
  SUPER_TENANTS_API.impersonate,
  "Work in another tenant as a super user (a new session there; the browser's cookie follows)",
  TenantIdQuery.openapi("SuperImpersonateBody"),
  z.object({ tenantId: z.number(), tenantName: z.string(), token: z.string() }),
  SUPER,
  async (ctx, { tenantId }, c) => {
    const { expiresAt, ...entered } = await enterTenant(ctx, tenantId);
    if (c.get("authVia") === "cookie") setSessionCookie(c, entered.token, expiresAt);
    return entered;
  },
);

api.post(
  SUPER_TENANTS_API.forceRefresh,
  "Every client of the tenant reloads its data (push event forceRefresh)",
  TenantNotice,
  NoticeResult,
  SUPER,
  forceRefresh,
);

api.post(
  SUPER_TENANTS_API.forceTotalLogout,
  "Everyone in the tenant is signed out (push event forceTotalLogout; sessions end)",
  TenantNotice,
  NoticeResult,
  SUPER,
  forceTotalLogout,
);

api.get(
  "/api/super/GetOnlineUsers/{tenantId}",
  "Users of the tenant with an open push connection",
  { params: TenantIdParam },
  z.array(OnlineUser),
  SUPER,
  (ctx, { tenantId }) => onlineUsers(ctx, tenantId),
);

export const superTenantsApi = api.router();
