import { z } from "@hono/zod-openapi";
import { idNumber, wholeNumber } from "../../../http/params.ts";
import { isoDate } from "../../../http/validation.ts";
import {
  DEMO_MARKS,
  FILTER_LABELS,
  FILTER_LIMITS,
  filterProblems,
  isDemoOption,
  setIdProblem,
} from "./rules.ts";

export const DemoTenantQuery = z.object({ tenantId: idNumber() });

const filter = (max: number) => wholeNumber({ min: 1, max });

export const LoadDemoDataBody = z.object({
  tenantId: idNumber(),
  setId: wholeNumber({ min: 0 }),
  /** 1 append, 2 purge and create, 3 update (default) */
  option: z.number().int().default(3),
  productsPerDay: filter(FILTER_LIMITS.productsPerDay),
  maxDays: filter(FILTER_LIMITS.maxDays),
  cutId: filter(FILTER_LIMITS.cutId),
  /** empty: all rows */
  rowsToProcess: filter(FILTER_LIMITS.rowsToProcess).nullish(),
  /**
   * Only this day of the load (1 = its first): the screen loads a set a day at a time to show its
   * progress; a purge happens with the first day only.
   */
  onlyDay: wholeNumber({ min: 1, max: FILTER_LIMITS.maxDays }).optional(),
}).superRefine((b, ctx) => {
  const setProblem = setIdProblem(b.setId);
  if (setProblem) ctx.addIssue({ code: "custom", path: ["setId"], message: setProblem });
  if (!isDemoOption(b.option)) {
    ctx.addIssue({
      code: "custom",
      path: ["option"],
      message: "Choose 1 (append), 2 (purge and create) or 3 (update).",
    });
  }
  for (const [field, message] of Object.entries(filterProblems(b))) {
    ctx.addIssue({ code: "custom", path: [field], message });
  }
  if (b.onlyDay && b.onlyDay > b.maxDays) {
    ctx.addIssue({
      code: "custom",
      path: ["onlyDay"],
      message: `The day is one of the ${b.maxDays} days loaded.`,
    });
  }
}).openapi("LoadDemoDataBody");

export const DemoLoadResult = z.object({
  tenantId: z.number(),
  setId: z.number(),
  option: z.number(),
  /** rows removed first (purge and create) */
  removed: z.number(),
  added: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  /** the organisation's demo rows after the load */
  total: z.number(),
  /** what the load's days added behind the rows (a processor's last 7 days of the load; none again) */
  killFloor: z.object({
    orders: z.number().int(),
    carcasses: z.number().int(),
    cartons: z.number().int(),
  }),
  summary: z.string(),
}).openapi("DemoLoadResult");

export const DemoMarkBody = z.object({
  tenantId: idNumber(),
  /** null: not a demo or test organisation */
  mark: z.enum(Object.keys(DEMO_MARKS) as [keyof typeof DEMO_MARKS]).nullable(),
}).openapi("DemoMarkBody");

export const DemoDataStatus = z.object({
  tenantId: z.number(),
  tenantName: z.string(),
  mark: z.enum(Object.keys(DEMO_MARKS) as [keyof typeof DEMO_MARKS]).nullable(),
  /** DEMO_DATA_PURGE=allowed */
  purgeAllowedHere: z.boolean(),
  /** why a purge or reset would be refused (null: it would not) */
  purgeRefusal: z.string().nullable(),
  rows: z.number(),
  bySet: z.array(
    z.object({ setId: z.number(), name: z.string(), rows: z.number(), lastModified: z.string() }),
  ),
}).openapi("DemoDataStatus");

export const DemoDataSet = z.object({
  id: z.number(),
  group: z.string(),
  name: z.string(),
  description: z.string(),
}).openapi("DemoDataSet");

export const DemoResetResult = z.object({ tenantId: z.number(), removed: z.number(), summary: z.string() })
  .openapi("DemoResetResult");

export { FILTER_LABELS };

/** Process test orders: the organisation and the plant day (its today when left out). */
export const ProcessTestOrdersBody = z.object({ tenantId: idNumber(), date: isoDate.optional() })
  .openapi("ProcessTestOrdersBody");

export const TestOrdersResult = z.object({
  tenantId: z.number().int(),
  date: z.string(),
  /** each kill floor (species and site) where mobs waited */
  steps: z.array(z.object({
    speciesName: z.string(),
    siteName: z.string(),
    carcasses: z.number().int(),
    completedOrders: z.number().int(),
  })),
  message: z.string(),
}).openapi("ProcessTestOrdersResult");
