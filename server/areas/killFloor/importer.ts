/**
 * The one way carcass records come in (integration batch, uploaded file, simulator): every row is read
 * and checked first (row-numbered errors, nothing written), then the whole file is one transaction.
 * Re-sending a body number of a day replaces its record (idempotent), and the orders it touched get their
 * totals; the ones now complete are announced.
 */
import { and, eq, getTableColumns, inArray, or, sql } from "drizzle-orm";
import { carcasses, stockMobs } from "../../../db/tenant/schema.ts";
import type { TenantTx } from "../context.ts";
import { MOB_STATUS, SPECIES_CATEGORIES } from "../../../kernel/enums.ts";
import {
  type CarcassInput,
  MAX_IMPORT_ROWS,
  MAX_LISTED_ERRORS,
  readCarcassRow,
  type RowError,
} from "./rules.ts";

type Db = Pick<TenantTx, "select">;

/** A checked row bound to its mob: what is written. */
export type CarcassRecord = typeof carcasses.$inferInsert;

export type ImportStage = "reading" | "checking" | "saving";
export type Progress = (stage: ImportStage, done: number, total: number) => void | Promise<void>;

export interface Checked {
  records: CarcassRecord[];
  errors: RowError[];
  /** rows with at least one error */
  errorRows: number;
}

interface MobRow {
  id: number;
  livestockOrderId: number;
  supplierId: number;
  speciesId: number;
  speciesCategoryId: number | null;
  tenantSiteId: number | null;
  mobStatus: number;
  lot: string | null;
  suffix: string | null;
  day: string | null;
  /** set when all its head joined another mob of the order (the yard's merge) */
  mergedIntoId: number | null;
  head: number;
}

const EVERY = 2_000;
const lotBase = (lot: string) => lot.replace(/[A-Z]+$/i, "").toUpperCase();

/** Reads and checks every row, then finds each one's mob; `records` is empty when any row failed. */
export async function checkRows(
  db: Db,
  rows: readonly Readonly<Record<string, unknown>>[],
  progress?: Progress,
): Promise<Checked> {
  if (!rows.length) {
    return {
      records: [],
      errors: [{ row: 0, field: "", message: "There are no carcass rows in it." }],
      errorRows: 1,
    };
  }
  if (rows.length > MAX_IMPORT_ROWS) {
    const message = `It has ${rows.length.toLocaleString("en-AU")} rows; send at most ` +
      `${MAX_IMPORT_ROWS.toLocaleString("en-AU")} at a time.`;
    return { records: [], errors: [{ row: 0, field: "", message }], errorRows: 1 };
  }
  const errors: RowError[] = [];
  const failed = new Set<number>();
  const inputs: (CarcassInput | null)[] = [];
  const fail = (e: RowError) => {
    failed.add(e.row);
    if (errors.length < MAX_LISTED_ERRORS) errors.push(e);
  };
  for (let i = 0; i < rows.length; i++) {
    const raw = rows[i];
    const read = raw && typeof raw === "object" && !Array.isArray(raw)
      ? readCarcassRow(raw, i + 1)
      : { errors: [{ row: i + 1, field: "", message: "Each row must be an object of fields" }] };
    if (read.errors) read.errors.forEach(fail);
    inputs.push(read.carcass ?? null);
    if (progress && (i + 1) % EVERY === 0) await progress("checking", i + 1, rows.length);
  }
  const mobs = await findMobs(db, inputs);
  const now = new Date().toISOString();
  const records: CarcassRecord[] = [];
  const seen = new Map<string, number>();
  for (let i = 0; i < inputs.length; i++) {
    const c = inputs[i];
    if (!c) continue;
    const row = i + 1;
    const mob = mobOf(c, mobs);
    if (typeof mob === "string") {
      fail({ row, field: c.stockMobId ? "stockMobId" : "lot", message: mob });
      continue;
    }
    const categoryId = c.category ? categoryIdOf(mob.speciesId, c.category) : mob.speciesCategoryId;
    if (categoryId === undefined) {
      fail({ row, field: "category", message: `Category "${c.category}" is not one of this species'` });
      continue;
    }
    const site = mob.tenantSiteId ?? 0;
    const key = `${c.productionDate}|${site}|${mob.speciesId}|${c.bodyNumber}`;
    const before = seen.get(key);
    if (before) {
      fail({
        row,
        field: "bodyNumber",
        message: `Body number ${c.bodyNumber} of that day is also on row ${before}`,
      });
      continue;
    }
    seen.set(key, row);
    const { lot: _lot, category: _category, killSequence, ...fields } = c;
    records.push({
      ...fields,
      stockMobId: mob.id,
      tenantSiteId: site,
      speciesId: mob.speciesId,
      livestockOrderId: mob.livestockOrderId,
      supplierId: mob.supplierId,
      speciesCategoryId: categoryId,
      killSequence: killSequence ?? c.bodyNumber,
      importId: 0,
      receivedAt: now,
      lastModified: now,
    });
  }
  return failed.size
    ? { records: [], errors, errorRows: failed.size }
    : { records, errors: [], errorRows: 0 };
}

