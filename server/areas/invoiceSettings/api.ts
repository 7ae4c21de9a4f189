/**
 * api/settings/… for Settings › Invoicing (spec 2 §7.4): levies and charges, service kill fees and defect
 * price rules. Whoever can open the Invoicing settings tab may call them (invoiceSettings module); the
 * defect codes seen on carcasses, whoever can open Settings › Carcass Defects.
 */
import { z } from "@hono/zod-openapi";
import type { AccessRule } from "../../access/apiAccess.ts";
import { areaApi } from "../areaApi.ts";
import {
  archiveDefect,
  defect,
  defects,
  deleteLevy,
  levies,
  levy,
  saveDefect,
  saveLevy,
} from "./operations.ts";
import { INVOICE_SETTINGS_API as P } from "./paths.ts";
import { carcassDefects } from "./defects/operations.ts";
import { CarcassDefects, CarcassDefectsQuery } from "./defects/schemas.ts";
import {
  ArchiveDefectBody,
  DefectDetail,
  DefectDetailBody,
  DefectIdParam,
  DeleteBody,
  LevyBody,
  LevyKeyQuery,
  LevySetting,
} from "./schemas.ts";

const INVOICING: AccessRule = { pages: ["settingsInvoicing"] };
const Deleted = z.object({ id: z.number() });
const api = areaApi(["Invoicing settings"]);

api.get(
  P.levies,
  "Levies, charges and service kill fees of your species",
  { query: z.object({}) },
  z.array(LevySetting),
  INVOICING,
  (ctx) => levies(ctx),
);

api.get(
  P.levy,
  "One levy by its key (type, site (0 = every site), species category, start date, description)",
  { query: LevyKeyQuery },
  LevySetting,
  INVOICING,
  levy,
);

api.post(
  P.upsertLevy,
  "Add or change a levy (bands in dollars and percent; drafts recompute)",
  LevyBody,
  LevySetting,
  INVOICING,
  saveLevy,
);

api.post(
  P.deleteLevy,
  "Delete a levy entered by mistake (drafts recompute)",
  DeleteBody,
  Deleted,
  INVOICING,
  deleteLevy,
);

api.get(
  P.defects,
  "How defects and condemnations are paid",
  { query: z.object({}) },
  z.array(DefectDetail),
  INVOICING,
  (ctx) => defects(ctx),
);

api.get(
  P.defect,
  "One defect detail",
  { params: DefectIdParam },
  DefectDetail,
  INVOICING,
  (ctx, { id }) => defect(ctx, id),
);

api.post(
  P.upsertDefect,
  "Add or change a defect price rule (drafts recompute)",
  DefectDetailBody,
  DefectDetail,
  INVOICING,
  saveDefect,
);

api.post(
  P.archiveDefect,
  "Archive or restore a defect price rule",
  ArchiveDefectBody,
  DefectDetail,
  INVOICING,
  archiveDefect,
);

api.get(
  P.carcassDefects,
  "The defect codes the kill floor sent in a period (default the last 90 days), per species, and how each is paid",
  { query: CarcassDefectsQuery },
  CarcassDefects,
  { pages: ["settingsCarcassDefects"] },
  carcassDefects,
);

export const invoiceSettingsApi = api.router();
