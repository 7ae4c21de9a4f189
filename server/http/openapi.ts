import { createRoute, OpenAPIHono, type z } from "@hono/zod-openapi";
import type { AppEnv } from "../env.ts";
import { ApiErrorBodySchema } from "./errors.ts";
import { validationHook } from "./validation.ts";

/** An API router of one area; zod failures become catalogue 400s. */
export const apiRouter = () => new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

const errorContent = { "application/json": { schema: ApiErrorBodySchema } };

/** The catalogue errors every endpoint may answer, for the OpenAPI document. */
export const errorResponses = {
  400: { description: "Bad request or validation error", content: errorContent },
  401: { description: "Login is required", content: errorContent },
  403: { description: "Not allowed", content: errorContent },
  404: { description: "Not found", content: errorContent },
  409: { description: "Change conflict", content: errorContent },
} as const;

export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  body: { content: { "application/json": { schema } }, required: true },
});

export const okJson = <T extends z.ZodType>(schema: T, description = "OK") => ({
  200: { description, content: { "application/json": { schema } } },
  ...errorResponses,
});

export const noContent = { 204: { description: "Done" }, ...errorResponses } as const;

export const bearer = [{ bearer: [] }];

/**
 * The route definitions of one API area (its OpenAPI tag): bearer-authenticated GETs with path or
 * query parameters and POSTs with a JSON body, answering JSON or a catalogue error.
 */
export function areaRoutes(tags: string[]) {
  return {
    get: <P extends { query: z.ZodObject } | { params: z.ZodObject }, R extends z.ZodType>(
      path: string,
      summary: string,
      request: P,
      response: R,
    ) =>
      createRoute({
        method: "get",
        path,
        tags,
        summary,
        security: bearer,
        request,
        responses: okJson(response),
      }),
    post: <B extends z.ZodType, R extends z.ZodType>(path: string, summary: string, body: B, response: R) =>
      createRoute({
        method: "post",
        path,
        tags,
        summary,
        security: bearer,
        request: jsonBody(body),
        responses: okJson(response),
      }),
  };
}