const MOB_COLUMNS = {
  id: stockMobs.id,
  livestockOrderId: stockMobs.livestockOrderId,
  supplierId: stockMobs.supplierId,
  speciesId: stockMobs.speciesId,
  speciesCategoryId: stockMobs.speciesCategoryId,
  tenantSiteId: stockMobs.tenantSiteId,
  mobStatus: stockMobs.mobStatus,
  lot: stockMobs.agendaLotReference,
  suffix: stockMobs.agendaLotReferenceSuffix,
  day: stockMobs.applicableProductionDate,
  mergedIntoId: stockMobs.mergedIntoId,
  head: stockMobs.head,
};

/**
 * The mobs the rows name, by id and by lot, in two reads, and the mobs merged ones went into: an id or
 * lot the plant was sent keeps finding its head after the yard merged it into another mob.
 */
async function findMobs(db: Db, inputs: readonly (CarcassInput | null)[]) {
  const ids = [...new Set(inputs.flatMap((c) => (c?.stockMobId ? [c.stockMobId] : [])))];
  const lots = [...new Set(inputs.flatMap((c) => (c?.lot && !c.stockMobId ? [lotBase(c.lot)] : [])))];
  const found: MobRow[] = [];
  for (let i = 0; i < Math.max(ids.length, lots.length); i += 500) {
    const some = [
      ...(ids.length > i ? [inArray(stockMobs.id, ids.slice(i, i + 500))] : []),
      ...(lots.length > i
        ? [inArray(sql`upper(${stockMobs.agendaLotReference})`, lots.slice(i, i + 500))]
        : []),
    ];
    found.push(...await db.select(MOB_COLUMNS).from(stockMobs).where(or(...some)));
  }
  const byId = new Map(found.map((m) => [m.id, m]));
  // the mobs merged ones went into (a chain of merges is followed to its end)
  for (let depth = 0; depth < 10; depth++) {
    const missing = [
      ...new Set(
        [...byId.values()].flatMap((m) =>
          m.mergedIntoId && !byId.has(m.mergedIntoId) ? [m.mergedIntoId] : []
        ),
      ),
    ];
    if (!missing.length) break;
    for (let i = 0; i < missing.length; i += 500) {
      const more = await db.select(MOB_COLUMNS).from(stockMobs)
        .where(inArray(stockMobs.id, missing.slice(i, i + 500)));
      for (const m of more) byId.set(m.id, m);
    }
  }
  const byLot = new Map<string, MobRow[]>();
  for (const m of found) {
    if (!m.lot) continue;
    const key = m.lot.toUpperCase();
    byLot.set(key, [...(byLot.get(key) ?? []), m]);
  }
  return { byId, byLot };
}

type Found = Awaited<ReturnType<typeof findMobs>>;

/** The mob that holds a mob's head now: itself, or the one it was merged into. */
function survivor(mob: MobRow, mobs: Found): MobRow {
  let m = mob;
  for (let hops = 0; hops < 10 && m.mergedIntoId && mobs.byId.has(m.mergedIntoId); hops++) {
    m = mobs.byId.get(m.mergedIntoId)!;
  }
  return m;
}

/** Mobs once each, merged ones replaced by the mob they went into; a mob left with no head never counts. */
const survivors = (list: readonly MobRow[], mobs: Found) => [
  ...new Map(list.map((m) => survivor(m, mobs)).filter((m) => m.head > 0).map((m) => [m.id, m])).values(),
];

