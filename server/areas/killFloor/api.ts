/**
 * api/killfloor/…: carcass records in (a plant system's batch with an integration key, a person's file),
 * the plant's view of the day's agenda, the interchange clients' heartbeats and cards, and the errors the
 * plant reports. The day's data, corrections and exports are in dayApi.ts.
 */
import type { Context } from "hono";
import { z } from "@hono/zod-openapi";
import type { AccessRule } from "../../access/apiAccess.ts";
import type { AppEnv } from "../../env.ts";
import { errorResponses, okJson } from "../../http/openapi.ts";
import { ApiErrorBodySchema } from "../../http/errors.ts";
import { downloadHeaders } from "../../http/files.ts";
import { ImportsQuery } from "../imports.ts";
import { areaApi } from "../areaApi.ts";
import { areaContextOf } from "../context.ts";
import { agendaDay } from "../killAgenda/queries.ts";
import { KillAgenda } from "../killAgenda/schemas.ts";
import { integrationErrorList, interchangeClients, pingInterchange, recentImports } from "./queries.ts";
import { importCarcasses } from "./operations/importCarcasses.ts";
import { acknowledgeErrors, heartbeat, reportError, resetDataFlow } from "./operations/interchange.ts";
import { CARCASS_FIELDS, KILL_FLOOR_API as K, NDJSON, templateCsv, type UploadEvent } from "./rules.ts";
import { csvRows, formatOf, jsonRows, progressStream, readMapping, UPLOAD_MAX_BYTES } from "./upload.ts";
import {
  AcknowledgeErrorsBody,
  CarcassImport,
  HeartbeatAnswer,
  HeartbeatBody,
  ImportResult,
  IntegrationError,
  InterchangeClient,
  PingAnswer,
  PlantAgendaQuery,
  PostCarcassesBody,
  ReportErrorBody,
  ResetDataFlowBody,
  TemplateQuery,
  UploadCarcassForm,
} from "./schemas.ts";

/** Bodies over the app's 1 MB limit, by path (server/app.ts gives these paths their own limit). */
export const KILL_FLOOR_BODY_LIMITS: Readonly<Record<string, number>> = {
  [K.uploadCarcassFile]: UPLOAD_MAX_BYTES + 64 * 1024,
};

const UPLOAD: AccessRule = { pages: ["dataupload", "superFileUpload"] };
/** a plant system with its key; a person who may upload files */
const PLANT_SENDS: AccessRule = { ...UPLOAD, integration: true };
/** the interchange client's own calls; a super user may make them by hand to test */
const PLANT_ONLY: AccessRule = { role: "super", integration: true };
const PLANT_READS_AGENDA: AccessRule = { pages: ["killagenda"], integration: true };
const INTERCHANGE: AccessRule = { pages: ["settingsIntegrations", "superTesting", "testerHome"] };
const ERRORS: AccessRule = { role: "user", featureFlag: "integrationErrorNotifications" };

const keyName = (c: Context<AppEnv>) =>
  c.get("authVia") === "apiKey"
    ? `API: ${c.get("caller")?.user.firstName || "integration key"}`
    : "API batch";
const errorContent = { "application/json": { schema: ApiErrorBodySchema } };
type ProgressLine = Extract<UploadEvent, { type: "progress" }>;

const api = areaApi(["Kill floor: data in"]);

api.post(
  K.postCarcasses,
  "A batch of carcass records from the plant's systems (integration key), up to 1 MB (about 4,000 " +
    "carcasses; send a day in batches, or upload it as a file). Every row is checked first: " +
    "one bad row rejects the batch (400 listing rows; nothing written). A day's body number sent again " +
    "replaces its record. Orders whose every live head is then accounted for are announced.",
  PostCarcassesBody,
  ImportResult,
  PLANT_SENDS,
  (ctx, body, c) => importCarcasses(ctx, body.carcasses, { kind: "api", name: keyName(c) }),
);

