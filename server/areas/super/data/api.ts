import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { apiRoute, type ApiRouter, apiRouter, areaRoutes, errorResponses } from "../../../http/openapi.ts";
import { SUPER } from "../../../access/apiAccess.ts";
import type { AppEnv } from "../../../env.ts";
import { apiService } from "../../context.ts";
import { TenantIdQuery } from "../tenants/schemas.ts";
import { UploadBody, UploadResult } from "./schemas.ts";
import { SuperDataService } from "./service.ts";
import { downloadHeaders } from "../../../http/files.ts";

export const SUPER_DATA_API = {
  download: (tenantId: number) => `/api/super/DownloadTenantData/${tenantId}`,
  upload: "/api/super/UploadTenantData",
} as const;

const { get, post } = areaRoutes(["Super"]);
const service = (c: Context<AppEnv>) => apiService(c, SuperDataService);

export const superDataApi: ApiRouter = apiRouter()
  .openapi(
    get(
      "/api/super/GetTenantTables",
      "The tables of a tenant's database and their columns (what download writes and upload takes)",
      { query: TenantIdQuery },
      z.array(z.object({ name: z.string(), columns: z.array(z.string()), uploadable: z.boolean() })),
      SUPER,
    ),
    async (c) => c.json(await (await service(c)).tables(c.req.valid("query").tenantId), 200),
  )
  .openapi(
    apiRoute({
      method: "get",
      path: "/api/super/DownloadTenantData/{tenantId}",
      tags: ["Super"],
      summary: "A tenant's data as a zip of CSV files, one a table, with its users and sites",
      access: SUPER,
      request: {
        params: z.object({
          tenantId: TenantIdQuery.shape.tenantId.openapi({ param: { name: "tenantId", in: "path" } }),
        }),
      },
      responses: {
        200: {
          description: "The zip",
          content: { "application/zip": { schema: z.string().openapi({ format: "binary" }) } },
        },
        ...errorResponses,
      },
    }),
    async (c) => {
      const { fileName, body } = await (await service(c)).download(c.req.valid("param").tenantId);
      return c.body(body, 200, downloadHeaders("application/zip", fileName));
    },
  )
  .openapi(
    post(
      SUPER_DATA_API.upload,
      "Rows of a CSV or JSON file into one table of a tenant's database (all or none)",
      UploadBody,
      UploadResult,
      SUPER,
    ),
    async (c) => c.json(await (await service(c)).upload(c.req.valid("json")), 200),
  );
