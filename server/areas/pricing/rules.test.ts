/**
 * Pure pricing rules: pricing options and labels (spec 2 §5), periods, the cell matrix and its text
 * form (rules.ts and the modules beside it).
 */
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { bestPriceFor, gridFor, gridsOf, type GroupForPricing, pricingOptions } from "./rules.ts";
import { isWithinPeriod, nextGroupName, nextPeriod, periodStatus } from "./periods.ts";
import { formatPeriod, pricingLabel } from "./labels.ts";
import { derivedBestPrice, gridCellProblems, type GridCells } from "./cells.ts";
import { gridToText, parseGridText } from "./gridText.ts";

const LAMB = 11, MUTTON = 13, STEER = 23;

function group(over: Partial<GroupForPricing> & { id: number }): GroupForPricing {
  return {
    name: `Group ${over.id}`,
    speciesId: 1,
    startDate: "2026-11-01",
    endDate: "2026-11-30",
    isServiceKill: false,
    isDefaultGroup: false,
    grids: [{ speciesCategoryId: LAMB, bestPrice: 9.4, priority: 1 }],
    ...over,
  } as GroupForPricing;
}

const order = (over: Partial<Parameters<typeof pricingOptions>[0]> = {}) => ({
  speciesId: 1,
  speciesCategoryId: LAMB as number | null,
  deliveryDate: "2026-11-10" as string | null,
  productionDate: null as string | null,
  ...over,
});

describe("isWithinPeriod", () => {
  const nov = { startDate: "2026-11-01", endDate: "2026-11-30" };
  it("includes the start day and the end day, and nothing outside", () => {
    expect(isWithinPeriod(nov, "2026-11-01")).toBe(true);
    expect(isWithinPeriod(nov, "2026-11-30")).toBe(true);
    expect(isWithinPeriod(nov, "2026-10-31")).toBe(false);
    expect(isWithinPeriod(nov, "2026-12-01")).toBe(false);
  });
  it("a null end means onwards; a missing date is never within", () => {
    expect(isWithinPeriod({ startDate: "2026-11-01", endDate: null }, "2099-01-01")).toBe(true);
    expect(isWithinPeriod({ startDate: "2026-11-01", endDate: null }, "2026-10-31")).toBe(false);
    expect(isWithinPeriod(nov, null)).toBe(false);
    expect(isWithinPeriod(nov, "")).toBe(false);
  });
});

