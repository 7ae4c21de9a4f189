/**
 * The livestock dashboards at the API boundary (spec 1 §7 "dashboard, regional and cost-summary posts"):
 * one body (a period, a species, a site) and the answers the pages draw from, figure for figure.
 */
import { z } from "@hono/zod-openapi";
import { isoDate } from "../../../http/validation.ts";
import { OrdersVersusTargets } from "../volumeTargets/schemas.ts";

const id = z.number().int().positive();

export const DashboardBody = z.object({
  fromDate: isoDate.optional().openapi({
    description: "default: the Monday eleven weeks before toDate's week",
  }),
  toDate: isoDate.optional().openapi({ description: "default: today" }),
  speciesId: id.optional().openapi({ description: "one of your species; default: every one" }),
  tenantSiteId: id.optional().openapi({ description: "one of your sites; default: the whole plant" }),
}).openapi("LivestockDashboardBody");
export type DashboardBody = z.output<typeof DashboardBody>;

const Period = {
  fromDate: z.string(),
  toDate: z.string(),
  speciesId: z.number().nullable(),
  tenantSiteId: z.number().nullable(),
};

const nullableNumber = z.number().nullable();

export const VolumeSeries = z.object({
  speciesId: z.number(),
  species: z.string(),
  weeks: z.array(z.object({
    week: z.string().openapi({ description: "the Monday" }),
    bought: z.number(),
    delivered: z.number(),
    processed: z.number(),
    target: z.number(),
  })),
  total: z.object({ bought: z.number(), delivered: z.number(), processed: z.number(), target: z.number() }),
  targetOfWholePlant: z.boolean().openapi({
    description:
      "a site was asked for and the plant sets no target by site: the targets are the whole plant's",
  }),
});
export type VolumeSeries = z.infer<typeof VolumeSeries>;

export const CostRow = z.object({
  speciesId: z.number(),
  species: z.string(),
  speciesCategoryId: nullableNumber,
  category: z.string(),
  invoices: z.number(),
  head: z.number(),
  hscwKg: z.number(),
  costCents: z.number().openapi({ description: "the published invoices' subtotals, before GST" }),
  centsPerHead: nullableNumber,
  centsPerKg: nullableNumber,
});
export type CostRow = z.infer<typeof CostRow>;

export const CostSummary = z.object({
  ...Period,
  rows: z.array(CostRow),
  /** one row per species, every category together */
  bySpecies: z.array(CostRow),
}).openapi("LivestockCostSummary");
export type CostSummary = z.infer<typeof CostSummary>;

export const SupplierRow = z.object({
  supplierId: z.number(),
  supplierName: z.string(),
  state: z.string(),
  killed: z.number(),
  averageHscwKg: nullableNumber,
  averageFatScore: nullableNumber,
  graded: z.number().openapi({ description: "carcasses with a grid and a fat score" }),
  compliant: z.number(),
  compliancePercent: nullableNumber,
  delivered: z.number(),
  doa: z.number(),
  doaPercent: nullableNumber,
  condemned: z.number().openapi({ description: "condemned whole" }),
  condemnedPercent: nullableNumber,
});
export type SupplierRow = z.infer<typeof SupplierRow>;

export const LossRow = z.object({
  speciesId: z.number(),
  species: z.string(),
  delivered: z.number(),
  doa: z.number(),
  doaPercent: nullableNumber,
  killed: z.number(),
  condemnedWhole: z.number(),
  condemnedPart: z.number(),
  condemnedPercent: nullableNumber,
  partCondemnedPercent: nullableNumber,
});
export type LossRow = z.infer<typeof LossRow>;

export const Capacity = z.object({
  yards: z.array(z.object({
    stockyardId: z.number(),
    name: z.string(),
    site: z.string(),
    capacity: z.number(),
    head: z.number(),
    percent: nullableNumber,
  })),
  agenda: z.array(z.object({
    date: z.string(),
    speciesId: z.number(),
    species: z.string(),
    booked: z.number(),
    target: z.number(),
    percent: nullableNumber,
  })),
});
export type Capacity = z.infer<typeof Capacity>;

export const LivestockDashboard = z.object({
  ...Period,
  volume: z.array(VolumeSeries),
  costs: z.array(CostRow),
  suppliers: z.array(SupplierRow),
  losses: z.array(LossRow),
  capacity: Capacity,
  next60: OrdersVersusTargets,
}).openapi("LivestockDashboard");
export type LivestockDashboard = z.infer<typeof LivestockDashboard>;

export const RegionRow = z.object({
  state: z.string(),
  region: z.string().openapi({ description: "the suppliers' town" }),
  suppliers: z.number(),
  orders: z.number(),
  bought: z.number(),
  processed: z.number(),
  invoicedHead: z.number(),
  costCents: z.number(),
  hscwKg: z.number(),
  centsPerHead: nullableNumber,
  centsPerKg: nullableNumber,
});
export type RegionRow = z.infer<typeof RegionRow>;

export const RegionalSummary = z.object({
  ...Period,
  regions: z.array(RegionRow),
  /** one row per state, its regions together (region "All") */
  states: z.array(RegionRow),
  /** one row per supplier (suppliers 1) */
  suppliers: z.array(RegionRow.extend({ supplierId: z.number(), supplierName: z.string() })),
}).openapi("LivestockRegionalSummary");
export type RegionalSummary = z.infer<typeof RegionalSummary>;
