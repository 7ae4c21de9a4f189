/**
 * An area's API written from declarations: each route is (path, summary, schemas, access rule,
 * operation), and the handler between them is written here once: the caller's area context is made
 * (the access rule has already let them in, before the body was read), the validated input is handed to
 * the operation, and its result becomes the answer: JSON, a page of rows with X-Total-Count, or a file.
 *
 *   const api = areaApi(["Livestock: kill volume targets"]);
 *   api.get("/api/livestock/GetKillVolumeTarget/{id}", "One kill volume target", { params: IdParam },
 *     KillVolumeTarget, READ, (ctx, { id }) => getTarget(ctx, id));
 *   export const volumeTargetsApi = api.router();
 */
import type { Context } from "hono";
import type { RouteConfig } from "@hono/zod-openapi";
import type { z } from "@hono/zod-openapi";
import type { AppEnv } from "../env.ts";
import type { AccessRule } from "../access/apiAccess.ts";
import { apiRoute, type ApiRouter, apiRouter, jsonBody, okJson } from "../http/openapi.ts";
import {
  fileAnswer,
  fileResponses,
  type FileType,
  type StoredFile,
  storedFileAnswer,
} from "../http/files.ts";
import { pageHeaders } from "../http/params.ts";
import { type AreaContext, areaContextOf } from "./context.ts";

/** What an operation receives: the schema's parsed output. */
export type In<S extends z.ZodType> = z.output<S>;
/** What an operation answers: anything the answer schema accepts. */
type Out<S extends z.ZodType> = z.input<S>;

type Params = { params?: z.ZodObject; query?: z.ZodObject };
type Parsed<T> = T extends z.ZodObject ? z.output<T> : unknown;
/** A GET's input: its path parameters and query in one object. */
export type GetInput<P extends Params> = Parsed<P["params"]> & Parsed<P["query"]>;

type Operation<I, O> = (ctx: AreaContext, input: I, c: Context<AppEnv>) => Promise<O> | O;

/** A page of a list: the rows asked for and how many there are in all (sent as X-Total-Count). */
export interface Page<T> {
  rows: T[];
  total: number;
}

/** A file answer of a known type, downloaded as `name.<type>` (a stream is sent as it is made). */
export interface FileOut {
  body: Uint8Array | string | ReadableStream<Uint8Array>;
  name: string;
}

/** A stored file (a blob) with how to answer it. */
export interface StoredOut {
  file: StoredFile;
  fileName?: string;
  inlineImage?: boolean;
  allowCache?: boolean;
}

type ApiRouteConfig = Parameters<typeof apiRoute>[0];
type Handler = (c: Context<AppEnv>) => Promise<Response>;

function inputOf(c: Context<AppEnv>): Record<string, unknown> {
  // `valid` holds only what the route declared; an undeclared target reads as nothing
  const valid = (target: string) =>
    (c.req.valid as (t: string) => Record<string, unknown> | undefined).call(c.req, target);
  return { ...valid("param"), ...valid("query") };
}

export function areaApi(tags: string[]) {
  const routes: { config: ReturnType<typeof apiRoute>; handler: Handler }[] = [];
  const add = (config: ApiRouteConfig, handler: Handler) =>
    routes.push({ config: apiRoute(config), handler });
  const request = (p: Params) => ({
    ...(p.params ? { params: p.params } : {}),
    ...(p.query ? { query: p.query } : {}),
  });

  /** A GET: its request from the parameters, and its answer made from what the operation returns. */
  const read = <P extends Params, O>(
    path: string,
    summary: string,
    params: P,
    access: AccessRule,
    responses: RouteConfig["responses"],
    operation: Operation<GetInput<P>, O>,
    answer: (out: O, c: Context<AppEnv>) => Response | Promise<Response>,
  ) =>
    add(
      { method: "get", path, tags, summary, access, request: request(params), responses },
      async (c) => answer(await operation(await areaContextOf(c), inputOf(c) as GetInput<P>, c), c),
    );

  return {
    /** A GET answering JSON: the operation gets the path parameters and query as one object. */
    get<P extends Params, R extends z.ZodType>(
      path: string,
      summary: string,
      params: P,
      answer: R,
      access: AccessRule,
      operation: Operation<GetInput<P>, Out<R>>,
    ) {
      read(path, summary, params, access, okJson(answer), operation, (out, c) => c.json(out as object, 200));
    },

    /** A POST with a JSON body answering JSON: the operation gets the parsed body. */
    post<B extends z.ZodType, R extends z.ZodType>(
      path: string,
      summary: string,
      body: B,
      answer: R,
      access: AccessRule,
      operation: Operation<In<B>, Out<R>>,
    ) {
      add(
        { method: "post", path, tags, summary, access, request: jsonBody(body), responses: okJson(answer) },
        async (c) => {
          const input = (c.req.valid as (t: "json") => In<B>).call(c.req, "json");
          return c.json(await operation(await areaContextOf(c), input, c) as object, 200);
        },
      );
    },

    /** A GET answering one page of a list, its total in X-Total-Count (the one pagination style). */
    page<P extends Params, R extends z.ZodType>(
      path: string,
      summary: string,
      params: P,
      row: R,
      access: AccessRule,
      operation: Operation<GetInput<P>, Page<Out<R>>>,
    ) {
      // "OK", as every paged list said before: the summary tells of X-Total-Count (the document is unchanged)
      const responses = okJson((row as unknown as { array(): z.ZodType }).array());
      const answer = ({ rows, total }: Page<Out<R>>, c: Context<AppEnv>) =>
        c.json(rows as object, 200, pageHeaders(total));
      read(path, summary, params, access, responses, operation, answer);
    },

    /** A GET answering a file the operation makes (a PDF, a CSV). */
    file<P extends Params>(
      path: string,
      summary: string,
      params: P,
      type: FileType,
      access: AccessRule,
      operation: Operation<GetInput<P>, FileOut>,
    ) {
      const answer = ({ body, name }: FileOut) => fileAnswer(body, type, name);
      read(path, summary, params, access, fileResponses(type), operation, answer);
    },

    /** A GET answering a stored file (its own type, ETag and 304), with the responses it declares. */
    stored<P extends Params>(
      path: string,
      summary: string,
      params: P,
      responses: RouteConfig["responses"],
      access: AccessRule,
      operation: Operation<GetInput<P>, StoredOut>,
    ) {
      const answer = ({ file, ...how }: StoredOut, c: Context<AppEnv>) => storedFileAnswer(c, file, how);
      read(path, summary, params, access, responses, operation, answer);
    },

    /**
     * Any other route (a multipart upload, a 204): the full OpenAPI config with its access rule, and a
     * handler over the request. Prefer the forms above; this one is for what they cannot say.
     */
    route(config: Omit<ApiRouteConfig, "tags">, handler: Handler) {
      // tags third, where every other route has them (the OpenAPI document keeps the keys' order)
      const { method, path, ...rest } = config;
      add({ method, path, tags, ...rest } as ApiRouteConfig, handler);
    },

    /** The area's router, with every route declared above. */
    router(): ApiRouter {
      const router = apiRouter();
      for (const { config, handler } of routes) router.openapi(config, handler);
      return router;
    },
  };
}
