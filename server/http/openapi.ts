import { createRoute, OpenAPIHono, type RouteConfig, type z } from "@hono/zod-openapi";
import type { AppEnv } from "../env.ts";
import { type AccessRule, assertRulePages } from "../access/apiAccess.ts";
import { ApiErrorBodySchema } from "./errors.ts";
import { validationHook } from "./validation.ts";
import { enforceAccess, refuseUnstorableText } from "./access.ts";

/** An API router of one area; zod failures become catalogue 400s. */
/** An api.ts router. Exports are annotated with it so no type is inferred through a handler's body. */
export type ApiRouter = OpenAPIHono<AppEnv>;
export const apiRouter = (): ApiRouter => new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

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

/**
 * The ways to authenticate: the bearer token of API clients, the session cookie of the browser, and on
 * integration endpoints only a plant system's API key.
 */
export const SECURITY_SCHEMES = {
  bearer: { type: "http", scheme: "bearer", description: "The token answered by login/login" },
  cookie: { type: "apiKey", in: "cookie", name: "session", description: "The browser's session cookie" },
  integrationKey: {
    type: "http",
    scheme: "bearer",
    description:
      "A plant system's API key (mpk_…) from Settings › Plant Integrations: integration endpoints only",
  },
} as const;
const signedInSecurity = [{ bearer: [] }, { cookie: [] }];
const integrationSecurity = [...signedInSecurity, { integrationKey: [] }];

/** Every declared route's access rule, by `METHOD /path` (docs/access.md and the tests read it). */
const declared = new Map<string, AccessRule>();
const operationIds = new Set<string>();

export function declaredAccess(): ReadonlyMap<string, AccessRule> {
  return declared;
}

/** Records the access rule of a route that is not an OpenAPI operation (hub, page form posts). */
export function declareAccess(method: string, path: string, rule: AccessRule) {
  assertRulePages(rule);
  declared.set(`${method.toUpperCase()} ${path}`, rule);
  return enforceAccess(rule);
}

type ApiRouteConfig = Omit<RouteConfig, "security" | "middleware" | "operationId"> & {
  access: AccessRule;
  /** defaults to the path's last fixed segment, the spec's operation name (GetLivestockOrders) */
  operationId?: string;
};

/**
 * An API route with its access rule declared once: the router enforces it before the body is
 * validated, and the OpenAPI document carries it (security schemes, `x-access`), so the document, the
 * router and the security tests read the same declaration.
 */
export function apiRoute<R extends ApiRouteConfig>(config: R) {
  const { access, operationId = operationName(config.path), ...route } = config;
  if (operationIds.has(operationId)) throw new Error(`operationId ${operationId} is used twice`);
  operationIds.add(operationId);
  const middleware = declareAccess(route.method, route.path, access);
  return createRoute(
    {
      ...route,
      operationId,
      security: access.public ? [] : access.integration ? integrationSecurity : signedInSecurity,
      middleware: [middleware, refuseUnstorableText] as const,
      "x-access": access,
    } as Omit<R, "access" | "operationId"> & { middleware: [typeof middleware, typeof refuseUnstorableText] },
  );
}

function operationName(path: string): string {
  return path.split("/").filter((s) => s && !s.startsWith("{")).at(-1)!;
}

/**
 * The route definitions of one API area (its OpenAPI tag): GETs with path or query parameters and
 * POSTs with a JSON body, answering JSON or a catalogue error, each with its access rule.
 */
export function areaRoutes(tags: string[]) {
  return {
    get: <P extends { query: z.ZodObject } | { params: z.ZodObject }, R extends z.ZodType>(
      path: string,
      summary: string,
      request: P,
      response: R,
      access: AccessRule,
    ) => apiRoute({ method: "get", path, tags, summary, access, request, responses: okJson(response) }),
    post: <B extends z.ZodType, R extends z.ZodType>(
      path: string,
      summary: string,
      body: B,
      response: R,
      access: AccessRule,
    ) =>
      apiRoute({
        method: "post",
        path,
        tags,
        summary,
        access,
        request: jsonBody(body),
        responses: okJson(response),
      }),
  };
}
