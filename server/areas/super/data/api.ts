import { z } from "@hono/zod-openapi";
import { errorResponses } from "../../../http/openapi.ts";
import { SUPER } from "../../../access/apiAccess.ts";
import { downloadHeaders } from "../../../http/files.ts";
import { areaApi } from "../../areaApi.ts";
import { areaContextOf } from "../../context.ts";
import { TenantIdQuery } from "../tenants/schemas.ts";
import { UploadBody, UploadResult } from "./schemas.ts";
import { downloadTenantData, tenantTables, uploadTenantData } from "./operations.ts";

export const SUPER_DATA_API = {
  download: (tenantId: number) => `/api/super/DownloadTenantData/${tenantId}`,
  upload: "/api/super/UploadTenantData",
} as const;

const DownloadParams = z.object({
  tenantId: TenantIdQuery.shape.tenantId.openapi({ param: { name: "tenantId", in: "path" } }),
});

/** api/super/… a tenant's data: its tables, the whole of it as a zip, rows into one table. */
const api = areaApi(["Super"]);

api.get(
  "/api/super/GetTenantTables",
  "The tables of a tenant's database and their columns (what download writes and upload takes)",
  { query: TenantIdQuery },
  z.array(z.object({ name: z.string(), columns: z.array(z.string()), uploadable: z.boolean() })),
  SUPER,
  (ctx, { tenantId }) => tenantTables(ctx, tenantId),
);

// a zip streamed as it is written: neither a file the area makes whole nor a stored one
api.route({
  method: "get",
  path: "/api/super/DownloadTenantData/{tenantId}",
  summary: "A tenant's data as a zip of CSV files, one a table, with its users and sites",
  access: SUPER,
  request: { params: DownloadParams },
  responses: {
    200: {
      description: "The zip",
      content: { "application/zip": { schema: z.string().openapi({ format: "binary" }) } },
    },
    ...errorResponses,
  },
}, async (c) => {
  const { tenantId } = DownloadParams.parse(c.req.param());
  const { fileName, body } = await downloadTenantData(await areaContextOf(c), tenantId);
  return c.body(body, 200, downloadHeaders("application/zip", fileName));
});

api.post(
  SUPER_DATA_API.upload,
  "Rows of a CSV or JSON file into one table of a tenant's database (all or none)",
  UploadBody,
  UploadResult,
  SUPER,
  uploadTenantData,
);

export const superDataApi = api.router();
