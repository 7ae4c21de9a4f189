import { Hono } from "hono";
import { serveStatic } from "hono/deno";
import type { AppEnv } from "../env.ts";

const DIST = new URL("../../dist/static/", import.meta.url).pathname;

/** Built bundles (content-hashed chunks cache for a year; entry files revalidate). */
export function staticAssets() {
  const app = new Hono<AppEnv>();
  app.use("/static/*", async (c, next) => {
    await next();
    const immutable = c.req.path.startsWith("/static/chunks/");
    c.header(
      "Cache-Control",
      immutable ? "public, max-age=31536000, immutable" : "public, max-age=0, must-revalidate",
    );
  });
  app.use("/static/*", serveStatic({ root: DIST, rewriteRequestPath: (p) => p.replace(/^\/static/, "") }));
  return app;
}
