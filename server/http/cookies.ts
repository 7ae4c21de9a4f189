import type { Context } from "hono";
import { deleteCookie, setCookie } from "hono/cookie";
import { serverNow } from "../clock.ts";

export const SESSION_COOKIE = "session";
/** A message for the next page (after a redirect), shown there as a toast (server/pages/handler.tsx). */
export const FLASH_COOKIE = "flash";

/**
 * HttpOnly so scripts never see the token; SameSite=Lax so other sites cannot post with it. Its life is a
 * Max-Age from the server's now (the session's end is on the server's clock, which tests pin: an Expires
 * date would be read against the browser's real clock, and a device's wrong clock would end it early).
 */
export function setSessionCookie(c: Context, token: string, expires: Date) {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: "Lax",
    secure: isSecure(c),
    path: "/",
    maxAge: Math.max(0, Math.floor((expires.getTime() - serverNow().getTime()) / 1000)),
  });
}

export function clearSessionCookie(c: Context) {
  deleteCookie(c, SESSION_COOKIE, { path: "/", secure: isSecure(c) });
}

/**
 * A short-lived HttpOnly cookie of a sign-in in flight (the OpenID Connect flow's state, nonce and PKCE
 * verifier). SameSite=Lax: it comes back on the provider's top-level redirect to us, not on other sites' posts.
 */
export function setFlowCookie(c: Context, name: string, value: string, maxAgeSeconds: number) {
  setCookie(c, name, value, {
    httpOnly: true,
    sameSite: "Lax",
    secure: isSecure(c),
    path: "/",
    maxAge: maxAgeSeconds,
  });
}

export function clearFlowCookie(c: Context, name: string) {
  deleteCookie(c, name, { path: "/", secure: isSecure(c) });
}

function isSecure(c: Context): boolean {
  const setting = c.get("app")?.config.COOKIE_SECURE ?? "auto";
  if (setting !== "auto") return setting === "true";
  return new URL(c.req.url).protocol === "https:" || c.req.header("x-forwarded-proto") === "https";
}
