import { describe, expect, test } from "vitest";
import { displayReport, fontSizeFor, formatRoiValue, visibleColumns } from "./format.ts";
import { sectionNode, startingLayout } from "./layoutRules.ts";
import { DEFAULT_LAYOUT_SETTINGS, type GridColumn, type GridRow, type RoiGrid } from "./model.ts";

const columns: GridColumn[] = [
  { id: "jan", kind: "data", name: "Jan 2026", rangeType: "month", budgetForId: null, varianceOfId: null },
  {
    id: "bjan",
    kind: "budget",
    name: "Budget Jan 2026",
    rangeType: "month",
    budgetForId: "jan",
    varianceOfId: null,
  },
  {
    id: "vjan",
    kind: "variance",
    name: "Variance Jan 2026",
    rangeType: null,
    budgetForId: "jan",
    varianceOfId: "bjan",
  },
  { id: "total", kind: "total", name: "Total", rangeType: null, budgetForId: null, varianceOfId: null },
];

function row(
  lineId: string,
  displayName: string,
  isDebit: boolean,
  jan: number,
  budget: number,
  isHidden = false,
): GridRow {
  return {
    key: lineId,
    lineId,
    group: null,
    displayName,
    isDebit,
    isHidden,
    unit: "$",
    values: [{ columnId: "jan", value: jan }, { columnId: "bjan", value: budget }, {
      columnId: "total",
      value: jan,
    }],
    variances: [{
      columnId: "vjan",
      budgetColumnId: "bjan",
      amount: jan - budget,
      percent: ((jan - budget) / budget) * 100,
      isFavourable: isDebit ? jan <= budget : jan >= budget,
    }],
  };
}

const lines = [
  { lineId: "a", displayName: "Carcass sales", isDebit: false },
  { lineId: "h", displayName: "Head (hidden)", isDebit: false },
  { lineId: "c", displayName: "Livestock cost", isDebit: true },
  { lineId: "d", displayName: "Levies", isDebit: true },
];
const grid: RoiGrid = {
  definitionId: 1,
  version: 1,
  name: "Plant by month",
  creditLabel: "Credit",
  debitLabel: "Debit",
  columns,
  rows: [
    row("a", "Carcass sales", false, 1000, 900),
    row("h", "Head (hidden)", false, 5, 5, true),
    row("c", "Livestock cost", true, 600, 500),
    row("d", "Levies", true, 40, 50),
  ],
  creditTotal: { label: "Total Credit", values: row("x", "", false, 1000, 900).values, variances: [] },
  debitTotal: { label: "Total Debit", values: row("x", "", true, 640, 550).values, variances: [] },
  bottomLine: { label: "Bottom line", values: row("x", "", false, 360, 350).values, variances: [] },
  computedAt: "2026-12-02T00:00:00Z",
};

