/**
 * Suppliers, stakeholders, buyers and transport companies: who livestock is bought from, through and
 * by, and who carries it. Anyone working in livestock may read them; changing them needs the matching
 * admin permission flag (spec 1 §6). Each write is one transaction with an audit record; supplier
 * changes are announced on the push hub so clients caching the list re-read it.
 */
import { and, asc, desc, eq, gt, type SQL, sql } from "drizzle-orm";
import { ApiError } from "../../../http/errors.ts";
import { buyers, stakeholders, suppliers, transportCompanies } from "../../../../db/tenant/schema.ts";
import {
  anyContains,
  type AreaContext,
  assertUnchanged,
  nextModified,
  type TenantTx,
} from "../../context.ts";
import { changedValues, recordAudit } from "../../audit.ts";
import { preparedPerDb } from "../../prepared.ts";
import type {
  BuyerBody,
  Stakeholder,
  StakeholderBody,
  Supplier,
  SupplierBody,
  TransportCompanyBody,
} from "./schemas.ts";

/** Lists answer at most this many rows; a search narrows them. */
export const LIST_LIMIT = 500;

type SupplierRow = typeof suppliers.$inferSelect;
type StakeholderRow = typeof stakeholders.$inferSelect;
type BuyerRow = typeof buyers.$inferSelect;
type TransportRow = typeof transportCompanies.$inferSelect;

const supplierById = preparedPerDb((db) =>
  db.select().from(suppliers).where(eq(suppliers.id, sql.placeholder("id"))).prepare()
);

export class PartyService {
  /** Access is checked by the route rules (api.ts, the page routes) before a service is made. */
  constructor(private readonly ctx: AreaContext) {}

  // ---------- suppliers ----------

  async listSuppliers(q?: string): Promise<Supplier[]> {
    const filter = q ? anyContains(partySearch(suppliers), q) : undefined;
    const rows = await this.ctx.db.select().from(suppliers).where(filter).orderBy(asc(suppliers.name))
      .limit(LIST_LIMIT);
    return rows.map(toSupplier);
  }

  async getSupplier(id: number): Promise<Supplier> {
    const [row] = await supplierById(this.ctx.db).all({ id });
    if (!row) throw ApiError.notFound("That supplier does not exist.");
    return toSupplier(row);
  }

  /** Suppliers changed after `since` (all without it), for clients that keep a copy (spec 1 §4). */
  async suppliersLatest(since?: string) {
    const newest = await this.ctx.db.select({ at: suppliers.lastModified }).from(suppliers)
      .orderBy(desc(suppliers.lastModified)).limit(1);
    const lastUpdated = newest[0]?.at ?? null;
    const sinceIso = since ? new Date(since).toISOString() : undefined;
    const rows = sinceIso && lastUpdated && lastUpdated <= sinceIso
      ? []
      : await this.ctx.db.select().from(suppliers)
        .where(sinceIso ? gt(suppliers.lastModified, sinceIso) : undefined).orderBy(asc(suppliers.name));
    return { lastUpdated, suppliers: rows.map(toSupplier) };
  }

  async upsertSupplier(body: SupplierBody): Promise<Supplier> {
    this.#checkStockTypes(body.stockTypes);
    const values = partyRow(body);
    const row = await this.ctx.db.transaction(async (tx) => {
      await refuseDuplicate(tx, "supplier", values.name, values.pic, body.id);
      return await this.#save(tx, suppliers, "supplier", body, values) as SupplierRow;
    });
    await this.ctx.app.push.emit(this.ctx.tenantId, "supplierAddedOrUpdated", {
      supplierId: row.id,
      lastUpdated: row.lastModified,
    });
    return toSupplier(row);
  }

  // ---------- stakeholders ----------

  async listStakeholders(q?: string): Promise<Stakeholder[]> {
    const filter = q
      ? anyContains([...partySearch(stakeholders), stakeholders.stakeholderType], q)
      : undefined;
    const rows = await this.ctx.db.select().from(stakeholders).where(filter).orderBy(asc(stakeholders.name))
      .limit(LIST_LIMIT);
    return rows.map(toStakeholder);
  }

