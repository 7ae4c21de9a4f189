import type { Context } from "hono";
import { getConnInfo } from "hono/deno";

/** The caller's address for rate limiting. X-Forwarded-For is trusted only when TRUST_PROXY is set. */
export function clientIp(c: Context): string {
  if (c.var.app?.config.TRUST_PROXY === "true") {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "local"; // app.request() in tests has no socket
  }
}
