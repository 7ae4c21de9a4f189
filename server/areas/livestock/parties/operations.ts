/**
 * Changing suppliers, stakeholders, buyers and transport companies (spec 1 §6): each needs the matching
 * admin permission flag (the route rules decide before these run). Each write is one unit of work with
 * its audit record; supplier changes are announced on the push hub after the commit, so clients caching
 * the list re-read it.
 */
import { eq } from "drizzle-orm";
import { ApiError } from "../../../http/errors.ts";
import { buyers, stakeholders, suppliers, transportCompanies } from "../../../../db/tenant/schema.ts";
import { type AreaContext, assertUnchanged, nextModified, type TenantTx, type Unit } from "../../context.ts";
import { changedValues } from "../../audit.ts";
import {
  type BuyerRow,
  partyRow,
  type StakeholderRow,
  type SupplierRow,
  toStakeholder,
  toSupplier,
} from "./mapping.ts";
import type {
  BuyerBody,
  Stakeholder,
  StakeholderBody,
  Supplier,
  SupplierBody,
  TransportCompanyBody,
} from "./schemas.ts";

type TransportRow = typeof transportCompanies.$inferSelect;
type Edit = { id?: number | null; lastModified?: string | null };

export async function upsertSupplier(ctx: AreaContext, body: SupplierBody): Promise<Supplier> {
  checkStockTypes(ctx, body.stockTypes);
  const values = partyRow(body);
  const row = await ctx.write(async (tx, unit) => {
    await refuseDuplicate(tx, "supplier", values.name, values.pic, body.id);
    const saved = await saveRecord(unit, supplierStore(tx), "supplier", body, values);
    unit.announce("supplierAddedOrUpdated", { supplierId: saved.id, lastUpdated: saved.lastModified });
    return saved;
  });
  return toSupplier(row);
}

export async function upsertStakeholder(ctx: AreaContext, body: StakeholderBody): Promise<Stakeholder> {
  checkStockTypes(ctx, body.stockTypes);
  const values = { ...partyRow(body), stakeholderType: body.stakeholderType };
  const row = await ctx.write(async (tx, unit) => {
    await refuseDuplicate(tx, "stakeholder", values.name, values.pic, body.id);
    return await saveRecord(unit, stakeholderStore(tx), "stakeholder", body, values);
  });
  return toStakeholder(row);
}

/** Add or edit a buyer; `isSoftDeleted` hides them from choices while keeping their past orders. */
export function upsertBuyer(ctx: AreaContext, body: BuyerBody): Promise<BuyerRow> {
  const { id: _, lastModified: __, ...values } = body;
  return ctx.write((tx, unit) => saveRecord(unit, buyerStore(tx), "buyer", body, values));
}

export function upsertTransportCompany(ctx: AreaContext, body: TransportCompanyBody): Promise<TransportRow> {
  const { id: _, lastModified: __, ...values } = body;
  return ctx.write((tx, unit) => saveRecord(unit, transportStore(tx), "transportCompany", body, values));
}

// ---------- shared ----------

/** Stock types are species ids of this tenant. */
function checkStockTypes(ctx: AreaContext, ids: number[]) {
  if (ids.some((id) => !ctx.scope.hasSpecies(id))) {
    throw ApiError.validation([{
      field: "stockTypes",
      message: "Choose species this organisation handles.",
    }]);
  }
}

/** A master-data table's three writes, typed by its own columns (one table's store per call). */
interface Store<Row extends { id: number; lastModified: string }, Values> {
  insert(values: Values & { createdAt: string; lastModified: string }): Promise<Row>;
  find(id: number): Promise<Row | undefined>;
  update(id: number, next: Values & { lastModified: string }): Promise<Row>;
}

const supplierStore = (tx: TenantTx): Store<SupplierRow, ReturnType<typeof partyRow>> => ({
  insert: async (values) => (await tx.insert(suppliers).values(values).returning())[0],
  find: async (id) => (await tx.select().from(suppliers).where(eq(suppliers.id, id)))[0],
  update: async (id, next) =>
    (await tx.update(suppliers).set(next).where(eq(suppliers.id, id)).returning())[0],
});

type StakeholderValues = ReturnType<typeof partyRow> & { stakeholderType: string };
const stakeholderStore = (tx: TenantTx): Store<StakeholderRow, StakeholderValues> => ({
  insert: async (values) => (await tx.insert(stakeholders).values(values).returning())[0],
  find: async (id) => (await tx.select().from(stakeholders).where(eq(stakeholders.id, id)))[0],
  update: async (id, next) =>
    (await tx.update(stakeholders).set(next).where(eq(stakeholders.id, id)).returning())[0],
});

const buyerStore = (tx: TenantTx): Store<BuyerRow, Omit<BuyerBody, "id" | "lastModified">> => ({
  insert: async (values) => (await tx.insert(buyers).values(values).returning())[0],
  find: async (id) => (await tx.select().from(buyers).where(eq(buyers.id, id)))[0],
  update: async (id, next) => (await tx.update(buyers).set(next).where(eq(buyers.id, id)).returning())[0],
});

type TransportValues = Omit<TransportCompanyBody, "id" | "lastModified">;
const transportStore = (tx: TenantTx): Store<TransportRow, TransportValues> => ({
  insert: async (values) => (await tx.insert(transportCompanies).values(values).returning())[0],
  find: async (id) => (await tx.select().from(transportCompanies).where(eq(transportCompanies.id, id)))[0],
  update: async (id, next) =>
    (await tx.update(transportCompanies).set(next).where(eq(transportCompanies.id, id)).returning())[0],
});

/**
 * Inserts (no id) or updates (id, with the lastModified the client read) one row of a master-data
 * table, with its audit record. Answers the saved row.
 */
async function saveRecord<Row extends { id: number; lastModified: string }, Values extends object>(
  unit: Unit,
  store: Store<Row, Values>,
  entity: string,
  body: Edit,
  values: Values,
): Promise<Row> {
  if (!body.id) {
    const now = nextModified();
    const row = await store.insert({ ...values, createdAt: now, lastModified: now });
    await unit.audit({ entity, entityId: row.id, action: "create", after: values });
    return row;
  }
  const current = await store.find(body.id);
  if (!current) throw ApiError.notFound(`That ${entityLabel(entity)} does not exist.`);
  assertUnchanged(current, body.lastModified, entityLabel(entity));
  const next = { ...values, lastModified: nextModified(current.lastModified) };
  const row = await store.update(body.id, next);
  await unit.audit({ entity, entityId: body.id, action: "update", ...changedValues(current, next) });
  return row;
}

const entityLabel = (entity: string) => entity === "transportCompany" ? "transport company" : entity;

/** The same name and PIC twice is one business entered twice (a typo in either makes them differ). */
async function refuseDuplicate(
  tx: TenantTx,
  kind: "supplier" | "stakeholder",
  name: string,
  pic: string,
  exceptId?: number | null,
) {
  const table = kind === "supplier" ? suppliers : stakeholders;
  const same = await tx.select({ id: table.id, name: table.name, pic: table.pic }).from(table)
    .where(eq(table.pic, pic));
  const clash = same.find((r) => r.id !== exceptId && r.name.toLowerCase() === name.toLowerCase());
  if (clash) {
    throw ApiError.conflict(`A ${kind} named ${clash.name}${pic ? ` with PIC ${pic}` : ""} already exists.`);
  }
}
