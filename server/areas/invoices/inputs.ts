/**
 * Everything an invoice is computed from, read in one go for one invoice: its order and supplier, the
 * mobs on it and their carcass records, the order's grid, the settings of the production day (levies,
 * service kill fee, defect rules, skin price), the order's skin counts, and the invoice's own edits.
 */
import { and, eq, inArray } from "drizzle-orm";
import {
  carcasses,
  invoiceLineItems,
  invoiceMobs,
  invoicePriceAdjustments,
  invoices,
  livestockOrders,
  pricingGridGroups,
  pricingGrids,
  skinCounts,
  stockMobs,
  suppliers,
} from "../../../db/tenant/schema.ts";
import type { TenantDb } from "../../../db/client.ts";
import type { TenantTx } from "../context.ts";
import { ApiError } from "../../http/errors.ts";
import { gridFor } from "../pricing/rules.ts";
import { MOB_STATUS } from "../../../kernel/enums.ts";
import { defectRulesFor, levyRulesFor, serviceKillFeeFor, skinPriceFor } from "../invoiceSettings/queries.ts";
import type { InvoiceInputs } from "./rules.ts";
import type { OffGridPer, OffGridType } from "./pricing.ts";
import { boxedShare } from "./boxedShare.ts";

type Db = TenantDb | TenantTx;
export type InvoiceRow = typeof invoices.$inferSelect;
export type OrderRow = typeof livestockOrders.$inferSelect;
export type SupplierRow = typeof suppliers.$inferSelect;
export type CarcassRow = typeof carcasses.$inferSelect;

export interface InvoiceSources {
  invoice: InvoiceRow;
  order: OrderRow;
  supplier: SupplierRow;
  mobs: (typeof stockMobs.$inferSelect)[];
  carcasses: CarcassRow[];
  grid: { reference: string; groupName: string } | null;
  inputs: InvoiceInputs;
  /** the day the settings are read for: the latest production day of its carcasses, else the order's */
  productionDate: string | null;
  /** the latest change of its carcass records (for "created with corrections") */
  carcassesChangedAt: string | null;
  lines: (typeof invoiceLineItems.$inferSelect)[];
}

export async function invoiceRow(db: Db, id: number): Promise<InvoiceRow> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
  if (!row) throw ApiError.notFound("That invoice does not exist.");
  return row;
}

