/**
 * The yield demo data (docs/decisions.md "Data model and demo boning"): the reference
 * data of the processor's species and two boning rooms a site, then the simulator bones the last
 * `SEASON_DAYS` days and the daily summaries are built by the one rebuild. A farm has none. Runs once
 * (the product codes' table holding a row means it ran).
 *
 * - Kill days with carcasses (the kill floor's demo): each mob of a site's species and day is one run,
 *   mobs alternating between the two rooms, the first half on the day shift and the rest on the night
 *   shift; a day with one mob is split into a day run (room 1) and a night run (room 2). Beef is boned the
 *   day after its kill, sheep and pig the same day (boning days up to today).
 * - Every other weekday of the window, and each species a site bones but does not kill in the demo, gets
 *   runs without a mob (room 1 day, room 2 night, head from a fixed size a run, HSCW from the profiles).
 * - So that every tab has content while the plant stays around standard: each species' first day run of
 *   the last boning day before today is 5 % under, its night shift of the boning day before that 3 %
 *   under (one run, one night shift); one code a species (lamb frenched rack, beef cube roll, pork
 *   boneless loin) drifts down 0.15 % a day, at standard halfway through the season (+4.5 % to −4.5 %).
 *   Every other run is at standard (give or take the simulator's noise).
 */
import { and, gte, lt, sql } from "drizzle-orm";
import {
  boningRooms,
  boningRuns,
  carcasses,
  cartonImports,
  productCodes,
} from "../../../../db/tenant/schema.ts";
import type { DemoTenant } from "../../area.ts";
import type { TenantTx } from "../../context.ts";
import { processorSeedDue } from "../../demoSeedDue.ts";
import { addDays, daysBetween, weekdayIndex } from "../../../../kernel/dates.ts";
import { flatCodes, SPECIES_REFERENCE } from "./reference.ts";
import { seedYieldReference } from "./seedReference.ts";
import { boneRun, simulatedHscw } from "./simulator.ts";
import { type CartonRow, writeCartons } from "./cartonRows.ts";
import { rebuildDays } from "./rebuild.ts";
import { serverNow } from "../../../clock.ts";

export const SEASON_DAYS = 60;
/** head of a run without a mob, by species */
const GENERATED_HEAD: Readonly<Record<number, number>> = { 1: 150, 2: 20, 3: 50 };
const DRIFTING: Readonly<Record<number, string>> = { 1: "L-RACK-FR", 2: "B-CUBE", 3: "P-LOIN-BL" };
const NIGHT_FACTOR = 0.97;
const BELOW_FACTOR = 0.95;
const DRIFT_A_DAY = 0.0015;

/** The drifting code's factor on a day of the season: above standard early, at it halfway, below late. */
export const driftFactor = (dayOfSeason: number) => 1 - DRIFT_A_DAY * (dayOfSeason - SEASON_DAYS / 2);

export async function seedYieldData(tenant: DemoTenant) {
  if (!(await processorSeedDue(tenant, productCodes))) return;
  const { db, today, speciesIds, siteIds } = tenant;
  await db.transaction(async (tx) => {
    await seedYieldReference(tx, { speciesIds, siteIds, today });
    await boneDemoSeason(tx, today);
  });
}

interface PlannedRun {
  productionDate: string;
  tenantSiteId: number;
  speciesId: number;
  boningRoomId: number;
  shift: "day" | "night";
  runNumber: number;
  killDate: string | null;
  stockMobId: number | null;
  livestockOrderId: number | null;
  supplierId: number | null;
  head: number;
  hscwKg: number;
}

