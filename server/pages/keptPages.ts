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
 * - the address, the plant's date and time zone, what the areas' banners say (the maintenance notice) and
 *   the asset build;
 * - the tenant's database: SQLite's data version (server/areas/keptReads.ts), moved on by any commit.
 *
 * The access check is in the key too: a page is kept only after the router's guard and the screen's
 * loader let this caller (object) see it at this address and version, and the same inputs decide alike.
 * A kept page carries an ETag (a hash of its bytes), so a browser reloading it after a change that did not
 * touch it gets a 304. Only plain signed-in GETs are kept: no flash message, no re-rendered form, no
 * forced status, and only a 200.
 *
 * Once kept, a page is answered before any middleware runs (`keptLane`, as a per-user cache in front of an
 * app would): the same session and caller reads as `identify`, the same key, and the security headers
 * every answer carries. A request that would make any middleware do more than that (a session to extend,
 * a bearer token, a flash message, a client-given date) goes the whole way.
 */
import type { Context } from "hono";
import { parse as parseCookies } from "hono/utils/cookie";
import { createHash } from "node:crypto";
import type { AppEnv, AppServices } from "../env.ts";
import type { PageContext } from "./context.ts";
import { acceptedEncodings, compress } from "../http/compression.ts";
import { contentSecurityPolicy, openerPolicy, SECURITY_HEADERS } from "../http/securityHeaders.ts";
import { settledCookieCaller } from "../http/auth.ts";
import { FLASH_COOKIE, SESSION_COOKIE } from "../http/cookies.ts";
import { TIME_ZONE_COOKIE, zoneOf } from "../http/clientClock.ts";
import { plantToday, serverNow } from "../clock.ts";
import { dataVersionOf } from "../areas/keptReads.ts";
import { currentManifest } from "./assets.ts";
import { SHELL } from "../areas/mod.ts";

/** Kept pages on this instance, by bytes and by count (least recently used go first). */
const MAX_BYTES = 48 * 1024 * 1024;
const MAX_PAGES = 400;

interface KeptPage {
  key: string;
  /** path and query */
  address: string;
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
/** How many pages are kept at each address: a request for any other goes straight on to the app. */
const keptAddresses = new Map<string, number>();

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
  const key = keyOf(
    context.services,
    caller.subject,
    addressOf(context.url),
    context.today,
    context.timeZone,
  );
  return { key, version };
}

/** A page's key: who asks, the address, the plant's date and zone, the asset build and the banners. */
function keyOf(services: AppServices, subject: object, address: string, today: string, timeZone: string) {
  return [
    identityOf(subject),
    address,
    today,
    timeZone,
    identityOf(currentManifest()),
    SHELL.bannerKey(services),
  ].join("\u0000");
}

const addressOf = (url: URL) => url.pathname + url.search;

/** The kept answer for this request (200, or 304 when the browser holds these bytes), or null. */
export async function keptAnswer(c: Context<AppEnv>, keeping: Keeping): Promise<Response | null> {
  const page = kept.get(keeping.key);
  if (!page || page.version !== keeping.version) return null;
  return await answer(c.req.raw.headers, used(page), false, inApp(c));
}

/**
 * The kept page for a browser's plain GET, answered before any middleware runs, or null: the request
 * then goes through the app (which renders and keeps the page, or refuses, redirects, …).
 */
export async function keptLane(req: Request, services: AppServices): Promise<Response | null> {
  if (req.method !== "GET" || req.headers.has("authorization") || req.headers.has("x-local-date")) {
    return null;
  }
  const url = new URL(req.url);
  const address = addressOf(url);
  if (!keptAddresses.has(address)) return null;
  const cookies = parseCookies(req.headers.get("cookie") ?? "");
  const token = cookies[SESSION_COOKIE];
  if (!token || cookies[FLASH_COOKIE] !== undefined) return null;
  const caller = await settledCookieCaller(services, token, serverNow());
  if (!caller) return null;
  const timeZone = zoneOf(caller, cookies[TIME_ZONE_COOKIE], services.config.TIME_ZONE);
  const page = kept.get(keyOf(services, caller.subject, address, plantToday(timeZone), timeZone));
  if (!page || page.version !== dataVersionOf(await services.db.tenantDb(caller.tenant.id))) {
    return null;
  }
  return await answer(req.headers, used(page), false, inLane(req.headers));
}

