/**
 * The livestock dashboards' figures, one function per panel over the caller's context: the pages stream
 * each panel as its function finishes, and the JSON posts answer them all. One computation for both.
 */
import { ApiError } from "../../../http/errors.ts";
import { keptUntilChange } from "../../keptReads.ts";
import type { AreaContext } from "../../context.ts";
import { addDays } from "../../../../kernel/dates.ts";
import { speciesCategoryName } from "../../../../kernel/enums.ts";
import { ordersAgainstTargets } from "../volumeTargets/operations.ts";
import { targetOn, targetSiteOf } from "../volumeTargets/rules.ts";
import {
  agendaSums,
  carcassCells,
  carcassSums,
  costSums,
  loadSums,
  type Slice,
  suppliersOf,
  targetsBetween,
  weekSums,
  yardSums,
} from "./queries.ts";
import {
  AGENDA_DAYS,
  averageOf,
  centsPerHead,
  centsPerKg,
  complianceBySupplier,
  percentOf,
  periodOf,
  periodProblemOf,
  stateOf,
  volumeWeeks,
} from "./rules.ts";
import type {
  Capacity,
  CostRow,
  CostSummary,
  DashboardBody,
  LivestockDashboard,
  LossRow,
  SupplierRow,
  VolumeSeries,
} from "./schemas.ts";

/** A checked request: the period, the species and the site every panel of one page reads. */
export interface DashboardView extends Slice {
  speciesId: number | null;
}

/** The body checked against the caller's species and sites, with the period's defaults. */
export function viewOf(ctx: AreaContext, body: DashboardBody): DashboardView {
  if (body.speciesId !== undefined && !ctx.scope.hasSpecies(body.speciesId)) {
    throw ApiError.validation([{ field: "speciesId", message: "Choose one of your species" }]);
  }
  if (body.tenantSiteId !== undefined && !ctx.scope.hasSite(body.tenantSiteId)) {
    throw ApiError.validation([{ field: "tenantSiteId", message: "Choose one of your sites" }]);
  }
  const period = periodOf(ctx.today, body.fromDate, body.toDate);
  const problem = periodProblemOf(period);
  if (problem) throw ApiError.validation([problem]);
  return {
    ...period,
    speciesId: body.speciesId ?? null,
    speciesIds: body.speciesId !== undefined ? [body.speciesId] : ctx.scope.speciesIds,
    tenantSiteId: body.tenantSiteId ?? null,
  };
}

/**
 * Reads two panels of one page share (the carcasses' and the loads' sums feed the suppliers and the
 * losses): made once per view, whichever panel asks first.
 */
const sharedReads = new WeakMap<DashboardView, Map<string, Promise<unknown>>>();
function shared<T>(v: DashboardView, key: string, read: () => Promise<T>): Promise<T> {
  let reads = sharedReads.get(v);
  if (!reads) sharedReads.set(v, reads = new Map());
  if (!reads.has(key)) reads.set(key, read());
  return reads.get(key) as Promise<T>;
}
const carcassesOf = (ctx: AreaContext, v: DashboardView) => shared(v, "carcasses", () => carcassSums(ctx, v));
const loadsOf = (ctx: AreaContext, v: DashboardView) => shared(v, "loads", () => loadSums(ctx, v));

/**
 * A panel's figures kept until the tenant's database changes (keptReads.ts): at a year of history a panel
 * reads tens of thousands of carcasses, and a dashboard is opened again and again between changes (its
 * period, species and site, the plant's day and the caller's sites name it).
 */
export function keptPanel<T>(ctx: AreaContext, v: DashboardView, panel: string, read: () => Promise<T>) {
  const key = [
    "livestockDashboard",
    panel,
    ctx.today,
    v.fromDate,
    v.toDate,
    v.speciesIds.join(","),
    v.tenantSiteId ?? "",
    ctx.scope.siteIds.join(","),
  ].join(":");
  return keptUntilChange(ctx.db, key, read);
}

export const periodFields = (v: DashboardView) => ({
  fromDate: v.fromDate,
  toDate: v.toDate,
  speciesId: v.speciesId,
  tenantSiteId: v.tenantSiteId,
});

