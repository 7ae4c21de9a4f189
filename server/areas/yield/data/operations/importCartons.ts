/**
 * Cartons in (POST /api/yield/PostCartons, and the simulator's batches): every row is read and matched
 * first (site, boning room, product code, run, mob), row-numbered; one bad row rejects the batch with a
 * 400 listing the rows and writes nothing. Then one unit: the import's record, new runs (and the head,
 * HSCW, shift or mob the batch says for runs already held), the cartons (a serial sent again replaces its
 * carton), and the touched runs' summaries rebuilt; `yieldDataChanged` after the commit.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import {
  boningRooms,
  boningRuns,
  cartonImports,
  productCodes,
  stockMobs,
} from "../../../../../db/tenant/schema.ts";
import { ApiError } from "../../../../http/errors.ts";
import type { AreaContext, TenantTx } from "../../../context.ts";
import { displayName } from "../../../audit.ts";
import { rowsRejected } from "../../../imports.ts";
import { announceYieldDays } from "../../writes.ts";
import { rebuildDays } from "../rebuild.ts";
import { type CartonRow, writeCartons } from "../cartonRows.ts";
import {
  type CartonInput,
  type CartonRowError,
  MAX_CARTON_ROWS,
  MAX_LISTED_ERRORS,
  readCartonRow,
} from "../rows.ts";
import { serverNow } from "../../../../clock.ts";

export type CartonSource = "api" | "upload" | "simulator";

export interface CartonImportResult {
  importId: number;
  rows: number;
  added: number;
  replaced: number;
  productionDates: string[];
  runs: number;
}

export const CARTON_IMPORT_ENTITY = "CartonImport";

/** The 400 of a rejected batch: its rows' errors in the catalogue shape. */
export function cartonsRejected(errors: CartonRowError[], errorRows: number): ApiError {
  return rowsRejected(errors, errorRows, "the cartons");
}

interface PlannedRun {
  key: string;
  row: number;
  id: number | null;
  productionDate: string;
  tenantSiteId: number;
  speciesId: number;
  boningRoomId: number;
  shift: string;
  runNumber: number;
  killDate: string | null;
  stockMobId: number | null;
  livestockOrderId: number | null;
  supplierId: number | null;
  head: number | null;
  hscwKg: number | null;
}

interface Matched {
  cartons: (Omit<CartonRow, "boningRunId" | "importId" | "receivedAt"> & { runKey: string })[];
  runs: Map<string, PlannedRun>;
}

