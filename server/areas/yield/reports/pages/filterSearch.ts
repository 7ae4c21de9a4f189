/**
 * The yield pages' query (spec 3 §2.1: species, date, toDate, plants) read into the engine's filter: the
 * date is a relative range ("14", "14 days"), a d/m/y date or range, or an ISO date; toDate (ISO or d/m/y)
 * moves the end. Nothing given: the 7 days ending yesterday. Plants not named: every plant the caller sees.
 */
import { z } from "zod";
import { isCalendarDate } from "../../../../../kernel/dates.ts";
import { idNumber } from "../../../../http/params.ts";
import type { PageContext } from "../../../../pages/context.ts";
import { defaultRange, dmy, parseYieldDate } from "../../rules.ts";
import type { YieldFilter } from "../../schemas.ts";
import type { YieldPlants } from "../../access.ts";

export const YieldSearch = z.object({
  species: idNumber().optional(),
  date: z.string().max(40).optional(),
  toDate: z.string().max(20).optional(),
  plants: z.string().max(200).optional(),
});
export type YieldSearch = z.output<typeof YieldSearch>;

const isoOrDmy = (text: string) => (isCalendarDate(text) ? text : dmy(text));

/** The filter a page's query asks, with the species the caller sees by default (null: they see none). */
export function filterOfSearch(
  search: YieldSearch,
  plants: YieldPlants,
  context: Pick<PageContext, "today">,
): YieldFilter | null {
  const species = plants.species.find((s) => s.id === search.species) ?? plants.species[0];
  if (!species) return null;
  const text = search.date?.trim() ?? "";
  const range = (text && (isoOrDmy(text) ? { from: isoOrDmy(text)!, to: isoOrDmy(text)! } : null)) ||
    (text && parseYieldDate(text, context.today)) || defaultRange(context.today);
  const to = search.toDate ? isoOrDmy(search.toDate) : null;
  const plantIds = (search.plants ?? "").split(",").map(Number).filter((n) =>
    Number.isSafeInteger(n) && n > 0
  );
  return {
    speciesId: species.id,
    fromDate: range.from,
    toDate: to && to >= range.from ? to : range.to,
    plantIds: plantIds.length ? plantIds : undefined,
  };
}

/** The query of a filter, for links that keep it. */
export function searchOf(filter: YieldFilter, more: Record<string, string | number | undefined> = {}) {
  const q = new URLSearchParams({
    species: String(filter.speciesId),
    date: filter.fromDate,
    toDate: filter.toDate,
    ...(filter.plantIds?.length ? { plants: filter.plantIds.join(",") } : {}),
  });
  for (const [k, v] of Object.entries(more)) if (v !== undefined && v !== "") q.set(k, String(v));
  return `?${q}`;
}