/** Plans the season's runs, bones them with the simulator, writes runs and cartons, then the summaries. */
export async function boneDemoSeason(tx: TenantTx, today: string) {
  const start = addDays(today, -SEASON_DAYS);
  const rooms = await tx.select().from(boningRooms);
  const runs = await planRuns(tx, rooms, start, today);
  if (!runs.length) return;
  const now = serverNow().toISOString(); // the demo's own day (a test pins it): the import reads as sent then
  const [imp] = await tx.insert(cartonImports).values({
    source: "simulator",
    name: "Plant simulator (demo boning)",
    sentBy: "Demo data",
    sentAt: now,
    rows: 0,
  }).returning({ id: cartonImports.id });
  const idByKey = new Map<string, number>();
  const keyOf = (r: Pick<PlannedRun, "productionDate" | "boningRoomId" | "runNumber">) =>
    `${r.productionDate}|${r.boningRoomId}|${r.runNumber}`;
  for (let i = 0; i < runs.length; i += 500) {
    const rows = await tx.insert(boningRuns).values(
      runs.slice(i, i + 500).map((r) => ({ ...r, lastModified: now })),
    )
      .returning({
        id: boningRuns.id,
        productionDate: boningRuns.productionDate,
        boningRoomId: boningRuns.boningRoomId,
        runNumber: boningRuns.runNumber,
      });
    for (const r of rows) idByKey.set(keyOf(r), r.id);
  }
  const runIds = runs.map((r) => idByKey.get(keyOf(r))!);
  const codes = await tx.select({
    id: productCodes.id,
    code: productCodes.code,
    speciesId: productCodes.speciesId,
  })
    .from(productCodes);
  const codeId = new Map(codes.map((c) => [`${c.speciesId}|${c.code}`, c.id]));
  const factors = runFactors(runs, today);
  const batch: CartonRow[] = [];
  let total = 0;
  const flush = async () => {
    await writeCartons(tx, batch);
    total += batch.length;
    batch.length = 0;
  };
  for (let i = 0; i < runs.length; i++) {
    const run = runs[i];
    const ref = SPECIES_REFERENCE[run.speciesId];
    const drifting = DRIFTING[run.speciesId];
    const made = boneRun({
      hscwKg: run.hscwKg,
      codes: flatCodes(ref),
      seed: runIds[i] * 7919 + daysBetween(start, run.productionDate),
      serialPrefix: `S${run.tenantSiteId}R${run.boningRoomId}-${
        run.productionDate.replaceAll("-", "")
      }-${run.runNumber}`,
      runFactor: factors[i],
      drift: drifting ? { [drifting]: driftFactor(daysBetween(start, run.productionDate)) } : undefined,
    });
    for (const c of made) {
      batch.push({
        serial: c.serial,
        productCodeId: codeId.get(`${run.speciesId}|${c.code}`)!,
        netKg: c.netKg,
        pieces: c.pieces,
        productionDate: run.productionDate,
        tenantSiteId: run.tenantSiteId,
        speciesId: run.speciesId,
        boningRoomId: run.boningRoomId,
        shift: run.shift,
        boningRunId: runIds[i],
        importId: imp.id,
        receivedAt: now,
      });
    }
    if (batch.length >= 10_000) await flush();
  }
  await flush();
  const dates = [...new Set(runs.map((r) => r.productionDate))].sort();
  await tx.update(cartonImports).set({ rows: total, added: total, productionDates: dates })
    .where(sql`${cartonImports.id} = ${imp.id}`);
  await rebuildDays(tx, { from: dates[0], to: dates[dates.length - 1] });
}

type Room = typeof boningRooms.$inferSelect;