describe("pricingOptions (spec 2 §5)", () => {
  it("offers a group on its first and last day, not the day before or after", () => {
    const groups = [group({ id: 1 })];
    expect(pricingOptions(order({ deliveryDate: "2026-11-01" }), groups).map((o) => o.id)).toEqual([1]);
    expect(pricingOptions(order({ deliveryDate: "2026-11-30" }), groups).map((o) => o.id)).toEqual([1]);
    expect(pricingOptions(order({ deliveryDate: "2026-10-31" }), groups)).toEqual([]);
    expect(pricingOptions(order({ deliveryDate: "2026-12-01" }), groups)).toEqual([]);
  });

  it("a null end date is onwards", () => {
    const groups = [group({ id: 1, endDate: null })];
    expect(pricingOptions(order({ deliveryDate: "2030-06-01" }), groups)).toEqual([
      { id: 1, label: "Group 1, from 1 Nov 2026: $9.40", disabled: false },
    ]);
  });

  it("the production date alone is enough", () => {
    const groups = [group({ id: 1, startDate: "2026-12-01", endDate: "2026-12-31" })];
    const o = order({ deliveryDate: "2026-11-29", productionDate: "2026-12-01" });
    expect(pricingOptions(o, groups)).toEqual([
      { id: 1, label: "Group 1, 1 Dec 2026 – 31 Dec 2026: $9.40", disabled: false },
    ]);
    expect(pricingOptions(order({ deliveryDate: null, productionDate: "2026-12-05" }), groups)).toHaveLength(
      1,
    );
    expect(pricingOptions(order({ deliveryDate: null, productionDate: null }), groups)).toEqual([]);
  });

  it("without a grid for the category: disabled when valid on the delivery date", () => {
    const noMutton = group({ id: 1 });
    expect(pricingOptions(order({ speciesCategoryId: MUTTON }), [noMutton])).toEqual([
      { id: 1, label: "Group 1, 1 Nov 2026 – 30 Nov 2026", disabled: true },
    ]);
  });

  it("without a grid for the category and valid only on the production date: not offered", () => {
    const december = group({ id: 1, startDate: "2026-12-01", endDate: "2026-12-31" });
    const o = order({ speciesCategoryId: MUTTON, deliveryDate: "2026-11-30", productionDate: "2026-12-01" });
    expect(pricingOptions(o, [december])).toEqual([]);
  });

  it("a group with no grids at all is disabled on its delivery date", () => {
    expect(pricingOptions(order(), [group({ id: 1, grids: [] })])).toEqual([
      { id: 1, label: "Group 1, 1 Nov 2026 – 30 Nov 2026", disabled: true },
    ]);
  });

  it("an order without a category: enabled when the group has any grid, with no price in the label", () => {
    expect(
      pricingOptions(order({ speciesCategoryId: null }), [group({ id: 1 }), group({ id: 2, grids: [] })]),
    )
      .toEqual([
        { id: 1, label: "Group 1, 1 Nov 2026 – 30 Nov 2026", disabled: false },
        { id: 2, label: "Group 2, 1 Nov 2026 – 30 Nov 2026", disabled: true },
      ]);
  });

  it("default groups are never offered; other species never", () => {
    const groups = [
      group({ id: 1, isDefaultGroup: true, endDate: null, startDate: "2026-01-01" }),
      group({ id: 2, speciesId: 2, grids: [{ speciesCategoryId: STEER, bestPrice: 7, priority: 1 }] }),
      group({ id: 3 }),
    ];
    expect(pricingOptions(order(), groups).map((o) => o.id)).toEqual([3]);
  });

  it("orders enabled first, then the latest start, then by name", () => {
    const groups = [
      group({ id: 1, name: "Spring contract", startDate: "2026-09-01", endDate: null }),
      group({ id: 2, name: "November", startDate: "2026-11-01" }),
      group({ id: 3, name: "Mutton only", startDate: "2026-11-05", grids: [] }),
      group({ id: 4, name: "Alpha November", startDate: "2026-11-01" }),
    ];
    expect(pricingOptions(order(), groups).map((o) => [o.id, o.disabled])).toEqual([
      [4, false],
      [2, false],
      [1, false],
      [3, true],
    ]);
  });

  it("takes the API's shape (pricingGrids) as well as grids", () => {
    const api = {
      ...group({ id: 7 }),
      grids: undefined,
      pricingGrids: [{ speciesCategoryId: LAMB, bestPrice: 8.8, priority: 1, reference: "LAMB" }],
    };
    delete (api as Record<string, unknown>).grids;
    expect(pricingOptions(order(), [api as GroupForPricing])).toEqual([
      { id: 7, label: "Group 7, 1 Nov 2026 – 30 Nov 2026: $8.80", disabled: false },
    ]);
  });

  it("a service kill group is offered without a price", () => {
    const sk = group({ id: 1, name: "Service kill", isServiceKill: true });
    expect(pricingOptions(order(), [sk])).toEqual([
      { id: 1, label: "Service kill, 1 Nov 2026 – 30 Nov 2026", disabled: false },
    ]);
  });
});

describe("best price of a group for an order", () => {
  const g = group({
    id: 1,
    grids: [
      { speciesCategoryId: LAMB, bestPrice: 9.1, priority: 3 },
      { speciesCategoryId: MUTTON, bestPrice: 5.6, priority: 1 },
      { speciesCategoryId: LAMB, bestPrice: 8.75, priority: 2 },
    ],
  });
  it("is the lowest-priority-number grid's for the category, not the highest price", () => {
    expect(bestPriceFor(g, LAMB)).toBe(8.75);
    expect(bestPriceFor(g, MUTTON)).toBe(5.6);
    expect(gridFor(gridsOf(g), LAMB)?.priority).toBe(2);
  });
  it("is null without a category or without a grid for it", () => {
    expect(bestPriceFor(g, null)).toBeNull();
    expect(bestPriceFor(g, 12)).toBeNull();
  });
});

