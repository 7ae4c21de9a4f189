import { describe, expect, it } from "vitest";
import {
  averageOf,
  centsPerHead,
  centsPerKg,
  complianceBySupplier,
  percentOf,
  periodOf,
  regionOf,
  sortOf,
  sortRows,
  volumeWeeks,
  weekOf,
  weeksOf,
} from "./rules.ts";

const GRID = {
  weightBands: [{ fromKg: 18, toKg: 22 }, { fromKg: 22.1, toKg: 26 }],
  fatScores: [2, 3],
  prices: [[500, 510], [520, null]],
};

describe("the period", () => {
  it("weeks start on Monday; the default is this week and the eleven before it, to today", () => {
    expect(weekOf("2026-12-02")).toBe("2026-11-30"); // a Wednesday
    expect(weekOf("2026-12-06")).toBe("2026-11-30"); // the Sunday after
    expect(periodOf("2026-12-02")).toEqual({ fromDate: "2026-09-14", toDate: "2026-12-02" });
    expect(periodOf("2026-12-02", "2026-11-01", "2026-11-30")).toEqual({
      fromDate: "2026-11-01",
      toDate: "2026-11-30",
    });
    expect(weeksOf("2026-11-04", "2026-11-16")).toEqual(["2026-11-02", "2026-11-09", "2026-11-16"]);
  });
});

describe("rates and averages", () => {
  it("one decimal, null over nothing; cents per head whole, per kg to a tenth", () => {
    expect(percentOf(2, 48)).toBe(4.2);
    expect(percentOf(1, 0)).toBe(null);
    expect(averageOf(96.55, 4)).toBe(24.1);
    expect(averageOf(1, 0)).toBe(null);
    expect(centsPerHead(70_000, 7)).toBe(10_000);
    expect(centsPerHead(5, 0)).toBe(null);
    expect(centsPerKg(70_000, 133.55)).toBe(524.1);
    expect(centsPerKg(1, 0)).toBe(null);
  });
});

describe("weekly volume against targets", () => {
  it("sums each week's target over the days inside the period", () => {
    const weeks = volumeWeeks({
      fromDate: "2019-03-06",
      toDate: "2019-03-13",
      speciesIds: [1],
      sums: [{ speciesId: 1, week: "2019-03-04", bought: 100, delivered: 99, processed: 98 }],
      targets: [{
        speciesId: 1,
        tenantSiteId: null,
        daysOperatingPerWeek: 5,
        weeklyTarget: 500,
        startDate: "2019-01-01",
        endDate: null,
        weekDaysSelected: [true, true, true, true, true, false, false],
      }],
    }).get(1)!;
    // Wednesday to Friday of the first week, Monday to Wednesday of the second
    expect(weeks).toEqual([
      { week: "2019-03-04", bought: 100, delivered: 99, processed: 98, target: 300 },
      { week: "2019-03-11", bought: 0, delivered: 0, processed: 0, target: 300 },
    ]);
  });
});

describe("grade-cell compliance", () => {
  const cell = (kg: number, fatScore: number | null, more = {}) => ({
    supplierId: 1,
    speciesId: 1,
    cells: GRID,
    kg,
    fatScore,
    fatDepthMm: null,
    count: 1,
    ...more,
  });
  it("a carcass complies in a priced cell; a blank cell, off the grid or condemned does not", () => {
    const result = complianceBySupplier([
      cell(20, 2), // priced
      cell(22, 2), // 22.0 stays in the first band
      cell(24.5, 3), // blank cell
      cell(30, 2), // over the grid
      cell(0, 2), // condemned whole
      cell(20, null), // no fat: not graded
      cell(20, 2, { cells: null }), // no grid: not graded
      cell(20, null, { fatDepthMm: 7, speciesId: 1 }), // fat depth 7 mm reads as score 2 for sheep
    ]);
    expect(result.get(1)).toEqual({ graded: 6, compliant: 3 });
  });
});

describe("regions and sorting", () => {
  it("a supplier's region is its town, else its place name without the state", () => {
    expect(regionOf({ city: "Hay", location: "", state: "NSW" })).toBe("Hay");
    expect(regionOf({ city: "", location: "Wagga Wagga NSW", state: "NSW" })).toBe("Wagga Wagga");
    expect(regionOf({ city: " ", location: "", state: "" })).toBe("No town");
  });
  it("sorts by a known key either way, nulls last; unknown keys fall back", () => {
    expect(sortOf("-state", ["state", "killed"] as const, "killed")).toEqual({
      key: "state",
      descending: true,
    });
    expect(sortOf("nonsense", ["state", "killed"] as const, "-killed")).toEqual({
      key: "killed",
      descending: true,
    });
    const rows = [{ v: 2 }, { v: null }, { v: 5 }];
    expect(sortRows(rows, (r) => r.v, false).map((r) => r.v)).toEqual([2, 5, null]);
    expect(sortRows(rows, (r) => r.v, true).map((r) => r.v)).toEqual([5, 2, null]);
  });
});
