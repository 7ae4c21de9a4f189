/**
 * Skins and hides as an ROI source (category 1, "skins"): per day, the pieces the skin room counted, by
 * grade, and their value at the day's price (AUD), read through the skins area's exported
 * skinDayFigures; filterable by species and supplier, groupable by supplier or species.
 */
import type { LineFilter, SourceDefinition } from "../../../../reports/roi/model.ts";
import type { AreaContext } from "../../context.ts";
import { skinDayFigures } from "../../skins/queries/dayFigures.ts";
import { gradeLabel, hasSkins, SKIN_GRADES } from "../../skins/rules.ts";
import type { DayFacts } from "./product.ts";
import { plantSource, scopeSpeciesFilter, summed, SUPPLIER_FILTER } from "./columns.ts";

export const SKINS_SOURCE_ID = "skins";
const GROUPS = ["supplier", "species"] as const;

const gradeColumn = (grade: string) => `grade_${grade}`;

export function skinsSourceDefinition(ctx: AreaContext): SourceDefinition {
  return plantSource(SKINS_SOURCE_ID, "Skins and hides", "skins and hides", {
    valueColumns: [
      summed("count", "Skins and hides counted", "#"),
      ...SKIN_GRADES.map((g) => summed(gradeColumn(g), `${gradeLabel(g)} skins and hides`, "#")),
      summed("value", "Skin and hide value", "$"),
    ],
    filterableColumns: [scopeSpeciesFilter(ctx.scope.species.filter((s) => hasSkins(s.id))), SUPPLIER_FILTER],
    groupableColumns: [
      { sourceColumn: "supplier", displayName: "Supplier" },
      { sourceColumn: "species", displayName: "Species" },
    ],
  });
}

/** The source's sums per day and group; null for a group it does not know. */
export async function skinFacts(
  ctx: AreaContext,
  q: { from: string; to: string; speciesId: number | null; filters: LineFilter[]; groupBy: string | null },
  supplierNames: () => Promise<Map<string, string> | null>,
): Promise<DayFacts[] | null> {
  if (q.groupBy && !GROUPS.includes(q.groupBy as typeof GROUPS[number])) return null;
  const chosen = (column: string) =>
    q.filters.find((f) => f.sourceColumn === column && f.values.length)?.values.map(Number);
  const species = chosen("speciesId");
  if (q.speciesId !== null && species && !species.includes(q.speciesId)) return [];
  const speciesIds = q.speciesId !== null ? [q.speciesId] : species;
  const suppliers = chosen("supplierId");
  const figures = (await skinDayFigures(ctx, { from: q.from, to: q.to, speciesIds }))
    .filter((f) => !suppliers || suppliers.includes(f.supplierId));
  const names = q.groupBy === "supplier"
    ? await supplierNames()
    : new Map(ctx.scope.species.map((s) => [String(s.id), s.name]));
  const byKey = new Map<string, DayFacts>();
  for (const f of figures) {
    const id = q.groupBy === "supplier" ? String(f.supplierId) : q.groupBy ? String(f.speciesId) : "";
    const group = names?.get(id) ?? id;
    const key = `${f.day}:${group}`;
    const facts = byKey.get(key) ?? {
      day: f.day,
      group,
      count: 0,
      sums: Object.fromEntries([["count", 0], ["value", 0], ...SKIN_GRADES.map((g) => [gradeColumn(g), 0])]),
    };
    facts.count += 1;
    facts.sums.count += f.count;
    facts.sums.value += f.valueCents / 100;
    for (const g of SKIN_GRADES) facts.sums[gradeColumn(g)] += f.graded[g] ?? 0;
    byKey.set(key, facts);
  }
  return [...byKey.values()];
}