  async getStakeholder(id: number): Promise<Stakeholder> {
    const row = await this.ctx.db.query.stakeholders.findFirst({ where: eq(stakeholders.id, id) });
    if (!row) throw ApiError.notFound("That stakeholder does not exist.");
    return toStakeholder(row);
  }

  async upsertStakeholder(body: StakeholderBody): Promise<Stakeholder> {
    this.#checkStockTypes(body.stockTypes);
    const values = { ...partyRow(body), stakeholderType: body.stakeholderType };
    const row = await this.ctx.db.transaction(async (tx) => {
      await refuseDuplicate(tx, "stakeholder", values.name, values.pic, body.id);
      return await this.#save(tx, stakeholders, "stakeholder", body, values) as StakeholderRow;
    });
    return toStakeholder(row);
  }

  // ---------- buyers ----------

  async listBuyers(q?: string, includeDeleted = false): Promise<BuyerRow[]> {
    const filters: (SQL | undefined)[] = [
      includeDeleted ? undefined : eq(buyers.isSoftDeleted, false),
      q ? anyContains([buyers.name, buyers.firstName, buyers.lastName, buyers.email], q) : undefined,
    ];
    return await this.ctx.db.select().from(buyers).where(and(...filters)).orderBy(asc(buyers.name))
      .limit(LIST_LIMIT);
  }

  async getBuyer(id: number): Promise<BuyerRow> {
    const row = await this.ctx.db.query.buyers.findFirst({ where: eq(buyers.id, id) });
    if (!row) throw ApiError.notFound("That buyer does not exist.");
    return row;
  }

  /** Add or edit a buyer; `isSoftDeleted` hides them from choices while keeping their past orders. */
  async upsertBuyer(body: BuyerBody): Promise<BuyerRow> {
    const { id: _, lastModified: __, ...values } = body;
    return await this.ctx.db.transaction((tx) => this.#save(tx, buyers, "buyer", body, values)) as BuyerRow;
  }

  // ---------- transport companies ----------

  async listTransportCompanies(q?: string): Promise<TransportRow[]> {
    const filter = q ? anyContains([transportCompanies.name, transportCompanies.phone], q) : undefined;
    return await this.ctx.db.select().from(transportCompanies).where(filter)
      .orderBy(asc(transportCompanies.name)).limit(LIST_LIMIT);
  }

  async getTransportCompany(id: number): Promise<TransportRow> {
    const row = await this.ctx.db.query.transportCompanies.findFirst({
      where: eq(transportCompanies.id, id),
    });
    if (!row) throw ApiError.notFound("That transport company does not exist.");
    return row;
  }

  async upsertTransportCompany(body: TransportCompanyBody): Promise<TransportRow> {
    const { id: _, lastModified: __, ...values } = body;
    return await this.ctx.db.transaction((tx) =>
      this.#save(tx, transportCompanies, "transportCompany", body, values)
    ) as TransportRow;
  }

  // ---------- shared ----------

  /** Stock types are species ids of this tenant. */
  #checkStockTypes(ids: number[]) {
    const known = new Set(this.ctx.caller.species.map((s) => s.id));
    const unknown = ids.filter((id) => !known.has(id));
    if (unknown.length) {
      throw ApiError.validation([{
        field: "stockTypes",
        message: "Choose species this organisation handles.",
      }]);
    }
  }

