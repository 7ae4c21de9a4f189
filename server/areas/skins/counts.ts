/**
 * Skin grading (spec 2 §2.1 skin grade, §7.2): each order's kill on a production day is a skin record:
 * its head processed are the skins (or hides) to count, the skin room records them by grade, and the
 * invoice pays for them at the day's price. A record is incomplete until every head processed has its
 * skin counted. Service kills are left out (the plant keeps the skins), as are pigs.
 *
 * Counts are stored for a day at once (UpsertSkinCountForOrdersForDate), one unit of work, audited, refused
 * when stale (409) or when the order's invoice for that day is already published or finalised (unpublish
 * first); they clear the computed figures of the order's drafts, which recompute when next read.
 */
import { and, desc, eq, inArray, lte, sql } from "drizzle-orm";
import {
  carcasses,
  invoiceMobs,
  invoices,
  livestockOrders,
  pricingGridGroups,
  skinCounts,
  stockMobs,
  suppliers,
} from "../../../db/tenant/schema.ts";
import { ApiError } from "../../http/errors.ts";
import { type AreaContext, assertPeriod, assertUnchanged, nextModified } from "../context.ts";
import { displayName } from "../audit.ts";
import { addDays } from "../../../kernel/dates.ts";
import { refigureDrafts } from "../invoices/writes.ts";
import { skinPriceFor } from "../invoiceSettings/queries.ts";
import { formatDate } from "../../../kernel/format.ts";
import { countProblems, countTotal, hasSkins, skinPage, skinWord } from "./rules.ts";
import type { SkinCountBody, SkinRecord } from "./schemas.ts";
import { countsOf, killsOf, LOTS, recordKey, recordsOf } from "./records.ts";

export const SKIN_COUNT_ENTITY = "SkinCount";
/** The incomplete list looks back this far unless asked otherwise. */
export const INCOMPLETE_LOOKBACK_DAYS = 60;

/** The caller's species with skins or hides. */
export function gradingSpecies(ctx: AreaContext): { id: number; name: string }[] {
  return ctx.scope.species.filter((s) => hasSkins(s.id));
}

/** A species by name (spec 2 §7.2 speciesName): unknown is 400, not the caller's is 403; default the first. */
export function speciesOf(ctx: AreaContext, name?: string | null): { id: number; name: string } {
  const mine = gradingSpecies(ctx);
  if (!name) {
    const first = mine[0];
    if (!first) throw ApiError.forbidden("None of your species has skins or hides to grade.");
    return first;
  }
  const found = mine.find((s) => s.name.toLowerCase() === name.trim().toLowerCase());
  if (found) return found;
  if (ctx.scope.species.some((s) => s.name.toLowerCase() === name.trim().toLowerCase())) {
    throw ApiError.validation([{ field: "speciesName", message: `${name} have no skins to grade` }]);
  }
  throw ApiError.forbidden(`${name} is not one of your species.`);
}

/** A slice of a list: where it starts and how many rows (a start past the end steps back a page). */
export interface SkinSlice {
  offset: number;
  limit: number;
}

/** Records still to count in a period (default: the last 60 days), oldest kill first, one page. */
export async function incompleteSkins(
  ctx: AreaContext,
  q: { speciesName?: string; fromDate?: string; toDate?: string },
  slice: SkinSlice,
) {
  const species = speciesOf(ctx, q.speciesName);
  const to = q.toDate ?? ctx.today;
  const from = q.fromDate ?? addDays(to, -INCOMPLETE_LOOKBACK_DAYS);
  assertPeriod(from, to);
  const kills = await killsOf(ctx.db, species.id, { from, to });
  const counted = await countsOf(ctx.db, kills);
  const open = kills.filter((k) => (counted.get(recordKey(k))?.total ?? 0) < k.head)
    .sort((a, b) => a.day.localeCompare(b.day) || a.orderId - b.orderId);
  const page = skinPage(open, slice);
  return { ...page, rows: await recordsOf(ctx, page.rows, counted) };
}

/** Every order killed on a day, counted or not: the skin room's count sheet. */
export async function skinDay(
  ctx: AreaContext,
  q: { speciesName?: string; productionDate: string },
): Promise<SkinRecord[]> {
  const species = speciesOf(ctx, q.speciesName);
  const kills = (await killsOf(ctx.db, species.id, { from: q.productionDate, to: q.productionDate }))
    .sort((a, b) =>
      (a.lot ?? "~").localeCompare(b.lot ?? "~", "en", { numeric: true }) || a.orderId - b.orderId
    );
  return await recordsOf(ctx, kills, await countsOf(ctx.db, kills));
}