export async function loadSources(db: Db, invoice: InvoiceRow): Promise<InvoiceSources> {
  const [order] = await db.select().from(livestockOrders).where(
    eq(livestockOrders.id, invoice.livestockOrderId),
  );
  const [supplier] = await db.select().from(suppliers).where(eq(suppliers.id, invoice.supplierId));
  const mobIds = (await db.select({ id: invoiceMobs.stockMobId }).from(invoiceMobs)
    .where(eq(invoiceMobs.invoiceId, invoice.id))).map((r) => r.id);
  const mobs = mobIds.length ? await db.select().from(stockMobs).where(inArray(stockMobs.id, mobIds)) : [];
  const orderMobs = await db.select({ head: stockMobs.head, status: stockMobs.mobStatus }).from(stockMobs)
    .where(eq(stockMobs.livestockOrderId, order.id));
  // a boxed order's carcasses are its share of the whole lot's (boxedShare.ts)
  const boxed = order.boxedOrderCollectionId;
  const rows = boxed !== null
    ? await boxedShare(db, { id: order.id, boxedOrderCollectionId: boxed })
    : mobIds.length
    ? await db.select().from(carcasses).where(inArray(carcasses.stockMobId, mobIds))
      .orderBy(carcasses.productionDate, carcasses.killSequence)
    : [];
  const productionDate = rows.reduce<string | null>(
    (d, c) => (d === null || c.productionDate > d ? c.productionDate : d),
    null,
  ) ?? order.productionDate ?? invoice.productionDate;
  const day = productionDate ?? order.deliveryDate;

  let grid: InvoiceSources["grid"] = null;
  let isServiceKill = false;
  let cells = null;
  if (order.pricingGridGroupId !== null) {
    const [group] = await db.select().from(pricingGridGroups).where(
      eq(pricingGridGroups.id, order.pricingGridGroupId),
    );
    if (group) {
      isServiceKill = group.isServiceKill;
      const grids = await db.select().from(pricingGrids).where(eq(pricingGrids.pricingGridGroupId, group.id));
      const g = gridFor(grids, order.speciesCategoryId);
      if (g) {
        grid = { reference: g.reference, groupName: group.name };
        cells = g.cells;
      } else grid = null;
      if (isServiceKill) grid = { reference: "", groupName: group.name };
    }
  }
  const scope = { tenantSiteId: order.tenantSiteId, speciesCategoryId: order.speciesCategoryId, date: day };
  const [defectRules, levies, fee, skinPrice] = await Promise.all([
    defectRulesFor(db, order.speciesId),
    levyRulesFor(db, scope),
    serviceKillFeeFor(db, scope),
    skinPriceFor(db, { speciesId: order.speciesId, speciesCategoryId: order.speciesCategoryId, date: day }),
  ]);
  const days = [...new Set(rows.map((c) => c.productionDate))];
  const counted = days.length
    ? await db.select().from(skinCounts).where(
      and(eq(skinCounts.livestockOrderId, order.id), inArray(skinCounts.productionDate, days)),
    )
    : [];
  let counts: Record<string, number> | null = null;
  for (const s of counted) {
    counts ??= {};
    for (const [grade, n] of Object.entries(s.counts)) counts[grade] = (counts[grade] ?? 0) + n;
  }
  const lines = await db.select().from(invoiceLineItems).where(eq(invoiceLineItems.invoiceId, invoice.id))
    .orderBy(invoiceLineItems.sort, invoiceLineItems.id);
  const adjustments = await db.select().from(invoicePriceAdjustments)
    .where(eq(invoicePriceAdjustments.invoiceId, invoice.id));

  const killedByMob = new Map<number, number>();
  for (const c of rows) killedByMob.set(c.stockMobId, (killedByMob.get(c.stockMobId) ?? 0) + 1);
  const awaiting = boxed !== null
    ? Math.max(0, mobs.reduce((n, m) => n + m.head, 0) - rows.length)
    : mobs.reduce((n, m) => n + Math.max(0, m.head - (killedByMob.get(m.id) ?? 0)), 0);
  const offGrid = order.offGridPrice !== null && order.offGridPricePer && order.offGridPriceType
    ? {
      price: order.offGridPrice,
      per: order.offGridPricePer as OffGridPer,
      type: order.offGridPriceType as OffGridType,
    }
    : null;

  const inputs: InvoiceInputs = {
    speciesId: order.speciesId,
    isGstExempt: supplier?.isGstExempt ?? false,
    carcasses: rows.map((c) => ({
      id: c.id,
      bodyNumber: c.bodyNumber,
      hscwKg: c.hscwKg,
      fatScore: c.fatScore,
      fatDepthMm: c.fatDepthMm,
      defects: c.defects,
      condemned: c.condemned,
    })),
    basis: {
      speciesId: order.speciesId,
      grid: cells ? { reference: grid!.reference, cells } : null,
      isServiceKill,
      serviceKillFeeCents: fee,
      offGrid,
    },
    defectRules,
    levies,
    leviesRemoved: invoice.leviesRemoved,
    skins: {
      price: skinPrice ? { name: skinPrice.name, grades: skinPrice.grades } : null,
      counts,
    },
    additionalLines: lines.map((l) => ({
      id: l.id,
      description: l.description,
      quantity: l.quantity,
      pricePerUnitCents: l.pricePerUnitCents,
      isApplyGst: l.isApplyGst,
    })),
    adjustments: new Map(adjustments.map((a) => [a.lineKey, a.centsPerUnit])),
    headCounts: {
      ordered: order.quantityOrdered,
      delivered: order.totalDelivered,
      deadOnArrival: order.totalDoa,
      unfitPreKillFloor: orderMobs.filter((m) => m.status === MOB_STATUS.Unfit).reduce(
        (n, m) => n + m.head,
        0,
      ),
      sentToKillFloor: mobs.filter((m) => m.mobStatus === MOB_STATUS.AtKillFloor).reduce(
        (n, m) => n + m.head,
        0,
      ),
      processed: rows.length,
      condemned: rows.filter((c) => c.condemned === "whole").length,
      awaitingCarcassData: awaiting,
    },
  };
  const carcassesChangedAt = rows.reduce<string | null>(
    (d, c) => (d === null || c.lastModified > d ? c.lastModified : d),
    null,
  );
  return {
    invoice,
    order,
    supplier,
    mobs,
    carcasses: rows,
    grid,
    inputs,
    productionDate,
    carcassesChangedAt,
    lines,
  };
}
