/**
 * The yield table (spec 3 §2.1 "table", §3 Report grid model): sections are the body segments, rows their
 * primals (or, with a primal in focus, that primal's cuts), columns one per plant or one per day, each cell
 * the row's yield as % of the column's HSCW boned; then the total column (the row over every column), the
 * standard and the variance against it (percentage points). Every number comes from the engine.
 */
import { addDays, daysBetween } from "../../../../kernel/dates.ts";
import { formatDayNumbers } from "../../../../kernel/format.ts";
import { toCsv } from "../../csv.ts";
import { ApiError } from "../../../http/errors.ts";
import type { AreaContext } from "../../context.ts";
import { resolveFilter } from "../access.ts";
import { type FigureRow, yieldFigures } from "../engine.ts";
import { yieldReference } from "../reference.ts";
import type { GroupBy } from "../schemas.ts";
import { csvNumber } from "./rules.ts";
import type { YieldTable, YieldTableQuery } from "./schemas.ts";

/** Columns by day are for a month at most: wider, the table no longer reads (or prints). */
export const MAX_DAY_COLUMNS = 31;
const YIELD = 16, STANDARD = 17, VARIANCE = 18;
const KEYS = [YIELD, STANDARD, VARIANCE];

type GridRow = YieldTable["sections"][number]["rows"][number];

export async function yieldTable(ctx: AreaContext, q: YieldTableQuery): Promise<YieldTable> {
  const byDay = q.columns === "day";
  if (byDay && daysBetween(q.fromDate, q.toDate) + 1 > MAX_DAY_COLUMNS) {
    throw ApiError.validation([{
      field: "toDate",
      message: `Columns by day take at most ${MAX_DAY_COLUMNS} days: shorten the range or use plants`,
    }]);
  }
  const reference = await yieldReference(ctx, q.speciesId);
  const focus = q.primalFocus == null ? undefined : reference.segment(q.primalFocus);
  if (q.primalFocus != null && (!focus || focus.level !== "primal")) {
    throw ApiError.validation([{ field: "primalFocus", message: "That is not a primal of this species" }]);
  }
  const filter = await resolveFilter(ctx, {
    speciesId: q.speciesId,
    fromDate: q.fromDate,
    toDate: q.toDate,
    plantIds: q.plantIds,
    boningRoomIds: q.boningRoomIds,
    shiftTypes: q.shiftTypes,
    productCodeIds: q.productCodeIds,
    primalSegments: focus ? [focus.id] : undefined,
  });
  const level: "primal" | "cut" = focus ? "cut" : "primal";
  const col: GroupBy = byDay ? "date" : "site";
  const ask = (groupBy: GroupBy[]) => yieldFigures(ctx, filter, groupBy, KEYS, { reference });
  const [cells, rowTotals, sectionCells, sectionTotals, columnTotals, all] = await Promise.all([
    ask([level, col]),
    ask([level]),
    ask(["bodySegment", col]),
    ask(["bodySegment"]),
    ask([col]),
    ask([]),
  ]);

  const columns = byDay
    ? Array.from({ length: daysBetween(q.fromDate, q.toDate) + 1 }, (_, i) => {
      const day = addDays(q.fromDate, i);
      return { id: day, name: formatDayNumbers(day) };
    })
    : filter.plantIds.map((id) => ({ id: String(id), name: ctx.scope.siteName(id) }));

  const gridRow = (
    id: number,
    name: string,
    rowCells: FigureRow[],
    totals: FigureRow | undefined,
  ): GridRow => ({
    id,
    name,
    values: columns.map((c) => ({
      columnId: c.id,
      value: rowCells.find((r) => String(r.key[col]) === c.id)?.values[YIELD] ?? null,
    })),
    total: totals?.values[YIELD] ?? null,
    standard: totals?.values[STANDARD] ?? null,
    variance: totals?.values[VARIANCE] ?? null,
  });
  const byKey = (rows: FigureRow[], g: GroupBy, id: number) => rows.filter((r) => r.key[g] === id);
  const bySort = (a: { sortOrder: number; name: string }, b: { sortOrder: number; name: string }) =>
    a.sortOrder - b.sortOrder || a.name.localeCompare(b.name);

  const bodySegments = reference.segments.filter((s) =>
    s.level === "bodySegment" && (!focus || reference.ancestor(focus.id, "bodySegment")?.id === s.id)
  ).sort(bySort);
  const sections = bodySegments.map((segment) => {
    const members = reference.segments.filter((s) =>
      s.level === level &&
      (focus ? s.parentId === focus.id : reference.ancestor(s.id, "bodySegment")?.id === segment.id)
    ).sort(bySort);
    return {
      ...gridRow(
        segment.id,
        segment.name,
        byKey(sectionCells.rows, "bodySegment", segment.id),
        byKey(sectionTotals.rows, "bodySegment", segment.id)[0],
      ),
      rows: members.map((m) =>
        gridRow(m.id, m.name, byKey(cells.rows, level, m.id), byKey(rowTotals.rows, level, m.id)[0])
      ),
    };
  });
  const { id: _, ...total } = gridRow(0, focus ? focus.name : "All products", columnTotals.rows, {
    key: {},
    labels: {},
    values: all.total,
  });
  return {
    speciesId: q.speciesId,
    fromDate: q.fromDate,
    toDate: q.toDate,
    value: "Yield (% of HSCW boned)",
    rowLevel: level,
    columns,
    sections,
    total,
  };
}

/** The table as CSV: plain headers, en-AU dates, yields to two decimals, one line per row and section. */
export function yieldTableCsv(table: YieldTable): string {
  const header = [
    "Body segment",
    table.rowLevel === "cut" ? "Cut" : "Primal",
    ...table.columns.map((c) => `${c.name} yield %`),
    "Total yield %",
    "Standard yield %",
    "Variance (pp)",
  ];
  const line = (segment: string, name: string, r: Omit<GridRow, "id">) => [
    segment,
    name,
    ...r.values.map((v) => csvNumber(v.value)),
    csvNumber(r.total),
    csvNumber(r.standard),
    csvNumber(r.variance),
  ];
  const rows = table.sections.flatMap((s) => [
    ...s.rows.map((r) => line(s.name, r.name, r)),
    line(s.name, `${s.name} total`, s),
  ]);
  rows.push(line("", table.total.name, table.total));
  return toCsv(header, rows);
}

/** The CSV's file name: what and when ("sheep-yield-20-11-2026-to-26-11-2026"). */
export function yieldTableFileName(table: YieldTable, speciesName: string): string {
  const day = (d: string) => formatDayNumbers(d).replaceAll("/", "-");
  return `${speciesName.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-yield-${day(table.fromDate)}-to-${
    day(table.toDate)
  }`;
}
