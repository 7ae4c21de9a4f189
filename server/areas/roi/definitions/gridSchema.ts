/** The ROI grid (reports/roi/model.ts RoiGrid) at the API boundary. */
import { z } from "@hono/zod-openapi";

const GridValue = z.object({ columnId: z.string(), value: z.number().nullable() });
const GridVariance = z.object({
  columnId: z.string(),
  budgetColumnId: z.string(),
  amount: z.number().nullable(),
  percent: z.number().nullable(),
  isFavourable: z.boolean().nullable(),
});
const GridTotal = z.object({
  label: z.string(),
  values: z.array(GridValue),
  variances: z.array(GridVariance),
});

export const RoiGridSchema = z.object({
  definitionId: z.number(),
  version: z.number(),
  name: z.string(),
  creditLabel: z.string(),
  debitLabel: z.string(),
  columns: z.array(z.object({
    id: z.string(),
    kind: z.enum(["data", "budget", "variance", "total"]),
    name: z.string(),
    rangeType: z.enum(["year", "month", "range"]).nullable(),
    budgetForId: z.string().nullable(),
    varianceOfId: z.string().nullable(),
  })),
  rows: z.array(z.object({
    key: z.string(),
    lineId: z.string(),
    group: z.string().nullable(),
    displayName: z.string(),
    isDebit: z.boolean(),
    isHidden: z.boolean(),
    unit: z.string(),
    values: z.array(GridValue),
    variances: z.array(GridVariance),
  })),
  creditTotal: GridTotal,
  debitTotal: GridTotal,
  bottomLine: GridTotal,
  computedAt: z.string(),
}).openapi("RoiGrid");
