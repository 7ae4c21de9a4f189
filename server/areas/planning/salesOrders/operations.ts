/**
 * Sales orders (issue 41 item 6; super and the scheduleBuilder module by the route rules): reference,
 * customer, salesperson, shipping company, etd (a plant date), freight, and lines of product × cartons or
 * kg × cents per kg. Status moves by rules.ts (others 409); only a pending order is edited, only a pending
 * or cancelled one deleted. Confirmed lines feed the builder's Orders row (reads.ts confirmedOrderLines).
 */
import { and, asc, count, desc, eq, gte, inArray, lte } from "drizzle-orm";
import {
  customers,
  productDefinitions,
  productPackagings,
  salesOrderLines,
  salesOrders,
  salespersons,
} from "../../../../db/tenant/schema.ts";
import { ApiError } from "../../../http/errors.ts";
import { pageOf } from "../../../http/params.ts";
import { type AreaContext, assertUnchanged, nextModified, type TenantTx } from "../../context.ts";
import type { In } from "../../areaApi.ts";
import { defaultPackaging } from "../reads.ts";
import {
  canMove,
  type FreightType,
  isDeletable,
  isEditable,
  lineProblem,
  lineValueCents,
  type OrderStatus,
  plannedKg,
} from "./rules.ts";
import type { DeleteBody, MoveStatusBody, OrdersQuery, UpsertSalesOrderBody } from "./schemas.ts";

type Db = TenantTx | AreaContext["db"];
type OrderRow = typeof salesOrders.$inferSelect;

export async function listCustomers(ctx: AreaContext) {
  return await ctx.db.select({
    id: customers.id,
    name: customers.name,
    market: customers.market,
    country: customers.country,
    isActive: customers.isActive,
  })
    .from(customers).orderBy(asc(customers.name));
}
export async function listSalespersons(ctx: AreaContext) {
  return await ctx.db.select({
    id: salespersons.id,
    name: salespersons.name,
    email: salespersons.email,
    isActive: salespersons.isActive,
  })
    .from(salespersons).orderBy(asc(salespersons.name));
}

export async function listSalesOrders(ctx: AreaContext, q: In<typeof OrdersQuery>) {
  const where = and(
    q.status ? eq(salesOrders.status, q.status) : undefined,
    q.fromEtd ? gte(salesOrders.etd, q.fromEtd) : undefined,
    q.toEtd ? lte(salesOrders.etd, q.toEtd) : undefined,
  );
  const { offset, limit } = pageOf(q);
  const [rows, [{ total }]] = await Promise.all([
    ctx.db.select().from(salesOrders).where(where).orderBy(desc(salesOrders.etd), desc(salesOrders.id)).limit(
      limit,
    ).offset(offset),
    ctx.db.select({ total: count() }).from(salesOrders).where(where),
  ]);
  return { rows: await withLines(ctx.db, rows), total };
}

export async function getSalesOrder(ctx: AreaContext, id: number) {
  return (await withLines(ctx.db, [await findOrder(ctx.db, id)]))[0];
}

export async function saveSalesOrder(ctx: AreaContext, body: In<typeof UpsertSalesOrderBody>) {
  const id = await ctx.write(async (tx, unit) => {
    const current = body.id ? await findOrder(tx, body.id) : null;
    if (current) {
      assertUnchanged(current, body.lastModified, "sales order");
      if (!isEditable(current.status as OrderStatus)) {
        throw ApiError.conflict(`A ${current.status.toLowerCase()} order cannot be edited.`);
      }
    }
    await checkParties(tx, body.customerId, body.salespersonId);
    const packs = await packagingsOf(ctx, tx, body.salesOrderLineItems.map((l) => l.productDefinitionId));
    const problems = body.salesOrderLineItems.flatMap((l, row) => {
      if (!packs.products.has(l.productDefinitionId)) {
        return [{ field: "productDefinitionId", row, message: "Choose one of your products" }];
      }
      const p = lineProblem(l, packs.byProduct.get(l.productDefinitionId) ?? null);
      return p ? [{ field: "salesOrderLineItems", row, message: p }] : [];
    });
    if (problems.length) throw ApiError.validation(problems);
    const [clash] = await tx.select({ id: salesOrders.id }).from(salesOrders).where(
      eq(salesOrders.reference, body.reference),
    );
    if (clash && clash.id !== current?.id) {
      throw ApiError.validation([{
        field: "reference",
        message: `Reference ${body.reference} is already used`,
      }]);
    }
    const values = {
      reference: body.reference,
      customerId: body.customerId,
      salespersonId: body.salespersonId,
      shippingCompanyName: body.shippingCompanyName,
      etd: body.etd,
      freightType: body.freightType,
    };
    const now = nextModified(current?.lastModified);
    const [row] = current
      ? await tx.update(salesOrders).set({ ...values, lastModified: now }).where(
        eq(salesOrders.id, current.id),
      ).returning()
      : await tx.insert(salesOrders).values({
        ...values,
        status: "Pending",
        createdAt: now,
        lastModified: now,
      }).returning();
    await tx.delete(salesOrderLines).where(eq(salesOrderLines.salesOrderId, row.id));
    await tx.insert(salesOrderLines).values(
      body.salesOrderLineItems.map((l, i) => ({ ...l, salesOrderId: row.id, sortOrder: i })),
    );
    await unit.audit({
      entity: "salesOrder",
      entityId: row.id,
      action: current ? "update" : "create",
      after: { ...values, lines: body.salesOrderLineItems },
    });
    return row.id;
  });
  return getSalesOrder(ctx, id);
}

