/**
 * Demo pricing grid groups for a processor buying sheep and cattle: for each species last month's,
 * this month's and next month's grids, a standing default group, and a beef service-kill group.
 * Prices are cents per kg hot standard carcass weight, shaped as real grids are: a premium for the
 * weights and fat scores the plant's customers want, discounts for light, heavy, lean and over-fat
 * carcasses. Deterministic for a given `today`; does nothing when the tenant already has groups.
 */
import type { DemoTenant } from "../area.ts";
import { type GridCells, pricingGridGroups, pricingGrids } from "../../../db/tenant/schema.ts";
import { derivedBestPrice, GRADING_SHAPES, MONTH_NAMES } from "./rules.ts";

type Band = { fromKg: number; toKg: number | null };

const SHEEP_BANDS: Band[] = GRADING_SHAPES[1].weightBands;
const SHEEP_FAT = GRADING_SHAPES[1].fatScores;
const BEEF_BANDS: Band[] = GRADING_SHAPES[2].weightBands;
const BEEF_FAT = GRADING_SHAPES[2].fatScores;

/**
 * A matrix from a top price: each band and fat score takes a discount (c/kg) off it; null where the
 * plant does not buy (very light and lean, or very light and over-fat).
 */
function matrix(
  top: number,
  bands: Band[],
  fatScores: number[],
  bandDiscount: number[],
  fatDiscount: number[],
  notBought: (band: number, fat: number) => boolean,
): GridCells {
  return {
    weightBands: bands,
    fatScores,
    prices: bands.map((_, i) =>
      fatScores.map((_, j) => (notBought(i, j) ? null : Math.max(0, top - bandDiscount[i] - fatDiscount[j])))
    ),
  };
}

const sheepGrid = (top: number) =>
  matrix(
    top,
    SHEEP_BANDS,
    SHEEP_FAT,
    [220, 120, 40, 0, 0, 20, 60, 140],
    [90, 0, 0, 40, 130],
    (i, j) => i === 0 && (j === 0 || j === 4),
  );

const beefGrid = (top: number, heavyDiscount = 0) =>
  matrix(
    top,
    BEEF_BANDS,
    BEEF_FAT,
    [180, 110, 40, 0, 0, 20 + heavyDiscount, 60 + heavyDiscount],
    [120, 30, 0, 0, 40, 110],
    (i, j) => i === 0 && j >= 4,
  );

const GRIDS = {
  1: [
    { speciesCategoryId: 11, reference: "LAMB", top: 940, make: sheepGrid },
    { speciesCategoryId: 13, reference: "MUTTON", top: 560, make: sheepGrid },
  ],
  2: [
    { speciesCategoryId: 23, reference: "STEER-EU", top: 745, make: (t: number) => beefGrid(t) },
    { speciesCategoryId: 24, reference: "HEIFER-EU", top: 720, make: (t: number) => beefGrid(t, 20) },
    { speciesCategoryId: 25, reference: "COW", top: 625, make: (t: number) => beefGrid(t, 10) },
  ],
} as const;

/** The first and last day of the month `offset` months from `today`'s. */
function month(today: string, offset: number) {
  const [y, m] = today.split("-").map(Number);
  const first = new Date(Date.UTC(y, m - 1 + offset, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0));
  return {
    name: `${MONTH_NAMES[first.getUTCMonth()]} ${first.getUTCFullYear()}`,
    startDate: first.toISOString().slice(0, 10),
    endDate: last.toISOString().slice(0, 10),
  };
}

/** The demo data of a processor (a farm has none). */
export async function seedPricing(
  { db, today, category, history }: Pick<DemoTenant, "db" | "today" | "category" | "history">,
) {
  if (category !== "processor") return;
  if (await db.query.pricingGridGroups.findFirst({ columns: { id: true } })) return;
  const now = new Date().toISOString();
  // the standing grids start with the year, or, with a year of demo history, before it
  const yearStart = history === "year"
    ? `${Number(today.slice(0, 4)) - 1}-01-01`
    : `${today.slice(0, 4)}-01-01`;
  const species = [
    { id: 1 as const, label: "Lamb & sheep" },
    { id: 2 as const, label: "Cattle" },
  ];
  for (const s of species) {
    const periods = [
      // prices firm month on month: last month a little lower, next month a little higher
      { ...month(today, -1), step: -20, isDefaultGroup: false },
      { ...month(today, 0), step: 0, isDefaultGroup: false },
      { ...month(today, 1), step: 15, isDefaultGroup: false },
    ].map((p) => ({ ...p, name: `${s.label} ${p.name}` }));
    const groups = [
      ...periods,
      // the standing grid, used when an order names no group (never offered on orders)
      {
        name: `${s.label} standard grid`,
        startDate: yearStart,
        endDate: null,
        step: -60,
        isDefaultGroup: true,
      },
    ];
    for (const g of groups) {
      const [row] = await db.insert(pricingGridGroups).values({
        name: g.name,
        speciesId: s.id,
        startDate: g.startDate,
        endDate: g.endDate,
        isServiceKill: false,
        isDefaultGroup: g.isDefaultGroup,
        createdAt: now,
        lastModified: now,
      }).returning({ id: pricingGridGroups.id });
      await db.insert(pricingGrids).values(GRIDS[s.id].map((grid, i) => {
        const cells = grid.make(grid.top + g.step);
        return {
          pricingGridGroupId: row.id,
          speciesCategoryId: grid.speciesCategoryId,
          reference: grid.reference,
          bestPrice: derivedBestPrice(cells, null),
          priority: i + 1,
          cells,
          createdAt: now,
          lastModified: now,
        };
      }));
    }
  }
  // service kill: the owner keeps the meat and pays a kill fee, so the grids carry no purchase price
  const [serviceKill] = await db.insert(pricingGridGroups).values({
    name: "Cattle service kill",
    speciesId: 2,
    startDate: yearStart,
    endDate: null,
    isServiceKill: true,
    isDefaultGroup: false,
    createdAt: now,
    lastModified: now,
  }).returning({ id: pricingGridGroups.id });
  await db.insert(pricingGrids).values(GRIDS[2].map((grid, i) => ({
    pricingGridGroupId: serviceKill.id,
    speciesCategoryId: grid.speciesCategoryId,
    reference: `SK-${grid.reference}`,
    bestPrice: null,
    priority: i + 1,
    cells: null,
    createdAt: now,
    lastModified: now,
  })));
}
