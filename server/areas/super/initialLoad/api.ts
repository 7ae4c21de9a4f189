/**
 * api/super/…: the initial data load. The template to fill in, a preview of a filled-in file (every row
 * checked, nothing written) and the load of the previewed file. Super only: whoever can open the screen.
 */
import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AccessRule } from "../../../access/apiAccess.ts";
import type { AppEnv } from "../../../env.ts";
import { apiRoute, type ApiRouter, apiRouter, errorResponses, okJson } from "../../../http/openapi.ts";
import { ApiErrorBodySchema } from "../../../http/errors.ts";
import { apiService } from "../../context.ts";
import { InitialLoadPreview, InitialLoadResult, LoadForm, PreviewForm, TemplateQuery } from "./schemas.ts";
import { InitialLoadService } from "./service.ts";
import type { LoadKind } from "./rules.ts";
import { downloadHeaders } from "../../../http/files.ts";

export const INITIAL_LOAD_API = {
  template: (kind: LoadKind) => `/api/super/GetInitialLoadTemplate?kind=${kind}`,
  preview: "/api/super/PreviewInitialLoad",
  load: "/api/super/LoadInitialData",
} as const;

const tags = ["Super"];
const ACCESS: AccessRule = { pages: ["superInitialDataLoad"] };
const service = (c: Context<AppEnv>) => apiService(c, InitialLoadService);
const multipart = <T extends z.ZodType>(schema: T) => ({
  body: { content: { "multipart/form-data": { schema } }, required: true },
});
const tooLarge = {
  413: {
    description: "The file is over 1,000 KB",
    content: { "application/json": { schema: ApiErrorBodySchema } },
  },
};

export const superInitialLoadApi: ApiRouter = apiRouter()
  .openapi(
    apiRoute({
      method: "get",
      path: "/api/super/GetInitialLoadTemplate",
      tags,
      summary: "The CSV template of a kind of master data: the header row and one example row",
      access: ACCESS,
      request: { query: TemplateQuery },
      responses: {
        200: { description: "The template", content: { "text/csv": { schema: z.string() } } },
        ...errorResponses,
      },
    }),
    async (c) => {
      const { fileName, text } = (await service(c)).template(c.req.valid("query").kind);
      return c.body(text, 200, downloadHeaders("text/csv; charset=utf-8", fileName));
    },
  )
  .openapi(
    apiRoute({
      method: "post",
      path: INITIAL_LOAD_API.preview,
      tags,
      summary: "Check a filled-in template against an organisation's records: every row's outcome and " +
        "problems in words, with counts of new, updated, unchanged and rejected rows. Writes nothing.",
      access: ACCESS,
      request: multipart(PreviewForm),
      responses: { ...okJson(InitialLoadPreview), ...tooLarge },
    }),
    async (c) => c.json(await (await service(c)).preview(c.req.valid("form")), 200),
  )
  .openapi(
    apiRoute({
      method: "post",
      path: INITIAL_LOAD_API.load,
      tags,
      summary: "Load the previewed file: its good rows in one transaction (new records added, matched ones " +
        "updated, each audited), rows with problems left out. 409 when the file is not the one previewed.",
      access: ACCESS,
      request: multipart(LoadForm),
      responses: { ...okJson(InitialLoadResult), ...tooLarge },
    }),
    async (c) => c.json(await (await service(c)).load(c.req.valid("form")), 200),
  );
