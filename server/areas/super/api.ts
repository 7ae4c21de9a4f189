import { createRoute } from "@hono/zod-openapi";
import { z } from "@hono/zod-openapi";
import { apiRouter, bearer, jsonBody, okJson } from "../../http/openapi.ts";
import { requireCaller } from "../../http/auth.ts";
import { NoticeResult, OnlineUser, TenantIdParam, TenantNotice } from "./schemas.ts";
import { SuperService } from "./service.ts";

const tags = ["Super"];
const service = (c: { var: { app: ConstructorParameters<typeof SuperService>[0] } }) =>
  new SuperService(c.var.app);

/** api/super/… (spec 2 §7.6): the push-channel actions for now; the super screens come later. */
export const superApi = apiRouter()
  .openapi(
    createRoute({
      method: "post",
      path: "/api/super/ForceRefresh",
      tags,
      summary: "Every client of the tenant reloads its data (push event forceRefresh)",
      security: bearer,
      request: jsonBody(TenantNotice),
      responses: okJson(NoticeResult),
    }),
    async (c) => c.json(await service(c).forceRefresh(requireCaller(c), c.req.valid("json")), 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/api/super/ForceTotalLogout",
      tags,
      summary: "Everyone in the tenant is signed out (push event forceTotalLogout; sessions end)",
      security: bearer,
      request: jsonBody(TenantNotice),
      responses: okJson(NoticeResult),
    }),
    async (c) => c.json(await service(c).forceTotalLogout(requireCaller(c), c.req.valid("json")), 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/api/super/GetOnlineUsers/{tenantId}",
      tags,
      summary: "Users of the tenant with an open push connection",
      security: bearer,
      request: { params: TenantIdParam },
      responses: okJson(z.array(OnlineUser)),
    }),
    async (c) => c.json(await service(c).onlineUsers(requireCaller(c), c.req.valid("param").tenantId), 200),
  );
