/**
 * The dashboards' figures summed in SQL over the orders, loads, mobs, yards, kill agendas, carcasses and
 * published invoices (read only: every table here belongs to another area). One grouped query per panel,
 * each on an index of its period's date; rules.ts turns the sums into rates and averages.
 */
import { type SQL, sql } from "drizzle-orm";
import type { AreaContext } from "../../context.ts";
import { MOB_STATUS, ORDER_STATUS } from "../../../../kernel/enums.ts";
import type { GridCells } from "../../../../db/tenant/livestock.ts";
import type { TargetPeriod } from "../volumeTargets/rules.ts";
import { gridFor } from "../../pricing/rules.ts";
import type { CarcassCell, WeekSums } from "./rules.ts";

/** What every panel is read for: a period, the caller's species (or one), the whole plant or one site. */
export interface Slice {
  fromDate: string;
  toDate: string;
  speciesIds: readonly number[];
  /** null: the whole plant */
  tenantSiteId: number | null;
}

const ids = (list: readonly number[]) => sql.join(list.map((id) => sql`${id}`), sql`, `);
/** `and <column> = site` for one site; nothing for the whole plant. */
const onSite = (column: SQL, site: number | null) => site === null ? sql`` : sql` and ${column} = ${site}`;
/** The Monday of a date column's week (SQLite: %w is 0 on Sunday). */
const mondayOf = (column: SQL) =>
  sql`date(${column}, '-' || ((cast(strftime('%w', ${column}) as integer) + 6) % 7) || ' days')`;

/** Head bought, delivered and processed per species and delivery week (cancelled orders left out). */
export function weekSums(ctx: AreaContext, s: Slice): Promise<WeekSums[]> {
  if (!s.speciesIds.length) return Promise.resolve([]);
  return ctx.db.all<WeekSums>(sql`
    select species_id as speciesId, ${mondayOf(sql`delivery_date`)} as week,
      sum(quantity_ordered) as bought, sum(total_delivered) as delivered, sum(total_processed) as processed
    from livestock_orders
    where delivery_date between ${s.fromDate} and ${s.toDate} and order_status != ${ORDER_STATUS.Cancelled}
      and species_id in (${ids(s.speciesIds)})${onSite(sql`tenant_site_id`, s.tenantSiteId)}
    group by 1, 2`);
}

/** The kill volume targets whose periods touch the days asked. */
export async function targetsBetween(
  ctx: AreaContext,
  speciesIds: readonly number[],
  fromDate: string,
  toDate: string,
): Promise<TargetPeriod[]> {
  if (!speciesIds.length) return [];
  const rows = await ctx.db.all<Omit<TargetPeriod, "weekDaysSelected"> & { weekDaysSelected: string }>(sql`
    select species_id as speciesId, tenant_site_id as tenantSiteId,
      days_operating_per_week as daysOperatingPerWeek, weekly_target as weeklyTarget,
      start_date as startDate, end_date as endDate, week_days_selected as weekDaysSelected
    from kill_volume_targets
    where species_id in (${ids(speciesIds)}) and start_date <= ${toDate}
      and (end_date is null or end_date >= ${fromDate})`);
  return rows.map((r) => ({ ...r, weekDaysSelected: JSON.parse(r.weekDaysSelected) as boolean[] }));
}

export interface CostSums {
  speciesId: number;
  speciesCategoryId: number | null;
  supplierId: number;
  invoices: number;
  head: number;
  /** the invoices' subtotals (before GST) */
  cents: number;
  /** HSCW of the carcasses of the invoices' mobs */
  kg: number;
}

/**
 * Published (and finalised) invoices of production days in the period, per species, category and
 * supplier: how many, the head (carcasses) they pay for, what they cost before GST and the carcass kg.
 */
export function costSums(ctx: AreaContext, s: Slice): Promise<CostSums[]> {
  if (!s.speciesIds.length) return Promise.resolve([]);
  return ctx.db.all<CostSums>(sql`
    with inv as (
      select i.id, i.species_id, i.species_category_id, i.supplier_id, i.carcass_count, i.sub_total_cents
      from invoices i join livestock_orders o on o.id = i.livestock_order_id
      where i.status in ('Published', 'Finalised') and i.species_id in (${ids(s.speciesIds)})
        and i.production_date between ${s.fromDate} and ${s.toDate}${
    onSite(sql`o.tenant_site_id`, s.tenantSiteId)
  }
    ),
    kg as (
      select m.invoice_id, sum(c.hscw_kg) as kg from invoice_mobs m
      join carcasses c on c.stock_mob_id = m.stock_mob_id
      where m.invoice_id in (select id from inv) group by m.invoice_id
    )
    select inv.species_id as speciesId, inv.species_category_id as speciesCategoryId,
      inv.supplier_id as supplierId, count(*) as invoices, sum(inv.carcass_count) as head,
      sum(inv.sub_total_cents) as cents, coalesce(sum(kg.kg), 0) as kg
    from inv left join kg on kg.invoice_id = inv.id
    group by 1, 2, 3`);
}

