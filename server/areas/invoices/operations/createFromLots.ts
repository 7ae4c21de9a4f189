/**
 * CreateOrAddToLivestockInvoices (spec 2 §4): killed mobs (or all killed mobs of orders) onto their
 * order's draft, a new draft where the order has none. One unit of work: every order's draft or none;
 * invoiceCreated and invoiceUpdated announced after the commit.
 */
import { and, eq, inArray, notInArray, or, sql } from "drizzle-orm";
import { carcasses, invoiceMobs, invoices, livestockOrders } from "../../../../db/tenant/schema.ts";
import { ApiError } from "../../../http/errors.ts";
import { type AreaContext, nextModified } from "../../context.ts";
import type { In } from "../../areaApi.ts";
import { ORDER_STATUS } from "../../../../kernel/enums.ts";
import { type InvoiceRow, loadSources } from "../inputs.ts";
import { boxedMobsToInvoice } from "../boxedShare.ts";
import { insertDraft, INVOICE_ENTITY, storeComputation } from "../drafts.ts";
import { invoiceSpecies, who } from "../queries/species.ts";
import { createdInvoices } from "../queries/lists.ts";
import type { CreateInvoicesBody } from "../schemas.ts";

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export async function createFromLots(ctx: AreaContext, input: In<typeof CreateInvoicesBody>) {
  const now = new Date().toISOString();
  const result = await ctx.write(async (tx, unit) => {
    const invoiced = tx.select({ id: invoiceMobs.stockMobId }).from(invoiceMobs);
    const recorded = await tx.select({
      mobId: carcasses.stockMobId,
      orderId: carcasses.livestockOrderId,
      speciesId: carcasses.speciesId,
      day: sql<string>`max(${carcasses.productionDate})`,
    }).from(carcasses).where(and(
      or(
        inArray(carcasses.stockMobId, input.stockMobIds),
        inArray(carcasses.livestockOrderId, input.livestockOrderIds),
      ),
      notInArray(carcasses.stockMobId, invoiced),
    )).groupBy(carcasses.stockMobId);
    // a boxed order's mobs count as killed once its lot is (the records may name another order's mob)
    const killed = [
      ...recorded,
      ...(await boxedMobsToInvoice(tx, input.livestockOrderIds))
        .filter((b) => !recorded.some((r) => r.mobId === b.mobId)),
    ];
    const found = new Set(killed.map((k) => k.mobId));
    const missing = input.stockMobIds.filter((id) => !found.has(id));
    if (missing.length) {
      const onInvoice = await tx.select().from(invoiceMobs).where(inArray(invoiceMobs.stockMobId, missing));
      if (onInvoice.length) {
        throw ApiError.conflict(
          `Mob ${onInvoice[0].stockMobId} is already on invoice ${onInvoice[0].invoiceId}: reload the list.`,
        );
      }
      throw ApiError.validation([{
        field: "stockMobIds",
        message: `Mob ${missing[0]} has no carcass records: it cannot be invoiced yet.`,
      }]);
    }
    if (!killed.length) {
      throw ApiError.validation([{
        field: "livestockOrderIds",
        message: "Those orders have no killed mobs left to invoice.",
      }]);
    }
    for (const k of killed) invoiceSpecies(ctx, k.speciesId);
    const byOrder = new Map<number, typeof killed>();
    for (const k of killed) byOrder.set(k.orderId, [...(byOrder.get(k.orderId) ?? []), k]);
    const created: number[] = [];
    const updated: number[] = [];
    for (const [orderId, mobs] of byOrder) {
      const [order] = await tx.select().from(livestockOrders).where(eq(livestockOrders.id, orderId));
      if (order.orderStatus === ORDER_STATUS.InvoiceFinalised) {
        throw ApiError.conflict(`Order ${orderId} is already finalised: its invoices cannot change.`);
      }
      const [draft] = await tx.select().from(invoices)
        .where(and(eq(invoices.livestockOrderId, orderId), eq(invoices.status, "Draft"))).limit(1);
      const day = mobs.reduce((d, m) => (m.day > d ? m.day : d), "");
      let row: InvoiceRow;
      if (draft) {
        [row] = await tx.update(invoices).set({ lastModified: nextModified(draft.lastModified) })
          .where(eq(invoices.id, draft.id)).returning();
        updated.push(row.id);
      } else {
        row = await insertDraft(tx, { ...order, id: orderId }, day, who(ctx), now);
        created.push(row.id);
      }
      await tx.insert(invoiceMobs).values(mobs.map((m) => ({ stockMobId: m.mobId, invoiceId: row.id })));
      await storeComputation(tx, row, await loadSources(tx, row));
      await unit.audit({
        entity: INVOICE_ENTITY,
        entityId: row.id,
        action: `${draft ? "Added" : "Created with"} ${plural(mobs.length, "mob")} of order ${orderId}`,
        after: { stockMobIds: mobs.map((m) => m.mobId) },
      });
    }
    if (created.length) unit.announce("invoiceCreated", { invoiceIds: created });
    if (updated.length) unit.announce("invoiceUpdated", { invoiceIds: updated });
    return { ids: [...created, ...updated], stockMobIds: killed.map((k) => k.mobId) };
  });
  const species = result.ids.length
    ? (await ctx.db.select({ s: invoices.speciesId }).from(invoices).where(inArray(invoices.id, result.ids)))
      .map((r) => r.s)
    : [];
  const summaries = (await createdInvoices(ctx, species[0] ?? null)).filter((s) => result.ids.includes(s.id));
  return { livestockInvoiceSummaryDtos: summaries, stockMobIds: result.stockMobIds };
}
