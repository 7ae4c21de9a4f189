import type { AccessRule } from "../../../access/apiAccess.ts";
import { areaApi } from "../../areaApi.ts";
import { overviewOfDay, overviewOfOrder } from "./operations.ts";
import { IdParam, OverviewQuery, ProcessingOverview, ProcessingOverviewByOrder } from "./schemas.ts";

/** The paths the overview's screen and islands read. */
export const PROCESS_OVERVIEW_API = {
  byDay: "/api/livestock/GetLivestockOrderProcessingOverview",
  byOrder: "/api/livestock/GetLivestockOrderProcessingOverviewByOrder/{id}",
} as const;

// whoever may open the overview (module livestockReporting) may read its figures
const OVERVIEW_READ: AccessRule = { pages: ["processoverview"] };

/** The livestock order processing overview (spec 3 §7): by species and production day, and by order. */
const api = areaApi(["Livestock: processing overview"]);

api.get(
  PROCESS_OVERVIEW_API.byDay,
  "A production day's orders and mobs (one species, or every species of yours): ordered, delivered, " +
    "DOA, unloaded, in the yard, sent to the kill floor, processed (condemned apart) and still to " +
    "process, with totals per species and per supplier. The day defaults to the plant's today.",
  { query: OverviewQuery },
  ProcessingOverview,
  OVERVIEW_READ,
  overviewOfDay,
);

api.get(
  PROCESS_OVERVIEW_API.byOrder,
  "One order's processing figures and its production days (an order killed over several days shows " +
    "each); an order of a species you do not have is 404",
  { params: IdParam },
  ProcessingOverviewByOrder,
  OVERVIEW_READ,
  (ctx, { id }) => overviewOfOrder(ctx, id),
);

export const processOverviewApi = api.router();
