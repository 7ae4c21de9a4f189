/**
 * The ROI engine on a worked example checked by hand:
 *   Jan: sales 1,000 (budget 900); livestock 600 (budget 500); freight 100 (budget 120)
 *   Feb: sales 1,200; livestock 700; freight 50
 *   credit Jan 1,000 / budget 900 → +100 (+11.11 %, favourable)
 *   debit Jan 700 / budget 620 → +80 (+12.9 %, unfavourable: a higher debit than budget)
 *   bottom line Jan 300 / budget 280 → +20 (+7.14 %); Feb 450; total 2,200 − 1,450 = 750
 */
import { describe, expect, it } from "vitest";
import { computeGrid, operatorOrder, TOTAL_COLUMN_ID } from "./engine.ts";
import { columnRanges, monthsOfYear, rangeLabel, rangeTypeOf } from "./dates.ts";
import type { ReportDefinition, ReportLine } from "./model.ts";

const line = (over: Partial<ReportLine> & Pick<ReportLine, "lineId" | "displayName">): ReportLine => ({
  lineName: "",
  category: 2,
  sourceId: "",
  sourceColumn: "",
  filters: [],
  groupBy: null,
  groupSuffix: "",
  sectionOption: 0,
  operator: 0,
  operatorLineId: null,
  isDebit: false,
  unit: "$",
  values: [],
  budget: { kind: "none" },
  ...over,
});
const typed = (
  jan: number,
  feb: number,
) => [{ reportColumnId: "jan", value: jan }, { reportColumnId: "feb", value: feb }];

const definition: ReportDefinition = {
  id: 7,
  name: "Worked example",
  reportOption: 0,
  customCreditLabel: "",
  customDebitLabel: "Costs",
  speciesId: null,
  isIncludeBudgetColumns: true,
  startDate: 20260101,
  endDate: 20260228,
  columns: [
    { id: "jan", name: "Jan 2026", startDate: 20260101, endDate: 20260131, budgetForId: null },
    { id: "feb", name: "Feb 2026", startDate: 20260201, endDate: 20260228, budgetForId: null },
    { id: "bjan", name: "Budget Jan 2026", startDate: 20260101, endDate: 20260131, budgetForId: "jan" },
  ],
  reportDataLines: [
    line({
      lineId: "sales",
      displayName: "Sales",
      values: typed(1000, 1200),
      budget: { kind: "typed", values: [{ reportColumnId: "bjan", value: 900 }] },
    }),
    line({
      lineId: "stock",
      displayName: "Livestock",
      isDebit: true,
      values: typed(600, 700),
      budget: { kind: "typed", values: [{ reportColumnId: "bjan", value: 500 }] },
    }),
    line({
      lineId: "freight",
      displayName: "Freight",
      isDebit: true,
      values: typed(100, 50),
      budget: { kind: "typed", values: [{ reportColumnId: "bjan", value: 120 }] },
    }),
    line({ lineId: "head", displayName: "Head", unit: "#", sectionOption: 1, values: typed(10, 12) }),
    line({ lineId: "hidden", displayName: "Hidden money", sectionOption: 1, values: typed(5000, 5000) }),
    line({
      lineId: "perHead",
      displayName: "Sales per head",
      values: typed(1000, 1200),
      operator: 3,
      operatorLineId: "head",
    }),
  ],
  isLayoutSaved: false,
  publishedDateUtc: null,
  ownerId: 1,
  ownerName: "Sam",
  roiTemplateId: null,
  version: 3,
  lastModified: "2026-12-01T00:00:00.000Z",
};

const value = (values: { columnId: string; value: number | null }[], id: string) =>
  values.find((v) => v.columnId === id)?.value;

