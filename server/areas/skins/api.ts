/**
 * api/livestock/… for skin grading (spec 2 §7.2: whoever can open Skin Grade) and skin/hide prices
 * (§7.3: whoever can open Settings › Skin/Hide Price).
 */
import { z } from "@hono/zod-openapi";
import type { AccessRule } from "../../access/apiAccess.ts";
import { IdParam } from "../../http/params.ts";
import { areaApi } from "../areaApi.ts";
import { archiveSkinPrice, saveSkinPrice, skinPrice, skinPriceList } from "./prices.ts";
import {
  completedSkins,
  incompleteSkinInvoices,
  incompleteSkins,
  saveSkinCounts,
  skinDay,
  skinsOfOrder,
} from "./counts.ts";
import { SKIN_API as P } from "./paths.ts";
import { SKIN_PAGE_SIZE } from "./rules.ts";
import {
  ArchiveSkinPriceBody,
  IncompleteInvoicesQuery,
  IncompleteSkinsQuery,
  OrderIdParam,
  SkinCountBody,
  SkinDayQuery,
  SkinInvoice,
  SkinPrice,
  SkinPriceBody,
  SkinPricesQuery,
  SkinRecord,
  SkinReportQuery,
} from "./schemas.ts";

const GRADING: AccessRule = { pages: ["skingrade"] };
const PRICES: AccessRule = { pages: ["settingsSkinPrice"] };
const api = areaApi(["Skin grading"]);

api.get(
  P.prices,
  "Skin and hide prices of your species",
  { query: SkinPricesQuery },
  z.array(SkinPrice),
  PRICES,
  (ctx, q) => skinPriceList(ctx, q.speciesId),
);

api.get(
  P.price,
  "One skin or hide price",
  { params: IdParam },
  SkinPrice,
  PRICES,
  (ctx, { id }) => skinPrice(ctx, id),
);

api.post(
  P.upsertPrice,
  "Add or change a skin or hide price (dollars a piece by grade; drafts recompute)",
  SkinPriceBody,
  SkinPrice,
  PRICES,
  saveSkinPrice,
);

api.post(
  P.archivePrice,
  "Stop using a skin or hide price from today, or use it again",
  ArchiveSkinPriceBody,
  SkinPrice,
  PRICES,
  archiveSkinPrice,
);

api.post(
  P.upsertCounts,
  "Record the skins counted by grade for orders killed on a day (all or nothing)",
  SkinCountBody,
  z.array(SkinRecord),
  GRADING,
  saveSkinCounts,
);

/** The page asked for; 50 rows unless told (spec 2 §4). */
const slice = (q: { startIndex?: number; pageSize?: number }) => ({
  offset: q.startIndex ?? 0,
  limit: q.pageSize ?? SKIN_PAGE_SIZE,
});

api.page(
  P.incomplete,
  "Skin records still to count (a start past the end steps back a page); paged, the total in X-Total-Count",
  { query: IncompleteSkinsQuery },
  SkinRecord,
  GRADING,
  (ctx, q) => incompleteSkins(ctx, q, slice(q)),
);

api.page(
  P.incompleteInvoices,
  "Draft invoices waiting for skin counts or a skin price; paged, the total in X-Total-Count",
  { query: IncompleteInvoicesQuery },
  SkinInvoice,
  GRADING,
  (ctx, q) => incompleteSkinInvoices(ctx, q, slice(q)),
);

api.get(
  P.day,
  "Every order killed on a day with its skins as counted (the count sheet)",
  { query: SkinDayQuery },
  z.array(SkinRecord),
  GRADING,
  skinDay,
);

api.get(
  P.completed,
  "Completed skin invoice report for a period (at most a year)",
  { query: SkinReportQuery },
  z.array(SkinRecord),
  GRADING,
  completedSkins,
);

api.get(
  P.ofOrder,
  "An order's skins, day by day",
  { params: OrderIdParam },
  z.array(SkinRecord),
  GRADING,
  (ctx, { orderId }) => skinsOfOrder(ctx, orderId),
);

export const skinsApi = api.router();
