/**
 * The security headers on every answer: the content security policy and the usual hardening headers
 * (Hono's secureHeaders defaults less three that do nothing today, with our policy). Built once: they are the same on every
 * answer but for the policy's nonce, and a kept page (server/pages/keptPages.ts) is answered with them
 * before any middleware runs.
 */
import { createMiddleware } from "hono/factory";
import { createHash } from "node:crypto";
import { encodeBase64 } from "@oslojs/encoding";
import { BOOT_SCRIPT } from "../../client/runtime/boot.ts";

/** The CSP source that lets the boot script (server/pages/Document.tsx) run: its SHA-256. */
const BOOT_SOURCE = `'sha256-${createHash("sha256").update(BOOT_SCRIPT).digest("base64")}'`;

/**
 * The policy. No 'unsafe-inline' for scripts or styles: the boot script is allowed by its hash (the same on
 * every page, so a kept page can be answered again), anything else inline (React's streaming) by the
 * request's nonce. An answer with no nonce (a kept page, which carries no such script) allows neither.
 */
export function contentSecurityPolicy(nonce: string | null): string {
  const scripts = ["'self'", BOOT_SOURCE, ...(nonce ? [`'nonce-${nonce}'`] : [])].join(" ");
  return [
    "default-src 'self'",
    `script-src ${scripts}`,
    // the stylesheet only: no <style> element and no style="" attribute (a class per value instead,
    // client/ui/inlineFree.ts). Styles a script sets through the CSSOM (React's updates, Konva, a drag)
    // are not inline markup and stay allowed.
    "style-src 'self'",
    "style-src-attr 'none'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "frame-ancestors 'none'",
    "form-action 'self'",
    "base-uri 'none'",
    "object-src 'none'",
  ].join("; ");
}

/**
 * Everything but the policy and the opener's. Not sent: X-XSS-Protection (the filter it switched is gone
 * from every browser), X-Download-Options (Internet Explorer 8), X-DNS-Prefetch-Control (our pages link
 * only to themselves) and Origin-Agent-Cluster (Chromium keys agent clusters by origin already; the header
 * only added a process swap to every first view); each header costs every answer ≈1 µs
 * (docs/decisions.md "Security headers", "The opener's policy only where there is an opener").
 */
export const SECURITY_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ["Cross-Origin-Resource-Policy", "same-origin"],
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

/**
 * The opener's policy (COOP), by who started the request (`Sec-Fetch-Site`). It cuts the handle a page of
 * another site kept when it opened or navigated this window (it could otherwise send the window to a
 * look-alike sign-in later): so it goes on what another site started, and when the browser does not say.
 * Not on the app's own navigations (the window's group is ours already) nor on one the user started
 * (typed, bookmarked, a new tab: no page of anyone's holds the window): there it cut nothing and made
 * Chromium swap the page's process when the answer came, 200–300 ms of a slow PC's first view. After an
 * arrival from another site the first page within the app swaps once more, back.
 */
export function openerPolicy(fetchSite: string | null | undefined): [string, string][] {
  return fetchSite === "same-origin" || fetchSite === "none"
    ? []
    : [["Cross-Origin-Opener-Policy", "same-origin"]];
}

/** A fresh nonce for the request's inline scripts (`c.get("nonce")`), and the headers on its answer. */
export const securityHeaders = createMiddleware<{ Variables: { nonce: string } }>(async (c, next) => {
  const nonce = encodeBase64(crypto.getRandomValues(new Uint8Array(16)));
  c.set("nonce", nonce);
  await next();
  const headers = c.res.headers;
  for (const [name, value] of [...SECURITY_HEADERS, ...openerPolicy(c.req.header("sec-fetch-site"))]) {
    headers.set(name, value);
  }
  // a file's answer carries its own, stricter policy (server/http/files.ts FILE_POLICY): keep it
  if (!headers.has("Content-Security-Policy")) {
    headers.set("Content-Security-Policy", contentSecurityPolicy(nonce));
  }
  headers.delete("X-Powered-By");
});
