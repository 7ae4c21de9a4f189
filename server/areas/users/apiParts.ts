/**
 * What the users area's routers share beyond areaApi: a POST answering 204 No Content, and the public GET
 * that tells an invitation's page what a token or code invites to.
 */
import type { z } from "@hono/zod-openapi";
import type { AccessRule } from "../../access/apiAccess.ts";
import { jsonBody, noContent, okJson } from "../../http/openapi.ts";
import { ApiError } from "../../http/errors.ts";
import type { AppEnv } from "../../env.ts";
import { areaApi, type In } from "../areaApi.ts";
import { type AreaContext, areaContextOf } from "../context.ts";

type Api = ReturnType<typeof areaApi>;
const PUBLIC: AccessRule = { public: true };

/** A POST with a JSON body and no answer but 204: the operation gets the parsed body. */
export function postNoContent<B extends z.ZodType>(
  api: Api,
  path: string,
  summary: string,
  body: B,
  access: AccessRule,
  operation: (ctx: AreaContext, input: In<B>) => Promise<unknown>,
) {
  api.route(
    { method: "post", path, summary, access, request: jsonBody(body), responses: noContent },
    async (c) => {
      const input = (c.req.valid as (t: "json") => In<B>).call(c.req, "json");
      await operation(await areaContextOf(c), input);
      return c.body(null, 204);
    },
  );
}

/**
 * A public GET (no caller, so no area context: the handler reads the request itself): what `find` answers
 * for the query, or `notFound` as a validation error when it answers null.
 */
export function publicLookup<Q extends z.ZodObject<z.ZodRawShape>, A extends z.ZodType>(
  api: Api,
  path: string,
  summary: string,
  query: Q,
  answer: A,
  notFound: { field: string; message: string },
  find: (app: AppEnv["Variables"]["app"], q: In<Q>) => Promise<In<A> | null>,
) {
  api.route(
    { method: "get", path, summary, access: PUBLIC, request: { query }, responses: okJson(answer) },
    async (c) => {
      const found = await find(c.get("app"), (c.req.valid as (t: "query") => In<Q>).call(c.req, "query"));
      if (!found) throw ApiError.validation([notFound]);
      return c.json(found, 200);
    },
  );
}
