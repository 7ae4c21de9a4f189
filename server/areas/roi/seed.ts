/**
 * Demo ROI data (issue 42 item 7), for a processor: a budget reference table and the plant's sales by
 * month (reference data the lines and budgets read, sized from the plant's own invoices), the template "Monthly plant ROI", and two reports
 * on the kill floor and invoice facts the other seeds made: the plant by month with budget (the demo
 * year's twelve months), and by supplier for the last quarter.
 */
import type { DemoTenant } from "../area.ts";
import { and, inArray, like, sql } from "drizzle-orm";
import { invoices, roiDataTables, roiReports, roiTemplates } from "../../../db/tenant/schema.ts";
import { monthsOfYear } from "../../../reports/roi/dates.ts";
import type { ReportColumn, ReportLine } from "../../../reports/roi/model.ts";

const line = (over: Partial<ReportLine> & Pick<ReportLine, "lineId" | "displayName">): ReportLine => ({
  lineName: "",
  category: 1,
  sourceId: "invoices",
  sourceColumn: "livestockCost",
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

/** The published invoices' livestock cost and levies (cents) by month of kill, as the ROI's invoices read them. */
async function monthlyInvoices(db: DemoTenant["db"], year: number) {
  const month = sql<string>`substr(${invoices.productionDate}, 1, 7)`;
  const rows = await db.select({
    month,
    cents: sql<number>`sum(${invoices.subTotalCents})`,
    levyCents: sql<number>`sum(${invoices.levyCents})`,
  }).from(invoices).where(and(
    like(invoices.productionDate, `${year}-%`),
    inArray(invoices.status, ["Published", "Finalised"]),
  )).groupBy(month);
  return new Map(rows.map((r) => [r.month, { cents: Number(r.cents), levyCents: Number(r.levyCents) }]));
}

export async function seedRoi(tenant: DemoTenant): Promise<void> {
  if (tenant.category !== "processor") return;
  const db = tenant.db;
  // once (the super initial-data load may run the seeds again into a seeded organisation)
  if ((await db.select({ id: roiDataTables.id }).from(roiDataTables).limit(1)).length) return;
  const now = new Date().toISOString();
  const year = Number(tenant.today.slice(0, 4));
  const months = Array.from({ length: 12 }, (_, i) => `${year}-${String(i + 1).padStart(2, "0")}`);
  const table = (name: string, columnNames: string[], rows: Record<string, string>[]) => ({
    category: 3,
    name,
    reportDateFilter: "Month",
    blobReference: "",
    fileName: `${name}.csv`,
    columnNames,
    rows,
    uploadedByName: "Demo data",
    createdAt: now,
    lastModified: now,
  });
  // sized from the plant's own published invoices, so the demo reads as a working plant: its meat sold
  // for a margin over the livestock it bought, the budget near what it paid in an average month
  const paid = await monthlyInvoices(db, year);
  const killed = [...paid.values()];
  const average = (pick: (m: { cents: number; levyCents: number }) => number) =>
    killed.length ? killed.reduce((s, m) => s + pick(m), 0) / killed.length / 100 : 0;
  const [budget] = await db.insert(roiDataTables).values(table(
    `Budget ${year}`,
    ["Month", "Sales", "Livestock cost", "Levies"],
    months.map((m, i) => ({
      Month: m,
      Sales: String(Math.round(average((p) => p.cents) * (1.2 + i * 0.002))),
      // cattle and lamb prices budgeted to rise through the year
      "Livestock cost": String(Math.round(average((p) => p.cents) * (0.96 + i * 0.006))),
      Levies: String(Math.round(average((p) => p.levyCents))),
    })),
  )).returning();
  const [sales] = await db.insert(roiDataTables).values(table(
    "Plant sales",
    ["Month", "Sales"],
    // a month's livestock cost and a margin of 16 to 24 %; a month with none paid for yet has no row (not
    // known, rather than nothing sold: its budget is then no variance)
    months.flatMap((m, i) => {
      const cost = paid.get(m)?.cents;
      return cost
        ? [{ Month: m, Sales: String(Math.round(cost / 100 * (1.16 + ((i * 37) % 9) / 100))) }]
        : [];
    }),
  )).returning();

  let n = 0;
  const columns: ReportColumn[] = monthsOfYear(year, () => `m${++n}`);
  const withBudget = [
    ...columns,
    ...columns.map((c) => ({ ...c, id: `b${c.id}`, name: `Budget ${c.name}`, budgetForId: c.id })),
  ];
  const plantLines: ReportLine[] = [
    line({
      lineId: "sales",
      displayName: "Meat sales",
      category: 3,
      sourceId: `table:${sales.id}`,
      sourceColumn: "Sales",
      budget: { kind: "reference", referenceDataId: budget.id, sourceColumn: "Sales" },
    }),
    line({
      lineId: "cost",
      displayName: "Livestock cost",
      isDebit: true,
      budget: { kind: "reference", referenceDataId: budget.id, sourceColumn: "Livestock cost" },
    }),
    line({
      lineId: "levies",
      displayName: "Levies",
      isDebit: true,
      sourceColumn: "levies",
      budget: { kind: "reference", referenceDataId: budget.id, sourceColumn: "Levies" },
    }),
    line({
      lineId: "head",
      displayName: "Head processed",
      sourceId: "carcasses",
      sourceColumn: "head",
      unit: "#",
      sectionOption: 1,
    }),
    line({
      lineId: "costPerHead",
      displayName: "Livestock cost per head",
      isDebit: true,
      operator: 3,
      operatorLineId: "head",
      sectionOption: 1,
    }),
  ];
  const [template] = await db.insert(roiTemplates).values({
    name: "Monthly plant ROI",
    reportOption: 0,
    customCreditLabel: "Income",
    customDebitLabel: "Costs",
    columns: withBudget,
    lines: plantLines,
    layouts: [],
    roiTemplateId: null,
    ownerName: "Demo data",
    createdAt: now,
    lastModified: now,
  }).returning();
  const report = (over: Partial<typeof roiReports.$inferInsert>) => ({
    reportOption: 0,
    speciesId: null,
    startDate: year * 10000 + 101,
    endDate: year * 10000 + 1231,
    customCreditLabel: "Income",
    customDebitLabel: "Costs",
    isIncludeBudgetColumns: false,
    columns: columns as unknown[],
    lines: [] as unknown[],
    ownerId: 0,
    ownerName: "Demo data",
    roiTemplateId: null,
    version: 1,
    createdAt: now,
    lastModified: now,
    name: "",
    ...over,
  });
  const lastMonth = Math.max(1, Number(tenant.today.slice(5, 7)) - 1);
  const quarter = columns.slice(Math.max(0, lastMonth - 3), lastMonth);
  await db.insert(roiReports).values([
    report({
      name: "Plant by month with budget",
      // published: the analysis menu's card
      publishedAt: now,
      isIncludeBudgetColumns: true,
      columns: withBudget,
      lines: plantLines,
      roiTemplateId: template.id,
    }),
    report({
      name: "By supplier, last quarter",
      reportOption: 1,
      startDate: quarter[0].startDate,
      endDate: quarter.at(-1)!.endDate,
      columns: quarter,
      lines: [
        line({ lineId: "cost", displayName: "Livestock cost", isDebit: true, groupBy: "supplier" }),
        line({
          lineId: "head",
          displayName: "Head",
          sourceId: "carcasses",
          sourceColumn: "head",
          unit: "#",
          groupBy: "supplier",
          groupSuffix: "head",
        }),
      ],
    }),
  ]);
}
