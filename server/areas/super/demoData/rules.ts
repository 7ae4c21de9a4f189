/**
 * Demo data (spec 3 §5, §9; issue 43 item 3), pure: the load options, the catalogue of sets (ids 100–903)
 * and the rows a set makes. A set's rows come from its id alone (a seeded generator per row), so the same
 * set with the same filters always gives the same rows, whoever loads it and however often.
 */
import { addDays } from "../../../../kernel/dates.ts";
import { seeded } from "../../seeded.ts";

/** 1 append, 2 purge and create, 3 update (the default). */
export const DEMO_OPTIONS = { 1: "Append", 2: "Purge and create", 3: "Update" } as const;
export type DemoOption = 1 | 2 | 3;
export const DEFAULT_DEMO_OPTION: DemoOption = 3;
export const DEMO_OPTION_HELP: Record<DemoOption, string> = {
  1: "Adds the set's rows beside what is there (a second load doubles them).",
  2: "Removes every demo row of the organisation, then adds the set's rows.",
  3: "Changes the set's rows that are there to the set's values and adds the missing ones.",
};

export const DEMO_SET_MIN = 100;
export const DEMO_SET_MAX = 903;

export type DemoSetGroup = "Business cases" | "Demo" | "Test" | "Development" | "Unit tests";

export interface DemoSet {
  id: number;
  group: DemoSetGroup;
  name: string;
  description: string;
  /** the head killed a day around which the set's days vary */
  headPerDay: number;
  /** the kg a carcass gives a cut, on average */
  kgPerHead: number;
}

const set = (
  id: number,
  group: DemoSetGroup,
  name: string,
  description: string,
  headPerDay: number,
  kgPerHead: number,
): DemoSet => ({ id, group, name, description, headPerDay, kgPerHead });

/** The catalogue: every id a load accepts. */
export const DEMO_SETS: readonly DemoSet[] = [
  set(
    100,
    "Business cases",
    "Small sheep processor",
    "A one-shift lamb plant: about 800 head a day.",
    800,
    2.1,
  ),
  set(
    101,
    "Business cases",
    "Export beef plant",
    "A two-shift beef plant: about 450 head a day, heavy cuts.",
    450,
    14,
  ),
  set(
    102,
    "Business cases",
    "Mixed-species plant",
    "Sheep, beef and pig through one floor: uneven days.",
    600,
    6,
  ),
  set(200, "Demo", "Standard demo", "The sales demo: steady days of about 1,000 head.", 1000, 2.4),
  set(201, "Demo", "Busy season", "The spring rush: about 1,600 head a day.", 1600, 2.2),
  set(300, "Test", "Regression set", "Known values the testers compare screens against.", 500, 3),
  set(301, "Test", "Quiet days", "Small days of a few head, to check empty-looking screens.", 20, 3),
  set(400, "Development", "Developer sample", "A small set for working on screens locally.", 120, 2.5),
  set(401, "Development", "Large volume", "About 3,000 head a day, for speed checks.", 3000, 2.3),
  set(900, "Unit tests", "Unit test: minimal", "A handful of head a day.", 5, 2),
  set(901, "Unit tests", "Unit test: one cut", "Round figures for one cut a day.", 100, 1),
  set(902, "Unit tests", "Unit test: heavy", "Heavy carcasses, few head.", 40, 20),
  set(903, "Unit tests", "Unit test: varied", "Widely varying days.", 300, 4),
];

const SETS_BY_ID = new Map(DEMO_SETS.map((s) => [s.id, s]));

/** The set, or null when the catalogue has no set with that id. */
export const demoSetById = (id: number) => SETS_BY_ID.get(id) ?? null;

/** Why a set id is refused, in words; null when it is in the catalogue. */
export function setIdProblem(id: number): string | null {
  if (!Number.isInteger(id) || id < DEMO_SET_MIN || id > DEMO_SET_MAX) {
    return `A demo data set id is between ${DEMO_SET_MIN} and ${DEMO_SET_MAX}.`;
  }
  return SETS_BY_ID.has(id) ? null : `There is no demo data set ${id}: choose one from the list.`;
}

export const isDemoOption = (n: unknown): n is DemoOption => n === 1 || n === 2 || n === 3;

/** The filters of a load (spec 3 §5): each at least 1; no rows to process means every row. */
export interface DemoFilters {
  productsPerDay: number;
  maxDays: number;
  cutId: number;
  rowsToProcess?: number | null;
}

export const FILTER_LIMITS = {
  productsPerDay: 50,
  maxDays: 60,
  cutId: 99_999,
  rowsToProcess: 3_000,
} as const;

