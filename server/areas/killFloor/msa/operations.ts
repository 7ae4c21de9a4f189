/**
 * MSA data: an order's MSA results with its msaDetails (eligible, registered supplier, compliance once
 * killed), and the re-query (flag msaDataRequery): the plant's MSA grader is asked again for a day or an
 * order, what it holds replaces ours, and what changed is answered per carcass and kept (one audit entry
 * per order) so the order's MSA panel shows the last re-query's before and after.
 */
import { and, asc, eq } from "drizzle-orm";
import { carcasses, livestockOrders, suppliers } from "../../../../db/tenant/schema.ts";
import { ApiError } from "../../../http/errors.ts";
import { type AreaContext, nextModified } from "../../context.ts";
import type { In } from "../../areaApi.ts";
import { auditHistory, displayName } from "../../audit.ts";
import { speciesSiteOf } from "../../killAgenda/queries.ts";
import { formatDate } from "../../../../kernel/format.ts";
import { announceKillFloorData } from "../operations/importCarcasses.ts";
import { graderRecord, pick } from "./grader.ts";
import { complianceOf, MSA_KEYS, msaChanges } from "./rules.ts";
import type { MsaCarcassChange, MsaOrderData, MsaRequeryOutcome, RequeryMsaBody } from "./schemas.ts";
import type { z } from "@hono/zod-openapi";

/** The audit entity of a re-query, one entry per order it asked about. */
export const MSA_REQUERY_ENTITY = "MsaRequery";
/** An order's carcasses answered at most (a large lot is a few hundred head). */
const MAX_CARCASSES = 5_000;
const CATTLE = 2;

const CARCASS_COLUMNS = {
  carcassId: carcasses.id,
  livestockOrderId: carcasses.livestockOrderId,
  productionDate: carcasses.productionDate,
  bodyNumber: carcasses.bodyNumber,
  speciesId: carcasses.speciesId,
  sex: carcasses.sex,
  dentition: carcasses.dentition,
  hscwKg: carcasses.hscwKg,
  fatDepthMm: carcasses.fatDepthMm,
  condemned: carcasses.condemned,
  lastModified: carcasses.lastModified,
  ...Object.fromEntries(MSA_KEYS.map((k) => [k, carcasses[k]])) as {
    [K in typeof MSA_KEYS[number]]: typeof carcasses[K];
  },
};

async function orderOf(ctx: AreaContext, livestockOrderId: number) {
  const [order] = await ctx.db.select({
    id: livestockOrders.id,
    speciesId: livestockOrders.speciesId,
    tenantSiteId: livestockOrders.tenantSiteId,
    isMsaEligible: livestockOrders.isMsaEligible,
    lotReference: livestockOrders.agendaLotReference,
    supplierName: suppliers.name,
    msa: suppliers.msaProperties,
  }).from(livestockOrders).innerJoin(suppliers, eq(suppliers.id, livestockOrders.supplierId))
    .where(eq(livestockOrders.id, livestockOrderId));
  ctx.scope.assertSpecies(order?.speciesId, "That order");
  if (order.tenantSiteId) ctx.scope.assertSite(order.tenantSiteId, "That order");
  return order;
}

/** GetMsaData: an order's MSA results, its msaDetails and the last re-query's changes. */
export async function orderMsa(
  ctx: AreaContext,
  livestockOrderId: number,
): Promise<z.infer<typeof MsaOrderData>> {
  const order = await orderOf(ctx, livestockOrderId);
  const rows = await ctx.db.select(CARCASS_COLUMNS).from(carcasses)
    .where(eq(carcasses.livestockOrderId, order.id))
    .orderBy(asc(carcasses.productionDate), asc(carcasses.killSequence)).limit(MAX_CARCASSES);
  const compliance = complianceOf(rows);
  const indexes = rows.flatMap((r) => (r.msaIndex === null ? [] : [r.msaIndex]));
  const [last] = await auditHistory(ctx.db, MSA_REQUERY_ENTITY, order.id);
  return {
    livestockOrderId: order.id,
    supplierName: order.supplierName,
    lotReference: order.lotReference,
    speciesId: order.speciesId,
    msaDetails: {
      isMsaEligible: order.isMsaEligible,
      isRegisteredSupplier: Boolean(order.msa?.isMsaAccredited && order.msa.msaNumber),
      msaNumber: order.msa?.msaNumber || null,
      killed: rows.length,
      ...compliance,
      averageMsaIndex: indexes.length
        ? Math.round(indexes.reduce((a, b) => a + b, 0) / indexes.length * 100) / 100
        : null,
    },
    carcasses: rows.map(({ livestockOrderId: _, speciesId: __, fatDepthMm: ___, lastModified: ____, ...r }) =>
      r
    ),
    lastRequery: last
      ? {
        at: last.at,
        by: last.userName,
        ...(last.after as Omit<z.infer<typeof MsaRequeryOutcome>, "at" | "by">),
      }
      : null,
  };
}