describe("pricingLabel", () => {
  const nov = {
    name: "November lambs",
    startDate: "2026-11-01",
    endDate: "2026-11-30",
    isServiceKill: false,
  };
  it("reads name, period: $price with two decimals", () => {
    expect(pricingLabel(nov, 9.2)).toBe("November lambs, 1 Nov 2026 – 30 Nov 2026: $9.20");
    expect(pricingLabel(nov, 8.455)).toBe("November lambs, 1 Nov 2026 – 30 Nov 2026: $8.46");
    expect(pricingLabel(nov, 0)).toBe("November lambs, 1 Nov 2026 – 30 Nov 2026: $0.00");
  });
  it("says from … for an open end", () => {
    expect(pricingLabel({ ...nov, endDate: null }, 10)).toBe("November lambs, from 1 Nov 2026: $10.00");
  });
  it("leaves the price out for a service kill and when there is no best price", () => {
    expect(pricingLabel({ ...nov, isServiceKill: true }, 9.2)).toBe(
      "November lambs, 1 Nov 2026 – 30 Nov 2026",
    );
    expect(pricingLabel(nov, null)).toBe("November lambs, 1 Nov 2026 – 30 Nov 2026");
    expect(pricingLabel(nov, undefined)).toBe("November lambs, 1 Nov 2026 – 30 Nov 2026");
  });
});

describe("periods", () => {
  it("status on a day: upcoming before the start, past after the end, current between", () => {
    const nov = { startDate: "2026-11-01", endDate: "2026-11-30" };
    expect(periodStatus(nov, "2026-10-31")).toBe("upcoming");
    expect(periodStatus(nov, "2026-11-01")).toBe("current");
    expect(periodStatus(nov, "2026-11-30")).toBe("current");
    expect(periodStatus(nov, "2026-12-01")).toBe("past");
    expect(periodStatus({ startDate: "2020-01-01", endDate: null }, "2099-01-01")).toBe("current");
  });

  it("formats a period", () => {
    expect(formatPeriod({ startDate: "2027-02-01", endDate: "2027-02-28" })).toBe("1 Feb 2027 – 28 Feb 2027");
    expect(formatPeriod({ startDate: "2027-02-01", endDate: null })).toBe("from 1 Feb 2027");
  });

  it("the next period of a copy: whole months follow as whole months, others keep their length", () => {
    expect(nextPeriod({ startDate: "2026-11-01", endDate: "2026-11-30" }, "2026-11-15"))
      .toEqual({ startDate: "2026-12-01", endDate: "2026-12-31" });
    expect(nextPeriod({ startDate: "2027-01-01", endDate: "2027-01-31" }, "x"))
      .toEqual({ startDate: "2027-02-01", endDate: "2027-02-28" });
    expect(nextPeriod({ startDate: "2026-10-01", endDate: "2026-12-31" }, "x")) // a quarter
      .toEqual({ startDate: "2027-01-01", endDate: "2027-03-31" });
    expect(nextPeriod({ startDate: "2026-11-02", endDate: "2026-11-15" }, "x"))
      .toEqual({ startDate: "2026-11-16", endDate: "2026-11-29" });
    expect(nextPeriod({ startDate: "2026-01-01", endDate: null }, "2026-11-20"))
      .toEqual({ startDate: "2026-11-20", endDate: null });
  });

  it("the name of a copy follows the month when it names one", () => {
    expect(nextGroupName("Lamb November 2026", "2026-11-01", "2026-12-01")).toBe("Lamb December 2026");
    expect(nextGroupName("Spring contract", "2026-09-01", "2026-12-01")).toBe("Spring contract (copy)");
  });
});

