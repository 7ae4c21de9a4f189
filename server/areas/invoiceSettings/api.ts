/**
 * api/settings/… for Settings › Invoicing (spec 2 §7.4): levies and charges, service kill fees and defect
 * price rules. Whoever can open the Invoicing settings tab may call them (invoiceSettings module).
 */
import type { Context } from "hono";
import { z } from "@hono/zod-openapi";
import type { AccessRule } from "../../access/apiAccess.ts";
import type { AppEnv } from "../../env.ts";
import { type ApiRouter, apiRouter, areaRoutes } from "../../http/openapi.ts";
import { apiService } from "../context.ts";
import { InvoiceSettingsService } from "./service.ts";
import { INVOICE_SETTINGS_API as P } from "./paths.ts";
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

const { get, post } = areaRoutes(["Invoicing settings"]);
const INVOICING: AccessRule = { pages: ["settingsInvoicing"] };
const settings = (c: Context<AppEnv>) => apiService(c, InvoiceSettingsService);
const Deleted = z.object({ id: z.number() });

export const invoiceSettingsApi: ApiRouter = apiRouter()
  .openapi(
    get(
      P.levies,
      "Levies, charges and service kill fees of your species",
      { query: z.object({}) },
      z.array(LevySetting),
      INVOICING,
    ),
    async (c) => c.json(await (await settings(c)).levies(), 200),
  )
  .openapi(
    get(
      P.levy,
      "One levy by its key (type, site (0 = every site), species category, start date, description)",
      { query: LevyKeyQuery },
      LevySetting,
      INVOICING,
    ),
    async (c) => c.json(await (await settings(c)).levy(c.req.valid("query")), 200),
  )
  .openapi(
    post(
      P.upsertLevy,
      "Add or change a levy (bands in dollars and percent; drafts recompute)",
      LevyBody,
      LevySetting,
      INVOICING,
    ),
    async (c) => c.json(await (await settings(c)).upsertLevy(c.req.valid("json")), 200),
  )
  .openapi(
    post(P.deleteLevy, "Delete a levy entered by mistake (drafts recompute)", DeleteBody, Deleted, INVOICING),
    async (c) => c.json(await (await settings(c)).deleteLevy(c.req.valid("json")), 200),
  )
  .openapi(
    get(
      P.defects,
      "How defects and condemnations are paid",
      { query: z.object({}) },
      z.array(DefectDetail),
      INVOICING,
    ),
    async (c) => c.json(await (await settings(c)).defects(), 200),
  )
  .openapi(
    get(P.defect, "One defect detail", { params: DefectIdParam }, DefectDetail, INVOICING),
    async (c) => c.json(await (await settings(c)).defect(c.req.valid("param").id), 200),
  )
  .openapi(
    post(
      P.upsertDefect,
      "Add or change a defect price rule (drafts recompute)",
      DefectDetailBody,
      DefectDetail,
      INVOICING,
    ),
    async (c) => c.json(await (await settings(c)).upsertDefect(c.req.valid("json")), 200),
  )
  .openapi(
    post(
      P.archiveDefect,
      "Archive or restore a defect price rule",
      ArchiveDefectBody,
      DefectDetail,
      INVOICING,
    ),
    async (c) => c.json(await (await settings(c)).archiveDefect(c.req.valid("json")), 200),
  );
