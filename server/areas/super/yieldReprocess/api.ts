/**
 * api/support/…: yield reprocessing per client (spec 3 §7 "support: count allocations and summaries,
 * count carcasses and products, request summary reprocessing"), for testing users on the testing home.
 */
import { z } from "@hono/zod-openapi";
import type { AccessRule } from "../../../access/apiAccess.ts";
import { jsonBody, okJson } from "../../../http/openapi.ts";
import { ApiError } from "../../../http/errors.ts";
import { areaApi } from "../../areaApi.ts";
import { areaContextOf } from "../../context.ts";
import { NDJSON } from "../../killFloor/paths.ts";
import {
  AllocationCounts,
  MemberCounts,
  ReprocessAnswer,
  ReprocessProductCode,
  ReprocessProductCodesQuery,
  ReprocessRangeBody,
  RequestReprocessBody,
} from "./schemas.ts";
import {
  countAllocationsAndSummaries,
  countCarcassesAndProducts,
  reprocessProductCodes,
  startSummaryReprocessing,
} from "./operations.ts";

export const YIELD_REPROCESS_API = {
  countAllocations: "/api/support/CountAllocationsAndSummaries",
  countMembers: "/api/support/CountCarcassesAndProducts",
  request: "/api/support/RequestSummaryReprocessing",
  productCodes: "/api/support/GetReprocessProductCodes",
} as const;

/** the testing home's users: the super user's, the tester's own */
export const TESTING_HOME: AccessRule = { pages: ["superTesting", "test", "testerHome"] };

const api = areaApi(["Support: yield reprocessing"]);

api.post(
  YIELD_REPROCESS_API.countAllocations,
  "Count a client's boning runs (allocations) and yield summaries of a species over 1 to 21 days",
  ReprocessRangeBody,
  AllocationCounts,
  TESTING_HOME,
  countAllocationsAndSummaries,
);

api.post(
  YIELD_REPROCESS_API.countMembers,
  "Count a client's carcasses and cartons (products) of a species over 1 to 21 days",
  ReprocessRangeBody,
  MemberCounts,
  TESTING_HOME,
  countCarcassesAndProducts,
);

api.get(
  YIELD_REPROCESS_API.productCodes,
  "A client's product codes of a species, for reprocessing one product code's summaries",
  { query: ReprocessProductCodesQuery },
  z.array(ReprocessProductCode),
  TESTING_HOME,
  reprocessProductCodes,
);

// a second representation of its answer (NDJSON progress): more than api.post says
api.route({
  method: "post",
  path: YIELD_REPROCESS_API.request,
  summary: "Rebuild a client's yield summaries of a species over 1 to 21 days from its carcass and carton " +
    "records, when the counts sent are still the counts (409 otherwise, or while a run of the client and " +
    "species goes on). With `Accept: application/x-ndjson` the answer streams a line per day done, then " +
    "the result or the error.",
  access: TESTING_HOME,
  request: jsonBody(RequestReprocessBody),
  responses: {
    ...okJson(ReprocessAnswer),
    200: {
      description: "What was rebuilt; with Accept: application/x-ndjson, progress lines then the result",
      content: { "application/json": { schema: ReprocessAnswer }, [NDJSON]: { schema: z.string() } },
    },
  },
}, async (c) => {
  const body = (c.req.valid as (t: "json") => z.output<typeof RequestReprocessBody>).call(c.req, "json");
  const ctx = await areaContextOf(c);
  // refusals (403, 409) before the answer starts, with their own status
  const run = await startSummaryReprocessing(ctx, body);
  if (!c.req.header("accept")?.includes(NDJSON)) return c.json(await run(), 200);
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (line: object) => controller.enqueue(encoder.encode(JSON.stringify(line) + "\n"));
      try {
        const result = await run(async (done, total) => {
          send({ type: "progress", done, total });
          // a turn of the event loop so the line goes out while the run goes on
          await new Promise((resolve) => setTimeout(resolve, 0));
        });
        send({ type: "result", ...result });
      } catch (error) {
        const e = error instanceof ApiError ? error : new ApiError(500);
        if (!(error instanceof ApiError)) console.error("yield reprocessing failed", error);
        send({ type: "error", status: e.status, ...e.body });
      }
      controller.close();
    },
  });
  return c.body(stream, 200, { "Content-Type": NDJSON, "Cache-Control": "no-store" });
});

export const yieldReprocessApi = api.router();
