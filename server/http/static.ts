import { Hono } from "hono";
import type { AppEnv } from "../env.ts";
import { chooseEncoding } from "./compression.ts";

const DIST = new URL("../../dist/static/", import.meta.url).pathname;
const TYPES: Record<string, string> = {
  js: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
  json: "application/json",
  map: "application/json",
};

/** A content-hashed name, as the build writes them (`name-XXXXXXXX.js`: esbuild's 8 base32 characters). */
export const HASHED_ASSET = /-[A-Z2-7]{8}\.(?:js|css)$/;

export const IMMUTABLE = "public, max-age=31536000, immutable";
/** Unhashed files keep their URL across builds: the browser asks again each time, a 304 when unchanged. */
const REVALIDATE = "public, max-age=0, must-revalidate";

const statFile = (path: string) => Deno.stat(path).then((s) => (s.isFile ? s : null), () => null);

/**
 * Built bundles (dist/static). A hashed name never changes content, so it is cached for a year with no
 * revalidation: a warm page view fetches no JS or CSS. Anything else (manifest.json, source maps)
 * revalidates with an ETag and answers 304 when unchanged. Each file goes out as the build compressed it
 * (.br or .gz by Accept-Encoding), never compressed per request.
 */
export function staticAssets() {
  const app = new Hono<AppEnv>();
  app.get("/static/*", async (c, next) => {
    const rel = c.req.path.slice("/static/".length);
    const ext = /\.([a-z]+)$/.exec(rel)?.[1] ?? "";
    if (!TYPES[ext] || rel.split("/").some((part) => part === ".." || part.startsWith("."))) return next();
    const plain = `${DIST}${rel}`;
    const stat = await statFile(plain);
    if (!stat) return next();
    const encoding = chooseEncoding(c.req.header("accept-encoding"));
    const suffix = encoding === "br" ? ".br" : ".gz";
    const twin = encoding && (await statFile(plain + suffix)) ? encoding : null;
    // a file sent without a compressed twin may still be compressed on the way out: a weak tag then
    const tag = `${stat.size.toString(36)}-${(stat.mtime?.getTime() ?? 0).toString(36)}-${twin ?? "id"}`;
    const etag = twin ? `"${tag}"` : `W/"${tag}"`;
    c.header("ETag", etag);
    c.header("Vary", "Accept-Encoding");
    c.header("Cache-Control", HASHED_ASSET.test(rel) ? IMMUTABLE : REVALIDATE);
    const weak = (t: string) => t.trim().replace(/^W\//, "");
    if (c.req.header("if-none-match")?.split(",").some((t) => weak(t) === weak(etag))) {
      return c.body(null, 304);
    }
    c.header("Content-Type", TYPES[ext]);
    if (twin) c.header("Content-Encoding", twin);
    const data = await Deno.readFile(twin ? plain + suffix : plain);
    return c.body(data as Uint8Array<ArrayBuffer>);
  });
  return app;
}