/** Head bought, delivered and processed against the kill volume targets, per species and week. */
export async function volumePanel(ctx: AreaContext, v: DashboardView): Promise<VolumeSeries[]> {
  const [sums, targets] = await Promise.all([
    weekSums(ctx, v),
    targetsBetween(ctx, v.speciesIds, v.fromDate, v.toDate),
  ]);
  const weeks = volumeWeeks({ ...v, sums, targets });
  return v.speciesIds.map((speciesId) => {
    const list = weeks.get(speciesId) ?? [];
    const add = (k: "bought" | "delivered" | "processed" | "target") => list.reduce((n, w) => n + w[k], 0);
    return {
      speciesId,
      species: ctx.scope.speciesName(speciesId),
      weeks: list,
      targetOfWholePlant: v.tenantSiteId !== null &&
        targetSiteOf(targets, speciesId, v.tenantSiteId) === null,
      total: {
        bought: add("bought"),
        delivered: add("delivered"),
        processed: add("processed"),
        target: add("target"),
      },
    };
  });
}

function costRow(
  ctx: AreaContext,
  speciesId: number,
  speciesCategoryId: number | null,
  category: string,
  s: { invoices: number; head: number; cents: number; kg: number },
): CostRow {
  const kg = Math.round(s.kg * 10) / 10;
  return {
    speciesId,
    species: ctx.scope.speciesName(speciesId),
    speciesCategoryId,
    category,
    invoices: s.invoices,
    head: s.head,
    hscwKg: kg,
    costCents: s.cents,
    centsPerHead: centsPerHead(s.cents, s.head),
    centsPerKg: centsPerKg(s.cents, s.kg),
  };
}

type Sums = { invoices: number; head: number; cents: number; kg: number };
const addSums = (a: Sums | undefined, b: Sums): Sums => ({
  invoices: (a?.invoices ?? 0) + b.invoices,
  head: (a?.head ?? 0) + b.head,
  cents: (a?.cents ?? 0) + b.cents,
  kg: (a?.kg ?? 0) + b.kg,
});

/** Livestock cost per head and per kg HSCW by species and category, from published invoices. */
export async function costPanel(ctx: AreaContext, v: DashboardView): Promise<CostSummary> {
  const sums = await costSums(ctx, v);
  const byCategory = new Map<string, { speciesId: number; categoryId: number | null; sums: Sums }>();
  const bySpecies = new Map<number, Sums>();
  for (const s of sums) {
    const key = `${s.speciesId}:${s.speciesCategoryId}`;
    const current = byCategory.get(key);
    byCategory.set(key, {
      speciesId: s.speciesId,
      categoryId: s.speciesCategoryId,
      sums: addSums(current?.sums, s),
    });
    bySpecies.set(s.speciesId, addSums(bySpecies.get(s.speciesId), s));
  }
  const rows = [...byCategory.values()]
    .map((c) =>
      costRow(
        ctx,
        c.speciesId,
        c.categoryId,
        c.categoryId ? speciesCategoryName(c.categoryId) : "No category",
        c.sums,
      )
    )
    .sort((a, b) => a.speciesId - b.speciesId || a.category.localeCompare(b.category));
  return {
    ...periodFields(v),
    rows,
    bySpecies: [...bySpecies].sort(([a], [b]) => a - b).map(([speciesId, s]) =>
      costRow(ctx, speciesId, null, "Every category", s)
    ),
  };
}

/** Average HSCW, fat score and grade-cell compliance by supplier, with their DOA and condemned rates. */
export async function supplierPanel(ctx: AreaContext, v: DashboardView): Promise<SupplierRow[]> {
  const [carcasses, cells, loads] = await Promise.all([
    carcassesOf(ctx, v),
    carcassCells(ctx, v),
    loadsOf(ctx, v),
  ]);
  const compliance = complianceBySupplier(cells);
  const ids = [...new Set([...carcasses.map((c) => c.supplierId), ...loads.map((l) => l.supplierId)])];
  const names = new Map((await suppliersOf(ctx, ids)).map((s) => [s.id, s]));
  return ids.map((supplierId) => {
    const killedRows = carcasses.filter((c) => c.supplierId === supplierId);
    const loadRows = loads.filter((l) => l.supplierId === supplierId);
    const sum = <T>(rows: T[], f: (r: T) => number) => rows.reduce((n, r) => n + f(r), 0);
    const killed = sum(killedRows, (c) => c.killed);
    const condemned = sum(killedRows, (c) => c.condemnedWhole);
    const delivered = sum(loadRows, (l) => l.head), doa = sum(loadRows, (l) => l.doa);
    const graded = compliance.get(supplierId) ?? { graded: 0, compliant: 0 };
    const supplier = names.get(supplierId);
    return {
      supplierId,
      supplierName: supplier?.name ?? `Supplier ${supplierId}`,
      state: supplier ? stateOf(supplier) : "",
      killed,
      averageHscwKg: averageOf(sum(killedRows, (c) => c.kg), sum(killedRows, (c) => c.weighed)),
      averageFatScore: averageOf(sum(killedRows, (c) => c.fatScoreSum), sum(killedRows, (c) => c.fatScores)),
      graded: graded.graded,
      compliant: graded.compliant,
      compliancePercent: percentOf(graded.compliant, graded.graded),
      delivered,
      doa,
      doaPercent: percentOf(doa, delivered),
      condemned,
      condemnedPercent: percentOf(condemned, killed),
    };
  }).sort((a, b) => b.killed - a.killed || a.supplierName.localeCompare(b.supplierName));
}

