/**
 * Pages kept until what they show may have changed. The live yard and the kill agenda's day are opened
 * on every office PC and floor TV and read far more often than they change, and a 300-lot day is
 * 550 KB of HTML, which costs far more to render than to send. A screen that says `kept: true`
 * (server/pages/screen.ts) is rendered once and answered again, byte for byte and compressed once, while
 * nothing it depends on has changed:
 *
 * - who asks: the caller's loaded data (server/auth/callers.ts) is replaced as a whole on any change to
 *   the user, their memberships, settings, modules or flags, on every instance; the key holds that
 *   object's identity, so a changed caller never meets an old page;
 * - the address, the plant's date and time zone, the maintenance notice and the asset build;
 * - the tenant's database: SQLite's data version (server/areas/keptReads.ts), moved on by any commit.
 *
 * The access check is in the key too: a page is kept only after the router's guard and the screen's
 * loader let this caller (object) see it at this address and version, and the same inputs decide alike.
 * A kept page carries an ETag (a hash of its bytes), so a browser reloading it after a change that did not
 * touch it gets a 304. Only plain signed-in GETs are kept: no flash message, no re-rendered form, no
 * forced status, and only a 200.
 */
import type { Context } from "hono";
import { createHash } from "node:crypto";
import type { AppEnv } from "../env.ts";
import type { PageContext } from "./context.ts";
import { acceptedEncodings, compress } from "../http/compression.ts";
import { dataVersionOf } from "../areas/keptReads.ts";
import { currentManifest } from "./assets.ts";
import { currentMaintenance } from "../areas/super/control/service.ts";

/** Kept pages on this instance, by bytes and by count (least recently used go first). */
const MAX_BYTES = 48 * 1024 * 1024;
const MAX_PAGES = 400;

interface KeptPage {
  key: string;
  version: number;
  etag: string;
  html: Uint8Array<ArrayBuffer>;
  gzip: Uint8Array<ArrayBuffer>;
  /** made when a browser first asks for brotli */
  br?: Uint8Array<ArrayBuffer>;
  /** brotli being made (one at a time, however many ask meanwhile) */
  making?: Promise<Uint8Array<ArrayBuffer>>;
}

const kept = new Map<string, KeptPage>();
let keptBytes = 0;

/** Stable numbers for objects whose identity is part of a key (a replaced object gets a new number). */
const identities = new WeakMap<object, number>();
let lastIdentity = 0;
const identityOf = (o: object | null) => {
  if (!o) return 0;
  let id = identities.get(o);
  if (id === undefined) identities.set(o, id = ++lastIdentity);
  return id;
};

/** Where a request's page would be kept: its key, and the database version read before rendering. */
export interface Keeping {
  key: string;
  version: number;
}

/**
 * How this request's page can be kept, or null: not a plain signed-in GET, or a tenant database without
 * a data version (a libSQL server by URL), where every page is rendered.
 */
export async function keepingOf(
  c: Context<AppEnv>,
  context: PageContext,
  plain: boolean,
): Promise<Keeping | null> {
  const caller = context.caller;
  if (!plain || c.req.method !== "GET" || !caller || context.flash) return null;
  const version = dataVersionOf(await context.services.db.tenantDb(caller.tenant.id));
  if (version === null) return null;
  const notice = currentMaintenance(context.services.db.control);
  const key = [
    identityOf(caller.subject),
    context.url.pathname + context.url.search,
    context.today,
    context.timeZone,
    identityOf(currentManifest()),
    notice.isActive ? notice.message : "",
  ].join("\u0000");
  return { key, version };
}

const HEADERS = { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "private, no-cache" };

/** The kept answer for this request (200, or 304 when the browser holds these bytes), or null. */
export async function keptAnswer(c: Context<AppEnv>, keeping: Keeping): Promise<Response | null> {
  const page = kept.get(keeping.key);
  if (!page || page.version !== keeping.version) return null;
  kept.delete(keeping.key); // most recently used last
  kept.set(keeping.key, page);
  return await answer(c, page, false);
}

/** Keeps a page just rendered (the router's 200 for a kept screen) and answers it. */
export async function keepAndAnswer(
  c: Context<AppEnv>,
  keeping: Keeping,
  stream: ReadableStream<Uint8Array>,
): Promise<Response> {
  const html = new Uint8Array(await new Response(stream).arrayBuffer());
  const page: KeptPage = {
    key: keeping.key,
    version: keeping.version,
    // weak: the same page goes out gzipped or in brotli, whose bytes differ
    etag: `W/"${createHash("sha1").update(html).digest("base64url")}"`,
    html,
    gzip: await compress(html, "gzip"),
  };
  forget(keeping.key);
  kept.set(keeping.key, page);
  keptBytes += sizeOf(page);
  for (const [key] of kept) {
    if (kept.size <= MAX_PAGES && keptBytes <= MAX_BYTES) break;
    forget(key);
  }
  return await answer(c, page, true);
}

function answer(c: Context<AppEnv>, page: KeptPage, fresh: boolean): Response | Promise<Response> {
  const headers: Record<string, string> = { ...HEADERS, ETag: page.etag, Vary: "Accept-Encoding" };
  if (matches(c.req.header("if-none-match"), page.etag)) return c.body(null, 304, headers);
  const accepts = acceptedEncodings(c.req.header("accept-encoding"));
  const gzipped = () => c.body(page.gzip, 200, { ...headers, "Content-Encoding": "gzip" });
  if (accepts.br && page.br) return c.body(page.br, 200, { ...headers, "Content-Encoding": "br" });
  if (accepts.br && accepts.gzip) {
    // gzipped at once; brotli (a few ms more) is made meanwhile for the next, once a page is asked for
    // again (many are rendered after a change and seen once)
    if (!fresh) brotliOf(page).catch((error) => console.error("kept page brotli:", error));
    return gzipped();
  }
  if (accepts.br) {
    return brotliOf(page).then((br) => c.body(br, 200, { ...headers, "Content-Encoding": "br" }));
  }
  if (accepts.gzip) return gzipped();
  return c.body(page.html, 200, headers);
}

function brotliOf(page: KeptPage): Promise<Uint8Array<ArrayBuffer>> {
  if (page.br) return Promise.resolve(page.br);
  return page.making ??= compress(page.html, "br").then((br) => {
    page.br = br;
    // counted only while the page is still kept (it may have been replaced while compressing)
    if (kept.get(page.key) === page) keptBytes += br.byteLength;
    return br;
  }, (error) => {
    page.making = undefined; // the next request tries again
    throw error;
  });
}

/** If-None-Match: `*`, or a list of tags, compared weakly (RFC 9110 §13.1.2: by their values). */
function matches(header: string | undefined, etag: string) {
  if (!header) return false;
  const weak = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((t) => t.trim() === "*" || weak(t) === weak(etag));
}

function forget(key: string) {
  const page = kept.get(key);
  if (!page) return;
  kept.delete(key);
  keptBytes -= sizeOf(page);
}

const sizeOf = (page: KeptPage) =>
  page.html.byteLength + page.gzip.byteLength + (page.br?.byteLength ?? 0) + 64;
