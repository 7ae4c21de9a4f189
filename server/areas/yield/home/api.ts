/** The yield home's API (spec 3 §7): segment, variance and carcass data, presentations, today, species, a day. */
import type { AccessRule } from "../../../access/apiAccess.ts";
import { areaApi } from "../../areaApi.ts";
import {
  carcassData,
  dayDetail,
  presentations,
  realTimeYields,
  segmentData,
  tenantAllowedSpecies,
  varianceData,
} from "./figures.ts";
import {
  DayDetailQuery,
  RealTimeQuery,
  RealTimeYields,
  TenantAllowedSpecies,
  YieldCarcassData,
  YieldDataBody,
  YieldDayDetail,
  YieldPresentations,
  YieldPresentationsBody,
  YieldSegmentData,
  YieldVarianceData,
} from "./schemas.ts";
import { MAX_YIELD_DAYS } from "../rules.ts";

export const YIELD_HOME_API = {
  segmentData: "/api/yield/GetYieldSegmentData",
  varianceData: "/api/yield/GetYieldVarianceData",
  carcassData: "/api/yield/GetYieldCarcassData",
  presentations: "/api/yield/GetYieldPresentations",
  realTimeYields: "/api/yield/GetRealTimeYields",
  tenantAllowedSpecies: "/api/yield/GetTenantAllowedSpecies",
  dayDetail: "/api/yield/GetDayDetail",
} as const;

const YIELD_READ: AccessRule = { role: "user", modules: ["yieldReporting"] };
const FILTER_NOTE = ` Plants: none = every plant you see for the species; a plant outside your plant and ` +
  `species visibility is refused (403). At most ${MAX_YIELD_DAYS} days. Revenue fields only with the ` +
  `yieldRevenue module.`;

const api = areaApi(["Yield: plant analysis"]);

api.post(
  YIELD_HOME_API.segmentData,
  "Actual, expected and standard yield and variance by body segment, primal and cut." + FILTER_NOTE,
  YieldDataBody,
  YieldSegmentData,
  YIELD_READ,
  (ctx, { store: _store, ...filter }) => segmentData(ctx, filter),
);

api.post(
  YIELD_HOME_API.varianceData,
  "Yield (and revenue) variance by day and plant, revenue variance by primal, and the mass balance." +
    FILTER_NOTE,
  YieldDataBody,
  YieldVarianceData,
  YIELD_READ,
  (ctx, { store: _store, ...filter }) => varianceData(ctx, filter),
);

api.post(
  YIELD_HOME_API.carcassData,
  "Volume by day and plant: head, HSCW, cartons, pieces, pieces per carcass (and revenue)." + FILTER_NOTE,
  YieldDataBody,
  YieldCarcassData,
  YIELD_READ,
  (ctx, { store: _store, ...filter }) => carcassData(ctx, filter),
);

api.post(
  YIELD_HOME_API.presentations,
  "Several presentations (segments, variance, carcass) of one filter in one call." + FILTER_NOTE,
  YieldPresentationsBody,
  YieldPresentations,
  YIELD_READ,
  presentations,
);

api.get(
  YIELD_HOME_API.realTimeYields,
  "Today's yield by body segment at your plants (or those named) for a species.",
  { query: RealTimeQuery },
  RealTimeYields,
  YIELD_READ,
  realTimeYields,
);

api.get(
  YIELD_HOME_API.tenantAllowedSpecies,
  "Your species that a plant you see bones, with those plants and their boning rooms.",
  {},
  TenantAllowedSpecies,
  YIELD_READ,
  (ctx) => tenantAllowedSpecies(ctx),
);

api.get(
  YIELD_HOME_API.dayDetail,
  "One day at one plant: its runs, shifts and the cuts furthest below standard.",
  { query: DayDetailQuery },
  YieldDayDetail,
  YIELD_READ,
  dayDetail,
);

export const yieldHomeApi = api.router();
