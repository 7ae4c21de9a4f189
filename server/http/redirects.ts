/**
 * Where a sign-in may send the browser afterwards (`next` on /login, the identity provider's return):
 * a path of this site only (issue 35 §3). A browser reads `/\t/evil.example` or `/\evil.example` as
 * another host, so any control character or backslash is refused, and what is left must resolve to this
 * origin; the answer is the resolved path, never the raw text.
 */
const BASE = "http://this-site.invalid";
/** Control characters (C0, DEL, C1) and the line and paragraph separators. */
// deno-lint-ignore no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
export const NEXT_MAX = 500;

/** The same-origin path `next` names, or null when it names anything else. */
export function localPath(next: unknown): string | null {
  if (typeof next !== "string" || next.length === 0 || next.length > NEXT_MAX) return null;
  if (CONTROL.test(next) || next.includes("\\") || !next.startsWith("/") || next.startsWith("//")) {
    return null;
  }
  let url: URL;
  try {
    url = new URL(next, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE || url.username || url.password) return null;
  const path = url.pathname + url.search + url.hash;
  // resolving may still have made `//…` of dot segments (`/.//evil`): a browser would read that as a host
  return path.startsWith("//") ? null : path;
}
