/**
 * The one rebuild of the yield summaries (issue 38 item 1): for a range of boning days (a species, a
 * site), each boning run's head, HSCW and fat are counted again from the kill floor's carcasses of its mob
 * and kill date, then the days' summaries are deleted and written again from the cartons, the standards,
 * prices and segment overrides in force on each day. Cartons arriving late, a kill floor correction or
 * import, a settings change and the support area's reprocessing all come here (server/areas/yield/writes.ts).
 *
 * Set-based: one grouped read of the carcasses, one update per run whose figures changed, one DELETE and
 * one INSERT … SELECT for the summaries, whatever the number of cartons.
 *
 * Rows: one per run × product code the run made cartons of. A code the run never made is not expected of
 * it (plants make one of a cut's codes as orders ask: a code not made is not a shortfall of the run).
 */
import { and, eq, gte, inArray, isNotNull, lte, sql } from "drizzle-orm";
import { boningRuns, carcasses } from "../../../../db/tenant/schema.ts";
import type { TenantTx } from "../../context.ts";

export interface RebuildFilter {
  from: string;
  to: string;
  speciesId?: number;
  tenantSiteId?: number;
  /** only these runs (a kill floor change touches a few runs of a day) */
  runIds?: readonly number[];
}

export interface Rebuilt {
  productionDates: string[];
  speciesIds: number[];
  runs: number;
  rows: number;
}

type Tx = Pick<TenantTx, "select" | "update" | "run" | "all">;

/** Counts the runs again from the carcasses, then writes the days' summaries afresh. */
export async function rebuildDays(tx: Tx, filter: RebuildFilter): Promise<Rebuilt> {
  const runs = await tx.select({
    id: boningRuns.id,
    productionDate: boningRuns.productionDate,
    speciesId: boningRuns.speciesId,
    stockMobId: boningRuns.stockMobId,
    killDate: boningRuns.killDate,
    head: boningRuns.head,
    hscwKg: boningRuns.hscwKg,
    fatMmSum: boningRuns.fatMmSum,
    fatHead: boningRuns.fatHead,
  }).from(boningRuns).where(runsWhere(filter));
  if (!runs.length && !filter.runIds) {
    // nothing boned: still clear any summaries left for the days
    await tx.run(sql`delete from yield_summaries where ${summaryWhere(filter, [])}`);
    return { productionDates: [], speciesIds: [], runs: 0, rows: 0 };
  }
  await recountRuns(tx, runs);
  const ids = runs.map((r) => r.id);
  await tx.run(sql`delete from yield_summaries where ${summaryWhere(filter, ids)}`);
  let rows = 0;
  for (let i = 0; i < ids.length; i += 500) rows += await insertSummaries(tx, ids.slice(i, i + 500));
  return {
    productionDates: [...new Set(runs.map((r) => r.productionDate))].sort(),
    speciesIds: [...new Set(runs.map((r) => r.speciesId))].sort(),
    runs: runs.length,
    rows,
  };
}

function runsWhere(f: RebuildFilter) {
  return and(
    gte(boningRuns.productionDate, f.from),
    lte(boningRuns.productionDate, f.to),
    f.speciesId ? eq(boningRuns.speciesId, f.speciesId) : undefined,
    f.tenantSiteId ? eq(boningRuns.tenantSiteId, f.tenantSiteId) : undefined,
    f.runIds ? inArray(boningRuns.id, [...f.runIds]) : undefined,
  );
}

/** The summaries to replace: the runs' rows (or every row of the days when the filter names no runs). */
function summaryWhere(f: RebuildFilter, runIds: readonly number[]) {
  if (f.runIds) return runIds.length ? sql`boning_run_id in ${runIds}` : sql`0`;
  const parts = [sql`production_date >= ${f.from}`, sql`production_date <= ${f.to}`];
  if (f.speciesId) parts.push(sql`species_id = ${f.speciesId}`);
  if (f.tenantSiteId) parts.push(sql`tenant_site_id = ${f.tenantSiteId}`);
  return sql.join(parts, sql` and `);
}

