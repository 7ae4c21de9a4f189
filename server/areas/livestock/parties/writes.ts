/**
 * The parties area's writes that other areas call (it owns suppliers, stakeholders, buyers and
 * transportCompanies): each takes the caller's `unit` first, so it joins their transaction. Shared
 * file: append, never rewrite or reorder.
 */

// ---------- for the invoices (its demo seed) ----------
import { eq as eqInv } from "drizzle-orm";
import { stakeholders as stakeholdersInv } from "../../../../db/tenant/schema.ts";
import type { Unit as UnitInv } from "../../unit.ts";

/** The plant's own party as its invoices head it: name, ABN, PIC, address and contacts. */
export type OwnParty = Omit<
  typeof stakeholdersInv.$inferInsert,
  "id" | "isTenant" | "createdAt" | "lastModified"
>;

/**
 * The processor's own party record (its ABN and address head every invoice it issues; the NLIS kill file
 * names the plant by its PIC): made when there is none, else given the PIC when it has none.
 */
export async function ensureOwnParty(unit: Pick<UnitInv, "tx">, party: OwnParty): Promise<void> {
  const [own] = await unit.tx.select({ id: stakeholdersInv.id, pic: stakeholdersInv.pic })
    .from(stakeholdersInv).where(eqInv(stakeholdersInv.isTenant, true));
  if (own) {
    if (!own.pic && party.pic) {
      await unit.tx.update(stakeholdersInv).set({ pic: party.pic }).where(eqInv(stakeholdersInv.id, own.id));
    }
    return;
  }
  const now = new Date().toISOString();
  await unit.tx.insert(stakeholdersInv).values({
    ...party,
    isTenant: true,
    createdAt: now,
    lastModified: now,
  });
}

// ---------- for the super area's initial data load ----------
import { eq as eqLoad } from "drizzle-orm";
import {
  buyers as buyersLoad,
  stakeholders as stakeholdersLoad,
  suppliers as suppliersLoad,
  transportCompanies as transportCompaniesLoad,
} from "../../../../db/tenant/schema.ts";
import type { TenantTx as TenantTxLoad, Unit as UnitLoad } from "../../unit.ts";
import type { TenantDb as TenantDbLoad } from "../../../../db/client.ts";
import { changedValues as changedValuesLoad } from "../../audit.ts";
import { nextModified as nextModifiedLoad } from "../../context.ts";

/** The master data a file may load, by kind: its table and the audit trail's entity name. */
const LOADED = {
  suppliers: { table: suppliersLoad, entity: "supplier" },
  stakeholders: { table: stakeholdersLoad, entity: "stakeholder" },
  buyers: { table: buyersLoad, entity: "buyer" },
  transportCompanies: { table: transportCompaniesLoad, entity: "transportCompany" },
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
export async function loadedPartiesNow(db: TenantDbLoad | TenantTxLoad, kind: LoadedPartyKind) {
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
export async function loadParties(unit: UnitLoad, kind: LoadedPartyKind, load: PartyLoad) {
  const { entity } = LOADED[kind];
  const added = new Map<string, { id: number; lastModified: string }>();
  const updated = new Map<number, string>();
  const adds = load.steps.filter((s) => !s.before);
  for (let at = 0; at < adds.length; at += LOAD_CHUNK) {
    const chunk = adds.slice(at, at + LOAD_CHUNK);
    const now = nextModifiedLoad();
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
    const next = { ...values, lastModified: nextModifiedLoad(before.lastModified) };
    await updateLoaded(unit, kind, before.id, next);
    updated.set(before.id, next.lastModified);
    await unit.audit({
      entity,
      entityId: before.id,
      action: "update",
      ...changedValuesLoad(before, next),
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
function insertLoaded(unit: UnitLoad, kind: LoadedPartyKind, rows: PartyValues[]): Promise<LoadedPartyRow[]> {
  const tx = unit.tx;
  switch (kind) {
    case "suppliers":
      return tx.insert(suppliersLoad).values(rows as (typeof suppliersLoad.$inferInsert)[]).returning();
    case "stakeholders":
      return tx.insert(stakeholdersLoad).values(rows as (typeof stakeholdersLoad.$inferInsert)[]).returning();
    case "buyers":
      return tx.insert(buyersLoad).values(rows as (typeof buyersLoad.$inferInsert)[]).returning();
    case "transportCompanies":
      return tx.insert(transportCompaniesLoad)
        .values(rows as (typeof transportCompaniesLoad.$inferInsert)[]).returning();
  }
}

async function updateLoaded(unit: UnitLoad, kind: LoadedPartyKind, id: number, next: PartyValues) {
  const tx = unit.tx;
  switch (kind) {
    case "suppliers":
      await tx.update(suppliersLoad).set(next as Partial<typeof suppliersLoad.$inferInsert>)
        .where(eqLoad(suppliersLoad.id, id));
      return;
    case "stakeholders":
      await tx.update(stakeholdersLoad).set(next as Partial<typeof stakeholdersLoad.$inferInsert>)
        .where(eqLoad(stakeholdersLoad.id, id));
      return;
    case "buyers":
      await tx.update(buyersLoad).set(next as Partial<typeof buyersLoad.$inferInsert>)
        .where(eqLoad(buyersLoad.id, id));
      return;
    case "transportCompanies":
      await tx.update(transportCompaniesLoad).set(next as Partial<typeof transportCompaniesLoad.$inferInsert>)
        .where(eqLoad(transportCompaniesLoad.id, id));
      return;
  }
}