  /**
   * Inserts (no id) or updates (id, with the lastModified the client read) one row of a master-data
   * table, with its audit record. Answers the saved row.
   */
  async #save(
    tx: TenantTx,
    table: MasterTable,
    entity: string,
    body: { id?: number | null; lastModified?: string | null },
    values: Record<string, unknown>,
  ): Promise<Record<string, unknown>> {
    // one code path for four tables of the same shape (id, createdAt, lastModified + their fields)
    const t = table as typeof buyers;
    if (!body.id) {
      const now = nextModified();
      const rows = await tx.insert(t).values({ ...values, createdAt: now, lastModified: now } as never)
        .returning();
      await recordAudit(tx, this.ctx, { entity, entityId: rows[0].id, action: "create", after: values });
      return rows[0];
    }
    const [current] = await tx.select().from(t).where(eq(t.id, body.id));
    if (!current) throw ApiError.notFound(`That ${entityLabel(entity)} does not exist.`);
    assertUnchanged(current, body.lastModified, entityLabel(entity));
    const next = { ...values, lastModified: nextModified(current.lastModified) };
    const rows = await tx.update(t).set(next as never).where(eq(t.id, body.id)).returning();
    const diff = changedValues(current as Record<string, unknown>, next);
    await recordAudit(tx, this.ctx, { entity, entityId: body.id, action: "update", ...diff });
    return rows[0];
  }
}

type MasterTable = typeof suppliers | typeof stakeholders | typeof buyers | typeof transportCompanies;

/** What a search of suppliers or stakeholders looks in. */
const partySearch = (t: typeof suppliers | typeof stakeholders) => [
  t.name,
  t.location,
  t.pic,
  t.contactFirstName,
  t.contactLastName,
  t.city,
];

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
    .where(and(eq(table.pic, pic)));
  const clash = same.find((r) => r.id !== exceptId && r.name.toLowerCase() === name.toLowerCase());
  if (clash) {
    throw ApiError.conflict(`A ${kind} named ${clash.name}${pic ? ` with PIC ${pic}` : ""} already exists.`);
  }
}

export function partyRow(body: SupplierBody | StakeholderBody) {
  const c = body.primaryContact, a = body.primaryAddress, b = body.bankDetails;
  return {
    name: body.name,
    isTenant: body.isTenant,
    businessTaxIdentifier: body.businessTaxIdentifier,
    companyIdentifier: body.companyIdentifier,
    isGstExempt: body.isGstExempt,
    pic: body.pic,
    location: body.location || [a.city, a.state].filter(Boolean).join(" "),
    roles: body.roles,
    stockTypes: body.stockTypes,
    msaProperties: body.supplierMsaProperties ?? null,
    contactFirstName: c.firstName,
    contactLastName: c.lastName,
    contactEmail: c.email,
    contactMobile: c.mobile,
    contactPhone: c.phone,
    contactJobTitle: c.jobTitle,
    addressLine1: a.line1,
    addressLine2: a.line2,
    city: a.city,
    state: a.state,
    postcode: a.postcode,
    countryId: a.countryId,
    addressType: a.addressType,
    bankAccountName: b.accountName,
    bsb: b.bsb,
    bankAccountNumber: b.accountNumber,
  };
}

export function toSupplier(r: SupplierRow): Supplier {
  return {
    id: r.id,
    name: r.name,
    isTenant: r.isTenant,
    businessTaxIdentifier: r.businessTaxIdentifier,
    companyIdentifier: r.companyIdentifier,
    isGstExempt: r.isGstExempt,
    pic: r.pic,
    location: r.location,
    roles: r.roles,
    stockTypes: r.stockTypes,
    supplierMsaProperties: r.msaProperties ?? null,
    primaryContact: {
      firstName: r.contactFirstName,
      lastName: r.contactLastName,
      email: r.contactEmail,
      mobile: r.contactMobile,
      phone: r.contactPhone,
      jobTitle: r.contactJobTitle,
    },
    primaryAddress: {
      line1: r.addressLine1,
      line2: r.addressLine2,
      city: r.city,
      state: r.state,
      postcode: r.postcode,
      countryId: r.countryId,
      addressType: r.addressType,
    },
    bankDetails: { accountName: r.bankAccountName, bsb: r.bsb, accountNumber: r.bankAccountNumber },
    createdAt: r.createdAt,
    lastModified: r.lastModified,
  };
}

export function toStakeholder(r: StakeholderRow): Stakeholder {
  return { ...toSupplier(r), stakeholderType: r.stakeholderType };
}