interface RunFigures {
  id: number;
  stockMobId: number | null;
  killDate: string | null;
  head: number;
  hscwKg: number;
  fatMmSum: number;
  fatHead: number;
}

/**
 * A run with a mob takes its head, HSCW and fat from the mob's carcasses of the kill date (whole
 * condemnations left out); a mob boned in several runs is shared between them in proportion to the kg
 * each run weighed (equally while none has weighed anything). A run without a mob, or whose mob has no
 * carcasses yet, keeps what it was sent with.
 */
async function recountRuns(tx: Tx, runs: readonly RunFigures[]) {
  const withMob = runs.filter((r) => r.stockMobId && r.killDate);
  if (!withMob.length) return;
  const mobIds = [...new Set(withMob.map((r) => r.stockMobId!))];
  const killed = new Map<string, { head: number; hscw: number; fatSum: number; fatHead: number }>();
  for (let i = 0; i < mobIds.length; i += 500) {
    const rows = await tx.select({
      stockMobId: carcasses.stockMobId,
      killDate: carcasses.productionDate,
      head: sql<number>`count(*)`,
      hscw: sql<number>`coalesce(sum(${carcasses.hscwKg}), 0)`,
      fatSum: sql<number>`coalesce(sum(${carcasses.fatDepthMm}), 0)`,
      fatHead: sql<number>`count(${carcasses.fatDepthMm})`,
    }).from(carcasses).where(and(
      inArray(carcasses.stockMobId, mobIds.slice(i, i + 500)),
      sql`${carcasses.condemned} <> 'whole'`,
    )).groupBy(carcasses.stockMobId, carcasses.productionDate);
    for (const r of rows) killed.set(`${r.stockMobId}|${r.killDate}`, r);
  }
  // every run of those mobs (also outside the rebuilt days) shares the mob
  const sharing = await tx.select({
    id: boningRuns.id,
    stockMobId: boningRuns.stockMobId,
    killDate: boningRuns.killDate,
  })
    .from(boningRuns).where(and(inArray(boningRuns.stockMobId, mobIds), isNotNull(boningRuns.killDate)));
  const runsOfMob = new Map<string, number[]>();
  for (const r of sharing) {
    const key = `${r.stockMobId}|${r.killDate}`;
    runsOfMob.set(key, [...(runsOfMob.get(key) ?? []), r.id]);
  }
  const kgOf = await runKg(tx, [
    ...new Set(
      sharing.filter((r) => (runsOfMob.get(`${r.stockMobId}|${r.killDate}`)?.length ?? 0) > 1).map((r) =>
        r.id
      ),
    ),
  ]);
  for (const run of withMob) {
    const key = `${run.stockMobId}|${run.killDate}`;
    const mob = killed.get(key);
    if (!mob) continue;
    const others = runsOfMob.get(key) ?? [run.id];
    const share = shareOf(run.id, others, kgOf);
    const next = {
      head: Math.round(mob.head * share),
      hscwKg: Math.round(mob.hscw * share * 10) / 10,
      fatMmSum: Math.round(mob.fatSum * share * 10) / 10,
      fatHead: Math.round(mob.fatHead * share),
    };
    if (
      next.head === run.head && next.hscwKg === run.hscwKg && next.fatMmSum === run.fatMmSum &&
      next.fatHead === run.fatHead
    ) continue;
    await tx.update(boningRuns).set({ ...next, lastModified: new Date().toISOString() })
      .where(eq(boningRuns.id, run.id));
  }
}

/** A run's part of its mob: its weighed kg over all the mob's runs' kg (equal parts while none weighed). */
export function shareOf(runId: number, runIds: readonly number[], kgOf: ReadonlyMap<number, number>): number {
  if (runIds.length <= 1) return 1;
  const total = runIds.reduce((s, id) => s + (kgOf.get(id) ?? 0), 0);
  return total > 0 ? (kgOf.get(runId) ?? 0) / total : 1 / runIds.length;
}

