/**
 * The invoice calls by order of spec 2 §7.1 ("to-be-invoiced by order id; invoice and orders dto by id;
 * get or create invoice from order id; stock mob carcass counts by species"): the invoice manager's reads
 * and its one-click "invoice this order", over the lists, the invoice view and createFromLots.
 */
import { and, desc, eq, gte, inArray, lte, sql } from "drizzle-orm";
import {
  carcasses,
  invoiceMobs,
  invoices,
  livestockOrders,
  stockMobs,
  suppliers,
} from "../../../db/tenant/schema.ts";
import { ApiError } from "../../http/errors.ts";
import type { AreaContext } from "../context.ts";
import { orderStatusName, orderStatusText } from "../../../kernel/enums.ts";
import { invoicesOfOrder, toBeCreated } from "./queries/lists.ts";
import { invoiceSpecies } from "./queries/species.ts";
import { invoiceView } from "./queries/invoice.ts";
import { createFromLots } from "./operations/createFromLots.ts";

/** An order's species, if the caller may invoice it (404 for no such order, 403 outside their invoicing). */
async function orderSpecies(ctx: AreaContext, livestockOrderId: number) {
  const [order] = await ctx.db.select({ speciesId: livestockOrders.speciesId }).from(livestockOrders)
    .where(eq(livestockOrders.id, livestockOrderId));
  ctx.scope.assertSpecies(order?.speciesId, "That order");
  return invoiceSpecies(ctx, order.speciesId);
}

/** GetToBeInvoicedByOrderId: the order's killed mobs not yet on an invoice (null when none are left). */
export async function toBeInvoicedOfOrder(ctx: AreaContext, livestockOrderId: number) {
  const species = await orderSpecies(ctx, livestockOrderId);
  const [row] = await toBeCreated(ctx, species, livestockOrderId);
  return row ?? null;
}

/** GetInvoiceAndOrdersById: one invoice with the orders whose mobs it holds (a boxed lot holds several). */
export async function invoiceAndOrders(ctx: AreaContext, id: number) {
  const invoice = await invoiceView(ctx, id);
  const mobOrders = ctx.db.select({ id: stockMobs.livestockOrderId }).from(invoiceMobs)
    .innerJoin(stockMobs, eq(stockMobs.id, invoiceMobs.stockMobId)).where(eq(invoiceMobs.invoiceId, id));
  const orders = await ctx.db.select({
    id: livestockOrders.id,
    supplierName: suppliers.name,
    lotReference: livestockOrders.agendaLotReference,
    speciesId: livestockOrders.speciesId,
    deliveryDate: livestockOrders.deliveryDate,
    productionDate: livestockOrders.productionDate,
    quantityOrdered: livestockOrders.quantityOrdered,
    totalDelivered: livestockOrders.totalDelivered,
    totalProcessed: livestockOrders.totalProcessed,
    orderStatus: livestockOrders.orderStatus,
  }).from(livestockOrders).innerJoin(suppliers, eq(suppliers.id, livestockOrders.supplierId))
    .where(sql`${livestockOrders.id} = ${invoice.livestockOrderId} or ${livestockOrders.id} in ${mobOrders}`)
    .orderBy(livestockOrders.id);
  return {
    invoice,
    orders: orders.map((o) => {
      const name = orderStatusName(o.orderStatus);
      return { ...o, orderStatusName: orderStatusText(name) };
    }),
  };
}

/**
 * GetOrCreateInvoiceFromOrderId: the order's invoice, its killed mobs not yet invoiced put on its draft
 * first (a new draft when it has none); with nothing left to invoice, its latest invoice; an order with
 * neither is refused in plain words.
 */
export async function invoiceOfOrder(ctx: AreaContext, livestockOrderId: number) {
  await orderSpecies(ctx, livestockOrderId);
  const pending = await toBeInvoicedOfOrder(ctx, livestockOrderId);
  if (pending) {
    const made = await createFromLots(ctx, { stockMobIds: [], livestockOrderIds: [livestockOrderId] });
    const id = made.livestockInvoiceSummaryDtos[0]?.id;
    if (id) return await invoiceView(ctx, id);
  }
  const existing = await invoicesOfOrder(ctx, livestockOrderId);
  const chosen = existing.find((i) => i.status === "Draft") ?? existing[0];
  if (!chosen) {
    throw ApiError.validation([{
      field: "livestockOrderId",
      message: "That order has no killed mobs yet: there is nothing to invoice.",
    }]);
  }
  return await invoiceView(ctx, chosen.id);
}

/** Production days a carcass count covers at most. */
export const COUNT_MAX_DAYS = 92;

/**
 * GetStockMobCarcassCountsBySpecies: each mob killed in the period (default the last 14 days) with its head,
 * carcasses, condemned and the invoice it is on, latest kill first.
 */
export async function mobCarcassCounts(
  ctx: AreaContext,
  q: { speciesId?: number; fromDate?: string; toDate?: string },
  period: { from: string; to: string },
) {
  const species = invoiceSpecies(ctx, q.speciesId);
  const rows = await ctx.db.select({
    stockMobId: carcasses.stockMobId,
    livestockOrderId: carcasses.livestockOrderId,
    productionDate: sql<string>`max(${carcasses.productionDate})`,
    carcasses: sql<number>`count(*)`,
    condemned: sql<number>`sum(case when ${carcasses.condemned} = 'whole' then 1 else 0 end)`,
  }).from(carcasses).where(and(
    eq(carcasses.speciesId, species),
    gte(carcasses.productionDate, period.from),
    lte(carcasses.productionDate, period.to),
  )).groupBy(carcasses.stockMobId).orderBy(desc(sql`max(${carcasses.productionDate})`), carcasses.stockMobId)
    .limit(2_000);
  const ids = rows.map((r) => r.stockMobId);
  const mobs = new Map<number, { head: number; lot: string | null; suffix: string | null }>();
  const onInvoice = new Map<number, number>();
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    for (
      const m of await ctx.db.select({
        id: stockMobs.id,
        head: stockMobs.head,
        lot: stockMobs.agendaLotReference,
        suffix: stockMobs.agendaLotReferenceSuffix,
      }).from(stockMobs).where(inArray(stockMobs.id, chunk))
    ) mobs.set(m.id, m);
    for (
      const m of await ctx.db.select({ mob: invoiceMobs.stockMobId, invoiceId: invoiceMobs.invoiceId })
        .from(invoiceMobs).innerJoin(invoices, eq(invoices.id, invoiceMobs.invoiceId))
        .where(inArray(invoiceMobs.stockMobId, chunk))
    ) onInvoice.set(m.mob, m.invoiceId);
  }
  return rows.map((r) => {
    const m = mobs.get(r.stockMobId);
    return {
      ...r,
      lotReference: m?.lot ? `${m.lot}${m.suffix ?? ""}` : null,
      head: m?.head ?? 0,
      invoiceId: onInvoice.get(r.stockMobId) ?? null,
    };
  });
}
