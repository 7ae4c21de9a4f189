/**
 * Reading suppliers, stakeholders, buyers and transport companies: who livestock is bought from,
 * through and by, and who carries it. Anyone working in livestock may read them (the route rules
 * decide before these run). Lists answer at most LIST_LIMIT rows; a search narrows them.
 */
import { and, asc, desc, eq, gt, type SQL, sql } from "drizzle-orm";
import { ApiError } from "../../../http/errors.ts";
import { buyers, stakeholders, suppliers, transportCompanies } from "../../../../db/tenant/schema.ts";
import { anyContains, type AreaContext } from "../../context.ts";
import { preparedPerDb } from "../../prepared.ts";
import { type BuyerRow, toStakeholder, toSupplier } from "./mapping.ts";
import type { Stakeholder, Supplier } from "./schemas.ts";

/** Lists answer at most this many rows; a search narrows them. */
export const LIST_LIMIT = 500;

type TransportRow = typeof transportCompanies.$inferSelect;

const supplierById = preparedPerDb((db) =>
  db.select().from(suppliers).where(eq(suppliers.id, sql.placeholder("id"))).prepare()
);

/** What a search of suppliers or stakeholders looks in. */
const partySearch = (t: typeof suppliers | typeof stakeholders) => [
  t.name,
  t.location,
  t.pic,
  t.contactFirstName,
  t.contactLastName,
  t.city,
];

// ---------- suppliers ----------

export async function listSuppliers(ctx: AreaContext, q?: string): Promise<Supplier[]> {
  const filter = q ? anyContains(partySearch(suppliers), q) : undefined;
  const rows = await ctx.db.select().from(suppliers).where(filter).orderBy(asc(suppliers.name))
    .limit(LIST_LIMIT);
  return rows.map(toSupplier);
}

export async function getSupplier(ctx: AreaContext, id: number): Promise<Supplier> {
  const [row] = await supplierById(ctx.db).all({ id });
  if (!row) throw ApiError.notFound("That supplier does not exist.");
  return toSupplier(row);
}

/** Suppliers changed after `since` (all without it), for clients that keep a copy (spec 1 §4). */
export async function suppliersLatest(ctx: AreaContext, since?: string) {
  const newest = await ctx.db.select({ at: suppliers.lastModified }).from(suppliers)
    .orderBy(desc(suppliers.lastModified)).limit(1);
  const lastUpdated = newest[0]?.at ?? null;
  const sinceIso = since ? new Date(since).toISOString() : undefined;
  const rows = sinceIso && lastUpdated && lastUpdated <= sinceIso ? [] : await ctx.db.select().from(suppliers)
    .where(sinceIso ? gt(suppliers.lastModified, sinceIso) : undefined).orderBy(asc(suppliers.name));
  return { lastUpdated, suppliers: rows.map(toSupplier) };
}

// ---------- stakeholders ----------

export async function listStakeholders(ctx: AreaContext, q?: string): Promise<Stakeholder[]> {
  const filter = q ? anyContains([...partySearch(stakeholders), stakeholders.stakeholderType], q) : undefined;
  const rows = await ctx.db.select().from(stakeholders).where(filter).orderBy(asc(stakeholders.name))
    .limit(LIST_LIMIT);
  return rows.map(toStakeholder);
}

export async function getStakeholder(ctx: AreaContext, id: number): Promise<Stakeholder> {
  const row = await ctx.db.query.stakeholders.findFirst({ where: eq(stakeholders.id, id) });
  if (!row) throw ApiError.notFound("That stakeholder does not exist.");
  return toStakeholder(row);
}

// ---------- buyers ----------

export async function listBuyers(ctx: AreaContext, q?: string, includeDeleted = false): Promise<BuyerRow[]> {
  const filters: (SQL | undefined)[] = [
    includeDeleted ? undefined : eq(buyers.isSoftDeleted, false),
    q ? anyContains([buyers.name, buyers.firstName, buyers.lastName, buyers.email], q) : undefined,
  ];
  return await ctx.db.select().from(buyers).where(and(...filters)).orderBy(asc(buyers.name))
    .limit(LIST_LIMIT);
}

export async function getBuyer(ctx: AreaContext, id: number): Promise<BuyerRow> {
  const row = await ctx.db.query.buyers.findFirst({ where: eq(buyers.id, id) });
  if (!row) throw ApiError.notFound("That buyer does not exist.");
  return row;
}

// ---------- transport companies ----------

export async function listTransportCompanies(ctx: AreaContext, q?: string): Promise<TransportRow[]> {
  const filter = q ? anyContains([transportCompanies.name, transportCompanies.phone], q) : undefined;
  return await ctx.db.select().from(transportCompanies).where(filter)
    .orderBy(asc(transportCompanies.name)).limit(LIST_LIMIT);
}

export async function getTransportCompany(ctx: AreaContext, id: number): Promise<TransportRow> {
  const row = await ctx.db.query.transportCompanies.findFirst({ where: eq(transportCompanies.id, id) });
  if (!row) throw ApiError.notFound("That transport company does not exist.");
  return row;
}