async function runKg(tx: Tx, runIds: readonly number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for (let i = 0; i < runIds.length; i += 500) {
    const rows = await tx.all<{ id: number; kg: number }>(
      sql`select boning_run_id as id, sum(net_kg) as kg from cartons where boning_run_id in ${
        runIds.slice(i, i + 500)
      } group by boning_run_id`,
    );
    for (const r of rows) out.set(r.id, r.kg);
  }
  return out;
}

/**
 * The runs' summary rows in one INSERT … SELECT: the cartons grouped by run and code (only the codes the
 * run made: see the header), the standard, price and cut override in force on the
 * run's day; revenue rounded once per row, half away from zero (SQLite's round, as rules.ts revenueCents).
 */
async function insertSummaries(tx: Tx, runIds: readonly number[]): Promise<number> {
  const result = await tx.run(sql`
    with made as (
      select boning_run_id, product_code_id, count(*) as cartons, sum(pieces) as pieces, sum(net_kg) as kg
      from cartons where boning_run_id in ${runIds} group by boning_run_id, product_code_id
    ),
    pairs as (
      select r.id as run_id, r.production_date, r.tenant_site_id, r.species_id, r.boning_room_id, r.shift,
        r.hscw_kg, pc.id as code_id, pc.kind, pc.cut_id,
        m.cartons, m.pieces, m.kg,
        (select s.percent from standard_yields s where s.product_code_id = pc.id
          and s.effective_from <= r.production_date order by s.effective_from desc limit 1) as standard,
        (select p.cents_per_kg from product_prices p where p.product_code_id = pc.id
          and p.effective_from <= r.production_date order by p.effective_from desc limit 1) as price,
        (select o.cut_id from segment_overrides o where o.product_code_id = pc.id
          and o.effective_from <= r.production_date order by o.effective_from desc limit 1) as override_cut
      from boning_runs r
      join product_codes pc on pc.species_id = r.species_id
      join made m on m.boning_run_id = r.id and m.product_code_id = pc.id
      where r.id in ${runIds}
    )
    insert into yield_summaries (production_date, tenant_site_id, species_id, boning_room_id, shift,
      boning_run_id, product_code_id, cut_id, kind, cartons, pieces, kg, expected_kg, standard_percent,
      cents_per_kg, revenue_cents, expected_revenue_cents)
    select production_date, tenant_site_id, species_id, boning_room_id, shift, run_id, code_id,
      case when kind = 'product' then coalesce(override_cut, cut_id) end,
      kind, coalesce(cartons, 0), coalesce(pieces, 0), round(coalesce(kg, 0), 3),
      round(coalesce(standard, 0) * hscw_kg / 100, 3), coalesce(standard, 0), price,
      coalesce(cast(round(round(coalesce(kg, 0), 3) * price) as integer), 0),
      coalesce(cast(round(round(coalesce(standard, 0) * hscw_kg / 100, 3) * price) as integer), 0)
    from pairs
  `);
  return result.rowsAffected;
}

/** The runs of these mobs' kill dates (a kill floor correction or import), with their boning days. */
export async function runsOfMobs(
  tx: Pick<TenantTx, "select">,
  stockMobIds: readonly number[],
  killDates: readonly string[],
) {
  if (!stockMobIds.length || !killDates.length) return [];
  const out: { id: number; productionDate: string }[] = [];
  const mobs = [...new Set(stockMobIds)];
  for (let i = 0; i < mobs.length; i += 500) {
    out.push(
      ...await tx.select({ id: boningRuns.id, productionDate: boningRuns.productionDate }).from(boningRuns)
        .where(and(
          inArray(boningRuns.stockMobId, mobs.slice(i, i + 500)),
          inArray(boningRuns.killDate, [...new Set(killDates)]),
        )),
    );
  }
  return out;
}