/** The latest day on or before `day` with a kill of the species (the count sheet's default), or `day`. */
export async function latestKillDay(ctx: AreaContext, speciesId: number, day: string): Promise<string> {
  const row = await ctx.db.select({ day: sql<string | null>`max(${carcasses.productionDate})` })
    .from(carcasses).where(and(eq(carcasses.speciesId, speciesId), lte(carcasses.productionDate, day)))
    .get();
  return row?.day ?? day;
}

/** The completed skin invoice report: records fully counted in a period, latest kill first. */
export async function completedSkins(
  ctx: AreaContext,
  q: { speciesName?: string; fromDate: string; toDate: string },
): Promise<SkinRecord[]> {
  const species = speciesOf(ctx, q.speciesName);
  assertPeriod(q.fromDate, q.toDate);
  const kills = await killsOf(ctx.db, species.id, { from: q.fromDate, to: q.toDate });
  const counted = await countsOf(ctx.db, kills);
  const done = kills.filter((k) => (counted.get(recordKey(k))?.total ?? 0) >= k.head)
    .sort((a, b) => b.day.localeCompare(a.day) || a.orderId - b.orderId);
  return await recordsOf(ctx, done, counted);
}

/** An order's skin records, day by day. */
export async function skinsOfOrder(ctx: AreaContext, orderId: number): Promise<SkinRecord[]> {
  const order = await ctx.db.select({ speciesId: livestockOrders.speciesId }).from(livestockOrders)
    .where(eq(livestockOrders.id, orderId)).get();
  ctx.scope.assertSpecies(order?.speciesId, "That order");
  if (!order) throw ApiError.notFound("That order does not exist.");
  if (!hasSkins(order.speciesId)) return [];
  const kills = await killsOf(ctx.db, order.speciesId, { orderId });
  return await recordsOf(ctx, kills, await countsOf(ctx.db, kills));
}

/** Draft invoices of a species that cannot be published for want of skin data, one page. */
export async function incompleteSkinInvoices(
  ctx: AreaContext,
  q: { speciesName?: string },
  slice: SkinSlice,
) {
  const species = speciesOf(ctx, q.speciesName);
  const drafts = await ctx.db.select({
    invoiceId: invoices.id,
    orderId: invoices.livestockOrderId,
    speciesCategoryId: invoices.speciesCategoryId,
    lotReference: livestockOrders.agendaLotReference,
    supplierName: suppliers.name,
    head: sql<number>`count(${carcasses.id})`,
    day: sql<string>`max(${carcasses.productionDate})`,
    days: sql<string>`group_concat(distinct ${carcasses.productionDate})`,
  }).from(invoices)
    .innerJoin(livestockOrders, eq(livestockOrders.id, invoices.livestockOrderId))
    .innerJoin(suppliers, eq(suppliers.id, invoices.supplierId))
    .innerJoin(invoiceMobs, eq(invoiceMobs.invoiceId, invoices.id))
    .innerJoin(carcasses, eq(carcasses.stockMobId, invoiceMobs.stockMobId))
    .leftJoin(pricingGridGroups, eq(pricingGridGroups.id, livestockOrders.pricingGridGroupId))
    .where(and(
      eq(invoices.status, "Draft"),
      eq(invoices.speciesId, species.id),
      sql`coalesce(${pricingGridGroups.isServiceKill}, 0) = 0`,
    ))
    .groupBy(invoices.id).orderBy(desc(invoices.productionDate), desc(invoices.id)).limit(2_000);
  const kills = drafts.flatMap((d) => d.days.split(",").map((day) => ({ orderId: d.orderId, day, head: 0 })));
  const counted = await countsOf(ctx.db, kills);
  const word = skinWord(species.id);
  const rows = [];
  for (const d of drafts) {
    const total = d.days.split(",").reduce(
      (n, day) => n + (counted.get(`${d.orderId}:${day}`)?.total ?? 0),
      0,
    );
    const price = await skinPriceFor(ctx.db, {
      speciesId: species.id,
      speciesCategoryId: d.speciesCategoryId,
      date: d.day,
    });
    if (total >= d.head && price) continue;
    const reasons = [
      total < d.head ? `${total} of ${d.head} ${word} counted` : "",
      price ? "" : `no ${word.slice(0, -1)} price for ${formatDate(d.day)}`,
    ].filter(Boolean);
    rows.push({
      invoiceId: d.invoiceId,
      livestockOrderId: d.orderId,
      lotReference: d.lotReference ?? "",
      supplierName: d.supplierName,
      productionDate: d.day,
      headProcessed: d.head,
      totalSkinCount: total,
      hasSkinPrice: price !== null,
      reason: capitalise(reasons.join("; ")),
    });
  }
  return skinPage(rows, slice);
}

