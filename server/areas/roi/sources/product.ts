/**
 * The plant's own facts as ROI sources (category 1, "{product}Data"): kill floor carcass records by
 * production day, published (or finalised) invoices by production day, kill volume against target
 * (targets.ts) and skins and hides counted (skins.ts). Read-only; each query adds a
 * line's value columns per day and group in SQL, so a year report is one query per source, filter and
 * group, whatever its columns (run.ts adds the days into periods).
 */
import { and, eq, gte, inArray, lte, type SQL, sql, type SQLWrapper } from "drizzle-orm";
import { carcasses, invoices, suppliers } from "../../../../db/tenant/schema.ts";
import type { AreaContext } from "../../context.ts";
import type { LineFilter, SourceDefinition } from "../../../../reports/roi/model.ts";
import { targetFacts, TARGETS_SOURCE_ID, targetsSourceDefinition } from "./targets.ts";
import { plantSource, scopeSpeciesFilter, summed, SUPPLIER_FILTER } from "./columns.ts";
import { skinFacts, SKINS_SOURCE_ID, skinsSourceDefinition } from "./skins.ts";

/** One day's sums (and counts for averages) of every value column, for one group ("" ungrouped). */
export interface DayFacts {
  day: string;
  group: string;
  sums: Record<string, number>;
  count: number;
}

interface FactColumn {
  sourceColumn: string;
  displayName: string;
  unit: "$" | "kg" | "#";
  aggregation: 0 | 1;
  /** the SQL summed per day (averages divide by the day's rows) */
  sum: SQL;
}

interface ProductSource {
  definition: SourceDefinition;
  table: typeof carcasses | typeof invoices;
  day: SQL<string>;
  columns: FactColumn[];
  /** filterable/groupable column → its SQL */
  keys: Record<string, SQLWrapper>;
  base: (ctx: AreaContext) => SQL | undefined;
}

const c = carcasses, inv = invoices;

/** A value column and the SQL summing it per day. */
const fact = (column: Omit<FactColumn, "sum">, sum: SQL): FactColumn => ({ ...column, sum });
/** Cents summed, as dollars. */
const dollars = (cents: SQLWrapper) => sql`sum(${cents}) / 100.0`;

const CARCASS_COLUMNS: FactColumn[] = [
  fact(summed("head", "Head processed", "#"), sql`count(*)`),
  fact(summed("hscwKg", "HSCW kg", "kg"), sql`sum(${c.hscwKg})`),
  fact({ ...summed("averageHscwKg", "Average HSCW kg", "kg"), aggregation: 1 }, sql`sum(${c.hscwKg})`),
  fact(
    summed("condemned", "Condemned carcasses", "#"),
    sql`sum(case when ${c.condemned} = 'whole' then 1 else 0 end)`,
  ),
  fact(summed("trimKg", "Trim kg", "kg"), sql`sum(${c.trimKg})`),
];

const INVOICE_COLUMNS: FactColumn[] = [
  fact(summed("livestockCost", "Livestock cost (ex GST, after levies)", "$"), dollars(inv.subTotalCents)),
  fact(summed("levies", "Levies", "$"), dollars(inv.levyCents)),
  fact(summed("gst", "GST", "$"), dollars(inv.taxCents)),
  fact(summed("invoiceTotal", "Invoice total", "$"), dollars(inv.totalCents)),
  fact(summed("head", "Head invoiced", "#"), sql`sum(${inv.carcassCount})`),
];

const filterOptions = (pairs: [string, string][]) => pairs.map(([value, label]) => ({ value, label }));