describe("ROI display rules", () => {
  test("font sizes: base 16, +2 at level 0, +1 at level 1, plus adjustments", () => {
    expect([fontSizeFor(0, 0), fontSizeFor(1, 0), fontSizeFor(2, 0), fontSizeFor(3, 1, -2)]).toEqual([
      18,
      17,
      16,
      15,
    ]);
  });

  test("values: whole dollars, percent to one place, a dash for none", () => {
    expect([
      formatRoiValue(1234.5, "$"),
      formatRoiValue(-40, "$"),
      formatRoiValue(12.345, "%"),
      formatRoiValue(null, "kg"),
    ])
      .toEqual(["$1,235", "-$40", "12.3%", "—"]);
  });

  test("columns follow the settings: budget hidden, variance and total shown, variance line", () => {
    const defaults = visibleColumns(columns, DEFAULT_LAYOUT_SETTINGS).map((c) => c.id);
    expect(defaults).toEqual(["jan", "bjan"]);
    const all = visibleColumns(columns, {
      ...DEFAULT_LAYOUT_SETTINGS,
      isHideBudgetColumns: true,
      useVarianceColumns: true,
      isIncludeTotalColumn: true,
    });
    expect(all.map((c) => [c.id, c.hasLineBefore])).toEqual([["jan", false], ["vjan", true], [
      "total",
      false,
    ]]);
  });

  test("the default layout: sides, lines, side totals and the bottom line; hidden lines never show", () => {
    const layout = { ...startingLayout(lines, "Credit", "Debit"), layoutSettings: DEFAULT_LAYOUT_SETTINGS };
    const shown = displayReport(grid, layout);
    expect(shown.rows.map((r) => [r.label, r.fontSize, r.cells.map((c) => c.text).join(" ")])).toEqual([
      ["Credit", 18, ""],
      ["Carcass sales", 16, "$1,000 $900"],
      ["Total Credit", 18, "$1,000 $900"],
      ["Debit", 18, ""],
      ["Livestock cost", 16, "$600 $500"],
      ["Levies", 16, "$40 $50"],
      ["Total Debit", 18, "$640 $550"],
      ["Bottom line", 18, "$360 $350"],
    ]);
    expect(shown.rows.find((r) => r.kind === "bottomLine")?.hasTotalsLine).toBe(true);
  });

  test("a section with totals, debit negative in red, variance as percent, shaded totals", () => {
    const start = startingLayout(lines, "Credit", "Debit");
    const costs = { ...sectionNode("section-1", "Costs", true), children: start.debitLayoutSection.children };
    const layout = {
      ...start,
      debitLayoutSection: { ...start.debitLayoutSection, children: [costs] },
      layoutSettings: {
        ...DEFAULT_LAYOUT_SETTINGS,
        isDebitSectionNegative: true,
        isNegativesRed: true,
        isShadeTotalRows: true,
        useVarianceColumns: true,
        isVarianceAsPercent: true,
        isHideBudgetColumns: true,
      },
    };
    const rows = displayReport(grid, layout).rows;
    const section = rows.find((r) => r.label === "Costs")!;
    expect([section.fontSize, section.isBold]).toEqual([17, true]);
    const total = rows.find((r) => r.label === "Total Costs")!;
    expect(total.cells.map((c) => [c.text, c.isRed])).toEqual([["-$640", true], ["16.4%", false]]);
    expect(total.isShaded).toBe(true);
    const levies = rows.find((r) => r.label === "Levies")!;
    expect(levies.cells.map((c) => c.text)).toEqual(["-$40", "-20.0%"]);
    expect(rows.find((r) => r.kind === "bottomLine")!.cells[0]).toMatchObject({ text: "$360", isRed: false });
  });

  test("hide items shows the section as one row; an empty section shows only when asked", () => {
    const start = startingLayout(lines, "Credit", "Debit");
    const costs = {
      ...sectionNode("section-1", "Costs", true),
      options: { ...sectionNode("s", "s", true).options, isHideItems: true },
      children: start.debitLayoutSection.children,
    };
    const empty = sectionNode("section-2", "Other income", false);
    const heading = {
      ...sectionNode("section-3", "Notes", false),
      options: { ...empty.options, isHeadingWithoutContent: true },
    };
    const layout = {
      creditLayoutSection: {
        ...start.creditLayoutSection,
        children: [...start.creditLayoutSection.children, empty, heading],
      },
      debitLayoutSection: { ...start.debitLayoutSection, children: [costs] },
      layoutSettings: DEFAULT_LAYOUT_SETTINGS,
    };
    const labels = displayReport(grid, layout).rows.map((r) =>
      `${r.label} ${r.cells.map((c) => c.text).join(" ")}`.trim()
    );
    expect(labels).toEqual([
      "Credit",
      "Carcass sales $1,000 $900",
      "Notes",
      "Total Credit $1,000 $900",
      "Debit",
      "Costs $640 $550",
      "Total Debit $640 $550",
      "Bottom line $360 $350",
    ]);
  });
});
