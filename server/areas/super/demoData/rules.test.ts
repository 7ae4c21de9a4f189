import { describe, expect, it } from "vitest";
import {
  DEMO_SET_MAX,
  DEMO_SET_MIN,
  DEMO_SETS,
  demoRows,
  demoSetById,
  filterProblems,
  isDemoOption,
  purgeRefusal,
  setIdProblem,
  testOrdersWords,
} from "./rules.ts";

const FILTERS = { productsPerDay: 3, maxDays: 4, cutId: 10 };

describe("demo data options and set ids", () => {
  it("takes options 1, 2 and 3 only", () => {
    expect([1, 2, 3].every(isDemoOption)).toBe(true);
    expect([0, 4, "3", null, 2.5].some(isDemoOption)).toBe(false);
  });

  it("takes every catalogue id, each with a description, and refuses the rest in words", () => {
    for (const s of DEMO_SETS) {
      expect(setIdProblem(s.id)).toBeNull();
      expect(s.description.length).toBeGreaterThan(10);
      expect(s.id).toBeGreaterThanOrEqual(DEMO_SET_MIN);
      expect(s.id).toBeLessThanOrEqual(DEMO_SET_MAX);
    }
    expect(setIdProblem(99)).toBe("A demo data set id is between 100 and 903.");
    expect(setIdProblem(904)).toBe("A demo data set id is between 100 and 903.");
    expect(setIdProblem(150)).toBe("There is no demo data set 150: choose one from the list.");
    expect(new Set(DEMO_SETS.map((s) => s.group)).size).toBe(5);
  });
});

describe("demo data filters", () => {
  it("needs each filter at least 1; rows to process may be empty (all rows)", () => {
    expect(filterProblems({ ...FILTERS, rowsToProcess: null })).toEqual({});
    expect(filterProblems({ productsPerDay: 0, maxDays: 1.5, cutId: -1, rowsToProcess: 0 })).toEqual({
      productsPerDay: "Products per day is a whole number from 1 to 50.",
      maxDays: "Max days is a whole number from 1 to 60.",
      cutId: "Cut id is a whole number from 1 to 99,999.",
      rowsToProcess: "Rows to process is a whole number from 1 to 3,000.",
    });
  });
});

describe("demo rows", () => {
  const set = demoSetById(200)!;

  it("makes products per day × max days rows ending yesterday, cut ids from the cut id up", () => {
    const rows = demoRows(set, FILTERS, "2026-12-02");
    expect(rows).toHaveLength(12);
    expect(rows[0]).toMatchObject({ day: 1, productionDate: "2026-11-28", cutId: 10 });
    expect(rows[11]).toMatchObject({ day: 4, productionDate: "2026-12-01", cutId: 12 });
    expect(rows.every((r) => r.head > 0 && r.cartons > 0 && r.netKg > 0)).toBe(true);
  });

  it("gives the same rows for the same set, and a row's figures do not depend on the other filters", () => {
    expect(demoRows(set, FILTERS, "2026-12-02")).toEqual(demoRows(set, FILTERS, "2026-12-02"));
    const wider = demoRows(set, { ...FILTERS, productsPerDay: 5 }, "2026-12-02");
    const first = demoRows(set, FILTERS, "2026-12-02")[0];
    expect(wider[0]).toEqual(first);
    expect(demoRows(demoSetById(201)!, FILTERS, "2026-12-02")[0].head).not.toBe(first.head);
  });

  it("stops at rows to process", () => {
    expect(demoRows(set, { ...FILTERS, rowsToProcess: 5 }, "2026-12-02")).toHaveLength(5);
  });
});

describe("purge", () => {
  it("needs the environment's leave and a demo or test mark", () => {
    expect(purgeRefusal(true, "demo")).toBeNull();
    expect(purgeRefusal(true, "test")).toBeNull();
    expect(purgeRefusal(false, "demo")).toMatch(/environment does not allow/);
    expect(purgeRefusal(true, null)).toMatch(/Only an organisation marked demo or test/);
  });
});

describe("process test orders, in words", () => {
  it("counts the carcasses and the orders now complete, naming each kill floor", () => {
    const steps = [
      { speciesName: "Sheep", siteName: "Main", carcasses: 1_200, completedOrders: 3 },
      { speciesName: "Beef", siteName: "Main", carcasses: 1, completedOrders: 1 },
    ];
    expect(testOrdersWords("Demo", "2026-12-02", steps)).toBe(
      "1,201 carcasses killed on 2 Dec 2026 (sheep at Main, beef at Main); 4 orders now complete.",
    );
    expect(testOrdersWords("Demo", "2026-12-02", [])).toBe(
      "Nothing waited at Demo's kill floor on 2 Dec 2026.",
    );
  });
});
