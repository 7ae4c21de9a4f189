/**
 * api/super/… the support desk (super only): every organisation's reported problems, a page at a time
 * (the total in X-Total-Count), and marking one handled. The support files themselves are the storage
 * area's calls (GetBlobsForFolder, DownloadSupportBlob, UploadSupportBlob…, SuperDeleteSupportBlob…).
 */
import type { Context } from "hono";
import { z } from "@hono/zod-openapi";
import { SUPER } from "../../../access/apiAccess.ts";
import type { AppEnv } from "../../../env.ts";
import { type ApiRouter, apiRouter, areaRoutes } from "../../../http/openapi.ts";
import { pageHeaders } from "../../../http/params.ts";
import { apiService } from "../../context.ts";
import { AllProblemReportsQuery, TenantProblemBody, TenantProblemReport } from "./schemas.ts";
import { SuperSupportService } from "./service.ts";

export const SUPER_SUPPORT_API = {
  problemReports: "/api/super/GetAllProblemReports",
  markHandled: "/api/super/MarkTenantProblemHandled",
} as const;

const { get, post } = areaRoutes(["Super"]);
const service = (c: Context<AppEnv>) => apiService(c, SuperSupportService);

export const superSupportApi: ApiRouter = apiRouter()
  .openapi(
    get(
      SUPER_SUPPORT_API.problemReports,
      "Problems reported in every organisation (or one), open ones first, newest first; paged " +
        "(at most 200 a page), the total in X-Total-Count",
      { query: AllProblemReportsQuery },
      z.array(TenantProblemReport),
      SUPER,
    ),
    async (c) => {
      const { rows, total } = await (await service(c)).problemReports(c.req.valid("query"));
      return c.json(rows, 200, pageHeaders(total));
    },
  )
  .openapi(
    post(
      SUPER_SUPPORT_API.markHandled,
      "Mark an organisation's reported problem handled (as its support staff would)",
      TenantProblemBody,
      TenantProblemReport,
      SUPER,
    ),
    async (c) => c.json(await (await service(c)).markHandled(c.req.valid("json")), 200),
  );