describe("the ROI engine", () => {
  const grid = computeGrid(definition, [], "2026-12-02T00:00:00.000Z");

  it("orders the columns: each period, its budget, its variance, then the total", () => {
    expect(grid.columns.map((c) => `${c.kind}:${c.id}`)).toEqual([
      "data:jan",
      "budget:bjan",
      "variance:var:bjan",
      "data:feb",
      "total:total",
    ]);
  });

  it("totals credit and debit, and the bottom line is credit − debit", () => {
    expect(value(grid.creditTotal.values, "jan")).toBe(1000);
    expect(value(grid.creditTotal.values, TOTAL_COLUMN_ID)).toBe(2200);
    expect(value(grid.debitTotal.values, "jan")).toBe(700);
    expect(value(grid.debitTotal.values, "bjan")).toBe(620);
    expect(value(grid.debitTotal.values, TOTAL_COLUMN_ID)).toBe(1450);
    expect(grid.debitTotal.label).toBe("Total costs");
    expect(value(grid.bottomLine.values, "jan")).toBe(300);
    expect(value(grid.bottomLine.values, "feb")).toBe(450);
    expect(value(grid.bottomLine.values, "bjan")).toBe(280);
    expect(value(grid.bottomLine.values, TOTAL_COLUMN_ID)).toBe(750);
  });

  it("gives the variance per budget column as an amount and a percent; a debit over budget is unfavourable", () => {
    expect(grid.creditTotal.variances[0]).toMatchObject({ amount: 100, percent: 11.11, isFavourable: true });
    expect(grid.debitTotal.variances[0]).toMatchObject({ amount: 80, percent: 12.9, isFavourable: false });
    expect(grid.bottomLine.variances[0]).toMatchObject({ amount: 20, percent: 7.14, isFavourable: true });
    const freight = grid.rows.find((r) => r.lineId === "freight")!;
    expect(freight.variances[0]).toMatchObject({ amount: -20, percent: -16.67, isFavourable: true });
  });

  it("keeps hidden lines and ratio lines out of the totals; a ratio's total divides the totals", () => {
    const hidden = grid.rows.find((r) => r.lineId === "hidden")!;
    expect(hidden.isHidden).toBe(true);
    const perHead = grid.rows.find((r) => r.lineId === "perHead")!;
    expect(value(perHead.values, "jan")).toBe(100);
    expect(value(perHead.values, "feb")).toBe(100);
    expect(value(perHead.values, TOTAL_COLUMN_ID)).toBe(100);
  });

  it("gives a grouped line a row per group, named with its suffix", () => {
    const def = {
      ...definition,
      reportDataLines: [
        line({
          lineId: "hscw",
          displayName: "HSCW",
          category: 1,
          sourceId: "carcasses",
          sourceColumn: "hscwKg",
          unit: "kg",
          groupBy: "supplier",
          groupSuffix: "HSCW",
        }),
      ],
    };
    const g = computeGrid(def, [
      {
        category: 1,
        sourceId: "carcasses",
        sourceName: "",
        lineId: "hscw",
        columnId: "jan",
        values: { Smith: 10, Able: 20 },
        isBudgetResult: false,
      },
    ], "");
    expect(g.rows.map((r) => [r.key, r.displayName, value(r.values, "jan")])).toEqual([
      ["hscw|Able", "Able HSCW", 20],
      ["hscw|Smith", "Smith HSCW", 10],
    ]);
  });

  it("finds a circle of operators", () => {
    expect(operatorOrder([
      line({ lineId: "a", displayName: "A", operator: 1, operatorLineId: "b" }),
      line({ lineId: "b", displayName: "B", operator: 2, operatorLineId: "a" }),
    ])).toBeNull();
  });
});

describe("report dates", () => {
  it("shows a year, a month or a range", () => {
    expect([rangeTypeOf(20260101, 20261231), rangeLabel(20260101, 20261231)]).toEqual(["year", "2026"]);
    expect([rangeTypeOf(20260201, 20260228), rangeLabel(20260201, 20260228)]).toEqual(["month", "Feb 2026"]);
    expect(rangeLabel(20261215, 20270115)).toBe("15 Dec 2026 – 15 Jan 2027");
  });

  it("adds the twelve months of a year in one action", () => {
    let n = 0;
    const months = monthsOfYear(2024, () => `c${++n}`);
    expect(months).toHaveLength(12);
    expect(months[1]).toMatchObject({ id: "c2", name: "Feb 2024", startDate: 20240201, endDate: 20240229 });
    expect(columnRanges(months)).toBe("Jan 2024 – Dec 2024");
  });
});
