/**
 * The security headers on every answer: the content security policy and the usual hardening headers
 * (Hono's secureHeaders defaults less three that do nothing today, with our policy). Built once: they are the same on every
 * answer but for the policy's nonce, and a kept page (server/pages/keptPages.ts) is answered with them
 * before any middleware runs.
 */
import { createMiddleware } from "hono/factory";
import { createHash } from "node:crypto";
import { encodeBase64 } from "@oslojs/encoding";
import { THEME_BOOT_SCRIPT } from "../../client/runtime/themeBoot.ts";

/** The CSP source that lets the theme boot script (server/pages/Document.tsx) run: its SHA-256. */
const THEME_BOOT_SOURCE = `'sha256-${createHash("sha256").update(THEME_BOOT_SCRIPT).digest("base64")}'`;

/**
 * The policy. No 'unsafe-inline' for scripts: the theme boot script is allowed by its hash (the same on
 * every page, so a kept page can be answered again), anything else inline (React's streaming) by the
 * request's nonce. An answer with no nonce (a kept page, which carries no such script) allows neither.
 */
export function contentSecurityPolicy(nonce: string | null): string {
  const scripts = ["'self'", THEME_BOOT_SOURCE, ...(nonce ? [`'nonce-${nonce}'`] : [])].join(" ");
  return [
    "default-src 'self'",
    `script-src ${scripts}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "frame-ancestors 'none'",
    "form-action 'self'",
    "base-uri 'none'",
    "object-src 'none'",
  ].join("; ");
}

/**
 * Everything but the policy. Not sent: X-XSS-Protection (the filter it switched is gone from every
 * browser), X-Download-Options (Internet Explorer 8) and X-DNS-Prefetch-Control (our pages link only to
 * themselves); each header costs every answer ≈1 µs (docs/decisions.md "Security headers").
 */
export const SECURITY_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ["Cross-Origin-Opener-Policy", "same-origin"],
  ["Cross-Origin-Resource-Policy", "same-origin"],
  ["Origin-Agent-Cluster", "?1"],
  // (no bluetooth: Chromium does not know it as a policy and says so in every page's console)
  [
    "Permissions-Policy",
    "camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), fullscreen=(self)",
  ],
  // an Origin on every form post (the cross-site check reads it), no full URLs to other sites
  ["Referrer-Policy", "strict-origin-when-cross-origin"],
  ["Strict-Transport-Security", "max-age=15552000; includeSubDomains"],
  ["X-Content-Type-Options", "nosniff"],
  // for browsers without CSP frame-ancestors, which says the same
  ["X-Frame-Options", "DENY"],
  ["X-Permitted-Cross-Domain-Policies", "none"],
];

/** A fresh nonce for the request's inline scripts (`c.get("nonce")`), and the headers on its answer. */
export const securityHeaders = createMiddleware<{ Variables: { nonce: string } }>(async (c, next) => {
  const nonce = encodeBase64(crypto.getRandomValues(new Uint8Array(16)));
  c.set("nonce", nonce);
  await next();
  const headers = c.res.headers;
  for (const [name, value] of SECURITY_HEADERS) headers.set(name, value);
  headers.set("Content-Security-Policy", contentSecurityPolicy(nonce));
  headers.delete("X-Powered-By");
});
