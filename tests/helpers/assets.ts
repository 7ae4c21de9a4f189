/** The built assets' URLs, read from dist/static/manifest.json (names carry content hashes). */
import type { Manifest } from "../../server/tasks/build.ts";

export function builtManifest(): Manifest {
  return JSON.parse(Deno.readTextFileSync(new URL("../../dist/static/manifest.json", import.meta.url)));
}

/** `/static/<file>` of an entry ("runtime/shell", "runtime/islands", "islands/<Name>") or of "app.css". */
export function assetUrl(key: string): string {
  const manifest = builtManifest();
  const file = key === "app.css" ? manifest.css[key]?.file : manifest.entries[key]?.file;
  if (!file) throw new Error(`no ${key} in dist/static/manifest.json`);
  return `/static/${file}`;
}
