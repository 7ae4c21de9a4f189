import { describe, expect, test } from "vitest";
import { changedCounts, RANGE_HINT, rangeDays, rangeProblem, runningWords } from "./rules.ts";

describe("the reprocess range (1 to 21 days, counted inclusively)", () => {
  test("a single day is 1 day and allowed", () => {
    expect(rangeDays("2026-12-02", "2026-12-02")).toBe(1);
    expect(rangeProblem("2026-12-02", "2026-12-02")).toBeNull();
  });

  test("21 days is allowed, 22 is not", () => {
    expect(rangeDays("2026-11-01", "2026-11-21")).toBe(21);
    expect(rangeProblem("2026-11-01", "2026-11-21")).toBeNull();
    expect(rangeProblem("2026-11-01", "2026-11-22")).toBe("22 day range not allowed");
    expect(RANGE_HINT).toBe("(21 days is max)");
  });

  test("to before from, or a missing or impossible date, is an invalid range", () => {
    expect(rangeProblem("2026-12-02", "2026-12-01")).toBe("invalid range");
    expect(rangeProblem("2026-12-02", undefined)).toBe("invalid range");
    expect(rangeProblem("2026-02-30", "2026-03-01")).toBe("invalid range");
  });
});

test("counts that changed since they were counted are named", () => {
  const a = { allocations: 3, summaries: 10, carcasses: 300, products: 40 };
  expect(changedCounts(a, { ...a })).toEqual([]);
  expect(changedCounts(a, { ...a, products: 41 })).toEqual(["products"]);
});

test("a refused run names who runs it, since when, and whether on another server", () => {
  const words = runningWords({
    holderName: "Tess Tester",
    tenantName: "Demo Processor",
    speciesName: "Sheep",
    since: "28 Nov 2026, 4:03 pm",
    elsewhere: true,
  });
  expect(words).toBe(
    "Tess Tester has been reprocessing Demo Processor's sheep since 28 Nov 2026, 4:03 pm on another server: " +
      "wait for it to end, then count again.",
  );
  expect(runningWords({ holderName: "", tenantName: "A", speciesName: "Beef", since: "x", elsewhere: false }))
    .toBe("Someone has been reprocessing A's beef since x: wait for it to end, then count again.");
});
