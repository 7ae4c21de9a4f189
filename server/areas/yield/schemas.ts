/**
 * The yield filter every view, chart, table and report takes (spec 3 §2.1 edit/table queries, §7 "yield
 * presentation posts": speciesName, fromDate, toDate, plantIds, boningRoomIds, shiftTypes, bodySegments,
 * primalSegments, cuts). As a query (`?plantIds=1,2`) or inside a JSON body. Segment filters narrow the
 * product rows only: the HSCW boned, bone, fat and trim stay those of the whole selection of runs.
 */
import { z } from "@hono/zod-openapi";
import { commaList, isoDate } from "../../http/validation.ts";
import { idNumber } from "../../http/params.ts";
import { keysOf, SHIFTS } from "./rules.ts";
import { AGGREGATIONS, CHART_TYPES } from "./metrics.ts";

/**
 * Ids in a query: `?plantIds=1,2` or `?plantIds=1&plantIds=2`, each written in plain digits (" 1", "01"
 * and "1e0" are refused like any other malformed id, not read as 1).
 */
export function idList() {
  return z.preprocess(
    (value) => {
      if (value === undefined || value === "") return undefined;
      return (Array.isArray(value) ? value : [value]).flatMap((v) => String(v).split(","));
    },
    z.array(
      z.string().regex(/^[1-9]\d{0,15}$/, "Use ids written in digits, separated by commas").transform(Number),
    ),
  );
}

const ids = () => idList().optional();
/** In a JSON body a list is an array of numbers. */
const bodyIds = () => z.array(idNumber()).max(1000, "Name at most 1,000").optional();

export const YieldFilterFields = {
  speciesId: idNumber().openapi({ description: "the species (1 Sheep, 2 Beef, 3 Pig, …)" }),
  fromDate: isoDate,
  toDate: isoDate,
  plantIds: ids().openapi({
    description: "tenant sites; none = every plant the caller sees for the species",
  }),
  boningRoomIds: ids(),
  shiftTypes: commaList(z.enum(SHIFTS, { error: "Use day or night" })).optional(),
  runIds: ids().openapi({ description: "boning runs" }),
  bodySegments: ids().openapi({ description: "yield segment ids of level bodySegment" }),
  primalSegments: ids().openapi({ description: "yield segment ids of level primal" }),
  cuts: ids().openapi({ description: "yield segment ids of level cut" }),
  productCodeIds: ids(),
};

export const YieldFilter = z.object(YieldFilterFields).openapi("YieldFilter");

/** The same filter inside a JSON body (spec 3 §7's presentation posts): lists are arrays. */
export const YieldFilterBodyFields = {
  ...YieldFilterFields,
  plantIds: bodyIds(),
  boningRoomIds: bodyIds(),
  shiftTypes: z.array(z.enum(SHIFTS, { error: "Use day or night" })).max(2).optional(),
  runIds: bodyIds(),
  bodySegments: bodyIds(),
  primalSegments: bodyIds(),
  cuts: bodyIds(),
  productCodeIds: bodyIds(),
};
export type YieldFilter = z.output<typeof YieldFilter>;

/** What a row of figures can be grouped by. */
export const GROUP_BY_NAMES = {
  date: "Day",
  species: "Species",
  site: "Plant",
  shift: "Shift",
  boningRoom: "Boning room",
  run: "Run",
  productType: "Product type",
  bodySegment: "Body segment",
  primal: "Primal",
  cut: "Cut",
  productCode: "Product code",
  meatCode: "Meat code",
  kind: "Product, bone, fat or trim",
};
export type GroupBy = keyof typeof GROUP_BY_NAMES;
export const GROUP_BY = keysOf(GROUP_BY_NAMES);

/** The user setting yieldCustomDashboard (spec 3 §3): the caller's custom metric tabs. */
export const CustomTab = z.object({
  id: z.string().regex(/^[a-z0-9-]{1,40}$/, "Use letters, digits and dashes"),
  name: z.string().trim().min(1, "Give the tab a name").max(60),
  metricKeys: z.array(z.number().int()).min(1, "Choose at least one metric").max(6),
  groupBy: z.enum(GROUP_BY),
  aggregation: z.union([z.literal(AGGREGATIONS.Sum), z.literal(AGGREGATIONS.Average)]),
  chartType: z.enum(CHART_TYPES),
});
export type CustomTab = z.output<typeof CustomTab>;
export const CustomDashboard = z.object({ tabs: z.array(CustomTab).max(20) });
export type CustomDashboard = z.output<typeof CustomDashboard>;