/** DOA and condemned rates per species. */
export async function lossPanel(ctx: AreaContext, v: DashboardView): Promise<LossRow[]> {
  const [carcasses, loads] = await Promise.all([carcassesOf(ctx, v), loadsOf(ctx, v)]);
  return v.speciesIds.map((speciesId) => {
    const c = carcasses.filter((r) => r.speciesId === speciesId);
    const l = loads.filter((r) => r.speciesId === speciesId);
    const delivered = l.reduce((n, r) => n + r.head, 0), doa = l.reduce((n, r) => n + r.doa, 0);
    const killed = c.reduce((n, r) => n + r.killed, 0);
    const whole = c.reduce((n, r) => n + r.condemnedWhole, 0),
      part = c.reduce((n, r) => n + r.condemnedPart, 0);
    return {
      speciesId,
      species: ctx.scope.speciesName(speciesId),
      delivered,
      doa,
      doaPercent: percentOf(doa, delivered),
      killed,
      condemnedWhole: whole,
      condemnedPart: part,
      condemnedPercent: percentOf(whole, killed),
      partCondemnedPercent: percentOf(part, killed),
    };
  });
}

/** Yard occupancy now, and the kill agendas of today and the next six days against the daily targets. */
export async function capacityPanel(ctx: AreaContext, v: DashboardView): Promise<Capacity> {
  const to = addDays(ctx.today, AGENDA_DAYS - 1);
  const [yards, agenda, targets] = await Promise.all([
    yardSums(ctx, v.tenantSiteId),
    agendaSums(ctx, v.speciesIds, ctx.today, to, v.tenantSiteId),
    targetsBetween(ctx, v.speciesIds, ctx.today, to),
  ]);
  const days = Array.from({ length: AGENDA_DAYS }, (_, i) => addDays(ctx.today, i));
  return {
    yards: yards.filter((y) => ctx.scope.hasSite(y.tenantSiteId) || !ctx.scope.siteIds.length).map((y) => ({
      stockyardId: y.stockyardId,
      name: y.name,
      site: ctx.scope.siteName(y.tenantSiteId),
      capacity: y.capacity,
      head: y.head,
      percent: percentOf(y.head, y.capacity),
    })),
    agenda: v.speciesIds.flatMap((speciesId) =>
      days.map((date) => {
        const booked = agenda.find((a) => a.date === date && a.speciesId === speciesId)?.head ?? 0;
        const target = targetOn(targets, speciesId, date, targetSiteOf(targets, speciesId, v.tenantSiteId));
        return {
          date,
          speciesId,
          species: ctx.scope.speciesName(speciesId),
          booked,
          target,
          percent: percentOf(booked, target),
        };
      })
    ).filter((d) => d.booked > 0 || d.target > 0),
  };
}

/** The next 60 days booked against the targets (the volume targets' own series). */
export function next60Panel(ctx: AreaContext, v: DashboardView) {
  return ordersAgainstTargets(ctx, {
    speciesId: v.speciesId ?? undefined,
    tenantSiteId: v.tenantSiteId ?? undefined,
  });
}

/** The whole dashboard at once (the JSON post): the same panels the page streams. */
export async function livestockDashboard(ctx: AreaContext, body: DashboardBody): Promise<LivestockDashboard> {
  const v = viewOf(ctx, body);
  const [volume, costs, suppliers, losses, capacity, next60] = await Promise.all([
    volumePanel(ctx, v),
    costPanel(ctx, v),
    supplierPanel(ctx, v),
    lossPanel(ctx, v),
    capacityPanel(ctx, v),
    next60Panel(ctx, v),
  ]);
  return { ...periodFields(v), volume, costs: costs.rows, suppliers, losses, capacity, next60 };
}

export function livestockCostSummary(ctx: AreaContext, body: DashboardBody): Promise<CostSummary> {
  return costPanel(ctx, viewOf(ctx, body));
}
