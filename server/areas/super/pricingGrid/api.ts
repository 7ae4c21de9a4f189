/**
 * api/super/… price grid templates across organisations (super only): an organisation's grids, what a
 * copy into another would create (and why it cannot), and the copy itself.
 */
import type { Context } from "hono";
import { SUPER } from "../../../access/apiAccess.ts";
import type { AppEnv } from "../../../env.ts";
import { type ApiRouter, apiRouter, areaRoutes } from "../../../http/openapi.ts";
import { apiService } from "../../context.ts";
import {
  CopyGridBody,
  CopyGridResult,
  CopyPreview,
  CopyPreviewQuery,
  SourceGridList,
  SourceGridsQuery,
} from "./schemas.ts";
import { SuperPricingGridService } from "./service.ts";

export const SUPER_PRICING_GRID_API = {
  sourceGrids: "/api/super/GetTenantPricingGrids",
  preview: "/api/super/PreviewPricingGridCopy",
  copy: "/api/super/CopyPricingGridToTenant",
} as const;

const { get, post } = areaRoutes(["Super"]);
const service = (c: Context<AppEnv>) => apiService(c, SuperPricingGridService);

export const superPricingGridApi: ApiRouter = apiRouter()
  .openapi(
    get(
      SUPER_PRICING_GRID_API.sourceGrids,
      "An organisation's price grids with their group, species and period, newest period first " +
        "(at most 300, the total beside them)",
      { query: SourceGridsQuery },
      SourceGridList,
      SUPER,
    ),
    async (c) => {
      const { tenantId, speciesId } = c.req.valid("query");
      return c.json(await (await service(c)).sourceGrids(tenantId, speciesId), 200);
    },
  )
  .openapi(
    get(
      SUPER_PRICING_GRID_API.preview,
      "What copying a grid into another organisation would create: its cells, the species and category " +
        "there, the groups it may go into, and why it cannot be copied",
      { query: CopyPreviewQuery },
      CopyPreview,
      SUPER,
    ),
    async (c) => c.json((await (await service(c)).preview(c.req.valid("query"))).preview, 200),
  )
  .openapi(
    post(
      SUPER_PRICING_GRID_API.copy,
      "Copy a grid into another processor, with the same prices, into an upcoming group or a new one " +
        "(not yet started, never the default)",
      CopyGridBody,
      CopyGridResult,
      SUPER,
    ),
    async (c) => c.json(await (await service(c)).copy(c.req.valid("json")), 200),
  );
