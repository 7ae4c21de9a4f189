import { describe, expect, test } from "vitest";
import {
  countProblems,
  gradeLabel,
  pageStart,
  priceTiming,
  skinPriceProblems,
  skinValue,
  skinWord,
} from "./rules.ts";

describe("skin paging (spec 2 §4)", () => {
  test("a start within the total is kept", () => {
    expect(pageStart(0, 50, 120)).toBe(0);
    expect(pageStart(100, 50, 120)).toBe(100);
  });
  test("a start that passes the total steps back one page", () => {
    expect(pageStart(50, 50, 50)).toBe(0); // the last row of the second page was counted
    expect(pageStart(100, 50, 99)).toBe(50);
    expect(pageStart(120, 50, 120)).toBe(70);
  });
  test("a start far past the end lands on the last page; an empty list starts at 0", () => {
    expect(pageStart(500, 50, 120)).toBe(100);
    expect(pageStart(40, 50, 0)).toBe(0);
    expect(pageStart(-5, 50, 10)).toBe(0);
  });
});

describe("skin prices", () => {
  test("a price must stop after it starts and price at least one grade", () => {
    expect(
      skinPriceProblems({
        startDate: "2026-07-01",
        archivedDate: null,
        grades: [{ grade: "1", centsPerPiece: 450 }],
      }),
    )
      .toEqual([]);
    expect(
      skinPriceProblems({
        startDate: "2026-07-01",
        archivedDate: "2026-07-01",
        grades: [{ grade: "1", centsPerPiece: 1 }],
      }),
    )
      .toEqual([{ field: "archivedDate", message: "The price must stop after the day it starts." }]);
    expect(
      skinPriceProblems({
        startDate: "2026-07-01",
        archivedDate: null,
        grades: [{ grade: "reject", centsPerPiece: 0 }],
      }),
    )
      .toEqual([{ field: "grades.0", message: "Enter a price for at least one grade." }]);
  });
  test("timing: upcoming before its start, archived from its archived date", () => {
    expect(priceTiming({ startDate: "2026-07-01", archivedDate: null }, "2026-06-30")).toBe("future");
    expect(priceTiming({ startDate: "2026-07-01", archivedDate: null }, "2026-07-01")).toBe("current");
    expect(priceTiming({ startDate: "2026-07-01", archivedDate: "2026-08-01" }, "2026-07-31")).toBe(
      "current",
    );
    expect(priceTiming({ startDate: "2026-07-01", archivedDate: "2026-08-01" }, "2026-08-01")).toBe(
      "archived",
    );
  });
  test("value: pieces × cents by grade; a counted grade without a price is named", () => {
    const grades = [{ grade: "1", centsPerPiece: 450 }, { grade: "2", centsPerPiece: 300 }];
    expect(skinValue({ "1": 4, "2": 2 }, grades)).toEqual({ cents: 2400, unpriced: [] });
    expect(skinValue({ "1": 1, reject: 2, "3": 0 }, grades)).toEqual({ cents: 450, unpriced: ["reject"] });
    expect(skinValue({ "1": 1 }, null)).toEqual({ cents: 0, unpriced: ["1"] });
  });
});

describe("skin counts", () => {
  test("no more skins than head processed, in words", () => {
    expect(countProblems({ "1": 30, "2": 10 }, 40)).toBeNull();
    expect(countProblems({ "1": 30, "2": 11 }, 40, "hides")).toBe(
      "41 hides counted but 40 head were processed that day.",
    );
  });
  test("words: cattle have hides, grades read as people say them", () => {
    expect(skinWord(2)).toBe("hides");
    expect(skinWord(1)).toBe("skins");
    expect(gradeLabel("reject")).toBe("Reject");
    expect(gradeLabel("2")).toBe("Grade 2");
  });
});