/** Reads and matches every row; throws the 400 when any row failed. */
export async function checkCartons(
  ctx: AreaContext,
  rows: readonly Readonly<Record<string, unknown>>[],
): Promise<Matched> {
  if (!rows.length) {
    throw cartonsRejected([{ row: 0, field: "", message: "There are no carton rows in it." }], 1);
  }
  if (rows.length > MAX_CARTON_ROWS) {
    const message = `It has ${rows.length.toLocaleString("en-AU")} rows; send at most ` +
      `${MAX_CARTON_ROWS.toLocaleString("en-AU")} at a time.`;
    throw cartonsRejected([{ row: 0, field: "", message }], 1);
  }
  const errors: CartonRowError[] = [];
  const failed = new Set<number>();
  const fail = (e: CartonRowError) => {
    failed.add(e.row);
    if (errors.length < MAX_LISTED_ERRORS) errors.push(e);
  };
  const inputs: (CartonInput | null)[] = rows.map((raw, i) => {
    const read = raw && typeof raw === "object" && !Array.isArray(raw)
      ? readCartonRow(raw, i + 1)
      : { errors: [{ row: i + 1, field: "", message: "Each row must be an object of fields" }] };
    read.errors?.forEach(fail);
    return read.carton ?? null;
  });
  const found = await lookUp(ctx, inputs);
  const runs = new Map<string, PlannedRun>();
  const serials = new Map<string, number>();
  const cartons: Matched["cartons"] = [];
  inputs.forEach((c, i) => {
    if (!c) return;
    const row = i + 1;
    const bad = (field: string, message: string) => fail({ row, field, message });
    const siteId = typeof c.site === "number"
      ? (ctx.scope.hasSite(c.site) ? c.site : null)
      : ctx.scope.siteIds.find((id) =>
        ctx.scope.siteName(id).toLowerCase() === String(c.site).toLowerCase()
      ) ??
        null;
    if (!siteId) return bad("site", `Site ${c.site} is not one of this organisation's`);
    const codes = (found.codes.get(c.productCode.toUpperCase()) ?? [])
      .filter((p) => (c.speciesId ? p.speciesId === c.speciesId : ctx.scope.hasSpecies(p.speciesId)));
    if (!codes.length) return bad("productCode", `Product code ${c.productCode} is not one of the plant's`);
    if (codes.length > 1) {
      return bad(
        "productCode",
        `Product code ${c.productCode} is used by more than one species: add speciesId`,
      );
    }
    const code = codes[0];
    const room = found.rooms.find((r) =>
      r.tenantSiteId === siteId && r.name.toLowerCase() === c.boningRoom.toLowerCase()
    );
    if (!room) return bad("boningRoom", `${ctx.scope.siteName(siteId)} has no boning room ${c.boningRoom}`);
    if (!room.speciesIds.includes(code.speciesId)) {
      return bad(
        "boningRoom",
        `${room.name} at ${ctx.scope.siteName(siteId)} does not bone ${
          ctx.scope.speciesName(code.speciesId)
        }`,
      );
    }
    const before = serials.get(c.serial);
    if (before) return bad("serial", `Serial ${c.serial} is also on row ${before}`);
    serials.set(c.serial, row);
    const mob = c.run.stockMobId
      ? found.mobsById.get(c.run.stockMobId)
      : c.run.lot
      ? found.mobsByLot.get(c.run.lot.toUpperCase())
      : undefined;
    if ((c.run.stockMobId || c.run.lot) && !mob) {
      return bad(
        c.run.stockMobId ? "run.stockMobId" : "run.lot",
        `No mob has the ${c.run.stockMobId ? `id ${c.run.stockMobId}` : `lot ${c.run.lot}`}`,
      );
    }
    if (mob === null) return bad("run.lot", `Lot ${c.run.lot} names more than one mob: send its stockMobId`);
    if (mob && mob.speciesId !== code.speciesId) {
      return bad("productCode", `Product code ${c.productCode} is not of the run's mob's species`);
    }
    const key = `${c.productionDate}|${room.id}|${c.run.runNumber}`;
    const held = found.runs.get(key);
    if (held && held.speciesId !== code.speciesId) {
      return bad(
        "run.runNumber",
        `Run ${c.run.runNumber} of ${room.name} on ${c.productionDate} bones another species`,
      );
    }
    const planned = runs.get(key);
    if (planned) {
      const clash = planned.speciesId !== code.speciesId
        ? "species"
        : planned.shift !== c.shift
        ? "shift"
        : mob && mob.id !== planned.stockMobId
        ? "mob"
        : null;
      if (clash) return bad("run", `Run ${c.run.runNumber} has another ${clash} on row ${planned.row}`);
    } else {
      const stockMobId = mob?.id ?? held?.stockMobId ?? null;
      if (!stockMobId && !held && (c.run.head === null || c.run.hscwKg === null)) {
        return bad("run", "A new run without a mob (lot or stockMobId) needs its head and hscwKg");
      }
      runs.set(key, {
        key,
        row,
        id: held?.id ?? null,
        productionDate: c.productionDate,
        tenantSiteId: siteId,
        speciesId: code.speciesId,
        boningRoomId: room.id,
        shift: c.shift,
        runNumber: c.run.runNumber,
        killDate: c.run.killDate ?? (mob ? mob.day : held?.killDate ?? null),
        stockMobId,
        livestockOrderId: mob?.livestockOrderId ?? held?.livestockOrderId ?? null,
        supplierId: mob?.supplierId ?? held?.supplierId ?? null,
        head: c.run.head,
        hscwKg: c.run.hscwKg,
      });
    }
    cartons.push({
      serial: c.serial,
      productCodeId: code.id,
      netKg: c.netKg,
      pieces: c.pieces,
      productionDate: c.productionDate,
      tenantSiteId: siteId,
      speciesId: code.speciesId,
      boningRoomId: room.id,
      shift: c.shift,
      runKey: key,
    });
  });
  if (failed.size) throw cartonsRejected(errors.sort((a, b) => a.row - b.row), failed.size);
  return { cartons, runs };
}

/** The codes, rooms, mobs and runs the rows name, in a handful of reads. */
async function lookUp(ctx: AreaContext, inputs: readonly (CartonInput | null)[]) {
  const ok = inputs.filter((c): c is CartonInput => !!c);
  const codeRows = await ctx.db.select({
    id: productCodes.id,
    code: productCodes.code,
    speciesId: productCodes.speciesId,
  })
    .from(productCodes).where(eq(productCodes.isActive, true));
  const codes = new Map<string, typeof codeRows>();
  for (const c of codeRows) codes.set(c.code.toUpperCase(), [...(codes.get(c.code.toUpperCase()) ?? []), c]);
  const rooms = ctx.scope.siteIds.length
    ? await ctx.db.select().from(boningRooms).where(and(
      inArray(boningRooms.tenantSiteId, [...ctx.scope.siteIds]),
      eq(boningRooms.isActive, true),
    ))
    : [];
  const mobColumns = {
    id: stockMobs.id,
    speciesId: stockMobs.speciesId,
    livestockOrderId: stockMobs.livestockOrderId,
    supplierId: stockMobs.supplierId,
    lot: stockMobs.agendaLotReference,
    day: stockMobs.applicableProductionDate,
  };
  const ids = [...new Set(ok.flatMap((c) => (c.run.stockMobId ? [c.run.stockMobId] : [])))];
  const lots = [
    ...new Set(ok.flatMap((c) => (c.run.lot && !c.run.stockMobId ? [c.run.lot.toUpperCase()] : []))),
  ];
  const mobsById = new Map<number, MobRow>();
  const mobsByLot = new Map<string, MobRow | null>();
  if (ids.length) {
    for (const m of await ctx.db.select(mobColumns).from(stockMobs).where(inArray(stockMobs.id, ids))) {
      mobsById.set(m.id, m);
    }
  }
  if (lots.length) {
    const found = await ctx.db.select(mobColumns).from(stockMobs)
      .where(inArray(sql`upper(${stockMobs.agendaLotReference})`, lots));
    // a lot naming two mobs is ambiguous (null): the row must send the mob's id
    for (const m of found) {
      mobsByLot.set(m.lot!.toUpperCase(), mobsByLot.has(m.lot!.toUpperCase()) ? null : m);
    }
  }
  const dates = [...new Set(ok.map((c) => c.productionDate))];
  const held = dates.length
    ? await ctx.db.select().from(boningRuns).where(inArray(boningRuns.productionDate, dates))
    : [];
  const runs = new Map(held.map((r) => [`${r.productionDate}|${r.boningRoomId}|${r.runNumber}`, r]));
  return { codes, rooms, mobsById, mobsByLot, runs };
}

