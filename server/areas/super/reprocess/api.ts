import type { Context } from "hono";
import { type ApiRouter, apiRouter, areaRoutes } from "../../../http/openapi.ts";
import { SUPER } from "../../../access/apiAccess.ts";
import type { AppEnv } from "../../../env.ts";
import { apiService } from "../../context.ts";
import { ReprocessBody, ReprocessResult } from "./schemas.ts";
import { SuperReprocessService } from "./service.ts";

export const SUPER_REPROCESS_API = { reprocess: "/api/super/ReprocessKillData" } as const;

const { post } = areaRoutes(["Super"]);
const service = (c: Context<AppEnv>) => apiService(c, SuperReprocessService);

export const superReprocessApi: ApiRouter = apiRouter()
  .openapi(
    post(
      SUPER_REPROCESS_API.reprocess,
      "Work a processor's kill days through again: processed head counted afresh from the carcass " +
        "records, complete orders marked, their draft invoices recomputed (published ones never change)",
      ReprocessBody,
      ReprocessResult,
      SUPER,
    ),
    async (c) => c.json(await (await service(c)).reprocess(c.req.valid("json")), 200),
  );
