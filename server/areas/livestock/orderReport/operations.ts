/**
 * The order report (spec 1 §2 reports orderreporting, module orderReporting): a page of the orders a
 * filter matches, their totals, the CSV streamed batch by batch (never the whole report in memory), the
 * PDF of the chosen columns, and the user's saved filters (the reportFavourites user setting, written
 * through the users area's own-settings function). Reads only: orders, parties, carcasses, invoices.
 */
import { userSettingValue } from "../../../access/flags.ts";
import { ApiError } from "../../../http/errors.ts";
import { pageOf } from "../../../http/params.ts";
import { addDays, periodProblem } from "../../../../kernel/dates.ts";
import { formatDayNumbers } from "../../../../kernel/format.ts";
import type { AreaContext } from "../../context.ts";
import { csvRows } from "../../csv.ts";
import { updateOwnSettings } from "../../users/operations/ownAccount.ts";
import {
  agentNames,
  filterChoices,
  reportBatchAfter,
  reportCount,
  reportPage,
  reportTotals,
  type ResolvedReportFilter,
  statusLevels,
} from "./queries.ts";
import {
  chosenColumns,
  type Column,
  csvHeader,
  csvLine,
  DATE_FIELDS,
  MAX_REPORT_DAYS,
  type ReportRow,
  type ReportTotals,
  statusWords,
} from "./rules.ts";
import { type OrderReportFilters, type OrderReportQuery, ReportFavourites } from "./schemas.ts";

/** Rows a file reads at a time. */
export const BATCH_ROWS = 1000;
/** The most orders a PDF lists (the CSV has them all). */
export const MAX_PDF_ROWS = 2000;
/** The default period: the 30 days to today. */
export const DEFAULT_DAYS = 30;

/** The query's filter with its defaults, checked against the caller's species and sites (400 in words). */
export function resolveReportFilter(ctx: AreaContext, q: OrderReportQuery): ResolvedReportFilter {
  const toDate = q.toDate ?? ctx.today;
  const fromDate = q.fromDate ?? addDays(toDate, -DEFAULT_DAYS);
  const problems: { field: string; message: string }[] = [];
  const period = periodProblem(fromDate, toDate, MAX_REPORT_DAYS);
  if (period) problems.push(period);
  if (q.speciesId !== undefined && !ctx.scope.hasSpecies(q.speciesId)) {
    problems.push({ field: "speciesId", message: "Choose one of your species" });
  }
  if (q.tenantSiteId !== undefined && !ctx.scope.hasSite(q.tenantSiteId)) {
    problems.push({ field: "tenantSiteId", message: "Choose one of your sites" });
  }
  if (problems.length) throw ApiError.validation(problems);
  return {
    dateField: q.dateField ?? "delivery",
    fromDate,
    toDate,
    speciesId: q.speciesId,
    supplierId: q.supplierId,
    buyerId: q.buyerId,
    agentId: q.agentId,
    tenantSiteId: q.tenantSiteId,
    statuses: statusLevels(q.statuses ?? []),
  };
}

/** GetOrderReport: one page of the orders, by the period's date then order number. */
export async function orderReportPage(
  ctx: AreaContext,
  q: OrderReportQuery & { startIndex?: number; pageSize?: number },
): Promise<{ rows: ReportRow[]; total: number }> {
  const f = resolveReportFilter(ctx, q);
  const rows = await reportPage(ctx, f, pageOf(q), await agentNames(ctx));
  return { rows, total: await reportCount(ctx, f) };
}

/** GetOrderReportTotals: the totals row, over every order the filter matches. */
export async function orderReportTotals(ctx: AreaContext, q: OrderReportQuery) {
  const f = resolveReportFilter(ctx, q);
  return { fromDate: f.fromDate, toDate: f.toDate, dateField: f.dateField, ...(await reportTotals(ctx, f)) };
}

/** The report's rows batch by batch (keyset on date and order number): at most one batch in memory. */
async function* batches(ctx: AreaContext, f: ResolvedReportFilter, limit = Infinity) {
  const agents = await agentNames(ctx);
  let after: { date: string; id: number } | null = null;
  let given = 0;
  while (given < limit) {
    const rows = await reportBatchAfter(ctx, f, after, Math.min(BATCH_ROWS, limit - given), agents);
    if (!rows.length) return;
    yield rows;
    given += rows.length;
    const last = rows.at(-1)!;
    after = { date: (f.dateField === "production" ? last.productionDate : last.deliveryDate)!, id: last.id };
    if (rows.length < BATCH_ROWS) return;
  }
}

const fileName = (f: ResolvedReportFilter) => `order-report-${f.fromDate}-to-${f.toDate}`;

/**
 * ExportOrderReportCsv: the chosen columns, a plain header and a totals line, streamed as the batches are
 * read (a 50,000-order year never sits whole in memory).
 */