export async function moveSalesOrder(ctx: AreaContext, body: In<typeof MoveStatusBody>) {
  await ctx.write(async (tx, unit) => {
    const current = await findOrder(tx, body.id);
    assertUnchanged(current, body.lastModified, "sales order");
    const from = current.status as OrderStatus;
    if (!canMove(from, body.status)) {
      throw ApiError.conflict(`A ${from.toLowerCase()} order cannot be made ${body.status.toLowerCase()}.`);
    }
    await tx.update(salesOrders).set({
      status: body.status,
      lastModified: nextModified(current.lastModified),
    })
      .where(eq(salesOrders.id, current.id));
    await unit.audit({
      entity: "salesOrder",
      entityId: current.id,
      action: "status",
      before: { status: from },
      after: { status: body.status },
    });
  });
  return getSalesOrder(ctx, body.id);
}

export async function deleteSalesOrder(ctx: AreaContext, body: In<typeof DeleteBody>) {
  await ctx.write(async (tx, unit) => {
    const current = await findOrder(tx, body.id);
    assertUnchanged(current, body.lastModified, "sales order");
    if (!isDeletable(current.status as OrderStatus)) {
      throw ApiError.conflict(
        `A ${current.status.toLowerCase()} order cannot be deleted: cancel it instead.`,
      );
    }
    await tx.delete(salesOrderLines).where(eq(salesOrderLines.salesOrderId, current.id));
    await tx.delete(salesOrders).where(eq(salesOrders.id, current.id));
    await unit.audit({ entity: "salesOrder", entityId: current.id, action: "delete", before: current });
  });
  return { id: body.id };
}

// ---------- helpers ----------

async function findOrder(db: Db, id: number): Promise<OrderRow> {
  const [row] = await db.select().from(salesOrders).where(eq(salesOrders.id, id));
  if (!row) throw ApiError.notFound("That sales order does not exist.");
  return row;
}

async function checkParties(db: Db, customerId: number, salespersonId: number | null) {
  const [c] = await db.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId));
  if (!c) throw ApiError.validation([{ field: "customerId", message: "Choose a customer" }]);
  if (salespersonId !== null) {
    const [s] = await db.select({ id: salespersons.id }).from(salespersons).where(
      eq(salespersons.id, salespersonId),
    );
    if (!s) throw ApiError.validation([{ field: "salespersonId", message: "Choose a salesperson" }]);
  }
}

/** The caller's products among `ids`, and each one's default packaging. */
async function packagingsOf(ctx: AreaContext | null, db: Db, ids: number[]) {
  const unique = [...new Set(ids)].concat(0);
  const [products, packs] = await Promise.all([
    db.select().from(productDefinitions).where(inArray(productDefinitions.id, unique)),
    db.select().from(productPackagings).where(inArray(productPackagings.productDefinitionId, unique)),
  ]);
  const mine = products.filter((p) => !ctx || ctx.scope.hasSpecies(p.speciesId));
  return {
    products: new Map(mine.map((p) => [p.id, p])),
    byProduct: new Map(
      mine.map((p) => [p.id, defaultPackaging(packs.filter((k) => k.productDefinitionId === p.id))]),
    ),
  };
}

async function withLines(db: Db, rows: OrderRow[]) {
  if (!rows.length) return [];
  const [lines, custs, people] = await Promise.all([
    db.select().from(salesOrderLines).where(inArray(salesOrderLines.salesOrderId, rows.map((r) => r.id)))
      .orderBy(asc(salesOrderLines.sortOrder), asc(salesOrderLines.id)),
    db.select().from(customers).where(inArray(customers.id, [...new Set(rows.map((r) => r.customerId))])),
    db.select().from(salespersons),
  ]);
  const packs = await packagingsOf(null, db, lines.map((l) => l.productDefinitionId));
  return rows.map((r) => {
    const items = lines.filter((l) => l.salesOrderId === r.id).map((l) => {
      const pack = packs.byProduct.get(l.productDefinitionId) ?? null;
      return {
        id: l.id,
        productDefinitionId: l.productDefinitionId,
        productName: packs.products.get(l.productDefinitionId)?.name ?? "",
        weightType: pack?.weightType === "catch" ? "catch" as const : "fixed" as const,
        cartons: l.cartons,
        kg: l.kg,
        plannedKg: plannedKg(l, pack),
        packedKg: l.packedKg,
        centsPerKg: l.centsPerKg,
        valueCents: lineValueCents(l, pack),
      };
    });
    return {
      id: r.id,
      reference: r.reference,
      customerId: r.customerId,
      customerName: custs.find((c) => c.id === r.customerId)?.name ?? "",
      salespersonId: r.salespersonId,
      salespersonName: people.find((p) => p.id === r.salespersonId)?.name ?? "",
      shippingCompanyName: r.shippingCompanyName,
      etd: r.etd,
      freightType: r.freightType as FreightType,
      status: r.status as OrderStatus,
      salesOrderLineItems: items,
      totalKg: Math.round(items.reduce((s, l) => s + l.plannedKg, 0) * 10) / 10,
      totalCents: items.reduce((s, l) => s + l.valueCents, 0),
      lastModified: r.lastModified,
    };
  });
}
