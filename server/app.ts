import { OpenAPIHono } from "@hono/zod-openapi";
import { HTTPException } from "hono/http-exception";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv, AppServices } from "./env.ts";
import { ApiError, errorResponse } from "./http/errors.ts";
import { isApiPath, PathRegistry } from "./http/paths.ts";
import { allRoutes } from "./access/routes.ts";
import { clientClock } from "./http/clientClock.ts";
import { identify } from "./http/auth.ts";
import { staticAssets } from "./http/static.ts";
import { compression } from "./http/compression.ts";
import { apiDocs } from "./http/apiDocs.ts";
import { loginApi } from "./auth/api.ts";
import { oidcApi } from "./auth/oidcApi.ts";
import { hubRoutes } from "./push/routes.ts";
import { AREAS, BODY_LIMITS, SEED_ORDER } from "./areas/mod.ts";
import { pages } from "./pages/handler.tsx";
import { keptLane } from "./pages/keptPages.ts";
import { declareAccess, SECURITY_SCHEMES } from "./http/openapi.ts";
import { withServerAnswers } from "./http/openapiDocument.ts";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { securityHeaders } from "./http/securityHeaders.ts";
import { nameRoute, noteRequest, observed, requestIdOf } from "./ops/requests.ts";
import { healthRoutes } from "./ops/health.ts";
import { isShuttingDown, refusedWhileDraining } from "./ops/shutdown.ts";
import { log } from "./ops/log.ts";

/**
 * Screens whose path is also, in another spelling, an API path (register/handleinvite the page,
 * register/HandleInvite the call: spec 1 §2 and §7 name both). A browser opening the page's own spelling
 * gets the page; everything else is routed as API, case-insensitively.
 */
const PAGES_UNDER_API = new Set(
  allRoutes().map((r) => r.path).filter((p) => isApiPath(p) && !p.includes("$")),
);

function routedPath(paths: PathRegistry, req: Request): string {
  const pathname = pathnameOf(req.url);
  const isPageVisit = req.method === "GET" && PAGES_UNDER_API.has(pathname) &&
    (req.headers.get("accept") ?? "").includes("text/html");
  return isPageVisit ? pathname : paths.canonical(pathname);
}

