/**
 * The parties area's writes that other areas call (it owns suppliers, stakeholders, buyers and
 * transportCompanies): each takes the caller's `unit` first, so it joins their transaction.
 */
import { eq } from "drizzle-orm";
import { buyers, stakeholders, suppliers, transportCompanies } from "../../../../db/tenant/schema.ts";
import type { TenantTx, Unit } from "../../unit.ts";
import type { TenantDb } from "../../../../db/client.ts";
import { changedValues } from "../../audit.ts";
import { nextModified } from "../../context.ts";

// ---------- for the invoices (its demo seed) ----------

/** The plant's own party as its invoices head it: name, ABN, PIC, address and contacts. */
export type OwnParty = Omit<
  typeof stakeholders.$inferInsert,
  "id" | "isTenant" | "createdAt" | "lastModified"
>;

/**
 * The processor's own party record (its ABN and address head every invoice it issues; the NLIS kill file
 * names the plant by its PIC): made when there is none, else given the PIC when it has none.
 */
export async function ensureOwnParty(unit: Pick<Unit, "tx">, party: OwnParty): Promise<void> {
  const [own] = await unit.tx.select({ id: stakeholders.id, pic: stakeholders.pic })
    .from(stakeholders).where(eq(stakeholders.isTenant, true));
  if (own) {
    if (!own.pic && party.pic) {
      await unit.tx.update(stakeholders).set({ pic: party.pic }).where(eq(stakeholders.id, own.id));
    }
    return;
  }
  const now = new Date().toISOString();
  await unit.tx.insert(stakeholders).values({
    ...party,
    isTenant: true,
    createdAt: now,
    lastModified: now,
  });
}

// ---------- for the super area's initial data load ----------

/** The master data a file may load, by kind: its table and the audit trail's entity name. */
const LOADED = {
  suppliers: { table: suppliers, entity: "supplier" },
  stakeholders: { table: stakeholders, entity: "stakeholder" },
  buyers: { table: buyers, entity: "buyer" },
  transportCompanies: { table: transportCompanies, entity: "transportCompany" },
} as const;
export type LoadedPartyKind = keyof typeof LOADED;
/** A party row as a load compares and audits it (the four tables share id, name, lastModified). */
export type LoadedPartyRow = Record<string, unknown> & { id: number; name: string; lastModified: string };
type PartyValues = Record<string, unknown>;

/**
 * What a file changes, in the file's order: new records (each with the key the caller knows it by) and
 * matched ones (`before`: the record as it is).
 */
export interface PartyLoad {
  steps: { key: string; values: PartyValues; before?: LoadedPartyRow }[];
  /** a new row's key, as the caller gave it (its natural key: name, and PIC where there is one) */
  keyOf: (row: LoadedPartyRow) => string;
  /** the audit rows' reason (the file's name) */
  reason: string;
}

/** Rows a statement adds at once (about 30 columns each: well under SQLite's 32,766 values). */
const LOAD_CHUNK = 200;

/** The kind's records now, every one (an initial load compares a file with all of them; in its unit, again). */
export async function loadedPartiesNow(db: TenantDb | TenantTx, kind: LoadedPartyKind) {
  const rows: LoadedPartyRow[] = await db.select().from(LOADED[kind].table);
  return rows;
}

/**
 * An initial data load's records of one kind, in the caller's unit: the new ones added a chunk a
 * statement (one insert each would hold the transaction several times as long), matched ones updated,
 * each with its audit row; for suppliers one supplierAddedOrUpdated (clients keeping a copy re-read
 * everything changed since theirs). Answers each new record's id and lastModified by its key, and each
 * updated one's lastModified by its id.
 */
export async function loadParties(unit: Unit, kind: LoadedPartyKind, load: PartyLoad) {
  const { entity } = LOADED[kind];
  const added = new Map<string, { id: number; lastModified: string }>();
  const updated = new Map<number, string>();
  const adds = load.steps.filter((s) => !s.before);
  for (let at = 0; at < adds.length; at += LOAD_CHUNK) {
    const chunk = adds.slice(at, at + LOAD_CHUNK);
    const now = nextModified();
    const rows = await insertLoaded(
      unit,
      kind,
      chunk.map((a) => ({ ...a.values, createdAt: now, lastModified: now })),
    );
    for (const row of rows) added.set(load.keyOf(row), { id: row.id, lastModified: now });
  }
  // the audit rows in the file's order
  for (const { key, values, before } of load.steps) {
    if (!before) {
      await unit.audit({
        entity,
        entityId: added.get(key)!.id,
        action: "create",
        after: values,
        reason: load.reason,
      });
      continue;
    }
    const next = { ...values, lastModified: nextModified(before.lastModified) };
    await updateLoaded(unit, kind, before.id, next);
    updated.set(before.id, next.lastModified);
    await unit.audit({
      entity,
      entityId: before.id,
      action: "update",
      ...changedValues(before, next),
      reason: load.reason,
    });
  }
  const written = [...added.values(), ...[...updated].map(([id, lastModified]) => ({ id, lastModified }))];
  const newest = written.reduce<(typeof written)[number] | null>(
    (a, w) => (!a || w.lastModified >= a.lastModified ? w : a),
    null,
  );
  if (kind === "suppliers" && newest) {
    unit.announce("supplierAddedOrUpdated", { supplierId: newest.id, lastUpdated: newest.lastModified });
  }
  return { added, updated };
}

// each table typed on its own; the values were checked by the parties' form rules (the load's planRows)
function insertLoaded(unit: Unit, kind: LoadedPartyKind, rows: PartyValues[]): Promise<LoadedPartyRow[]> {
  const tx = unit.tx;
  switch (kind) {
    case "suppliers":
      return tx.insert(suppliers).values(rows as (typeof suppliers.$inferInsert)[]).returning();
    case "stakeholders":
      return tx.insert(stakeholders).values(rows as (typeof stakeholders.$inferInsert)[]).returning();
    case "buyers":
      return tx.insert(buyers).values(rows as (typeof buyers.$inferInsert)[]).returning();
    case "transportCompanies":
      return tx.insert(transportCompanies)
        .values(rows as (typeof transportCompanies.$inferInsert)[]).returning();
  }
}

async function updateLoaded(unit: Unit, kind: LoadedPartyKind, id: number, next: PartyValues) {
  const { table } = LOADED[kind];
  await unit.tx.update(table).set(next).where(eq(table.id, id));
}

// ---------- for the producer portal's links ----------

/** Marks suppliers as linked to a producer tenant (isTenant, spec 1 §3) or no longer linked. */
export async function markSuppliersLinked(unit: Unit, supplierIds: readonly number[], isTenant: boolean) {
  for (const id of supplierIds) {
    const [row] = await unit.tx.select({ isTenant: suppliers.isTenant, lastModified: suppliers.lastModified })
      .from(suppliers).where(eq(suppliers.id, id));
    if (!row || row.isTenant === isTenant) continue;
    const lastModified = nextModified(row.lastModified);
    await unit.tx.update(suppliers).set({ isTenant, lastModified }).where(eq(suppliers.id, id));
    await unit.audit({
      entity: "supplier",
      entityId: id,
      action: "update",
      ...changedValues(row, { isTenant }),
    });
    unit.announce("supplierAddedOrUpdated", { supplierId: id, lastUpdated: lastModified });
  }
}

/** The demo seed's link (server/areas/producer/seed.ts): the supplier shows isTenant, no audit or push. */
export async function markSupplierLinkedInDemo(db: TenantDb, supplierId: number) {
  await db.update(suppliers).set({ isTenant: true }).where(eq(suppliers.id, supplierId));
}