/** The row's mob, or why it has none. */
function mobOf(c: CarcassInput, mobs: Found): MobRow | string {
  let mob: MobRow | undefined;
  if (c.stockMobId) {
    const named = mobs.byId.get(c.stockMobId);
    if (!named) return `No mob has the id ${c.stockMobId}`;
    mob = survivor(named, mobs);
  } else {
    const lot = c.lot!.toUpperCase();
    const base = lotBase(lot);
    const suffix = lot.slice(base.length);
    const all = mobs.byLot.get(base) ?? [];
    const withSuffix = all.filter((m) => !suffix || (m.suffix ?? "").toUpperCase() === suffix);
    // a suffix the plant was sent may be gone after a merge: the lot then names its one mob
    let ofLot = survivors(withSuffix, mobs);
    if (!ofLot.length && suffix && survivors(all, mobs).length === 1) ofLot = survivors(all, mobs);
    const onDay = ofLot.filter((m) => m.day === c.productionDate);
    const candidates = onDay.length ? onDay : ofLot;
    if (!candidates.length) return `No mob has the lot ${c.lot}`;
    if (candidates.length > 1) {
      return `Lot ${c.lot} has ${candidates.length} mobs (${
        candidates.map((m) => m.suffix || "no suffix").join(", ")
      }): add the suffix`;
    }
    mob = candidates[0];
  }
  if (mob.mobStatus !== MOB_STATUS.AtKillFloor) {
    return `Mob ${mob.id}${
      mob.lot ? ` (lot ${mob.lot}${mob.suffix ?? ""})` : ""
    } has not been sent to the kill floor`;
  }
  return mob;
}

function categoryIdOf(speciesId: number, name: string): number | undefined {
  return SPECIES_CATEGORIES.find((c) =>
    c.speciesId === speciesId && c.name.toLowerCase() === name.toLowerCase()
  )
    ?.id;
}

const CHUNK = 400;

/** Writes checked records (replacing a day's body numbers sent before); answers how many were new. */
export async function saveRecords(
  tx: TenantTx,
  records: CarcassRecord[],
  importId: number,
  progress?: Progress,
) {
  const existing = await existingKeys(tx, records);
  let replaced = 0;
  for (const r of records) if (existing.has(keyOf(r))) replaced++;
  const update = Object.fromEntries(
    Object.entries(getTableColumns(carcasses)).filter(([k]) => k !== "id")
      .map(([k, column]) => [k, sql.raw(`excluded.${column.name}`)]),
  );
  for (let i = 0; i < records.length; i += CHUNK) {
    const chunk = records.slice(i, i + CHUNK).map((r) => ({ ...r, importId, isCorrected: false }));
    await tx.insert(carcasses).values(chunk).onConflictDoUpdate({
      target: [carcasses.productionDate, carcasses.tenantSiteId, carcasses.speciesId, carcasses.bodyNumber],
      set: update,
    });
    if (progress) await progress("saving", Math.min(i + CHUNK, records.length), records.length);
  }
  return { added: records.length - replaced, replaced };
}

const keyOf = (r: Pick<CarcassRecord, "productionDate" | "tenantSiteId" | "speciesId" | "bodyNumber">) =>
  `${r.productionDate}|${r.tenantSiteId}|${r.speciesId}|${r.bodyNumber}`;

/** The body numbers already held for the days, sites and species of the records. */
async function existingKeys(tx: TenantTx, records: readonly CarcassRecord[]) {
  const days = new Map<string, CarcassRecord>();
  for (const r of records) days.set(`${r.productionDate}|${r.tenantSiteId}|${r.speciesId}`, r);
  const keys = new Set<string>();
  for (const r of days.values()) {
    const rows = await tx.select({
      productionDate: carcasses.productionDate,
      tenantSiteId: carcasses.tenantSiteId,
      speciesId: carcasses.speciesId,
      bodyNumber: carcasses.bodyNumber,
    }).from(carcasses).where(and(
      eq(carcasses.productionDate, r.productionDate),
      eq(carcasses.tenantSiteId, r.tenantSiteId),
      eq(carcasses.speciesId, r.speciesId),
    ));
    for (const row of rows) keys.add(keyOf(row));
  }
  return keys;
}