export function orderReportCsv(ctx: AreaContext, q: OrderReportQuery) {
  const f = resolveReportFilter(ctx, q);
  const columns = chosenColumns(q.columns);
  const encoder = new TextEncoder();
  let source: AsyncGenerator<ReportRow[]> | null = null;
  let done = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (done) return;
      if (!source) {
        source = batches(ctx, f);
        controller.enqueue(encoder.encode(csvRows([csvHeader(columns)])));
        return;
      }
      const next = await source.next();
      if (next.done) {
        done = true;
        controller.enqueue(encoder.encode(csvRows([totalsLine(columns, await reportTotals(ctx, f))])));
        controller.close();
        return;
      }
      controller.enqueue(encoder.encode(csvRows(next.value.map((r) => csvLine(columns, r)))));
    },
    async cancel() {
      await source?.return(undefined);
    },
  });
  return { body, name: fileName(f) };
}

/** The CSV's last line: "Total" under the first column, the sums under the numeric ones. */
export function totalsLine(columns: readonly Column[], t: ReportTotals): (string | number)[] {
  return columns.map((c, i) => {
    if (c.key === "ordered") return t.quantityOrdered;
    if (c.key === "delivered") return t.totalDelivered;
    if (c.key === "processed") return t.totalProcessed;
    if (c.key === "hscwTotal") return t.hscwTotalKg.toFixed(1);
    if (c.key === "hscwAverage") return t.hscwAverageKg === null ? "" : t.hscwAverageKg.toFixed(1);
    if (c.key === "invoiceTotal") return (t.invoiceTotalCents / 100).toFixed(2);
    return i === 0 ? `Total (${t.orders} ${t.orders === 1 ? "order" : "orders"})` : "";
  });
}

/** The filter in words, as the PDF prints it on top and the page says it. */
export async function filterWords(ctx: AreaContext, f: ResolvedReportFilter): Promise<string[]> {
  const choices = await filterChoices(ctx);
  const nameIn = (list: { id: number; name: string }[], id: number) =>
    list.find((x) => x.id === id)?.name ?? `#${id}`;
  const words = [
    `${DATE_FIELDS[f.dateField]} ${formatDayNumbers(f.fromDate)} to ${formatDayNumbers(f.toDate)}`,
  ];
  if (f.speciesId) words.push(`Species: ${ctx.scope.speciesName(f.speciesId)}`);
  if (f.supplierId) words.push(`Supplier: ${nameIn(choices.suppliers, f.supplierId)}`);
  if (f.buyerId) words.push(`Buyer: ${nameIn(choices.buyers, f.buyerId)}`);
  if (f.agentId) words.push(`Agent: ${nameIn(choices.agents, f.agentId)}`);
  if (f.tenantSiteId) words.push(`Site: ${ctx.scope.siteName(f.tenantSiteId)}`);
  if (f.statuses.length) words.push(`Status: ${f.statuses.map(statusWords).join(", ")}`);
  return words;
}

/** The rows a PDF lists (at most MAX_PDF_ROWS), the totals and the filter in words. */
export async function orderReportDocument(ctx: AreaContext, q: OrderReportQuery) {
  const f = resolveReportFilter(ctx, q);
  const rows: ReportRow[] = [];
  for await (const batch of batches(ctx, f, MAX_PDF_ROWS)) rows.push(...batch);
  return {
    name: fileName(f),
    columns: chosenColumns(q.columns),
    rows,
    totals: await reportTotals(ctx, f),
    filters: await filterWords(ctx, f),
  };
}

// ---------- saved filters ----------

/** The caller's reportFavourites value; one that no longer reads as such counts as empty. */
function favouritesOf(ctx: AreaContext): ReportFavourites {
  const parsed = ReportFavourites.safeParse(userSettingValue(ctx.caller.subject, "reportFavourites") ?? {});
  return parsed.success ? parsed.data : { favourites: [], orderReportFilters: [] };
}

/** GetOrderReportFilters: the caller's own saved filters, in the order they keep them. */
export function savedFilters(ctx: AreaContext): OrderReportFilters {
  return { filters: favouritesOf(ctx).orderReportFilters };
}

/**
 * SaveOrderReportFilters: the whole list (adding, renaming and deleting are all a new list). The other
 * favourites in the setting are kept.
 */
export async function saveFilters(ctx: AreaContext, body: OrderReportFilters): Promise<OrderReportFilters> {
  const problems: { field: string; message: string }[] = [];
  body.filters.forEach((s, i) => {
    if (s.speciesId !== undefined && !ctx.scope.hasSpecies(s.speciesId)) {
      problems.push({ field: `filters.${i}.speciesId`, message: "Choose one of your species" });
    }
    if (s.tenantSiteId !== undefined && !ctx.scope.hasSite(s.tenantSiteId)) {
      problems.push({ field: `filters.${i}.tenantSiteId`, message: "Choose one of your sites" });
    }
    const period = s.fromDate && s.toDate ? periodProblem(s.fromDate, s.toDate, MAX_REPORT_DAYS) : null;
    if (period) problems.push({ field: `filters.${i}.${period.field}`, message: period.message });
  });
  if (problems.length) throw ApiError.validation(problems);
  const value = { favourites: favouritesOf(ctx).favourites, orderReportFilters: body.filters };
  await updateOwnSettings(ctx, [{ settingType: "reportFavourites", value }], "");
  return { filters: body.filters };
}
