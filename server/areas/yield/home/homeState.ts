/**
 * The yield home's filters from its address (spec 3 §2.1): species, plants, date (ISO, or the text the
 * date box takes: "14", "14 days", "1/12/2026", "1/11/2026 - 30/11/2026") and toDate. They live in the
 * query so a reload or a bookmark keeps them; a tab link or the week buttons carry them on.
 */
import { z } from "zod";
import { addDays, daysBetween, isCalendarDate } from "../../../../kernel/dates.ts";
import { idNumber } from "../../../http/params.ts";
import type { PageContext } from "../../../pages/context.ts";
import { headerSpeciesAmong } from "../../../pages/ListScope.tsx";
import type { AreaContext } from "../../context.ts";
import type { Named } from "../../scope.ts";
import type { YieldPlants } from "../access.ts";
import {
  canGoNext,
  type DateRange,
  defaultRange,
  MAX_YIELD_DAYS,
  parseYieldDate,
  shiftRange,
} from "../rules.ts";

// The router reads a query value as JSON when it can ("14" is the number 14, "[1]" a list) and sends an
// address whose values its schema changed to its "canonical" spelling: so each value keeps its type here
// (a number stays a number, "1,2" stays text) and homeState reads them.
const dateValue = z.union([z.number().int().min(0).max(99_999_999), z.string().max(60)]);
const plantList = z.union([idNumber(), z.string().regex(/^\d{1,15}(,\d{1,15})*$/, "Use plant ids").max(300)]);

/** The address of every yield home tab (no defaults: the router would redirect to a "canonical" URL). */
export const HomeSearch = z.object({
  species: idNumber().optional(),
  /** one plant id, or several joined by commas */
  plants: plantList.optional(),
  date: dateValue.optional(),
  toDate: dateValue.optional(),
  /** the segment drilled into (a body segment shows its primals, a primal its cuts) */
  drill: idNumber().optional(),
  /** the day and plant of the detail (the popup, or the page without script) */
  day: z.string().max(10).optional(),
  plant: idNumber().optional(),
});
export type HomeSearch = z.output<typeof HomeSearch>;

export const DATE_PROBLEM =
  "That is not a date: type a number of days (14), a date (1/12/2026) or a range (1/11/2026 - 30/11/2026).";

/** The range the address asks, or the default window with the reason it was not used. */
export function rangeOf(asked: Pick<HomeSearch, "date" | "toDate">, today: string): {
  range: DateRange;
  problem?: string;
} {
  const fallback = defaultRange(today);
  if (asked.date == null || asked.date === "") return { range: fallback };
  const search = {
    date: String(asked.date),
    toDate: asked.toDate == null ? undefined : String(asked.toDate),
  };
  let range: DateRange | null;
  if (isCalendarDate(search.date)) {
    const to = search.toDate && isCalendarDate(search.toDate) ? search.toDate : search.date;
    range = { from: search.date, to };
  } else range = parseYieldDate(search.date, today);
  if (!range || range.to < range.from) return { range: fallback, problem: DATE_PROBLEM };
  if (daysBetween(range.from, range.to) + 1 > MAX_YIELD_DAYS) {
    return { range: fallback, problem: `Choose a range of at most ${MAX_YIELD_DAYS} days.` };
  }
  return { range };
}

/** 27/11/2026: the date box's own format. */
export const dmyOf = (iso: string) => {
  const [y, m, d] = iso.split("-");
  return `${Number(d)}/${Number(m)}/${y}`;
};
export const rangeText = (r: DateRange) =>
  r.from === r.to ? dmyOf(r.from) : `${dmyOf(r.from)} - ${dmyOf(r.to)}`;

export interface HomeState {
  /** species with a boning plant the caller sees */
  speciesChoices: Named[];
  species: Named | null;
  /** the caller's species asked for, which no plant they see bones */
  speciesWithoutSites: Named | null;
  plantChoices: Named[];
  plantIds: number[];
  range: DateRange;
  problem?: string;
  today: string;
  canGoNext: boolean;
  previous: DateRange;
  next: DateRange;
}

export function plantIdsOf(plants: HomeSearch["plants"]): number[] {
  if (plants == null) return [];
  return typeof plants === "number" ? [plants] : [...new Set(plants.split(",").map(Number))];
}

export function homeState(
  context: PageContext,
  ctx: AreaContext,
  plants: YieldPlants,
  search: HomeSearch,
): HomeState {
  const { range, problem } = rangeOf(search, ctx.today);
  const asked = search.species == null ? undefined : ctx.scope.species.find((s) => s.id === search.species);
  const species = asked
    ? (plants.species.find((s) => s.id === asked.id) ?? null)
    : headerSpeciesAmong(context, plants.species) ?? null;
  const plantChoices = species ? plants.plants.get(species.id) ?? [] : [];
  return {
    speciesChoices: plants.species,
    species,
    speciesWithoutSites: asked && !species ? asked : null,
    plantChoices,
    plantIds: plantIdsOf(search.plants),
    range,
    problem,
    today: ctx.today,
    canGoNext: canGoNext(range, ctx.today),
    previous: shiftRange(range, -1),
    next: shiftRange(range, 1),
  };
}

/** The query of an address with these filters (and only the filters: a drill or a day is the caller's). */
export function filterQuery(
  state: Pick<HomeState, "species" | "plantIds">,
  range: DateRange,
  extra: Record<string, string | number | undefined> = {},
): string {
  const q = new URLSearchParams();
  if (state.species) q.set("species", String(state.species.id));
  if (state.plantIds.length) q.set("plants", state.plantIds.join(","));
  q.set("date", range.from);
  q.set("toDate", range.to);
  for (const [k, v] of Object.entries(extra)) if (v !== undefined) q.set(k, String(v));
  return `?${q}`;
}

export const yesterdayOf = (today: string) => addDays(today, -1);