/** Record the skins of orders killed on a day (all or nothing); a record of all zeros clears the count. */
export async function saveSkinCounts(ctx: AreaContext, body: SkinCountBody): Promise<SkinRecord[]> {
  const day = body.productionDate;
  const orderIds = [...new Set(body.countRecords.map((r) => r.livestockOrderId))];
  if (orderIds.length !== body.countRecords.length) {
    throw ApiError.validation([{
      field: "countRecords",
      message: "Each order may be counted once a day.",
    }]);
  }
  const kills = await ctx.write(async (tx, unit) => {
    const orders = await tx.select({
      id: livestockOrders.id,
      speciesId: livestockOrders.speciesId,
      lot: livestockOrders.agendaLotReference,
    }).from(livestockOrders).where(inArray(livestockOrders.id, orderIds));
    const heads = await tx.select({
      orderId: carcasses.livestockOrderId,
      head: sql<number>`count(*)`,
      lot: LOTS,
    })
      .from(carcasses).innerJoin(stockMobs, eq(stockMobs.id, carcasses.stockMobId)).where(
        and(inArray(carcasses.livestockOrderId, orderIds), eq(carcasses.productionDate, day)),
      )
      .groupBy(carcasses.livestockOrderId);
    const closed = await tx.selectDistinct({
      orderId: invoices.livestockOrderId,
      number: invoices.invoiceNumber,
      status: invoices.status,
    }).from(invoices).innerJoin(invoiceMobs, eq(invoiceMobs.invoiceId, invoices.id))
      .innerJoin(carcasses, eq(carcasses.stockMobId, invoiceMobs.stockMobId))
      .where(and(
        inArray(invoices.livestockOrderId, orderIds),
        inArray(invoices.status, ["Published", "Finalised"]),
        eq(carcasses.productionDate, day),
      ));
    const existing = await tx.select().from(skinCounts)
      .where(and(inArray(skinCounts.livestockOrderId, orderIds), eq(skinCounts.productionDate, day)));
    const problems: { field: string; message: string }[] = [];
    body.countRecords.forEach((r, i) => {
      const field = `countRecords.${i}.counts`;
      const order = orders.find((o) => o.id === r.livestockOrderId);
      const kill = heads.find((h) => h.orderId === r.livestockOrderId);
      const lot = kill?.lot || order?.lot ? `Lot ${kill?.lot || order?.lot}` : `Order ${r.livestockOrderId}`;
      if (!order || !gradingSpecies(ctx).some((s) => s.id === order.speciesId)) {
        problems.push({
          field,
          message: `Order ${r.livestockOrderId} is not one of your orders with skins`,
        });
        return;
      }
      const head = kill?.head ?? 0;
      if (!head) {
        problems.push({ field, message: `${lot} had no kill on ${formatDate(day)}` });
        return;
      }
      const problem = countProblems(r.counts, head, skinWord(order.speciesId));
      if (problem) problems.push({ field, message: `${lot}: ${problem}` });
    });
    if (problems.length) throw ApiError.validation(problems);
    for (const c of closed) {
      const lot = heads.find((h) => h.orderId === c.orderId)?.lot ?? String(c.orderId);
      throw ApiError.conflict(
        `Invoice ${
          c.number ?? ""
        } for lot ${lot} is ${c.status.toLowerCase()}: unpublish it before changing its skins.`
          .replace("  ", " "),
      );
    }
    const now = new Date().toISOString();
    for (const r of body.countRecords) {
      const current = existing.find((e) => e.livestockOrderId === r.livestockOrderId);
      if (current && r.lastModified) assertUnchanged(current, r.lastModified, "skin count");
      const counts = Object.fromEntries(Object.entries(r.counts).filter(([, n]) => n > 0));
      const total = countTotal(counts);
      if (!total) {
        if (current) await tx.delete(skinCounts).where(eq(skinCounts.id, current.id));
      } else if (current) {
        await tx.update(skinCounts).set({
          counts,
          total,
          recordedBy: displayName(ctx.caller),
          lastModified: nextModified(current.lastModified),
        }).where(eq(skinCounts.id, current.id));
      } else {
        await tx.insert(skinCounts).values({
          livestockOrderId: r.livestockOrderId,
          productionDate: day,
          counts,
          total,
          recordedBy: displayName(ctx.caller),
          createdAt: now,
          lastModified: now,
        });
      }
      if (total || current) {
        await unit.audit({
          entity: SKIN_COUNT_ENTITY,
          entityId: r.livestockOrderId,
          action: current ? (total ? "update" : "delete") : "create",
          before: current ? { productionDate: day, counts: current.counts } : undefined,
          after: { productionDate: day, counts },
        });
      }
    }
    // told once committed: a client re-reading at once must see the new counts
    await refigureDrafts(unit, { livestockOrderIds: orderIds });
    return heads.map((h) => ({ ...h, day }));
  });
  return await recordsOf(ctx, kills, await countsOf(ctx.db, kills));
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
