import { Hono } from "hono";
import { serveStatic } from "hono/deno";
import type { AppEnv } from "../env.ts";
import { chooseEncoding } from "./compression.ts";

const DIST = new URL("../../dist/static/", import.meta.url).pathname;
const TYPES: Record<string, string> = {
  js: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
  json: "application/json",
};

/**
 * Built bundles: content-hashed chunks cache for a year, entry files revalidate (ETag, 304). Each file
 * goes out as the build compressed it (.br or .gz by Accept-Encoding), never compressed per request.
 */
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
  app.get("/static/*", async (c, next) => {
    const rel = c.req.path.replace(/^\/static\//, "");
    const ext = /\.(js|css|json)$/.exec(rel)?.[1];
    const encoding = chooseEncoding(c.req.header("accept-encoding"));
    if (!ext || !encoding || rel.includes("..")) return next();
    const file = `${DIST}${rel}.${encoding === "br" ? "br" : "gz"}`;
    let data: Uint8Array;
    let stat: Deno.FileInfo;
    try {
      [data, stat] = await Promise.all([Deno.readFile(file), Deno.stat(`${DIST}${rel}`)]);
    } catch {
      return next(); // not built with a compressed twin: serve the plain file
    }
    const etag = `"${stat.size.toString(36)}-${(stat.mtime?.getTime() ?? 0).toString(36)}-${encoding}"`;
    c.header("ETag", etag);
    c.header("Vary", "Accept-Encoding");
    if (c.req.header("if-none-match") === etag) return c.body(null, 304);
    c.header("Content-Type", TYPES[ext]);
    c.header("Content-Encoding", encoding);
    return c.body(data as Uint8Array<ArrayBuffer>);
  });
  app.use("/static/*", serveStatic({ root: DIST, rewriteRequestPath: (p) => p.replace(/^\/static/, "") }));
  return app;
}
