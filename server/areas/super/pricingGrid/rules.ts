/**
 * Copying a price grid between organisations (pure): how the source's species and category map onto the
 * target's, why a target cannot take it (in words), and the upcoming period a new group is offered.
 */
import { addDays, daysBetween } from "../../../../kernel/dates.ts";
import { SPECIES_CATEGORIES } from "../../../../kernel/enums.ts";

export interface TargetFacts {
  name: string;
  category: string;
  /** the species it processes */
  species: { id: number; name: string }[];
  /** the species categories it buys (Settings › Stock settings) */
  speciesCategoryIds: number[];
}

export interface MappingRow {
  what: "Species" | "Category";
  from: string;
  /** the target's own, or null when it has none */
  to: string | null;
}

const categoryName = (id: number) => SPECIES_CATEGORIES.find((c) => c.id === id)?.name ?? `category ${id}`;

/**
 * The target's category for the source's: the same code (the categories are the product's list), else one
 * of the target's categories of the same species with the same name.
 */
export function matchCategory(
  source: { speciesId: number; speciesCategoryId: number },
  targetCategoryIds: readonly number[],
): number | null {
  if (targetCategoryIds.includes(source.speciesCategoryId)) return source.speciesCategoryId;
  const name = categoryName(source.speciesCategoryId).toLowerCase();
  return SPECIES_CATEGORIES.find((c) =>
    c.speciesId === source.speciesId && targetCategoryIds.includes(c.id) && c.name.toLowerCase() === name
  )?.id ?? null;
}

/** The source's species and category beside the target's, and every reason the copy is refused. */
export function mapToTarget(
  source: { speciesId: number; speciesName: string; speciesCategoryId: number },
  target: TargetFacts,
): { mapping: MappingRow[]; speciesCategoryId: number | null; problems: string[] } {
  const problems: string[] = [];
  if (target.category !== "processor") {
    problems.push(`${target.name} is a producer: price grids are a processor's, so copy it to a processor.`);
  }
  const species = target.species.find((s) => s.id === source.speciesId) ?? null;
  const speciesCategoryId = species ? matchCategory(source, target.speciesCategoryIds) : null;
  const from = categoryName(source.speciesCategoryId);
  if (!species) {
    problems.push(
      `${target.name} does not process ${source.speciesName}: add the species to the organisation first.`,
    );
  } else if (speciesCategoryId === null) {
    problems.push(
      `${target.name} does not buy ${from}: add it to its species categories (Settings › Stock settings) first.`,
    );
  }
  return {
    mapping: [
      { what: "Species", from: source.speciesName, to: species?.name ?? null },
      { what: "Category", from, to: speciesCategoryId === null ? null : categoryName(speciesCategoryId) },
    ],
    speciesCategoryId,
    problems,
  };
}

/** The first day of the month after `date`. */
function firstOfNextMonth(date: string): string {
  const [y, m] = date.split("-").map(Number);
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, "0")}-01`;
}

/** The last day of the month `months` − 1 after the one `start` (a first of the month) is in. */
function endOfMonths(start: string, months: number): string {
  let next = start;
  for (let i = 0; i < months; i++) next = firstOfNextMonth(next);
  return addDays(next, -1);
}

/**
 * The period offered for the copy's new group: not yet started, so nobody is priced on it before the
 * target has checked it. A source still to come keeps its own period; otherwise it starts on the first of
 * next month and keeps the source's length (whole months stay whole months; open-ended stays open).
 */
export function upcomingPeriod(
  source: { startDate: string; endDate: string | null },
  today: string,
): { startDate: string; endDate: string | null } {
  if (source.startDate > today) return { startDate: source.startDate, endDate: source.endDate };
  const startDate = firstOfNextMonth(today);
  if (source.endDate === null) return { startDate, endDate: null };
  const dayAfter = addDays(source.endDate, 1);
  if (source.startDate.endsWith("-01") && dayAfter.endsWith("-01")) {
    const [sy, sm] = source.startDate.split("-").map(Number);
    const [ey, em] = dayAfter.split("-").map(Number);
    return { startDate, endDate: endOfMonths(startDate, (ey - sy) * 12 + em - sm) };
  }
  return { startDate, endDate: addDays(startDate, daysBetween(source.startDate, source.endDate)) };
}

/** Why a period cannot take a copied grid, in words (it must not have started yet); null = it can. */
export function notUpcomingReason(period: { startDate: string }, today: string): string | null {
  return period.startDate > today
    ? null
    : "Start it after today: a copied grid is checked by the organisation before anyone is priced on it.";
}
