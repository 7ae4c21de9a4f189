import { describe, expect, test } from "vitest";
import type { FeedbackCarcass } from "../../server/areas/invoices/document.ts";
import { feedbackColumns, feedbackSummary } from "./feedbackModel.ts";
import { linePages, LINES_PER_PAGE } from "./feedback.tsx";

const carcass = (over: Partial<FeedbackCarcass>): FeedbackCarcass => ({
  bodyNumber: 1,
  killSequence: 1,
  rfid: null,
  sex: "F",
  dentition: 2,
  hscwKg: 250,
  fatDepthMm: 10,
  fatScore: 3,
  gradeCode: null,
  msaIndex: null,
  msaMarbling: null,
  msaOssification: null,
  msaRibFatMm: null,
  msaUltimatePh: null,
  defects: [],
  condemned: "none",
  condemnedReason: null,
  skinGrade: "1",
  lineKey: "",
  pricePerUnitCents: 650,
  unitType: "kg",
  valueCents: 162_500,
  ...over,
});

describe("the feedback sheet", () => {
  test("the lot's summary: weights of weighed carcasses, fat, MSA and condemnations", () => {
    const sum = feedbackSummary([
      carcass({ hscwKg: 250, fatDepthMm: 10, msaIndex: 60 }),
      carcass({ hscwKg: 300.5, fatDepthMm: 14, msaIndex: 56 }),
      carcass({ hscwKg: 0, fatDepthMm: null, condemned: "whole", valueCents: 0 }),
    ]);
    expect(sum).toMatchObject({
      head: 3,
      totalKg: 550.5,
      averageKg: 275.3,
      averageFatMm: 12,
      msaGraded: 2,
      condemned: 1,
    });
    expect(sum.averageMsaIndex).toBe(58);
    expect(sum.valueCents).toBe(325_000);
  });

  test("cattle get MSA columns and P8; small stock GR and none of MSA", () => {
    expect(feedbackColumns(2).map((c) => c.label)).toContain("MSA");
    expect(feedbackColumns(2).map((c) => c.label)).toContain("P8 mm");
    expect(feedbackColumns(1).map((c) => c.label)).not.toContain("MSA");
    expect(feedbackColumns(1).map((c) => c.label)).toContain("GR mm");
    for (const id of [1, 2]) {
      expect(feedbackColumns(id).reduce((n, c) => n + c.width, 0)).toBeLessThanOrEqual(100);
    }
  });

  test("lines are paged: the first page under the facts, then full pages, none lost", () => {
    const lines = Array.from({ length: 100 }, (_, i) => i);
    const pages = linePages(lines);
    expect(pages[0]).toHaveLength(LINES_PER_PAGE.first);
    expect(pages[1]).toHaveLength(LINES_PER_PAGE.rest);
    expect(pages.flat()).toEqual(lines);
    expect(linePages([])).toEqual([[]]);
  });
});