const cells = (over: Partial<GridCells> = {}): GridCells => ({
  weightBands: [{ fromKg: 0, toKg: 16 }, { fromKg: 16.1, toKg: 18 }, { fromKg: 18.1, toKg: null }],
  fatScores: [1, 2, 3],
  prices: [[null, 780, 800], [820, 880, 900], [800, 860, null]],
  ...over,
});

describe("gridCellProblems", () => {
  it("accepts ascending, separate bands with an open last band, and null cells", () => {
    expect(gridCellProblems(cells())).toEqual([]);
  });

  it("refuses overlapping, touching or descending bands", () => {
    const overlap = gridCellProblems(cells({
      weightBands: [{ fromKg: 0, toKg: 16 }, { fromKg: 16, toKg: 18 }, { fromKg: 18.1, toKg: null }],
    }));
    expect(overlap.map((p) => p.path.join("."))).toEqual(["weightBands.1.fromKg"]);
    const descending = gridCellProblems(cells({
      weightBands: [{ fromKg: 18.1, toKg: 20 }, { fromKg: 0, toKg: 16 }, { fromKg: 20.1, toKg: null }],
    }));
    expect(descending.map((p) => p.path.join("."))).toEqual(["weightBands.1.fromKg"]);
    const inverted = gridCellProblems(cells({
      weightBands: [{ fromKg: 0, toKg: 16 }, { fromKg: 18, toKg: 17 }, { fromKg: 20, toKg: null }],
    }));
    expect(inverted.map((p) => p.path.join("."))).toContain("weightBands.1.toKg");
  });

  it("only the last band may be open-ended", () => {
    const problems = gridCellProblems(cells({
      weightBands: [{ fromKg: 0, toKg: null }, { fromKg: 16.1, toKg: 18 }, { fromKg: 18.1, toKg: null }],
    }));
    expect(problems.map((p) => p.path.join("."))).toEqual(["weightBands.0.toKg", "weightBands.1.fromKg"]);
  });

  it("refuses negative prices, repeated or fractional fat scores and ragged rows", () => {
    expect(
      gridCellProblems(cells({ prices: [[null, -1, 800], [1, 2, 3], [1, 2, 3]] }))
        .map((p) => p.path.join(".")),
    ).toEqual(["prices.0.1"]);
    expect(gridCellProblems(cells({ fatScores: [1, 1, 2.5] })).map((p) => p.path.join("."))).toEqual([
      "fatScores.1",
      "fatScores.2",
    ]);
    expect(gridCellProblems(cells({ prices: [[1, 2], [1, 2, 3], [1, 2, 3]] })).map((p) => p.path.join(".")))
      .toEqual(["prices.0"]);
    expect(gridCellProblems(cells({ prices: [[1, 2, 3]] })).map((p) => p.path.join("."))).toEqual(["prices"]);
    expect(gridCellProblems({ weightBands: [], fatScores: [], prices: [] }).map((p) => p.path.join(".")))
      .toEqual(["weightBands", "fatScores"]);
  });
});

describe("best price from the cells", () => {
  it("is the highest cell in $/kg", () => {
    expect(derivedBestPrice(cells(), 1)).toBe(9);
    expect(
      derivedBestPrice(
        cells({ prices: [[845.5, null, null], [null, null, null], [null, null, null]] }),
        null,
      ),
    )
      .toBe(8.455);
  });
  it("falls back to the given best price without cells or without any price in them", () => {
    expect(derivedBestPrice(null, 7.25)).toBe(7.25);
    expect(
      derivedBestPrice(cells({ prices: [[null, null, null], [null, null, null], [null, null, null]] }), 7.25),
    )
      .toBe(7.25);
    expect(derivedBestPrice(null, null)).toBeNull();
  });
});

