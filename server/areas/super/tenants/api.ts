import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { apiRoute, type ApiRouter, apiRouter, areaRoutes, okJson } from "../../../http/openapi.ts";
import { IdParam } from "../../../http/params.ts";
import { SUPER } from "../../../access/apiAccess.ts";
import type { AppEnv } from "../../../env.ts";
import { apiService } from "../../context.ts";
import { requireCaller } from "../../../http/auth.ts";
import { setSessionCookie } from "../../../http/cookies.ts";
import { recordSuperAudit } from "../audit.ts";
import {
  CrossTenantQuery,
  CrossTenantUser,
  ResetPasswordResult,
  SavedTenant,
  SuperTenantUser,
  SuperTenantUserBody,
  TenantBody,
  TenantDetail,
  TenantIdQuery,
  TenantSummary,
} from "./schemas.ts";
import { SuperTenantService } from "./service.ts";

/** The paths the super pages post to (a page cannot misname an endpoint). */
export const SUPER_TENANTS_API = {
  upsertTenant: "/api/super/UpsertTenant",
  addOrEditUser: "/api/super/AddOrEditUser",
  resetPassword: (userId: number) => `/api/user/SuperResetUserPassword/${userId}`,
  impersonate: "/api/super/Impersonate",
} as const;

const { get, post } = areaRoutes(["Super"]);
const service = (c: Context<AppEnv>) => apiService(c, SuperTenantService);

export const superTenantsApi: ApiRouter = apiRouter()
  .openapi(
    get(
      "/api/super/GetTenants",
      "Every tenant with its category, sites, species, modules, user count and last activity (first 500)",
      { query: z.object({ q: z.string().trim().max(100).optional() }) },
      z.array(TenantSummary),
      SUPER,
    ),
    async (c) => c.json(await (await service(c)).list(c.req.valid("query").q), 200),
  )
  .openapi(
    get(
      "/api/super/GetTenant/{id}",
      "One tenant as its edit form shows it",
      { params: IdParam },
      TenantDetail,
      SUPER,
    ),
    async (c) => c.json(await (await service(c)).get(c.req.valid("param").id), 200),
  )
  .openapi(
    post(
      SUPER_TENANTS_API.upsertTenant,
      "Create a tenant (its database created and migrated, a first admin with a temporary password) or edit one",
      TenantBody,
      SavedTenant,
      SUPER,
    ),
    async (c) => {
      const body = c.req.valid("json");
      const tenants = await service(c);
      return c.json(body.id ? await tenants.update(body.id, body) : await tenants.create(body), 200);
    },
  )
  .openapi(
    get(
      "/api/super/GetUsersForTenant",
      "The users of a tenant",
      { query: TenantIdQuery },
      z.array(SuperTenantUser),
      SUPER,
    ),
    async (c) => c.json(await (await service(c)).users(c.req.valid("query").tenantId), 200),
  )
  .openapi(
    get(
      "/api/super/GetCrossTenantUsers",
      "Users who belong to more than one tenant, with each membership (first 200)",
      { query: CrossTenantQuery },
      z.array(CrossTenantUser),
      SUPER,
    ),
    async (c) => c.json(await (await service(c)).crossTenantUsers(c.req.valid("query").q), 200),
  )
  .openapi(
    post(
      SUPER_TENANTS_API.addOrEditUser,
      "Add or edit a user in any tenant (a new account gets a temporary password that must be changed)",
      SuperTenantUserBody,
      SuperTenantUser,
      SUPER,
    ),
    async (c) => c.json(await (await service(c)).upsertUser(c.req.valid("json")), 200),
  )
  .openapi(
    // the spec's own path (spec 1 §7); the method is not shown: POST, as it changes the account
    apiRoute({
      method: "post",
      path: "/api/user/SuperResetUserPassword/{id}",
      tags: ["Super"],
      summary: "Give a user a new temporary password that must be changed; their sessions end",
      access: SUPER,
      request: { params: IdParam },
      responses: okJson(ResetPasswordResult),
    }),
    async (c) => c.json(await (await service(c)).resetPassword(c.req.valid("param").id), 200),
  )
  .openapi(
    post(
      SUPER_TENANTS_API.impersonate,
      "Work in another tenant as a super user (a new session there; the browser's cookie follows)",
      TenantIdQuery.openapi("SuperImpersonateBody"),
      z.object({ tenantId: z.number(), tenantName: z.string(), token: z.string() }),
      SUPER,
    ),
    async (c) => {
      const { tenantId } = c.req.valid("json");
      const caller = requireCaller(c);
      const { token, caller: next } = await c.get("app").auth.enterTenant(
        caller,
        tenantId,
        c.get("clock").localDate,
      );
      await recordSuperAudit(c.get("app").db.control, caller, { tenantId, action: "ImpersonateTenant" });
      if (c.get("authVia") === "cookie") setSessionCookie(c, token, next.session.absoluteExpiresAt);
      return c.json({ tenantId, tenantName: next.tenant.name, token }, 200);
    },
  );
