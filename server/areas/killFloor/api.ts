/**
 * api/killfloor/…: carcass records in (a plant system's batch with an integration key, a person's file),
 * the plant's view of the day's agenda, the interchange clients' heartbeats and cards, and the errors the
 * plant reports. The day's data, corrections and exports are in dayApi.ts.
 */
import type { Context } from "hono";
import { z } from "@hono/zod-openapi";
import type { AccessRule } from "../../access/apiAccess.ts";
import type { AppEnv } from "../../env.ts";
import {
  apiRoute,
  type ApiRouter,
  apiRouter,
  areaRoutes,
  errorResponses,
  okJson,
} from "../../http/openapi.ts";
import { ApiErrorBodySchema } from "../../http/errors.ts";
import { apiService } from "../context.ts";
import { KillAgendaQueries } from "../killAgenda/queries.ts";
import { KillAgenda } from "../killAgenda/schemas.ts";
import { KillFloorImports } from "./service.ts";
import { InterchangeService } from "./interchange.ts";
import { KILL_FLOOR_API as K, NDJSON, templateCsv } from "./rules.ts";
import { csvRows, formatOf, jsonRows, progressStream, readMapping, UPLOAD_MAX_BYTES } from "./upload.ts";
import {
  AcknowledgeErrorsBody,
  CarcassImport,
  HeartbeatAnswer,
  HeartbeatBody,
  ImportResult,
  ImportsQuery,
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
import { CARCASS_FIELDS } from "./rules.ts";
import { killFloorDayApi } from "./dayApi.ts";
import { downloadHeaders } from "../../http/files.ts";

/** Bodies over the app's 1 MB limit, by path (server/app.ts gives these paths their own limit). */
export const KILL_FLOOR_BODY_LIMITS: Readonly<Record<string, number>> = {
  [K.uploadCarcassFile]: UPLOAD_MAX_BYTES + 64 * 1024,
};

const tags = ["Kill floor: data in"];
const { get, post } = areaRoutes(tags);
const UPLOAD: AccessRule = { pages: ["dataupload", "superFileUpload"] };
/** a plant system with its key; a person who may upload files */
const PLANT_SENDS: AccessRule = { ...UPLOAD, integration: true };
/** the interchange client's own calls; a super user may make them by hand to test */
const PLANT_ONLY: AccessRule = { role: "super", integration: true };
const PLANT_READS_AGENDA: AccessRule = { pages: ["killagenda"], integration: true };
const INTERCHANGE: AccessRule = { pages: ["settingsIntegrations", "superTesting", "testerHome"] };
const ERRORS: AccessRule = { role: "user", featureFlag: "integrationErrorNotifications" };

const imports = (c: Context<AppEnv>) => apiService(c, KillFloorImports);
const interchange = (c: Context<AppEnv>) => apiService(c, InterchangeService);
const keyName = (c: Context<AppEnv>) =>
  c.get("authVia") === "apiKey"
    ? `API: ${c.get("caller")?.user.firstName || "integration key"}`
    : "API batch";
const errorContent = { "application/json": { schema: ApiErrorBodySchema } };

export const killFloorApi: ApiRouter = apiRouter()
  .openapi(
    post(
      K.postCarcasses,
      "A batch of carcass records from the plant's systems (integration key), up to 1 MB (about 4,000 " +
        "carcasses; send a day in batches, or upload it as a file). Every row is checked first: " +
        "one bad row rejects the batch (400 listing rows; nothing written). A day's body number sent again " +
        "replaces its record. Orders whose every live head is then accounted for are announced.",
      PostCarcassesBody,
      ImportResult,
      PLANT_SENDS,
    ),
    async (c) =>
      c.json(
        await (await imports(c)).import(c.req.valid("json").carcasses, { kind: "api", name: keyName(c) }),
        200,
      ),
  )
  .openapi(
    apiRoute({
      method: "post",
      path: K.uploadCarcassFile,
      tags,
      summary:
        "Upload a CSV (with the column mapping chosen on screen) or JSON file of carcass records, up to " +
        "20 MB. With `Accept: application/x-ndjson` the answer streams progress lines and ends with the " +
        "result or the error; otherwise it is the result (or a 400 listing the rows in error).",
      access: UPLOAD,
      request: {
        body: { content: { "multipart/form-data": { schema: UploadCarcassForm } }, required: true },
      },
      responses: {
        ...okJson(ImportResult),
        413: { description: "The file is over 20 MB", content: errorContent },
      },
    }),
    async (c) => {
      const form = c.req.valid("form");
      const format = formatOf(form.file, form.format);
      const mapping = readMapping(form.mapping);
      const service = await imports(c);
      const run = async (
        progress?: (
          e: { type: "progress"; stage: "reading" | "checking" | "saving"; done: number; total: number },
        ) => Promise<void>,
      ) => {
        const text = await form.file.text();
        const rows = format === "json" ? jsonRows(text) : csvRows(text, mapping);
        await progress?.({ type: "progress", stage: "reading", done: rows.length, total: rows.length });
        return service.import(
          rows,
          { kind: "upload", name: form.file.name || `upload.${format}` },
          progress && ((stage, done, total) => progress({ type: "progress", stage, done, total })),
        );
      };
      if (c.req.header("accept")?.includes(NDJSON)) {
        // progress lines, then the result: the route's typed answer is the JSON one, so this other
        // representation of it cannot be typed against the route (the one cast left on a file or stream answer)
        return c.body(progressStream(run), 200, {
          "Content-Type": NDJSON,
          "Cache-Control": "no-store",
        }) as never;
      }
      return c.json(await run(), 200);
    },
  )
  .openapi(
    apiRoute({
      method: "get",
      path: K.carcassTemplate,
      tags,
      summary: "The carcass file template: CSV header and an example row, or a JSON example",
      access: UPLOAD,
      request: { query: TemplateQuery },
      responses: {
        200: {
          description: "The template",
          content: { "text/csv": { schema: z.string() }, "application/json": { schema: z.string() } },
        },
        ...errorResponses,
      },
    }),
    (c) => {
      const json = c.req.valid("query").format === "json";
      const body = json ? JSON.stringify({ carcasses: [templateExample()] }, null, 2) : templateCsv();
      return c.body(
        body,
        200,
        downloadHeaders(
          json ? "application/json; charset=utf-8" : "text/csv; charset=utf-8",
          `carcass-template.${json ? "json" : "csv"}`,
        ),
      );
    },
  )
  .openapi(
    get(
      K.imports,
      "The latest carcass files and batches, newest first",
      { query: ImportsQuery },
      z.array(CarcassImport),
      UPLOAD,
    ),
    async (c) => c.json(await (await imports(c)).recent(c.req.valid("query").limit ?? 50), 200),
  )
  .openapi(
    get(
      K.plantAgenda,
      "The day's kill agenda as the plant's systems read it (lots in kill order, with the mob ids to send back)",
      { query: PlantAgendaQuery },
      KillAgenda,
      PLANT_READS_AGENDA,
    ),
    async (c) => c.json(await (await apiService(c, KillAgendaQueries)).day(c.req.valid("query")), 200),
  )
  .openapi(
    post(
      K.heartbeat,
      "The interchange client's state (spec 3 §3); the answer says whether the office asked for a reset",
      HeartbeatBody,
      HeartbeatAnswer,
      PLANT_ONLY,
    ),
    async (c) => c.json(await (await interchange(c)).heartbeat(c.req.valid("json")), 200),
  )
  .openapi(
    post(
      K.reportError,
      "An error of the plant's systems, for the integration error notifications",
      ReportErrorBody,
      IntegrationError,
      PLANT_ONLY,
    ),
    async (c) => c.json(await (await interchange(c)).reportError(c.req.valid("json")), 200),
  )
  .openapi(
    get(
      K.interchangeClients,
      "The interchange clients' cards, errors first",
      { query: z.object({}) },
      z.array(InterchangeClient),
      INTERCHANGE,
    ),
    async (c) => c.json(await (await interchange(c)).clients(), 200),
  )
  .openapi(
    post(
      K.pingInterchange,
      "Whether the interchange is available (a client heard from in the last 5 minutes)",
      z.object({}),
      PingAnswer,
      INTERCHANGE,
    ),
    async (c) => c.json(await (await interchange(c)).ping(), 200),
  )
  .openapi(
    post(
      K.resetDataFlow,
      "Reset a client's data flow to Ready to Process; without force only a pipeline that is not running (409)",
      ResetDataFlowBody,
      InterchangeClient,
      INTERCHANGE,
    ),
    async (c) => c.json(await (await interchange(c)).resetDataFlow(c.req.valid("json")), 200),
  )
  .openapi(
    get(
      K.integrationErrors,
      "Errors the plant's systems reported, newest first (integration error notifications flag)",
      { query: z.object({ onlyOpen: z.enum(["true", "false"]).optional() }) },
      z.array(IntegrationError),
      ERRORS,
    ),
    async (c) => c.json(await (await interchange(c)).errors(c.req.valid("query").onlyOpen === "true"), 200),
  )
  .openapi(
    post(
      K.acknowledgeErrors,
      "Mark errors as seen",
      AcknowledgeErrorsBody,
      z.object({ acknowledged: z.number().int() }),
      ERRORS,
    ),
    async (c) => c.json(await (await interchange(c)).acknowledge(c.req.valid("json").ids), 200),
  )
  .route("/", killFloorDayApi);

/** The template's JSON record: every field with its example (blank examples left out). */
function templateExample() {
  return Object.fromEntries(CARCASS_FIELDS.filter((f) => f.example).map((f) => [f.key, f.example]));
}