/** Marks a page as the most recently used (the least recently used go first). */
function used(page: KeptPage) {
  kept.delete(page.key);
  kept.set(page.key, page);
  return page;
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
    address: addressOf(new URL(c.req.url)),
    version: keeping.version,
    // weak: the same page goes out gzipped or in brotli, whose bytes differ
    etag: `W/"${createHash("sha1").update(html).digest("base64url")}"`,
    html,
    gzip: await compress(html, "gzip"),
  };
  forget(keeping.key);
  kept.set(keeping.key, page);
  keptBytes += sizeOf(page);
  keptAddresses.set(page.address, (keptAddresses.get(page.address) ?? 0) + 1);
  for (const [key] of kept) {
    if (kept.size <= MAX_PAGES && keptBytes <= MAX_BYTES) break;
    forget(key);
  }
  return await answer(c.req.raw.headers, page, true, inApp(c));
}

/** The security headers for a kept page answered before any middleware: no nonce (it has no such script). */
const LANE_HEADERS: [string, string][] = [
  ...SECURITY_HEADERS.map(([name, value]): [string, string] => [name, value]),
  ["Content-Security-Policy", contentSecurityPolicy(null)],
];

/** Makes the answer: in the app (its middleware adds what every answer carries) or in the lane. */
type Respond = (
  body: Uint8Array<ArrayBuffer> | null,
  status: 200 | 304,
  headers: [string, string][],
) => Response;

/** In the app: through Hono's context, so what the middleware set (a renewed session's cookie) goes too. */
const inApp = (c: Context<AppEnv>): Respond => (body, status, headers) => {
  const record = Object.fromEntries(headers);
  return body ? c.body(body, 200, record) : c.body(null, status, record);
};

/** In the lane: complete, with the security headers (the opener's by who asked, as the middleware does). */
const inLane = (request: Headers): Respond => (body, status, headers) =>
  new Response(body, {
    status,
    headers: [...headers, ...LANE_HEADERS, ...openerPolicy(request.get("sec-fetch-site"))],
  });

/**
 * A kept page's answer to a request with these headers: a 304 when the browser holds it, else its bytes
 * in the best encoding the browser takes.
 */
function answer(
  request: Headers,
  page: KeptPage,
  fresh: boolean,
  respond: Respond,
): Response | Promise<Response> {
  const headers: [string, string][] = [
    ["Content-Type", "text/html; charset=utf-8"],
    ["Cache-Control", "private, no-cache"],
    ["ETag", page.etag],
    ["Vary", "Accept-Encoding"],
  ];
  if (matches(request.get("if-none-match") ?? undefined, page.etag)) return respond(null, 304, headers);
  const send = (body: Uint8Array<ArrayBuffer>, encoding?: "gzip" | "br") =>
    respond(body, 200, encoding ? [...headers, ["Content-Encoding", encoding]] : headers);
  const accepts = acceptedEncodings(request.get("accept-encoding") ?? undefined);
  if (accepts.br && page.br) return send(page.br, "br");
  if (accepts.br && accepts.gzip) {
    // gzipped at once; brotli (a few ms more) is made meanwhile for the next, once a page is asked for
    // again (many are rendered after a change and seen once)
    if (!fresh) brotliOf(page).catch((error) => console.error("kept page brotli:", error));
    return send(page.gzip, "gzip");
  }
  if (accepts.br) return brotliOf(page).then((br) => send(br, "br"));
  if (accepts.gzip) return send(page.gzip, "gzip");
  return send(page.html);
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
  const count = (keptAddresses.get(page.address) ?? 1) - 1;
  if (count > 0) keptAddresses.set(page.address, count);
  else keptAddresses.delete(page.address);
}

const sizeOf = (page: KeptPage) =>
  page.html.byteLength + page.gzip.byteLength + (page.br?.byteLength ?? 0) + 64;