export const FILTER_LABELS: Record<keyof DemoFilters, string> = {
  productsPerDay: "Products per day",
  maxDays: "Max days",
  cutId: "Cut id",
  rowsToProcess: "Rows to process",
};

/** Each filter's problem in words, by field (empty: the filters are good). */
export function filterProblems(f: DemoFilters): Partial<Record<keyof DemoFilters, string>> {
  const problems: Partial<Record<keyof DemoFilters, string>> = {};
  for (const key of ["productsPerDay", "maxDays", "cutId", "rowsToProcess"] as const) {
    const value = f[key];
    if (key === "rowsToProcess" && (value === undefined || value === null)) continue;
    const max = FILTER_LIMITS[key];
    if (!Number.isInteger(value) || (value as number) < 1 || (value as number) > max) {
      problems[key] = `${FILTER_LABELS[key]} is a whole number from 1 to ${max.toLocaleString("en-AU")}.`;
    }
  }
  return problems;
}

/** One row a set makes: a day and a cut, its head, cartons and kg. */
export interface DemoRow {
  setId: number;
  /** 1 = the first (oldest) day of the load */
  day: number;
  productionDate: string;
  cutId: number;
  head: number;
  cartons: number;
  netKg: number;
}

const CARTON_KG = 25;

/**
 * The rows of a load: maxDays days ending the day before `today`, productsPerDay cuts a day (cut ids
 * from cutId up), in day then cut order, cut to the first rowsToProcess rows. A row's figures depend only
 * on the set, its day and its cut: more products or days add rows and never change the others.
 */
export function demoRows(demoSet: DemoSet, f: DemoFilters, today: string): DemoRow[] {
  const rows: DemoRow[] = [];
  const limit = f.rowsToProcess ?? Infinity;
  for (let day = 1; day <= f.maxDays && rows.length < limit; day++) {
    const productionDate = addDays(today, day - 1 - f.maxDays);
    const dayRng = seeded(demoSet.id * 1_000_003 + day);
    const head = Math.max(1, Math.round(demoSet.headPerDay * (0.8 + 0.4 * dayRng.next())));
    for (let k = 0; k < f.productsPerDay && rows.length < limit; k++) {
      const rng = seeded(demoSet.id * 7_919 + day * 104_729 + k);
      const netKg = Math.round(head * demoSet.kgPerHead * (0.6 + 0.8 * rng.next()) * 10) / 10;
      rows.push({
        setId: demoSet.id,
        day,
        productionDate,
        cutId: f.cutId + k,
        head,
        cartons: Math.max(1, Math.ceil(netKg / CARTON_KG)),
        netKg,
      });
    }
  }
  return rows;
}

/** Where an organisation's demo mark is kept: a tenant setting only super users write (not on the Settings page). */
export const DEMO_MARK_SETTING = "demoDataMark";
export const DEMO_MARKS = { demo: "Demo organisation", test: "Test organisation" } as const;
export type DemoMark = keyof typeof DEMO_MARKS;

/**
 * Why a purge is refused (null: allowed). Both must hold: the environment lets demo data be purged
 * (DEMO_DATA_PURGE=allowed) and the organisation is marked demo or test.
 */
export function purgeRefusal(environmentAllows: boolean, mark: DemoMark | null): string | null {
  if (!environmentAllows) {
    return "This environment does not allow demo data to be purged: choose Append or Update.";
  }
  if (!mark) {
    return "Only an organisation marked demo or test can be purged: mark it first, or choose Append or Update.";
  }
  return null;
}

/** What "Process test orders" did, in words (en-AU numbers; the day as written, yyyy-MM-dd → d Mmm). */
export function testOrdersWords(
  tenantName: string,
  date: string,
  steps: { speciesName: string; siteName: string; carcasses: number; completedOrders: number }[],
): string {
  const day = new Date(`${date}T00:00:00Z`).toLocaleDateString("en-AU", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  });
  if (!steps.length) return `Nothing waited at ${tenantName}'s kill floor on ${day}.`;
  const carcasses = steps.reduce((n, s) => n + s.carcasses, 0);
  const orders = steps.reduce((n, s) => n + s.completedOrders, 0);
  const where = steps.map((s) => `${s.speciesName.toLowerCase()} at ${s.siteName}`).join(", ");
  return `${carcasses.toLocaleString("en-AU")} carcass${carcasses === 1 ? "" : "es"} killed on ${day} ` +
    `(${where}); ${orders.toLocaleString("en-AU")} order${orders === 1 ? "" : "s"} now complete.`;
}
