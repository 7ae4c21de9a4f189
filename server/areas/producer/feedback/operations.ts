/** Kill feedback through a link (issue 44 §3, §4): the lots, one lot against its grid, the files. */
import { ApiError } from "../../../http/errors.ts";
import { daysBetween } from "../../../../kernel/dates.ts";
import type { AreaContext } from "../../context.ts";
import { feedbackCarcasses, killLots, lotWithGrid, openLink, trendLots } from "../door.ts";
import { feedbackCsv, feedbackFileName, feedbackJson } from "./files.ts";
import { lotCompliance } from "./rules.ts";
import { trendPoint } from "./trend.ts";

/** Teeth a lot may have before dentition counts against it (cattle: 4, the usual grid limit; others: 2). */
const MAX_DENTITION: Record<number, number> = { 1: 2, 2: 4 };

export async function linkedLots(ctx: AreaContext, q: { linkId: number }) {
  const link = await openLink(ctx, q.linkId, "feedback");
  return killLots(ctx, link);
}

/** One lot's carcasses, its compliance against its grid, and the grid (404 when not visible). */
export async function lotFeedback(ctx: AreaContext, q: { linkId: number; livestockOrderId: number }) {
  const link = await openLink(ctx, q.linkId, "feedback");
  const { carcasses, grid } = await lotWithGrid(ctx, link, q.livestockOrderId);
  if (!carcasses.length) throw ApiError.notFound("That lot has no kill feedback for you.");
  const maxDentition = MAX_DENTITION[carcasses[0].speciesId] ?? null;
  return {
    processorName: link.processorName,
    livestockOrderId: q.livestockOrderId,
    gridReference: grid?.reference ?? null,
    grid: grid?.cells ?? null,
    maxDentition,
    compliance: lotCompliance(carcasses, grid?.cells ?? null, maxDentition),
    carcasses,
  };
}

function fileQuery(ctx: AreaContext, q: { livestockOrderId?: number; from?: string; to?: string }) {
  if (q.livestockOrderId) return { livestockOrderId: q.livestockOrderId };
  const from = q.from ?? ctx.today, to = q.to ?? ctx.today;
  if (daysBetween(from, to) < 0 || daysBetween(from, to) > 366) {
    throw ApiError.validation([{
      field: "to",
      message: "Choose an end day from the start day to a year after it.",
    }]);
  }
  return { from, to };
}

async function fileRows(
  ctx: AreaContext,
  q: { linkId: number; livestockOrderId?: number; from?: string; to?: string },
) {
  const link = await openLink(ctx, q.linkId, "feedback");
  const asked = fileQuery(ctx, q);
  return { link, asked, rows: await feedbackCarcasses(ctx, link, asked) };
}

export async function feedbackCsvFile(ctx: AreaContext, q: Parameters<typeof fileRows>[1]) {
  const { link, asked, rows } = await fileRows(ctx, q);
  return { body: feedbackCsv(rows), name: feedbackFileName(link.processorName, asked) };
}

export async function feedbackJsonFile(ctx: AreaContext, q: Parameters<typeof fileRows>[1]) {
  const { rows } = await fileRows(ctx, q);
  return feedbackJson(rows);
}

/** The latest lots as points of the trend (oldest first), each with the plant's anonymous average or null. */
export async function linkedTrend(ctx: AreaContext, q: { linkId: number }) {
  const link = await openLink(ctx, q.linkId, "feedback");
  const lots = await trendLots(ctx, link);
  return lots.map((l) => ({
    livestockOrderId: l.livestockOrderId,
    productionDate: l.productionDate,
    speciesId: l.speciesId,
    head: l.carcasses.length,
    plantAverageKg: l.plantAverageKg,
    ...trendPoint(l.carcasses, l.grid?.cells ?? null, MAX_DENTITION[l.speciesId] ?? null),
  }));
}
