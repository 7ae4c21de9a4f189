import { describe, expect, test } from "vitest";
import { mapToTarget, matchCategory, notUpcomingReason, upcomingPeriod } from "./rules.ts";

const beefSteer = { speciesId: 2, speciesName: "Beef", speciesCategoryId: 23 };
const processor = {
  name: "Riverina Beef",
  category: "processor",
  species: [{ id: 2, name: "Beef" }],
  speciesCategoryIds: [21, 23, 25],
};

describe("mapping a grid onto another organisation", () => {
  test("the same species and category map onto the target's own", () => {
    expect(mapToTarget(beefSteer, processor)).toEqual({
      mapping: [
        { what: "Species", from: "Beef", to: "Beef" },
        { what: "Category", from: "Steer", to: "Steer" },
      ],
      speciesCategoryId: 23,
      problems: [],
    });
  });

  test("a target without the species, or that does not buy the category, is refused in words", () => {
    const noBeef = mapToTarget(beefSteer, { ...processor, species: [{ id: 1, name: "Sheep" }] });
    expect(noBeef.problems).toEqual([
      "Riverina Beef does not process Beef: add the species to the organisation first.",
    ]);
    expect(noBeef.mapping[0].to).toBeNull();
    const noSteers = mapToTarget(beefSteer, { ...processor, speciesCategoryIds: [21, 25] });
    expect(noSteers.speciesCategoryId).toBeNull();
    expect(noSteers.problems[0]).toMatch(/^Riverina Beef does not buy Steer/);
  });

  test("a producer is no target", () => {
    expect(mapToTarget(beefSteer, { ...processor, category: "producer" }).problems[0])
      .toMatch(/is a producer/);
  });

  test("categories match by code, else by name within the species", () => {
    expect(matchCategory({ speciesId: 2, speciesCategoryId: 23 }, [23])).toBe(23);
    expect(matchCategory({ speciesId: 2, speciesCategoryId: 23 }, [24])).toBeNull();
  });
});

describe("the period a copy is offered", () => {
  const today = "2026-05-14";
  test("a source still to come keeps its period", () => {
    expect(upcomingPeriod({ startDate: "2026-06-01", endDate: "2026-06-30" }, today))
      .toEqual({ startDate: "2026-06-01", endDate: "2026-06-30" });
  });
  test("whole months stay whole months from next month; other lengths keep their days", () => {
    expect(upcomingPeriod({ startDate: "2026-05-01", endDate: "2026-05-31" }, today))
      .toEqual({ startDate: "2026-06-01", endDate: "2026-06-30" });
    expect(upcomingPeriod({ startDate: "2025-11-01", endDate: "2026-01-31" }, today))
      .toEqual({ startDate: "2026-06-01", endDate: "2026-08-31" });
    expect(upcomingPeriod({ startDate: "2026-05-04", endDate: "2026-05-17" }, today))
      .toEqual({ startDate: "2026-06-01", endDate: "2026-06-14" });
    expect(upcomingPeriod({ startDate: "2026-01-01", endDate: null }, "2026-12-20"))
      .toEqual({ startDate: "2027-01-01", endDate: null });
  });
  test("a copy's period must not have started", () => {
    expect(notUpcomingReason({ startDate: "2026-05-15" }, today)).toBeNull();
    expect(notUpcomingReason({ startDate: today }, today)).toMatch(/^Start it after today/);
  });
});