/** RequeryMsaData: ask the plant's MSA grader again for an order or a day; answers what changed. */
export async function requeryMsa(
  ctx: AreaContext,
  input: In<typeof RequeryMsaBody>,
): Promise<z.infer<typeof MsaRequeryOutcome>> {
  const { where, asked, speciesId } = input.livestockOrderId
    ? await (async () => {
      const order = await orderOf(ctx, input.livestockOrderId!);
      return {
        where: eq(carcasses.livestockOrderId, order.id),
        asked: `Order ${order.id}${order.lotReference ? ` (lot ${order.lotReference})` : ""}`,
        speciesId: order.speciesId,
      };
    })()
    : await (async () => {
      const { speciesId, siteId } = await speciesSiteOf(ctx, input);
      return {
        where: and(
          eq(carcasses.productionDate, input.date!),
          eq(carcasses.speciesId, speciesId),
          eq(carcasses.tenantSiteId, siteId),
        ),
        asked: `The kill of ${formatDate(input.date!)}`,
        speciesId,
      };
    })();
  const field = input.livestockOrderId ? "livestockOrderId" : "date";
  if (speciesId !== CATTLE) {
    throw ApiError.validation([{
      field,
      message: "MSA grading is for cattle: choose a cattle order or day.",
    }]);
  }
  const rows = await ctx.db.select({ ...CARCASS_COLUMNS, isMsaEligible: livestockOrders.isMsaEligible })
    .from(carcasses).innerJoin(livestockOrders, eq(livestockOrders.id, carcasses.livestockOrderId))
    .where(where).orderBy(asc(carcasses.productionDate), asc(carcasses.killSequence));
  if (!rows.length) {
    throw ApiError.validation([{
      field,
      message: "No carcass is recorded there yet: nothing to ask the grader about.",
    }]);
  }
  const changed: (z.infer<typeof MsaCarcassChange> & { next: ReturnType<typeof pick> })[] = [];
  for (const r of rows) {
    const next = graderRecord(r, r.isMsaEligible);
    if (!next) continue;
    const changes = msaChanges(pick(r), next);
    if (changes.length) {
      changed.push({
        carcassId: r.carcassId,
        livestockOrderId: r.livestockOrderId,
        productionDate: r.productionDate,
        bodyNumber: r.bodyNumber,
        changes,
        next,
      });
    }
  }
  const at = new Date().toISOString();
  const by = displayName(ctx.caller);
  await ctx.write(async (tx, unit) => {
    for (const c of changed) {
      const row = rows.find((r) => r.carcassId === c.carcassId)!;
      await tx.update(carcasses).set({ ...c.next, lastModified: nextModified(row.lastModified) })
        .where(eq(carcasses.id, c.carcassId));
    }
    const orderIds = [...new Set(rows.map((r) => r.livestockOrderId))];
    for (const orderId of orderIds) {
      await unit.audit({
        entity: MSA_REQUERY_ENTITY,
        entityId: orderId,
        action: `MSA data re-queried: ${asked}`,
        after: {
          asked,
          carcassesAsked: rows.filter((r) => r.livestockOrderId === orderId).length,
          changed: changed.filter((c) => c.livestockOrderId === orderId).map(({ next: _, ...c }) => c),
        },
      });
    }
    const days = [...new Set(changed.map((c) => c.productionDate))];
    if (days.length) announceKillFloorData(unit, days, [], "import");
  });
  return { at, by, asked, carcassesAsked: rows.length, changed: changed.map(({ next: _, ...c }) => c) };
}