function productSources(ctx: AreaContext): ProductSource[] {
  const sites = filterOptions(ctx.scope.sites.map((s) => [String(s.id), s.name]));
  const valueColumns = (cols: FactColumn[]) =>
    cols.map(({ sourceColumn, displayName, unit, aggregation }) => ({
      sourceColumn,
      displayName,
      unit,
      aggregation,
    }));
  return [
    {
      definition: plantSource("carcasses", "Kill floor carcasses", "carcasses", {
        valueColumns: valueColumns(CARCASS_COLUMNS),
        filterableColumns: [
          scopeSpeciesFilter(ctx.scope.species),
          {
            sourceColumn: "tenantSiteId",
            displayName: "Site",
            dataType: "number",
            valueOptions: sites,
            definedType: "site",
            isAllowMultipleValues: true,
          },
          {
            sourceColumn: "gradeCode",
            displayName: "Grade",
            dataType: "text",
            valueOptions: [],
            definedType: "grade",
            isAllowMultipleValues: true,
          },
          {
            sourceColumn: "condemned",
            displayName: "Condemned",
            dataType: "text",
            valueOptions: filterOptions([["none", "Passed"], ["part", "Part condemned"], [
              "whole",
              "Condemned",
            ]]),
            definedType: null,
            isAllowMultipleValues: true,
          },
          SUPPLIER_FILTER,
        ],
        groupableColumns: [
          { sourceColumn: "supplier", displayName: "Supplier" },
          { sourceColumn: "gradeCode", displayName: "Grade" },
          { sourceColumn: "site", displayName: "Site" },
        ],
      }),
      table: c,
      day: sql<string>`${c.productionDate}`,
      columns: CARCASS_COLUMNS,
      keys: {
        speciesId: c.speciesId,
        tenantSiteId: c.tenantSiteId,
        gradeCode: c.gradeCode,
        condemned: c.condemned,
        supplierId: c.supplierId,
        supplier: c.supplierId,
        site: c.tenantSiteId,
      },
      base: (ctx) => ctx.scope.where({ species: c.speciesId, site: c.tenantSiteId }),
    },
    {
      definition: plantSource("invoices", "Published invoices", "published invoices", {
        valueColumns: valueColumns(INVOICE_COLUMNS),
        filterableColumns: [scopeSpeciesFilter(ctx.scope.species), SUPPLIER_FILTER],
        groupableColumns: [{ sourceColumn: "supplier", displayName: "Supplier" }],
      }),
      table: inv,
      day: sql<string>`${inv.productionDate}`,
      columns: INVOICE_COLUMNS,
      keys: { speciesId: inv.speciesId, supplierId: inv.supplierId, supplier: inv.supplierId },
      base: (ctx) =>
        and(ctx.scope.where({ species: inv.speciesId }), inArray(inv.status, ["Published", "Finalised"])),
    },
  ];
}

/** The plant data sources this caller can read. */
export function productSourceDefinitions(ctx: AreaContext): SourceDefinition[] {
  return [
    ...productSources(ctx).map((s) => s.definition),
    targetsSourceDefinition(ctx),
    skinsSourceDefinition(ctx),
  ];
}

/** The source's sums per day and group between two ISO days, filtered; null for an unknown source. */
export async function productFacts(
  ctx: AreaContext,
  q: {
    sourceId: string;
    from: string;
    to: string;
    speciesId: number | null;
    filters: LineFilter[];
    groupBy: string | null;
  },
): Promise<DayFacts[] | null> {
  if (q.sourceId === TARGETS_SOURCE_ID) return q.groupBy ? null : targetFacts(ctx, q);
  if (q.sourceId === SKINS_SOURCE_ID) return skinFacts(ctx, q, () => groupNames(ctx, "supplier"));
  const source = productSources(ctx).find((s) => s.definition.sourceId === q.sourceId);
  if (!source) return null;
  const group = q.groupBy ? source.keys[q.groupBy] : undefined;
  if (q.groupBy && !group) return null;
  const where = and(
    source.base(ctx),
    gte(source.day, q.from),
    lte(source.day, q.to),
    q.speciesId !== null ? eq(source.keys.speciesId as typeof c.speciesId, q.speciesId) : undefined,
    ...q.filters.filter((f) => source.keys[f.sourceColumn] && f.values.length)
      .map((f) => inArray(source.keys[f.sourceColumn] as typeof c.gradeCode, f.values)),
  );
  const groupSql = group ? sql<string>`coalesce(cast(${group} as text), '')` : sql<string>`''`;
  const sums = Object.fromEntries(source.columns.map((col) => [col.sourceColumn, col.sum]));
  const rows = await ctx.db.select({
    day: source.day,
    group: groupSql,
    count: sql<number>`count(*)`,
    ...sums,
  })
    .from(source.table as typeof c)
    .where(where)
    .groupBy(source.day, groupSql);
  const names = await groupNames(ctx, q.groupBy);
  return rows.map((r) => {
    const row = r as unknown as Record<string, unknown> & { day: string; group: string; count: number };
    return {
      day: row.day,
      group: names ? names.get(row.group) ?? row.group : row.group,
      count: Number(row.count),
      sums: Object.fromEntries(
        source.columns.map((col) => [col.sourceColumn, Number(row[col.sourceColumn] ?? 0)]),
      ),
    };
  });
}

/** Whether a value column averages (divide by the rows) rather than adds. */
export function isAveraged(sourceId: string, sourceColumn: string): boolean {
  return sourceId === "carcasses" && sourceColumn === "averageHscwKg";
}

/** Names for grouped ids (supplier, site); null where the group is its own name (a grade). */
async function groupNames(ctx: AreaContext, groupBy: string | null): Promise<Map<string, string> | null> {
  if (groupBy === "site") return new Map(ctx.scope.sites.map((s) => [String(s.id), s.name]));
  if (groupBy !== "supplier") return null;
  const rows = await ctx.db.select({ id: suppliers.id, name: suppliers.name }).from(suppliers);
  return new Map(rows.map((r) => [String(r.id), r.name]));
}
