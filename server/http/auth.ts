import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import type { AppEnv, AppServices } from "../env.ts";
import type { Caller } from "../auth/userModel.ts";
import { ApiError } from "./errors.ts";
import { SESSION_COOKIE, setSessionCookie } from "./cookies.ts";
import { isCrossSite } from "./access.ts";
import { isApiPath } from "./paths.ts";
import { serverNow } from "../clock.ts";
import { isApiKeyToken } from "../auth/apiKeys.ts";

/**
 * Reads the caller from a bearer token (API clients) or the session cookie (browser) and sets
 * `c.get("caller")` (null when signed out). Cookie-authenticated writes must come from our own origin.
 * A plant system's API key (`mpk_…`) is taken from the Authorization header of API paths only.
 */
export const identify = createMiddleware<AppEnv>(async (c, next) => {
  const header = c.req.header("authorization");
  // browsers cannot set headers on a WebSocket, so the hub also takes the token as ?access_token=
  const bearer = header?.match(/^Bearer\s+(\S+)$/i)?.[1] ??
    (isHubPath(c.req.path) ? c.req.query("access_token") || undefined : undefined);
  const cookie = bearer ? undefined : getCookie(c, SESSION_COOKIE);
  const token = bearer ?? cookie;
  c.set("caller", null);
  c.set("authVia", null);
  if (token && isApiKeyToken(token)) {
    // a plant system's key works as a bearer header on the API only: a page, the hub or a cookie
    // holding one is signed out
    if (bearer && isKeyPath(c.req.path)) await identifyKey(c, token);
  } else if (token) {
    const { sessions, callers, push } = c.get("app");
    // both from memory on a warm request, once this instance has taken in every change announced
    // before the request (several instances: one Redis round trip; else nothing)
    const fresh = !(await push.bus.sync());
    let session = await sessions.validate(token, serverNow(), fresh);
    if (session && cookie) {
      const extended = await sessions.extendIfStale(session);
      if (extended && extended !== session) setSessionCookie(c, token, extended.absoluteExpiresAt);
      session = extended;
    }
    let caller = session ? await callers.get(session, fresh) : null;
    if (session && caller && cookie && caller.subject.roleLevel === "display") {
      // a wall display keeps itself signed in while it is used (docs/decisions.md "Display sessions")
      const renewed = await sessions.renewAbsolute(session, sessions.displayLifetimeMs);
      if (!renewed) caller = null;
      else if (renewed !== session) setSessionCookie(c, token, renewed.absoluteExpiresAt);
    }
    c.set("caller", caller);
    c.set("authVia", caller ? (bearer ? "bearer" : "cookie") : null);
  }
  if (c.get("authVia") === "cookie" && !["GET", "HEAD", "OPTIONS"].includes(c.req.method) && isCrossSite(c)) {
    throw ApiError.forbidden("Cross-site requests are refused.");
  }
  await next();
});

/**
 * The caller of a browser's session cookie when answering writes nothing back: the session needs no
 * extension and a display's no renewal. What a kept page answered before any middleware needs
 * (server/pages/keptPages.ts); undefined when `identify` must run (no live session, or one that this
 * request would extend or renew). The same reads as `identify`, from memory on a warm request.
 */
export async function settledCookieCaller(
  services: AppServices,
  token: string,
  now: Date,
): Promise<Caller | undefined> {
  if (isApiKeyToken(token)) return undefined;
  const { sessions, callers, push } = services;
  const fresh = !(await push.bus.sync());
  const session = await sessions.validate(token, now, fresh);
  if (!session || sessions.isStale(session, now)) return undefined;
  const caller = await callers.get(session, fresh);
  if (!caller) return undefined;
  const isDisplay = caller.subject.roleLevel === "display";
  if (isDisplay && sessions.renewalDue(session, sessions.displayLifetimeMs, now)) return undefined;
  return caller;
}

const isHubPath = (path: string) => path.toLowerCase().startsWith("/hubs/");
const isKeyPath = (path: string) => isApiPath(path) && !isHubPath(path);

/** The caller of a live API key; it acts only as the integration partner it was made for. */
async function identifyKey(c: Context<AppEnv>, token: string) {
  const { apiKeys, callers, push } = c.get("app");
  const fresh = !(await push.bus.sync());
  const session = await apiKeys.validate(token, serverNow(), fresh);
  const caller = session ? await callers.get(session, fresh) : null;
  if (caller?.roleLevel !== "integrationPartner") return;
  c.set("caller", caller);
  c.set("authVia", "apiKey");
}

/** The caller of an authenticated endpoint; a missing or dead token is 401 (the client then logs out). */
export function requireCaller(c: Context<AppEnv>) {
  const caller = c.get("caller");
  if (!caller) throw ApiError.unauthenticated();
  return caller;
}
