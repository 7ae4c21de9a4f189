import type { Context } from "hono";
import { getConnInfo } from "hono/deno";

/** The caller's address for rate limiting. X-Forwarded-For is trusted only when TRUST_PROXY is set. */
export function clientIp(c: Context): string {
  if (c.get("app")?.config.TRUST_PROXY === "true") {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "local"; // app.request() in tests has no socket
  }
}

/**
 * Where links in mails and texts point: PUBLIC_URL only, or null when it is not set (then no link is sent,
 * and the log says why). Never the request's Host or X-Forwarded-Host: a reset asked for with
 * `Host: evil.example` would mail a genuine token on a link to that host (issue 35 §1).
 */
export function publicOrigin(c: Context): string | null {
  return c.get("app")?.config.PUBLIC_URL.replace(/\/$/, "") || null;
}

/**
 * The address the identity provider sends the browser back to: PUBLIC_URL, or without it the address this
 * request came to (development). The provider accepts only the redirect addresses registered with it, so
 * a forged Host here reaches no one.
 */
export function callbackOrigin(c: Context): string {
  return publicOrigin(c) ?? new URL(c.req.url).origin;
}
