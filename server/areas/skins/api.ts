/**
 * api/livestock/… for skin grading (spec 2 §7.2: whoever can open Skin Grade) and skin/hide prices
 * (§7.3: whoever can open Settings › Skin/Hide Price).
 */
import type { Context } from "hono";
import { z } from "@hono/zod-openapi";
import type { AccessRule } from "../../access/apiAccess.ts";
import type { AppEnv } from "../../env.ts";
import { type ApiRouter, apiRouter, areaRoutes } from "../../http/openapi.ts";
import { IdParam } from "../../http/params.ts";
import { apiService } from "../context.ts";
import { SkinPriceService } from "./prices.ts";
import { SkinGradeService } from "./counts.ts";
import { SKIN_API as P } from "./paths.ts";
import {
  ArchiveSkinPriceBody,
  IncompleteInvoicesQuery,
  IncompleteSkinsQuery,
  OrderIdParam,
  SkinCountBody,
  SkinDayQuery,
  SkinInvoicePage,
  SkinPage,
  SkinPrice,
  SkinPriceBody,
  SkinPricesQuery,
  SkinRecord,
  SkinReportQuery,
} from "./schemas.ts";

const { get, post } = areaRoutes(["Skin grading"]);
const GRADING: AccessRule = { pages: ["skingrade"] };
const PRICES: AccessRule = { pages: ["settingsSkinPrice"] };
const prices = (c: Context<AppEnv>) => apiService(c, SkinPriceService);
const grading = (c: Context<AppEnv>) => apiService(c, SkinGradeService);

export const skinsApi: ApiRouter = apiRouter()
  .openapi(
    get(
      P.prices,
      "Skin and hide prices of your species",
      { query: SkinPricesQuery },
      z.array(SkinPrice),
      PRICES,
    ),
    async (c) => c.json(await (await prices(c)).prices(c.req.valid("query").speciesId), 200),
  )
  .openapi(
    get(P.price, "One skin or hide price", { params: IdParam }, SkinPrice, PRICES),
    async (c) => c.json(await (await prices(c)).price(c.req.valid("param").id), 200),
  )
  .openapi(
    post(
      P.upsertPrice,
      "Add or change a skin or hide price (dollars a piece by grade; drafts recompute)",
      SkinPriceBody,
      SkinPrice,
      PRICES,
    ),
    async (c) => c.json(await (await prices(c)).upsert(c.req.valid("json")), 200),
  )
  .openapi(
    post(
      P.archivePrice,
      "Stop using a skin or hide price from today, or use it again",
      ArchiveSkinPriceBody,
      SkinPrice,
      PRICES,
    ),
    async (c) => c.json(await (await prices(c)).archive(c.req.valid("json")), 200),
  )
  .openapi(
    post(
      P.upsertCounts,
      "Record the skins counted by grade for orders killed on a day (all or nothing)",
      SkinCountBody,
      z.array(SkinRecord),
      GRADING,
    ),
    async (c) => c.json(await (await grading(c)).upsert(c.req.valid("json")), 200),
  )
  .openapi(
    get(
      P.incomplete,
      "Skin records still to count, paged (a start past the end steps back a page)",
      { query: IncompleteSkinsQuery },
      SkinPage,
      GRADING,
    ),
    async (c) => c.json(await (await grading(c)).incomplete(c.req.valid("query")), 200),
  )
  .openapi(
    get(
      P.incompleteInvoices,
      "Draft invoices waiting for skin counts or a skin price, paged",
      { query: IncompleteInvoicesQuery },
      SkinInvoicePage,
      GRADING,
    ),
    async (c) => c.json(await (await grading(c)).incompleteInvoices(c.req.valid("query")), 200),
  )
  .openapi(
    get(
      P.day,
      "Every order killed on a day with its skins as counted (the count sheet)",
      { query: SkinDayQuery },
      z.array(SkinRecord),
      GRADING,
    ),
    async (c) => c.json(await (await grading(c)).day(c.req.valid("query")), 200),
  )
  .openapi(
    get(
      P.completed,
      "Completed skin invoice report for a period (at most a year)",
      { query: SkinReportQuery },
      z.array(SkinRecord),
      GRADING,
    ),
    async (c) => c.json(await (await grading(c)).completed(c.req.valid("query")), 200),
  )
  .openapi(
    get(P.ofOrder, "An order's skins, day by day", { params: OrderIdParam }, z.array(SkinRecord), GRADING),
    async (c) => c.json(await (await grading(c)).ofOrder(c.req.valid("param").orderId), 200),
  );