// multipart, and a second representation of its answer (NDJSON progress): more than api.post says
api.route({
  method: "post",
  path: K.uploadCarcassFile,
  summary: "Upload a CSV (with the column mapping chosen on screen) or JSON file of carcass records, up to " +
    "20 MB. With `Accept: application/x-ndjson` the answer streams progress lines and ends with the " +
    "result or the error; otherwise it is the result (or a 400 listing the rows in error).",
  access: UPLOAD,
  request: { body: { content: { "multipart/form-data": { schema: UploadCarcassForm } }, required: true } },
  responses: {
    ...okJson(ImportResult),
    200: {
      description: "The import's result; with Accept: application/x-ndjson, progress lines then the result",
      content: {
        "application/json": { schema: ImportResult },
        // one JSON object per line: {type: "progress", stage, done, total}…, then the result or the error
        [NDJSON]: { schema: z.string() },
      },
    },
    413: { description: "The file is over 20 MB", content: errorContent },
  },
}, async (c) => {
  // what the route's validator accepted (api.route hands the handler the bare request)
  const form = (c.req.valid as (target: "form") => z.output<typeof UploadCarcassForm>).call(c.req, "form");
  const format = formatOf(form.file, form.format);
  const mapping = readMapping(form.mapping);
  const ctx = await areaContextOf(c);
  const run = async (progress?: (e: ProgressLine) => Promise<void>) => {
    const text = await form.file.text();
    const rows = format === "json" ? jsonRows(text) : csvRows(text, mapping);
    await progress?.({ type: "progress", stage: "reading", done: rows.length, total: rows.length });
    return importCarcasses(
      ctx,
      rows,
      { kind: "upload", name: form.file.name || `upload.${format}` },
      progress && ((stage, done, total) => progress({ type: "progress", stage, done, total })),
    );
  };
  if (c.req.header("accept")?.includes(NDJSON)) {
    // progress lines, then the result
    return c.body(progressStream(run), 200, { "Content-Type": NDJSON, "Cache-Control": "no-store" });
  }
  return c.json(await run(), 200);
});

// two file types by the query (CSV or JSON): more than api.file says
api.route({
  method: "get",
  path: K.carcassTemplate,
  summary: "The carcass file template: CSV header and an example row, or a JSON example",
  access: UPLOAD,
  request: { query: TemplateQuery },
  responses: {
    200: {
      description: "The template",
      // the JSON example is a body PostCarcasses takes
      content: { "text/csv": { schema: z.string() }, "application/json": { schema: PostCarcassesBody } },
    },
    ...errorResponses,
  },
}, (c) => {
  const json = TemplateQuery.parse(c.req.query()).format === "json";
  const body = json ? JSON.stringify({ carcasses: [templateExample()] }, null, 2) : templateCsv();
  const type = json ? "application/json; charset=utf-8" : "text/csv; charset=utf-8";
  return Promise.resolve(
    c.body(body, 200, downloadHeaders(type, `carcass-template.${json ? "json" : "csv"}`)),
  );
});

api.get(
  K.imports,
  "The latest carcass files and batches, newest first",
  { query: ImportsQuery },
  z.array(CarcassImport),
  UPLOAD,
  (ctx, q) => recentImports(ctx, q.limit ?? 50),
);

api.get(
  K.plantAgenda,
  "The day's kill agenda as the plant's systems read it (lots in kill order, with the mob ids to send back)",
  { query: PlantAgendaQuery },
  KillAgenda,
  PLANT_READS_AGENDA,
  agendaDay,
);

api.post(
  K.heartbeat,
  "The interchange client's state (spec 3 §3); the answer says whether the office asked for a reset",
  HeartbeatBody,
  HeartbeatAnswer,
  PLANT_ONLY,
  heartbeat,
);

api.post(
  K.reportError,
  "An error of the plant's systems, for the integration error notifications",
  ReportErrorBody,
  IntegrationError,
  PLANT_ONLY,
  reportError,
);

api.get(
  K.interchangeClients,
  "The interchange clients' cards, errors first",
  { query: z.object({}) },
  z.array(InterchangeClient),
  INTERCHANGE,
  (ctx) => interchangeClients(ctx),
);

api.post(
  K.pingInterchange,
  "Whether the interchange is available (a client heard from in the last 5 minutes)",
  z.object({}),
  PingAnswer,
  INTERCHANGE,
  (ctx) => pingInterchange(ctx),
);

api.post(
  K.resetDataFlow,
  "Reset a client's data flow to Ready to Process; without force only a pipeline that is not running (409)",
  ResetDataFlowBody,
  InterchangeClient,
  INTERCHANGE,
  resetDataFlow,
);

api.get(
  K.integrationErrors,
  "Errors the plant's systems reported, newest first (integration error notifications flag)",
  { query: z.object({ onlyOpen: z.enum(["true", "false"]).optional() }) },
  z.array(IntegrationError),
  ERRORS,
  (ctx, q) => integrationErrorList(ctx, q.onlyOpen === "true"),
);

api.post(
  K.acknowledgeErrors,
  "Mark errors as seen",
  AcknowledgeErrorsBody,
  z.object({ acknowledged: z.number().int() }),
  ERRORS,
  (ctx, { ids }) => acknowledgeErrors(ctx, ids),
);

export const killFloorApi = api.router();

/** The template's JSON record: every field with its example (blank examples left out). */
function templateExample() {
  return Object.fromEntries(CARCASS_FIELDS.filter((f) => f.example).map((f) => [f.key, f.example]));
}