/** Builds the whole app: middleware, API routes, OpenAPI document, static assets and pages. */
export function createApp(services: AppServices) {
  // the registry's seeds for the super initial-data load (it cannot import the registry: a circle)
  services.demoSeeds ??= SEED_ORDER.flatMap((a) => a.seed ? [{ name: a.name, seed: a.seed }] : []);
  const paths = new PathRegistry();
  const apis = [loginApi, oidcApi, hubRoutes, ...AREAS.flatMap((area) => area.api ?? [])];
  const app = new OpenAPIHono<AppEnv>({ getPath: (req) => routedPath(paths, req) });

  app.use("*", async (c, next) => {
    c.set("app", services);
    await next();
  });
  app.use("*", noteRequest);
  app.use("*", securityHeaders);
  app.use("*", compression);
  // API answers carry tokens and tenant data: never kept by a browser or a proxy
  app.use("*", async (c, next) => {
    await next();
    if (isApiPath(c.req.path) && !c.res.headers.has("cache-control")) c.header("Cache-Control", "no-store");
  });
  // 1 MB for every body, but the few paths that take files (a yard's map image) have their own limit
  const tooLarge = (): never => {
    throw new ApiError(413);
  };
  const defaultLimit = bodyLimit({ maxSize: 1024 * 1024, onError: tooLarge });
  const fileLimits = new Map(
    Object.entries(BODY_LIMITS).map((
      [path, maxSize],
    ) => [path, bodyLimit({ maxSize, onError: tooLarge })]),
  );
  app.use("*", (c, next) => (fileLimits.get(c.req.path) ?? defaultLimit)(c, next));
  app.use("*", identify);
  app.use("*", clientClock);
  // a documented path with another method is 405 before anything else can answer it
  app.use("*", async (c, next) => {
    const allowed = paths.allowedMethods(c.req.path);
    const method = c.req.method === "HEAD" ? "GET" : c.req.method;
    if (allowed.length && !allowed.includes(method)) {
      throw new ApiError(405, undefined, { headers: { Allow: allowed.join(", ") } });
    }
    await next();
  });

  for (const api of apis) app.route("/", api);
  app.route("/", healthRoutes);

  for (const [name, scheme] of Object.entries(SECURITY_SCHEMES)) {
    app.openAPIRegistry.registerComponent("securitySchemes", name, scheme);
  }
  const documentConfig: Parameters<typeof app.getOpenAPI31Document>[0] = {
    openapi: "3.1.0",
    info: {
      title: "Abattoir Manager API",
      version: "1",
      // OpenAPI 3.1 licence by SPDX identifier (the library types only 3.0's url form)
      license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" } as { name: string },
      description:
        "JSON API. Every operation's access rule is in its `x-access` (docs/access.md). Send `Authorization: Bearer <token>` (from login/login), and the headers X-Local-Date (yyyy-MM-dd), X-Local-Time (HH:mm:ss) and X-Api-Version. Errors answer {title, message, isValidation}. Live changes come through the push hub, described at /api/asyncapi.json (AsyncAPI 3.0).",
    },
    servers: [{ url: "/", description: "This server" }],
  };
  // made once, on the first request: every route is registered by then
  let document: ReturnType<typeof app.getOpenAPI31Document> | undefined;
  app.get(
    "/api/openapi.json",
    (c) => c.json(document ??= withServerAnswers(app.getOpenAPI31Document(documentConfig))),
  );
  // the API's description and its browsable reference are public (nothing to enforce, recorded for docs/access.md)
  declareAccess("GET", "/api/openapi.json", { public: true });
  app.route("/", apiDocs());

  app.route("/", staticAssets());
  app.route("/", pages);

  paths.load(apis.flatMap((api) => api.routes));

  app.notFound((c) => {
    if (!isApiPath(c.req.path)) return c.text("Not found", 404);
    return errorResponse(c, ApiError.notFound());
  });

  app.onError((error, c) => {
    if (error instanceof ApiError) return errorResponse(c, error);
    if (error instanceof HTTPException) {
      // Hono's own refusals (malformed JSON, …) in the catalogue shape
      const status = error.status as ContentfulStatusCode;
      return errorResponse(
        c,
        new ApiError(status, error.message || undefined, { isValidation: status === 400 }),
      );
    }
    log("error", "unhandled", {
      requestId: requestIdOf(c.req.raw),
      method: c.req.method,
      route: c.req.routePath,
      error: error instanceof Error ? error.stack ?? error.message : String(error),
    });
    return errorResponse(c, new ApiError(500));
  });

  // a kept page goes out before any middleware runs (server/pages/keptPages.ts); anything else, and a
  // lane that fails, goes the whole way
  // every request gets an id, a span and a log line (server/ops/requests.ts); while the instance drains
  // (server/ops/shutdown.ts) a new one is refused, but its probes still answer
  const handle = app.fetch;
  app.fetch = observed(async (request, ...rest) => {
    if (isShuttingDown() && !PROBES.has(pathnameOf(request.url))) return refusedWhileDraining();
    const keptPage = await keptLane(request, services).catch((error) => {
      log("error", "keptPage.failed", { error: error instanceof Error ? error.message : String(error) });
      return null;
    });
    if (keptPage) nameRoute(request, "(kept page)");
    return keptPage ?? await handle(request, ...rest);
  });
  return app;
}

const PROBES = new Set(["/healthz", "/readyz"]);

function pathnameOf(url: string) {
  const start = url.indexOf("/", url.indexOf("//") + 2);
  const end = url.indexOf("?", start);
  return end === -1 ? url.slice(start) : url.slice(start, end);
}
