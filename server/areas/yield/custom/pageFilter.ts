/**
 * The yield pages' address (spec 3 §2.1 edit and table queries): species, date (a relative range, a d/m/y
 * date or two of them, or yyyy-MM-dd), toDate, plants, brs (boning rooms), shifts, goIds (product codes),
 * bodySegments, primalSegments, cuts. Read leniently: a page answers what it can and says what it dropped
 * (the API refuses instead). The species defaults to the header's, the range to the 7 days ending yesterday.
 */
import { z } from "zod";
import { isCalendarDate } from "../../../../kernel/dates.ts";
import { formatDayNumbers } from "../../../../kernel/format.ts";
import type { PageContext } from "../../../pages/context.ts";
import { headerSpeciesAmong } from "../../../pages/ListScope.tsx";
import type { AreaContext } from "../../context.ts";
import type { Named } from "../../scope.ts";
import { type ResolvedFilter, yieldPlants } from "../access.ts";
import { type DateRange, defaultRange, dmy, parseYieldDate, type Shift, SHIFTS } from "../rules.ts";
import { idList, wordList } from "./rules.ts";

// the router reads `plants=1` as a number and `plants=1&plants=2` as an array: take any, read them below
const loose = z.union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))]).optional();

/** The query names of the yield pages (no defaults here: the router would redirect to fill them in). */
export const YieldPageSearch = z.object({
  species: loose,
  date: loose,
  toDate: loose,
  plants: loose,
  brs: loose,
  shifts: loose,
  goIds: loose,
  bodySegments: loose,
  primalSegments: loose,
  cuts: loose,
  graphType: loose,
  primalFocus: loose,
  templateId: loose,
  columns: loose,
});
export type YieldPageSearch = z.output<typeof YieldPageSearch>;

export interface PageFilter {
  species: Named[];
  speciesId: number;
  speciesName: string;
  /** the plants of the species the caller sees (the form's choices) */
  plants: Named[];
  rooms: (Named & { tenantSiteId: number })[];
  range: DateRange;
  /** the range as the date field shows it */
  dateText: string;
  filter: ResolvedFilter;
  /** what the address asked that the page could not use, in words */
  notes: string[];
}

/** Why there is no filter: the messages of spec 3 §2.1. */
export type NoFilter = { message: string };

function rangeOf(search: YieldPageSearch, today: string, notes: string[]): DateRange {
  let range = defaultRange(today);
  const date = search.date == null ? "" : String(search.date).trim();
  if (date) {
    const parsed = isCalendarDate(date) ? { from: date, to: date } : parseYieldDate(date, today);
    if (parsed) range = parsed;
    else notes.push(`"${date}" is not a number of days or a d/m/y date: showing the last 7 days.`);
  }
  const to = search.toDate == null ? "" : String(search.toDate).trim();
  if (to) {
    const day = isCalendarDate(to) ? to : dmy(to);
    if (day && day >= range.from) range = { ...range, to: day };
    else notes.push(`The end date "${to}" was left out.`);
  }
  return range;
}

export async function pageFilter(
  context: PageContext,
  ctx: AreaContext,
  search: YieldPageSearch,
): Promise<PageFilter | NoFilter> {
  const known = await yieldPlants(ctx);
  if (!known.species.length) return { message: "No species: Yield Reporting is not available" };
  const asked = idList(search.species)[0];
  const species = known.species.find((s) => s.id === asked) ?? headerSpeciesAmong(context, known.species)!;
  const plants = known.plants.get(species.id) ?? [];
  if (!plants.length) return { message: `No sites are configured for ${species.name}` };
  const notes: string[] = [];
  const range = rangeOf(search, ctx.today, notes);
  const within = <T extends { id: number }>(ids: number[], among: readonly T[], what: string) => {
    const kept = ids.filter((id) => among.some((x) => x.id === id));
    if (kept.length < ids.length) notes.push(`Some ${what} asked for are not yours to see: left out.`);
    return kept.length ? kept : undefined;
  };
  const plantIds = within(idList(search.plants), plants, "plants");
  const rooms = (known.rooms.get(species.id) ?? []).filter((r) =>
    !plantIds || plantIds.includes(r.tenantSiteId)
  );
  const shifts = wordList(search.shifts).filter((s): s is Shift => (SHIFTS as readonly string[]).includes(s));
  const list = (v: unknown) => {
    const ids = idList(v);
    return ids.length ? ids : undefined;
  };
  return {
    species: known.species,
    speciesId: species.id,
    speciesName: species.name,
    plants,
    rooms,
    range,
    dateText: range.from === range.to
      ? formatDayNumbers(range.from)
      : `${formatDayNumbers(range.from)} - ${formatDayNumbers(range.to)}`,
    filter: {
      speciesId: species.id,
      fromDate: range.from,
      toDate: range.to,
      plantIds: plantIds ?? plants.map((p) => p.id),
      boningRoomIds: within(idList(search.brs), rooms, "boning rooms"),
      shiftTypes: shifts.length ? shifts : undefined,
      productCodeIds: list(search.goIds),
      bodySegments: list(search.bodySegments),
      primalSegments: list(search.primalSegments),
      cuts: list(search.cuts),
    },
    notes,
  };
}

/** The filter back as a page address's query (the names of spec 3 §2.1), for links between the pages. */
export function pageQuery(f: PageFilter, more: Record<string, string | number | undefined> = {}): string {
  const q = new URLSearchParams();
  q.set("species", String(f.speciesId));
  q.set("date", f.dateText);
  const put = (name: string, v: readonly (string | number)[] | undefined) =>
    v?.length && q.set(name, v.join(","));
  if (f.filter.plantIds.length < f.plants.length) put("plants", f.filter.plantIds);
  put("brs", f.filter.boningRoomIds);
  put("shifts", f.filter.shiftTypes);
  put("goIds", f.filter.productCodeIds);
  put("bodySegments", f.filter.bodySegments);
  put("primalSegments", f.filter.primalSegments);
  put("cuts", f.filter.cuts);
  for (const [k, v] of Object.entries(more)) if (v !== undefined && v !== "") q.set(k, String(v));
  return q.toString();
}