describe("the text form of a matrix", () => {
  it("reads a spreadsheet paste (tabs, trailing empty cells dropped) as the matrix", () => {
    const pasted = "HSCW kg\t1\t2\t3\n0-16\t\t780\t800\n16.1-18\t820\t880\t900\n18.1+\t800\t860\n";
    expect(parseGridText(pasted)).toEqual({ ok: true, cells: cells() });
  });

  it("reads typed commas, FS labels, en dashes, kg and c suffixes, and blank lines", () => {
    const typed =
      "kg, FS1, FS2, Fat 3\n\n0–16 kg, -, 780c, 800\n16.1 to 18, 820, 880, 900\n18.1 and over, 800, 860, n/a";
    expect(parseGridText(typed)).toEqual({ ok: true, cells: cells() });
  });

  it("reads a header with no label cell", () => {
    expect(parseGridText("1 2 3\n0-16 - 780 800\n16.1-18 820 880 900\n18.1+ 800 860 -"))
      .toEqual({ ok: true, cells: cells() });
  });

  it("round-trips through gridToText", () => {
    expect(gridToText(cells())).toBe(
      "kg\t1\t2\t3\n0-16\t-\t780\t800\n16.1-18\t820\t880\t900\n18.1+\t800\t860\t-",
    );
    expect(parseGridText(gridToText(cells()))).toEqual({ ok: true, cells: cells() });
  });

  it("says what is wrong, line by line", () => {
    const bad = parseGridText("kg,1,2\n0-16,800,$8.20\nheavy,1,2\n16-18,1,2,3\n18-20,abc,1");
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.errors).toEqual([
      "Line 2: “$8.20”: prices are cents per kg (800 = $8.00/kg), without $.",
      "Line 3: “heavy” is not a weight band (write 16.1-18, or 28.1+ for the last).",
      "Line 4: 3 prices for 2 fat scores.",
      "Line 5: “abc” is not a price in cents per kg.",
    ]);
  });

  it("checks the matrix it read (overlapping bands) and needs a band line", () => {
    const overlap = parseGridText("kg,1\n0-16,800\n16-18,820");
    expect(overlap.ok).toBe(false);
    expect(!overlap.ok && overlap.errors[0]).toMatch(/Band 16–18 must start above the band before \(0–16\)/);
    expect(parseGridText("kg,1,2").ok).toBe(false);
    expect(!parseGridText("kg,x\n0-16,1").ok).toBe(true);
  });
});

/** The modules the order form and grid editor islands bundle: rules.ts and what it imports. */
const PURE_MODULES = ["rules.ts", "periods.ts", "labels.ts", "cells.ts", "gridText.ts"];
const sourceOf = (name: string) => readFileSync(fileURLToPath(new URL(`./${name}`, import.meta.url)), "utf8");
/** What a module imports or re-exports from, e.g. "./cells.ts". */
const specifiersOf = (text: string) =>
  [...text.matchAll(/^\s*(?:import|export)\b[^;]*?\bfrom\s+"([^"]+)"/gm)].map((m) => m[1]);

describe("rules.ts stays browser-safe", () => {
  it.each(PURE_MODULES)("%s imports nothing but the other pure modules (the islands bundle them)", (name) => {
    const text = sourceOf(name);
    for (const specifier of specifiersOf(text)) {
      // the area's own pure modules, or the shared pure kernel's money and calendar
      expect([...PURE_MODULES.map((m) => `./${m}`), "../../../kernel/money.ts", "../../../kernel/dates.ts"])
        .toContain(specifier);
    }
    expect(text).not.toMatch(/^\s*import\s+["']/m);
    expect(text).not.toMatch(/\bimport\(/);
    expect(text).not.toMatch(/\bDeno\.|\bfetch\(|\bprocess\./);
  });

  it("those are exactly the modules rules.ts pulls in", () => {
    const seen = new Set<string>();
    const visit = (name: string) => {
      if (seen.has(name)) return;
      seen.add(name);
      for (const specifier of specifiersOf(sourceOf(name))) {
        if (specifier.startsWith("./")) visit(specifier.slice(2));
      }
    };
    visit("rules.ts");
    expect([...seen].sort()).toEqual([...PURE_MODULES].sort());
  });
});