type MobRow = {
  id: number;
  speciesId: number;
  livestockOrderId: number;
  supplierId: number;
  lot: string | null;
  day: string | null;
};

/** Checks every row, then writes the batch in one unit and rebuilds the runs it touched. */
export async function importCartons(
  ctx: AreaContext,
  rows: readonly Readonly<Record<string, unknown>>[],
  source: { kind: CartonSource; name: string },
): Promise<CartonImportResult> {
  const matched = await checkCartons(ctx, rows);
  const sentAt = serverNow().toISOString(); // when it came, on the plant's clock (as the demo's own import)
  const productionDates = [...new Set(matched.cartons.map((c) => c.productionDate))].sort();
  return await ctx.write(async (tx, unit) => {
    const [imp] = await tx.insert(cartonImports).values({
      source: source.kind,
      name: source.name.slice(0, 200),
      sentBy: displayName(ctx.caller),
      sentAt,
      rows: rows.length,
      productionDates,
    }).returning({ id: cartonImports.id });
    const runIds = await saveRuns(tx, [...matched.runs.values()], sentAt);
    const earlier = await earlierRuns(tx, matched.cartons.map((c) => c.serial));
    await writeCartons(
      tx,
      matched.cartons.map(({ runKey, ...c }) => ({
        ...c,
        boningRunId: runIds.get(runKey)!,
        importId: imp.id,
        receivedAt: sentAt,
      })),
    );
    const replaced = earlier.size;
    const added = matched.cartons.length - replaced;
    await tx.update(cartonImports).set({ added, replaced }).where(eq(cartonImports.id, imp.id));
    const touched = [...new Set([...runIds.values(), ...earlier.values()])];
    const rebuilt = await rebuildDays(tx, { from: "0000-01-01", to: "9999-12-31", runIds: touched });
    await unit.audit({
      entity: CARTON_IMPORT_ENTITY,
      entityId: imp.id,
      action: `Received ${rows.length} carton${rows.length === 1 ? "" : "s"} (${source.name}): ` +
        `${added} added, ${replaced} replaced`,
      after: { productionDates, runs: runIds.size },
    });
    announceYieldDays(unit, rebuilt, source.kind === "simulator" ? "simulation" : "cartons");
    return { importId: imp.id, rows: rows.length, added, replaced, productionDates, runs: runIds.size };
  });
}

/** New runs inserted, held ones given what the batch says; answers run ids by key. */
async function saveRuns(
  tx: TenantTx,
  runs: readonly PlannedRun[],
  now: string,
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const r of runs) {
    const fields = {
      shift: r.shift,
      killDate: r.killDate,
      stockMobId: r.stockMobId,
      livestockOrderId: r.livestockOrderId,
      supplierId: r.supplierId,
      ...(r.head !== null ? { head: r.head } : {}),
      ...(r.hscwKg !== null ? { hscwKg: r.hscwKg } : {}),
      lastModified: now,
    };
    if (r.id) {
      await tx.update(boningRuns).set(fields).where(eq(boningRuns.id, r.id));
      ids.set(r.key, r.id);
      continue;
    }
    const [row] = await tx.insert(boningRuns).values({
      ...fields,
      productionDate: r.productionDate,
      tenantSiteId: r.tenantSiteId,
      speciesId: r.speciesId,
      boningRoomId: r.boningRoomId,
      runNumber: r.runNumber,
    }).returning({ id: boningRuns.id });
    ids.set(r.key, row.id);
  }
  return ids;
}

/** The runs that held these serials before (a resent carton may have moved run): serial → run id. */
async function earlierRuns(tx: TenantTx, serials: readonly string[]): Promise<Map<string, number>> {
  const rows = await tx.all<{ serial: string; runId: number }>(
    sql`select serial, boning_run_id as runId from cartons where serial in (select value from json_each(${
      JSON.stringify(serials)
    }))`,
  );
  return new Map(rows.map((r) => [r.serial, r.runId]));
}