async function planRuns(
  tx: TenantTx,
  rooms: readonly Room[],
  start: string,
  today: string,
): Promise<PlannedRun[]> {
  const mobs = await tx.select({
    stockMobId: carcasses.stockMobId,
    killDate: carcasses.productionDate,
    tenantSiteId: carcasses.tenantSiteId,
    speciesId: carcasses.speciesId,
    livestockOrderId: sql<number>`min(${carcasses.livestockOrderId})`,
    supplierId: sql<number>`min(${carcasses.supplierId})`,
    head: sql<number>`count(*)`,
    hscwKg: sql<number>`round(sum(${carcasses.hscwKg}), 1)`,
  }).from(carcasses).where(and(
    gte(carcasses.productionDate, addDays(start, -1)),
    lt(carcasses.productionDate, today),
    sql`${carcasses.condemned} <> 'whole'`,
  )).groupBy(carcasses.stockMobId, carcasses.productionDate, carcasses.tenantSiteId, carcasses.speciesId)
    .orderBy(carcasses.productionDate, carcasses.stockMobId);
  const roomsOf = (siteId: number, speciesId: number) =>
    rooms.filter((r) => r.tenantSiteId === siteId && r.isActive && r.speciesIds.includes(speciesId))
      .sort((a, b) => a.id - b.id);
  const runs: PlannedRun[] = [];
  const numbers = new Map<string, number>();
  const add = (r: Omit<PlannedRun, "runNumber">) => {
    const key = `${r.productionDate}|${r.boningRoomId}`;
    const runNumber = (numbers.get(key) ?? 0) + 1;
    numbers.set(key, runNumber);
    runs.push({ ...r, runNumber });
  };
  // the kill floor's days, by site, species and kill day
  const groups = new Map<string, typeof mobs>();
  for (const m of mobs) {
    const key = `${m.tenantSiteId}|${m.speciesId}|${m.killDate}`;
    groups.set(key, [...(groups.get(key) ?? []), m]);
  }
  const killed = new Set<string>();
  for (const dayMobs of groups.values()) {
    const { tenantSiteId, speciesId, killDate } = dayMobs[0];
    const boned = speciesId === 2 ? addDays(killDate, 1) : killDate;
    const own = roomsOf(tenantSiteId, speciesId);
    if (!own.length || boned < start || boned > today) continue;
    killed.add(`${tenantSiteId}|${speciesId}|${boned}`);
    killed.add(`${tenantSiteId}|${speciesId}`);
    const base = { productionDate: boned, tenantSiteId, speciesId, killDate };
    if (dayMobs.length === 1) {
      const m = dayMobs[0];
      const firstHead = Math.ceil(m.head / 2);
      const firstKg = Math.round((m.hscwKg * firstHead / m.head) * 10) / 10;
      const mob = {
        stockMobId: m.stockMobId,
        livestockOrderId: m.livestockOrderId,
        supplierId: m.supplierId,
      };
      add({ ...base, ...mob, boningRoomId: own[0].id, shift: "day", head: firstHead, hscwKg: firstKg });
      add({
        ...base,
        ...mob,
        boningRoomId: own[own.length - 1].id,
        shift: "night",
        head: m.head - firstHead,
        hscwKg: Math.round((m.hscwKg - firstKg) * 10) / 10,
      });
      continue;
    }
    dayMobs.forEach((m, i) =>
      add({
        ...base,
        stockMobId: m.stockMobId,
        livestockOrderId: m.livestockOrderId,
        supplierId: m.supplierId,
        boningRoomId: own[i % own.length].id,
        shift: i < dayMobs.length / 2 ? "day" : "night",
        head: m.head,
        hscwKg: m.hscwKg,
      })
    );
  }
  // runs without a mob: the other weekdays, and the species a site bones but does not kill here
  const pairs = [...new Set(rooms.flatMap((r) => r.speciesIds.map((s) => `${r.tenantSiteId}|${s}`)))];
  const firstKill = mobs.length ? mobs[0].killDate : today;
  for (let day = start; day < today; day = addDays(day, 1)) {
    if (weekdayIndex(day) > 4) continue;
    for (const pair of pairs) {
      const [siteId, speciesId] = pair.split("|").map(Number);
      if (!SPECIES_REFERENCE[speciesId] || killed.has(`${pair}|${day}`)) continue;
      // a pair the kill floor kills is generated only before its records begin
      if (killed.has(pair) && day >= firstKill) continue;
      const own = roomsOf(siteId, speciesId);
      const head = GENERATED_HEAD[speciesId] ?? 100;
      own.slice(0, 2).forEach((room, i) =>
        add({
          productionDate: day,
          tenantSiteId: siteId,
          speciesId,
          boningRoomId: room.id,
          shift: i === 0 ? "day" : "night",
          killDate: null,
          stockMobId: null,
          livestockOrderId: null,
          supplierId: null,
          head,
          hscwKg: simulatedHscw(speciesId, head, daysBetween(start, day) * 31 + room.id),
        })
      );
    }
  }
  return runs.sort((a, b) =>
    a.productionDate.localeCompare(b.productionDate) || a.tenantSiteId - b.tenantSiteId
  );
}

/**
 * Each run's product against standard: 1, but for each species its first day-shift run of its last boning
 * day before today (BELOW_FACTOR) and its night-shift runs of the boning day before that (NIGHT_FACTOR).
 * Centred: the other runs of that species at that plant in the default week (the 7 days ending
 * yesterday) make up what those lost, so the plant's week is around standard while the one run and the
 * one night shift stand out below it.
 */
export function runFactors(
  runs: readonly Pick<PlannedRun, "speciesId" | "tenantSiteId" | "productionDate" | "shift" | "hscwKg">[],
  today: string,
): number[] {
  const factors = runs.map(() => 1);
  const days = new Map<number, Set<string>>();
  for (const r of runs) {
    if (r.productionDate < today) {
      days.set(r.speciesId, (days.get(r.speciesId) ?? new Set()).add(r.productionDate));
    }
  }
  for (const [speciesId, set] of days) {
    const [last, before] = [...set].sort().reverse();
    const day = runs.findIndex((r) =>
      r.speciesId === speciesId && r.productionDate === last && r.shift === "day"
    );
    if (day >= 0) factors[day] = BELOW_FACTOR;
    runs.forEach((r, i) => {
      if (r.speciesId === speciesId && r.productionDate === before && r.shift === "night") {
        factors[i] = NIGHT_FACTOR;
      }
    });
  }
  // the centring, by plant and species over the default week
  const weekFrom = addDays(today, -7);
  const groups = new Map<string, number[]>();
  runs.forEach((r, i) => {
    if (r.productionDate < weekFrom || r.productionDate >= today) return;
    const key = `${r.tenantSiteId}|${r.speciesId}`;
    groups.set(key, [...(groups.get(key) ?? []), i]);
  });
  for (const members of groups.values()) {
    const lost = members.reduce((sum, i) => sum + (1 - factors[i]) * runs[i].hscwKg, 0);
    const others = members.filter((i) => factors[i] === 1);
    const base = others.reduce((sum, i) => sum + runs[i].hscwKg, 0);
    if (lost > 0 && base > 0) { for (const i of others) factors[i] = 1 + lost / base; }
  }
  return factors;
}
