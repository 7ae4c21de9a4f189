/**
 * The table's `templateId` (spec 3 §2.1 table query, §3 Report grid model): a saved Yield Summary Report
 * opened as the table. Without other filters in the address the report's filters, range and grouping
 * are the table's (grouped by day: a column a day; otherwise a column a plant); once the filter form is
 * sent, the address's filters are the table's and the report is only where "Save" writes. Saving from the
 * table makes a new summary report, or updates the template when the caller may change it.
 */
import { ApiError } from "../../../http/errors.ts";
import type { AreaContext } from "../../context.ts";
import { getReport } from "../reports/operations/reports.ts";
import { reportRange } from "../reports/rules.ts";
import type { YieldReport } from "../reports/schemas.ts";
import type { PageFilter, YieldPageSearch } from "./pageFilter.ts";
import { idList } from "./rules.ts";

/** The columns a report made from the table shows when it is viewed: yield %, standard %, variance pp. */
const TABLE_REPORT_COLUMNS = [16, 17, 18];

export interface Template {
  /** the address to draw the table from (the report's filters when the address named none) */
  search: YieldPageSearch;
  report: YieldReport | null;
  /** the relative range a save keeps while the table shows it: the report's, or the default week */
  relativeDays: number | null;
  notes: string[];
}

const list = (
  ids: readonly (number | string)[] | null | undefined,
) => (ids?.length ? ids.join(",") : undefined);

/** The report a `templateId` names (a summary report the caller may see), merged into the address. */
export async function tableTemplate(ctx: AreaContext, search: YieldPageSearch): Promise<Template> {
  const given = search.species != null || search.date != null;
  const none = (notes: string[] = []): Template => ({ search, report: null, relativeDays: 7, notes });
  const id = idList(search.templateId)[0];
  if (!id) return none();
  let report: YieldReport;
  try {
    report = await getReport(ctx, id);
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) {
      return none(["That saved report does not exist: not used."]);
    }
    throw e;
  }
  if (report.kind !== "summary") return none(["That report is not a yield summary report: not used."]);
  const f = report.filters;
  const relativeDays = f.fromDate && f.toDate ? null : f.relativeDays ?? 7;
  if (given) return { search, report, relativeDays, notes: [] };
  const range = reportRange(f, ctx.today);
  return {
    report,
    relativeDays,
    notes: [],
    search: {
      ...search,
      species: report.speciesId,
      date: range.from,
      toDate: range.to,
      plants: list(f.plantIds),
      brs: list(f.boningRoomIds),
      shifts: list(f.shiftTypes),
      bodySegments: list(f.bodySegments),
      primalSegments: list(f.primalSegments),
      cuts: list(f.cuts),
      columns: search.columns ?? (report.groupBy === "date" ? "day" : "plant"),
    },
  };
}

/** What "Save" sends to UpsertYieldReport: the table's filters as a summary report's. */
export function reportBodyOf(
  ctx: AreaContext,
  f: PageFilter,
  columns: "plant" | "day",
  template: Template,
) {
  const report = template.report?.isEditAllowed ? template.report : null;
  const { filter } = f;
  // the range stays relative while the table shows that relative range (else the dates shown are kept)
  const rel = template.relativeDays;
  const expected = rel == null ? null : reportRange({ relativeDays: rel }, ctx.today);
  const relative = !!expected && expected.from === f.range.from && expected.to === f.range.to;
  return {
    id: report?.id ?? "",
    lastModified: report?.lastModified ?? "",
    kind: "summary",
    name: report?.name ?? "",
    isShared: report?.isShared ?? false,
    speciesId: f.speciesId,
    plantIds: filter.plantIds.length < f.plants.length ? filter.plantIds : [],
    boningRoomIds: filter.boningRoomIds ?? [],
    shiftTypes: filter.shiftTypes ?? [],
    bodySegments: filter.bodySegments ?? [],
    primalSegments: filter.primalSegments ?? [],
    cuts: filter.cuts ?? [],
    rangeKind: relative ? "relative" : "fixed",
    relativeDays: relative ? template.relativeDays : null,
    fromDate: relative ? null : f.range.from,
    toDate: relative ? null : f.range.to,
    groupBy: columns === "day" ? "date" : "site",
    columns: report?.columns ?? TABLE_REPORT_COLUMNS,
  };
}