export interface CarcassSums {
  supplierId: number;
  speciesId: number;
  killed: number;
  /** carcasses with a weight (not condemned whole) and their kg */
  weighed: number;
  kg: number;
  fatScores: number;
  fatScoreSum: number;
  condemnedWhole: number;
  condemnedPart: number;
}

/** Carcasses killed in the period per supplier and species: weights, fat scores and condemnations. */
export function carcassSums(ctx: AreaContext, s: Slice): Promise<CarcassSums[]> {
  if (!s.speciesIds.length) return Promise.resolve([]);
  return ctx.db.all<CarcassSums>(sql`
    select supplier_id as supplierId, species_id as speciesId, count(*) as killed,
      sum(condemned != 'whole') as weighed,
      coalesce(sum(case when condemned != 'whole' then hscw_kg end), 0) as kg,
      count(fat_score) as fatScores, coalesce(sum(fat_score), 0) as fatScoreSum,
      sum(condemned = 'whole') as condemnedWhole, sum(condemned = 'part') as condemnedPart
    from carcasses
    where production_date between ${s.fromDate} and ${s.toDate}
      and species_id in (${ids(s.speciesIds)})${onSite(sql`tenant_site_id`, s.tenantSiteId)}
    group by 1, 2`);
}

/**
 * The period's carcasses counted by supplier, grid, category, fat and weight class, for the compliance rule
 * (rules.ts complianceBySupplier) to place in their grids. A weight class holds the weights that stand on
 * the same side of every band edge of every grid the plant has, so each class falls in one band of each
 * grid and any of its weights places it: a few dozen rows whatever the kill (one row per carcass when
 * grouped to the 0.1 kg).
 */
export async function carcassCells(ctx: AreaContext, s: Slice): Promise<CarcassCell[]> {
  if (!s.speciesIds.length) return [];
  const grids = await ctx.db.all<{
    groupId: number;
    speciesCategoryId: number;
    priority: number;
    bestPrice: number | null;
    cells: string | null;
  }>(sql`
    select pricing_grid_group_id as groupId, species_category_id as speciesCategoryId, priority,
      best_price as bestPrice, cells
    from pricing_grids`);
  const parsed = grids.map((g) => ({ ...g, parsed: g.cells ? JSON.parse(g.cells) as GridCells : null }));
  // a band starts at its fromKg (kg >= from) and the last ends at its toKg (kg <= to): every edge splits
  const starts = new Set<number>();
  const ends = new Set<number>();
  for (const g of parsed) {
    for (const band of g.parsed?.weightBands ?? []) {
      starts.add(band.fromKg);
      if (band.toKg !== null) ends.add(band.toKg);
    }
  }
  // (no edges: no term at all — a bare number in GROUP BY would name a column by position)
  const side = (edges: Set<number>, op: SQL) =>
    edges.size ? sql`, ${sql.join([...edges].map((kg) => sql`(c.hscw_kg ${op} ${kg})`), sql` + `)}` : sql``;
  const rows = await ctx.db.all<{
    supplierId: number;
    speciesId: number;
    groupId: number | null;
    categoryId: number | null;
    kg: number | null;
    fatScore: number | null;
    fatDepthMm: number | null;
    count: number;
  }>(sql`
    select c.supplier_id as supplierId, c.species_id as speciesId, o.pricing_grid_group_id as groupId,
      coalesce(c.species_category_id, o.species_category_id) as categoryId,
      min(c.hscw_kg) as kg, c.fat_score as fatScore,
      case when c.fat_score is null and c.fat_depth_mm is not null then
        cast(c.fat_depth_mm as integer) + (c.fat_depth_mm > cast(c.fat_depth_mm as integer)) end as fatDepthMm,
      count(*) as count
    from carcasses c join livestock_orders o on o.id = c.livestock_order_id
    where c.production_date between ${s.fromDate} and ${s.toDate}
      and c.species_id in (${ids(s.speciesIds)})${onSite(sql`c.tenant_site_id`, s.tenantSiteId)}
    group by 1, 2, 3, 4, 6, 7, coalesce(c.hscw_kg > 0, 0)${side(starts, sql`>=`)}${side(ends, sql`>`)}`);
  const cellsOf = new Map<string, GridCells | null>();
  const gridCells = (groupId: number | null, categoryId: number | null) => {
    if (groupId === null) return null;
    const key = `${groupId}:${categoryId}`;
    if (!cellsOf.has(key)) {
      cellsOf.set(key, gridFor(parsed.filter((g) => g.groupId === groupId), categoryId)?.parsed ?? null);
    }
    return cellsOf.get(key)!;
  };
  return rows.map((r) => ({
    supplierId: r.supplierId,
    speciesId: r.speciesId,
    cells: gridCells(r.groupId, r.categoryId),
    kg: r.kg ?? 0,
    fatScore: r.fatScore,
    fatDepthMm: r.fatDepthMm,
    count: r.count,
  }));
}

