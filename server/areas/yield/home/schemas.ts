/**
 * The yield home's bodies, queries and answers (spec 3 §7). Revenue fields (revenue, $/kg, revenue
 * variance) are optional: they are left out of the answer, not null, without the yieldRevenue module.
 */
import { z } from "@hono/zod-openapi";
import { isoDate } from "../../../http/validation.ts";
import { idNumber } from "../../../http/params.ts";
import { idList, YieldFilterBodyFields } from "../schemas.ts";
import { PRODUCT_KINDS } from "../rules.ts";
import { DAY_FIELDS, PRESENTATIONS, REVENUE_FIELDS, SEGMENT_FIELDS, VOLUME_FIELDS } from "./figures.ts";

const REVENUE = new Set<string>(REVENUE_FIELDS);
const figure = z.number().nullable();
const revenueFigure = figure.optional().openapi({ description: "only with the yieldRevenue module" });
type RevenueField = (typeof REVENUE_FIELDS)[number];

/** An object of figures: each a number (null when it cannot be worked out); revenue ones may be absent. */
function figures<F extends Record<string, number>>(fields: F) {
  return Object.fromEntries(
    Object.keys(fields).map((name) => [
      name,
      REVENUE.has(name) ? revenueFigure : figure,
    ]),
  ) as
    & { [K in Exclude<keyof F, RevenueField>]: typeof figure }
    & { [K in Extract<keyof F, RevenueField>]: typeof revenueFigure };
}

/**
 * The segment, variance and carcass data calls' body: the filter and the spec's `store` (spec 3 §7). The
 * figures always come from the stored daily summaries (rebuilt whenever cartons, kill floor records or
 * settings change), so `store` is taken, checked and changes nothing (docs/decisions.md).
 */
export const YieldDataBody = z.object({
  ...YieldFilterBodyFields,
  store: z.boolean({ error: "store is true or false" }).optional().openapi({
    description: "the spec's flag; the figures always come from the stored daily summaries, so it " +
      "changes nothing",
  }),
}).openapi("YieldDataBody");

const Range = {
  speciesId: z.number(),
  fromDate: z.string(),
  toDate: z.string(),
  plantIds: z.array(z.number()).openapi({ description: "the plants the figures cover" }),
};

export const SegmentRow = z.object({
  segmentId: z.number().nullable(),
  name: z.string(),
  level: z.enum(["bodySegment", "primal", "cut"]),
  parentId: z.number().nullable(),
  ...figures(SEGMENT_FIELDS),
}).openapi("YieldSegmentRow");

const SegmentTotal = z.object(figures(SEGMENT_FIELDS));

export const YieldSegmentData = z.object({
  ...Range,
  bodySegments: z.array(SegmentRow),
  primals: z.array(SegmentRow),
  cuts: z.array(SegmentRow),
  total: SegmentTotal,
}).openapi("YieldSegmentData");

const DayPlant = { date: z.string(), plantId: z.number(), plant: z.string() };

export const BalanceLine = z.object({
  kind: z.enum([...PRODUCT_KINDS, "unaccounted"]),
  kg: z.number(),
  percent: z.number(),
}).openapi("YieldBalanceLine");

export const YieldVarianceData = z.object({
  ...Range,
  days: z.array(z.object({ ...DayPlant, ...figures(DAY_FIELDS) })),
  byPrimal: z.array(SegmentRow),
  massBalance: z.array(BalanceLine),
  total: z.object(figures(DAY_FIELDS)),
}).openapi("YieldVarianceData");

export const YieldCarcassData = z.object({
  ...Range,
  days: z.array(z.object({ ...DayPlant, ...figures(VOLUME_FIELDS) })),
  total: z.object(figures(VOLUME_FIELDS)),
}).openapi("YieldCarcassData");

export const YieldPresentationsBody = z.object({
  ...YieldFilterBodyFields,
  presentations: z.array(z.enum(PRESENTATIONS, { error: "Use segments, variance or carcass" })).min(
    1,
    "Name at least one presentation",
  ),
}).openapi("YieldPresentationsBody");

export const YieldPresentations = z.object({
  segments: YieldSegmentData.optional(),
  variance: YieldVarianceData.optional(),
  carcass: YieldCarcassData.optional(),
}).openapi("YieldPresentations");

export const RealTimeQuery = z.object({
  speciesId: idNumber(),
  plantIds: idList().optional(),
});

export const RealTimeYields = z.object({
  ...Range,
  date: z.string(),
  segments: z.array(SegmentRow),
  total: z.object({ ...figures(SEGMENT_FIELDS), head: figure, hscwKg: figure, cartons: figure }),
}).openapi("RealTimeYields");

const Named = z.object({ id: z.number(), name: z.string() });

export const TenantAllowedSpecies = z.object({
  species: z.array(Named.extend({
    plants: z.array(Named),
    boningRooms: z.array(Named.extend({ tenantSiteId: z.number() })),
  })),
}).openapi("TenantAllowedSpecies");

export const DayDetailQuery = z.object({ speciesId: idNumber(), plantId: idNumber(), date: isoDate });

const RunFigures = {
  head: figure,
  hscwKg: figure,
  yieldPercent: figure,
  standardPercent: figure,
  variancePp: figure,
  revenueVariance: revenueFigure,
};

export const YieldDayDetail = z.object({
  speciesId: z.number(),
  plantId: z.number(),
  plant: z.string(),
  date: z.string(),
  total: z.object(RunFigures),
  runs: z.array(z.object({
    runId: z.number(),
    name: z.string(),
    runNumber: z.number(),
    shift: z.string(),
    boningRoom: z.string(),
    ...RunFigures,
  })),
  shifts: z.array(z.object({ shift: z.string(), name: z.string(), ...RunFigures })),
  topVariances: z.array(z.object({
    cutId: z.number(),
    name: z.string(),
    actualKg: figure,
    expectedKg: figure,
    varianceKg: figure,
    variancePp: figure,
    revenueVariance: revenueFigure,
  })),
}).openapi("YieldDayDetail");
