/** The processing overview at the API boundary (spec 3 §7: species, production date; also by order). */
import { NearestDays } from "../../../http/validation.ts";
import { z } from "@hono/zod-openapi";
import { idNumber } from "../../../http/params.ts";
import { isoDate } from "../../../http/validation.ts";
import { FIGURE_KEYS } from "./rules.ts";

export { IdParam } from "../../../http/params.ts";

export const OverviewQuery = z.object({
  /** one species; absent: every species of the caller */
  speciesId: idNumber().optional(),
  /** the production day; default the plant's today */
  productionDate: isoDate.optional(),
});
export type OverviewQuery = z.output<typeof OverviewQuery>;

/** Head counts of an order, a species, a supplier or the day (rules.ts says how they add up). */
export const Figures = z.object(
  Object.fromEntries(FIGURE_KEYS.map((k) => [k, z.number().int()])) as Record<
    (typeof FIGURE_KEYS)[number],
    z.ZodNumber
  >,
).openapi("ProcessingFigures");

const OverviewMob = z.object({
  stockMobId: z.number(),
  lot: z.string(),
  head: z.number(),
  /** truck, yard, bin, killFloor */
  place: z.enum(["truck", "yard", "bin", "killFloor"]),
  placeWords: z.string(),
  penName: z.string().nullable(),
  productionDate: z.string().nullable(),
  processed: z.number(),
  condemned: z.number(),
});

export const OverviewOrder = z.object({
  livestockOrderId: z.number(),
  lot: z.string(),
  speciesId: z.number(),
  species: z.string(),
  category: z.string(),
  supplierId: z.number(),
  supplierName: z.string(),
  pic: z.string(),
  deliveryDate: z.string(),
  productionDate: z.string().nullable(),
  orderStatus: z.number(),
  orderStatusName: z.string(),
  /** what is happening to it, in words */
  progress: z.string(),
  percentProcessed: z.number(),
  figures: Figures,
  mobs: z.array(OverviewMob),
}).openapi("ProcessingOverviewOrder");
export type OverviewOrder = z.infer<typeof OverviewOrder>;

const Total = z.object({ id: z.number(), name: z.string(), orders: z.number(), figures: Figures });

export const ProcessingOverview = z.object({
  productionDate: z.string(),
  speciesId: z.number().nullable(),
  /** the species' name, or "Every species" */
  species: z.string(),
  orders: z.array(OverviewOrder),
  nearestDays: NearestDays.openapi({
    description: "on a day without orders, the nearest production days before and after it that have " +
      "some (of the same species); both null on a day with orders",
  }),
  bySpecies: z.array(Total),
  bySupplier: z.array(Total),
  total: Figures,
}).openapi("LivestockOrderProcessingOverview");
export type ProcessingOverview = z.infer<typeof ProcessingOverview>;

export const ProcessingOverviewByOrder = z.object({
  order: OverviewOrder,
  /** each production day its mobs were planned for or its carcasses were recorded on */
  days: z.array(z.object({
    date: z.string(),
    mobs: z.number(),
    inYard: z.number(),
    sentToKillFloor: z.number(),
    processed: z.number(),
    condemned: z.number(),
  })),
}).openapi("LivestockOrderProcessingOverviewByOrder");
export type ProcessingOverviewByOrder = z.infer<typeof ProcessingOverviewByOrder>;
