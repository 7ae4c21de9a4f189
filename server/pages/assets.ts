/**
 * URLs of the built browser assets. Their names carry a content hash (server/tasks/build.ts), so pages
 * read them from dist/static/manifest.json: "runtime/shell" -> /static/runtime/shell-XXXXXXXX.js.
 */
import type { Manifest } from "../tasks/build.ts";

const MANIFEST = new URL("../../dist/static/manifest.json", import.meta.url).pathname;

let cached: { stamp: string; manifest: Manifest | null; checkedAt: number } | undefined;
let warned = false;
/** How long a manifest is used before the file is looked at again (a page asks several times). */
const RECHECK_MS = 1000;

/**
 * The current build's manifest, or null before the first build. Re-read when the file changes (at most
 * one stat a second): `deno task build` beside a running dev server takes effect a second later.
 */
export function currentManifest(): Manifest | null {
  const now = performance.now();
  if (cached && now - cached.checkedAt < RECHECK_MS) return cached.manifest;
  let stamp = "missing";
  try {
    const stat = Deno.statSync(MANIFEST);
    stamp = `${stat.mtime?.getTime()}-${stat.size}`;
  } catch { /* not built */ }
  if (cached?.stamp === stamp) {
    cached.checkedAt = now;
    return cached.manifest;
  }
  let manifest: Manifest | null = null;
  try {
    manifest = JSON.parse(Deno.readTextFileSync(MANIFEST));
  } catch {
    if (!warned) console.warn("dist/static/manifest.json is missing: run `deno task build`");
    warned = true;
  }
  cached = { stamp, manifest, checkedAt: now };
  return manifest;
}

const url = (file: string) => `/static/${file}`;

/** The stylesheet's URL. */
export function stylesheetUrl(): string {
  return url(currentManifest()?.css["app.css"]?.file ?? "app.css");
}

/**
 * A module entry ("runtime/islands", "runtime/shell", "islands/<Name>"): its URL and the URLs of the
 * chunks it imports statically (transitively), to announce with <link rel="modulepreload">. Without a
 * build it answers the unhashed name (which 404s) rather than failing the page.
 */
export function moduleEntry(key: string): { src: string; imports: string[] } {
  const entry = currentManifest()?.entries[key];
  return entry
    ? { src: url(entry.file), imports: entry.imports.map(url) }
    : { src: url(`${key}.js`), imports: [] };
}
