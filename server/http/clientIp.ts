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
 * Where links in mails point: PUBLIC_URL when set (behind a proxy the request's own host may be an
 * internal one), else the origin this request came to.
 */
export function publicOrigin(c: Context): string {
  return c.get("app")?.config.PUBLIC_URL.replace(/\/$/, "") || new URL(c.req.url).origin;
}