export interface LoadSums {
  supplierId: number;
  speciesId: number;
  loads: number;
  head: number;
  doa: number;
}

/** Loads delivered in the period per supplier and species: head on the trucks and dead on arrival. */
export function loadSums(ctx: AreaContext, s: Slice): Promise<LoadSums[]> {
  if (!s.speciesIds.length) return Promise.resolve([]);
  return ctx.db.all<LoadSums>(sql`
    select o.supplier_id as supplierId, o.species_id as speciesId, count(*) as loads,
      sum(l.head) as head, sum(l.doa) as doa
    from delivery_loads l join livestock_orders o on o.id = l.livestock_order_id
    where l.delivery_date between ${s.fromDate} and ${s.toDate}
      and o.species_id in (${ids(s.speciesIds)})${onSite(sql`o.tenant_site_id`, s.tenantSiteId)}
    group by 1, 2`);
}

export interface SupplierRow {
  id: number;
  name: string;
  city: string;
  state: string;
  location: string;
}

/** The suppliers named by the sums (names, towns and states). */
export function suppliersOf(ctx: AreaContext, supplierIds: readonly number[]): Promise<SupplierRow[]> {
  if (!supplierIds.length) return Promise.resolve([]);
  return ctx.db.all<SupplierRow>(sql`
    select id, name, city, state, location from suppliers where id in (${ids(supplierIds)})`);
}

export interface OrderSums {
  supplierId: number;
  orders: number;
  bought: number;
  processed: number;
}

/** Orders delivered in the period per supplier (cancelled left out): the regional summary's head. */
export function orderSumsBySupplier(ctx: AreaContext, s: Slice): Promise<OrderSums[]> {
  if (!s.speciesIds.length) return Promise.resolve([]);
  return ctx.db.all<OrderSums>(sql`
    select supplier_id as supplierId, count(*) as orders, sum(quantity_ordered) as bought,
      sum(total_processed) as processed
    from livestock_orders
    where delivery_date between ${s.fromDate} and ${s.toDate} and order_status != ${ORDER_STATUS.Cancelled}
      and species_id in (${ids(s.speciesIds)})${onSite(sql`tenant_site_id`, s.tenantSiteId)}
    group by 1`);
}

export interface YardSums {
  stockyardId: number;
  name: string;
  tenantSiteId: number;
  capacity: number;
  head: number;
}

/**
 * Operational yards with the head in them now: unloaded mobs (in a pen, a paddock, the bin or moving
 * between yards), not yet at the kill floor nor merged into another mob.
 */
export function yardSums(ctx: AreaContext, tenantSiteId: number | null): Promise<YardSums[]> {
  return ctx.db.all<YardSums>(sql`
    select y.id as stockyardId, y.name, y.tenant_site_id as tenantSiteId, y.capacity,
      coalesce((select sum(m.head) from stock_mobs m
        where m.stockyard_id = y.id and m.merged_into_id is null and m.mob_status != ${MOB_STATUS.AtKillFloor}
          and not (m.pen_id is null and m.mob_status = ${MOB_STATUS.InYard})), 0) as head
    from stockyards y
    where y.is_operational = 1${onSite(sql`y.tenant_site_id`, tenantSiteId)}
    order by y.sort, y.name`);
}

export interface AgendaSums {
  date: string;
  speciesId: number;
  head: number;
}

/**
 * Head planned for the kill on the days asked: the orders (not cancelled) given that production day, as
 * the kill agenda of the day is built from them.
 */
export function agendaSums(
  ctx: AreaContext,
  speciesIds: readonly number[],
  fromDate: string,
  toDate: string,
  tenantSiteId: number | null,
): Promise<AgendaSums[]> {
  if (!speciesIds.length) return Promise.resolve([]);
  return ctx.db.all<AgendaSums>(sql`
    select production_date as date, species_id as speciesId, sum(quantity_ordered) as head
    from livestock_orders
    where production_date between ${fromDate} and ${toDate} and order_status != ${ORDER_STATUS.Cancelled}
      and species_id in (${ids(speciesIds)})${onSite(sql`tenant_site_id`, tenantSiteId)}
    group by 1, 2`);
}
