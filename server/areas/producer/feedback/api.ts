import type { AccessRule } from "../../../access/apiAccess.ts";
import { z } from "@hono/zod-openapi";
import { areaApi } from "../../areaApi.ts";
import { feedbackCsvFile, feedbackJsonFile, linkedLots, lotFeedback } from "./operations.ts";
import {
  FeedbackFileQuery,
  KillLotRow,
  LinkQuery,
  LotFeedback,
  LotQuery,
  RemittanceQuery,
} from "./schemas.ts";
import { remittancePdfFile } from "../portal/dealings.ts";

export const FEEDBACK_API = {
  csv: "/api/producer/FeedbackCsv",
  json: "/api/producer/FeedbackJson",
  remittancePdf: "/api/producer/RemittancePdf",
} as const;

// every user of a producer tenant reads; the door checks the link, its scope and its day
const PRODUCER_READ: AccessRule = { pages: ["producerportal"] };

/** Kill feedback of a producer's linked suppliers (issue 44 §3, §4). */
const api = areaApi(["Producer portal: kill feedback"]);

api.get(
  "/api/producer/GetKillLots",
  "Producer: the killed lots of a link's suppliers from its visible-from day, newest first",
  { query: LinkQuery },
  z.array(KillLotRow),
  PRODUCER_READ,
  linkedLots,
);

api.get(
  "/api/producer/GetLotFeedback",
  "Producer: one lot's carcasses and its compliance against the grid it was bought on",
  { query: LotQuery },
  LotFeedback,
  PRODUCER_READ,
  lotFeedback,
);

api.file(
  FEEDBACK_API.csv,
  "Producer: the kill feedback file, one row per carcass (one lot, or kill days from–to up to a year)",
  { query: FeedbackFileQuery },
  "csv",
  PRODUCER_READ,
  feedbackCsvFile,
);

api.get(
  FEEDBACK_API.json,
  "Producer: the kill feedback rows as JSON, keyed by the CSV's headers",
  { query: FeedbackFileQuery },
  z.array(z.record(z.string(), z.unknown())),
  PRODUCER_READ,
  feedbackJsonFile,
);

api.file(
  FEEDBACK_API.remittancePdf,
  "Producer: a published remittance PDF of a link's supplier, as the processor sent it (one kept version)",
  { query: RemittanceQuery },
  "pdf",
  PRODUCER_READ,
  remittancePdfFile,
);

export const feedbackApi = api.router();
