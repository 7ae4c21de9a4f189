import { z } from "@hono/zod-openapi";
import { apiRoute, type ApiRouter, apiRouter, jsonBody, okJson } from "../../http/openapi.ts";
import {
  FeatureFlag,
  FeatureFlagBody,
  FeatureFlagParams,
  NoticeResult,
  OnlineUser,
  TenantIdParam,
  TenantNotice,
} from "./schemas.ts";
import { SuperService } from "./service.ts";
import type { Context } from "hono";
import type { AppEnv } from "../../env.ts";
import { apiService } from "../context.ts";
import { SUPER } from "../../access/apiAccess.ts";

const tags = ["Super"];

/** The paths the super pages post to (a page cannot misname an endpoint). */
export const SUPER_API = {
  forceRefresh: "/api/super/ForceRefresh",
  forceTotalLogout: "/api/super/ForceTotalLogout",
  upsertFeatureFlag: "/api/super/UpsertFeatureFlag",
  deleteFeatureFlag: (tenantId: number, key: string) =>
    `/api/super/DeleteFeatureFlag/${tenantId}/${encodeURIComponent(key)}`,
} as const;
const service = (c: Context<AppEnv>) => apiService(c, SuperService);

/** api/super/… (spec 2 §7.6): push-channel actions and feature flags for now; the super screens come later. */
export const superApi: ApiRouter = apiRouter()
  .openapi(
    apiRoute({
      method: "post",
      path: "/api/super/ForceRefresh",
      tags,
      summary: "Every client of the tenant reloads its data (push event forceRefresh)",
      access: SUPER,
      request: jsonBody(TenantNotice),
      responses: okJson(NoticeResult),
    }),
    async (c) => c.json(await (await service(c)).forceRefresh(c.req.valid("json")), 200),
  )
  .openapi(
    apiRoute({
      method: "post",
      path: "/api/super/ForceTotalLogout",
      tags,
      summary: "Everyone in the tenant is signed out (push event forceTotalLogout; sessions end)",
      access: SUPER,
      request: jsonBody(TenantNotice),
      responses: okJson(NoticeResult),
    }),
    async (c) => c.json(await (await service(c)).forceTotalLogout(c.req.valid("json")), 200),
  )
  .openapi(
    apiRoute({
      method: "get",
      path: "/api/super/GetOnlineUsers/{tenantId}",
      tags,
      summary: "Users of the tenant with an open push connection",
      access: SUPER,
      request: { params: TenantIdParam },
      responses: okJson(z.array(OnlineUser)),
    }),
    async (c) => c.json(await (await service(c)).onlineUsers(c.req.valid("param").tenantId), 200),
  )
  .openapi(
    apiRoute({
      method: "get",
      path: "/api/super/GetFeatureFlags/{tenantId}",
      tags,
      summary: "Every known feature flag of a tenant (never stored = off)",
      access: SUPER,
      request: { params: TenantIdParam },
      responses: okJson(z.array(FeatureFlag)),
    }),
    async (c) => c.json(await (await service(c)).featureFlags(c.req.valid("param").tenantId), 200),
  )
  .openapi(
    apiRoute({
      method: "post",
      path: "/api/super/UpsertFeatureFlag",
      tags,
      summary: "Set a tenant's feature flag (push event featureFlagUpdated)",
      access: SUPER,
      request: jsonBody(FeatureFlagBody),
      responses: okJson(z.array(FeatureFlag)),
    }),
    async (c) => c.json(await (await service(c)).upsertFeatureFlag(c.req.valid("json")), 200),
  )
  .openapi(
    apiRoute({
      method: "delete",
      path: "/api/super/DeleteFeatureFlag/{tenantId}/{featureKey}",
      tags,
      summary: "Remove a tenant's feature flag: it is off (push event featureFlagUpdated)",
      access: SUPER,
      request: { params: FeatureFlagParams },
      responses: okJson(z.array(FeatureFlag)),
    }),
    async (c) => {
      const { tenantId, featureKey } = c.req.valid("param");
      return c.json(await (await service(c)).deleteFeatureFlag(tenantId, featureKey), 200);
    },
  );
