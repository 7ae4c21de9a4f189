/**
 * api/super/…: the initial data load. The template to fill in, a preview of a filled-in file (every row
 * checked, nothing written) and the load of the previewed file. Super only: whoever can open the screen.
 */
import { z } from "@hono/zod-openapi";
import type { AccessRule } from "../../../access/apiAccess.ts";
import { errorResponses, okJson } from "../../../http/openapi.ts";
import { ApiErrorBodySchema } from "../../../http/errors.ts";
import { downloadHeaders } from "../../../http/files.ts";
import type { Context } from "hono";
import type { AppEnv } from "../../../env.ts";
import { areaApi, type In } from "../../areaApi.ts";
import { areaContextOf } from "../../context.ts";
import {
  DemoSeedsResult,
  InitialLoadPreview,
  InitialLoadResult,
  LoadForm,
  PreviewForm,
  RunDemoSeedsBody,
  TemplateQuery,
} from "./schemas.ts";
import { runDemoSeeds } from "./demoSeeds.ts";
import { loadFile, loadTemplate, previewLoad } from "./operations.ts";
import type { LoadKind } from "./rules.ts";

export const INITIAL_LOAD_API = {
  template: (kind: LoadKind) => `/api/super/GetInitialLoadTemplate?kind=${kind}`,
  preview: "/api/super/PreviewInitialLoad",
  load: "/api/super/LoadInitialData",
  demoSeeds: "/api/super/RunDemoSeeds",
} as const;

const ACCESS: AccessRule = { pages: ["superInitialDataLoad"] };
const multipart = <T extends z.ZodType>(schema: T) => ({
  body: { content: { "multipart/form-data": { schema } }, required: true },
});
const tooLarge = {
  413: {
    description: "The file is over 1,000 KB",
    content: { "application/json": { schema: ApiErrorBodySchema } },
  },
};

/** The form the route's validator already read (a multipart body can be read once). */
const formOf = <S extends z.ZodType>(c: Context<AppEnv>, _schema: S) =>
  (c.req.valid as (target: "form") => In<S>).call(c.req, "form");

const api = areaApi(["Super"]);

// a CSV with its own charset and a fixed name: the route as it was declared
api.route({
  method: "get",
  path: "/api/super/GetInitialLoadTemplate",
  summary: "The CSV template of a kind of master data: the header row and one example row",
  access: ACCESS,
  request: { query: TemplateQuery },
  responses: {
    200: { description: "The template", content: { "text/csv": { schema: z.string() } } },
    ...errorResponses,
  },
}, (c) => {
  const { fileName, text } = loadTemplate(TemplateQuery.parse(c.req.query()).kind);
  return Promise.resolve(c.body(text, 200, downloadHeaders("text/csv; charset=utf-8", fileName)));
});

// multipart uploads (the form's file and fields)
api.route({
  method: "post",
  path: INITIAL_LOAD_API.preview,
  summary: "Check a filled-in template against an organisation's records: every row's outcome and " +
    "problems in words, with counts of new, updated, unchanged and rejected rows. Writes nothing.",
  access: ACCESS,
  request: multipart(PreviewForm),
  responses: { ...okJson(InitialLoadPreview), ...tooLarge },
}, async (c) => c.json(await previewLoad(await areaContextOf(c), formOf(c, PreviewForm)), 200));

api.route({
  method: "post",
  path: INITIAL_LOAD_API.load,
  summary: "Load the previewed file: its good rows in one transaction (new records added, matched ones " +
    "updated, each audited), rows with problems left out. 409 when the file is not the one previewed.",
  access: ACCESS,
  request: multipart(LoadForm),
  responses: { ...okJson(InitialLoadResult), ...tooLarge },
}, async (c) => c.json(await loadFile(await areaContextOf(c), formOf(c, LoadForm)), 200));

api.post(
  INITIAL_LOAD_API.demoSeeds,
  "The initial-data load after start-up: each area's demo data seeded into an organisation marked demo " +
    "or test, in the registry's order; what is already there is left (a second run adds nothing).",
  RunDemoSeedsBody,
  DemoSeedsResult,
  ACCESS,
  runDemoSeeds,
);

export const superInitialLoadApi = api.router();
