/**
 * api/super/… price grid templates across organisations (super only): an organisation's grids, what a
 * copy into another would create (and why it cannot), and the copy itself.
 */
import { SUPER } from "../../../access/apiAccess.ts";
import { areaApi } from "../../areaApi.ts";
import {
  CopyGridBody,
  CopyGridResult,
  CopyPreview,
  CopyPreviewQuery,
  SourceGridList,
  SourceGridsQuery,
} from "./schemas.ts";
import { sourceGrids } from "./operations/reads.ts";
import { previewCopy } from "./operations/preview.ts";
import { copyGrid } from "./operations/copy.ts";

export const SUPER_PRICING_GRID_API = {
  sourceGrids: "/api/super/GetTenantPricingGrids",
  preview: "/api/super/PreviewPricingGridCopy",
  copy: "/api/super/CopyPricingGridToTenant",
} as const;

const api = areaApi(["Super"]);

api.get(
  SUPER_PRICING_GRID_API.sourceGrids,
  "An organisation's price grids with their group, species and period, newest period first " +
    "(at most 300, the total beside them)",
  { query: SourceGridsQuery },
  SourceGridList,
  SUPER,
  (ctx, { tenantId, speciesId }) => sourceGrids(ctx, tenantId, speciesId),
);

api.get(
  SUPER_PRICING_GRID_API.preview,
  "What copying a grid into another organisation would create: its cells, the species and category " +
    "there, the groups it may go into, and why it cannot be copied",
  { query: CopyPreviewQuery },
  CopyPreview,
  SUPER,
  async (ctx, q) => (await previewCopy(ctx, q)).preview,
);

api.post(
  SUPER_PRICING_GRID_API.copy,
  "Copy a grid into another processor, with the same prices, into an upcoming group or a new one " +
    "(not yet started, never the default)",
  CopyGridBody,
  CopyGridResult,
  SUPER,
  copyGrid,
);

export const superPricingGridApi = api.router();
