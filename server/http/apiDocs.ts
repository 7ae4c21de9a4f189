import { Hono } from "hono";
import { serveStatic } from "hono/deno";
import type { AppEnv } from "../env.ts";
import { declareAccess } from "./openapi.ts";

const SWAGGER_DIST = new URL("../../node_modules/swagger-ui-dist/", import.meta.url).pathname;

/**
 * The browsable API reference at /api/docs, served from the swagger-ui-dist package on this server
 * (plants may have no internet, and our content security policy allows only our own origin).
 */
export function apiDocs() {
  const app = new Hono<AppEnv>();
  app.get("/api/docs", declareAccess("GET", "/api/docs", { public: true }), (c) =>
    c.html(`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Abattoir Manager API</title>
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css"></head>
<body><p class="hub-doc">Live changes: the push hub is described in <a href="/api/asyncapi.json">AsyncAPI 3.0</a>.</p>
<div id="swagger-ui"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script nonce="${
      c.get("nonce") ?? ""
    }">window.ui = SwaggerUIBundle({ url: "/api/openapi.json", dom_id: "#swagger-ui", persistAuthorization: true });</script>
</body></html>`));
  app.use(
    "/api/docs/assets/*",
    serveStatic({ root: SWAGGER_DIST, rewriteRequestPath: (p) => p.replace(/^\/api\/docs\/assets/, "") }),
  );
  return app;
}
