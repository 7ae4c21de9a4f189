import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env.ts";
import { type AccessRule, decideAccess } from "../access/apiAccess.ts";
import { ApiError } from "./errors.ts";
import { isApiPath } from "./paths.ts";

/**
 * Enforces a route's declared access rule. It runs before the route's validators, so a caller who may
 * not use an endpoint learns nothing about its body (401/403, never a 400 listing the fields).
 */
export function enforceAccess(rule: AccessRule) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const caller = c.get("caller");
    const decision = decideAccess(
      caller && {
        subject: caller.subject,
        passwordPending: !caller.user.isPasswordUpdated,
        viaApiKey: c.get("authVia") === "apiKey",
      },
      rule,
    );
    if (!decision.allowed) {
      // a page's form post of a signed-out browser goes to the sign-in page, not to a JSON answer
      if (decision.status === 401 && !isApiPath(c.req.path)) return c.redirect("/login", 303);
      throw new ApiError(decision.status, decision.message);
    }
    if (rule.changesState && c.get("authVia") === "cookie" && !isSameOrigin(c)) {
      throw ApiError.forbidden("Cross-site requests are refused.");
    }
    await next();
  });
}

/**
 * Whether a request comes from a page of another site. The browser's Sec-Fetch-Site decides when sent;
 * otherwise the Origin header, which must parse and name this host (`null`, sent for privacy-sensitive
 * contexts, is not ours). A request with neither is not a browser's cross-site request.
 */
export function isCrossSite(c: Context): boolean {
  const site = c.req.header("sec-fetch-site");
  if (site) return site !== "same-origin" && site !== "none";
  const origin = c.req.header("origin");
  return origin !== undefined && !originIsOurs(c, origin);
}

/** Positive proof of our own page: Sec-Fetch-Site same-origin, or (older browsers) a matching Origin. */
export function isSameOrigin(c: Context): boolean {
  const site = c.req.header("sec-fetch-site");
  if (site) return site === "same-origin";
  const origin = c.req.header("origin");
  return origin !== undefined && originIsOurs(c, origin);
}

function originIsOurs(c: Context, origin: string): boolean {
  if (!URL.canParse(origin)) return false; // "null", "http://", garbage
  const host = c.req.header("host") ?? new URL(c.req.url).host;
  return new URL(origin).host === host;
}

/**
 * Text the database cannot keep as sent: a NUL (libSQL cuts the string there) or a lone UTF-16
 * surrogate (stored as U+FFFD). Refused at the boundary, after the access rule, for every route:
 * the JSON body's strings and the query's values.
 */
export const refuseUnstorableText = createMiddleware<AppEnv>(async (c, next) => {
  const bad: string[] = [];
  for (const [name, values] of Object.entries(c.req.queries())) {
    if (values.some(unstorable)) bad.push(name);
  }
  if (c.req.header("content-type")?.includes("json")) {
    const body = await c.req.json().catch(() => undefined); // malformed JSON is the validator's to answer
    bad.push(...unstorablePaths(body));
  }
  if (bad.length) {
    throw ApiError.validation(
      bad.slice(0, 20).map((field) => ({
        field,
        message: "Remove the invisible control characters from this text",
      })),
    );
  }
  await next();
});

const unstorable = (text: string) => text.includes("\u0000") || !text.isWellFormed();

/** The paths of the strings that cannot be stored (iterative: a body may nest ten thousand deep). */
function unstorablePaths(root: unknown): string[] {
  const found: string[] = [];
  const stack: [unknown, string][] = [[root, ""]];
  while (stack.length && found.length < 20) {
    const [value, path] = stack.pop()!;
    if (typeof value === "string") {
      if (unstorable(value)) found.push(path || "body");
    } else if (value && typeof value === "object") {
      for (const [key, child] of Object.entries(value)) {
        if (unstorable(key)) found.push(path ? `${path}.${key}` : key);
        stack.push([child, path ? `${path}.${key}` : key]);
      }
    }
  }
  return found;
}
