import type { Context } from "hono";
import { deleteCookie, setCookie } from "hono/cookie";

export const SESSION_COOKIE = "session";

/** HttpOnly so scripts never see the token; SameSite=Lax so other sites cannot post with it. */
export function setSessionCookie(c: Context, token: string, expires: Date) {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: "Lax",
    secure: isSecure(c),
    path: "/",
    expires,
  });
}

export function clearSessionCookie(c: Context) {
  deleteCookie(c, SESSION_COOKIE, { path: "/", secure: isSecure(c) });
}

function isSecure(c: Context): boolean {
  const setting = c.var.app?.config.COOKIE_SECURE ?? "auto";
  if (setting !== "auto") return setting === "true";
  return new URL(c.req.url).protocol === "https:" || c.req.header("x-forwarded-proto") === "https";
}
