/**
 * A page's JavaScript as the bench counts it (docs/performance.md): the gzipped bytes of what the page loads
 * to be read, from dist/static/manifest.json and the page's HTML. Read once at import, with the manifest: a
 * build during the run (another checkout's) renames the hashed files.
 */
interface Entry {
  file: string;
  gzip: number;
  imports: string[];
}
export const manifest = JSON.parse(
  await Deno.readTextFile(new URL("../../dist/static/manifest.json", import.meta.url)),
);
const entries: Record<string, Entry> = manifest.entries;
export const chunks: Record<string, { gzip: number }> = manifest.chunks;

/**
 * What the shell starts by itself after the page (client/runtime/shell.ts), by the page's markers: the push
 * client on signed-in pages and the small chunks that follow it. An island that joins the hub does so
 * through the same client (client/runtime/pushLater.ts), so the page's count includes it once either way.
 */
const SHELL_STARTS: [RegExp, string][] = [
  [/<meta name="push-hub"/, "push"],
  [/data-notification-bell|data-desk-unread/, "notificationBell"], // (the unread badges' chunk too)
  [/data-live-part/, "livePart"],
  [/data-support-chat/, "supportChat"],
];
// read now, with the manifest (a later build renames the hashed files): each chunk's static imports
const chunkImports = new Map<string, string[]>();
for (const f of Object.keys(chunks)) {
  const code = await Deno.readTextFile(new URL(`../../dist/static/${f}`, import.meta.url));
  chunkImports.set(
    f,
    [...code.matchAll(/(?:from|import)\s*"\.\/(chunk-[\w-]+\.js)"/g)].map((m) => `chunks/${m[1]}`),
  );
}
function withChunkImports(file: string, into: Set<string>) {
  if (into.has(file)) return;
  into.add(file);
  for (const dep of chunkImports.get(file) ?? []) withChunkImports(dep, into);
}
/**
 * gzipped JS bytes a page loads with it: its module scripts and everything it preloads (the islands
 * runtime, which the shell starts after the first paint, each island in view, and their shared chunks;
 * a folded island loads when opened), each with its static imports. `total` is what a page loads to be
 * read; a form or button that starts when reached for (`data-island-when`, client/runtime/intent.ts)
 * adds only the intent chunk until then, and `onUse` counts it started too. Both count what the shell
 * starts by itself after the page (SHELL_STARTS: the push client and its followers).
 */
export function pageJs(html: string) {
  // script URLs carry content hashes: find their entries by file
  const byFile = new Map(Object.values(entries).map((e) => [e.file, e]));
  const gzipOf = (f: string) =>
    Object.values(entries).find((e) => e.file === f)?.gzip ?? chunks[f]?.gzip ?? 0;
  const measure = (withIntent: boolean) => {
    const files = new Set<string>();
    const add = (entry?: Entry) => {
      if (!entry) return;
      files.add(entry.file);
      for (const c of entry.imports) files.add(c);
    };
    for (const m of html.matchAll(/<script type="module" src="\/static\/([^"]+)"/g)) add(byFile.get(m[1]));
    const markers = [...html.matchAll(/<div data-island=[^>]*>/g)].map((m) => m[0]);
    const started = markers.filter((m) => withIntent || !m.includes("data-island-when="));
    if (started.length < markers.length) {
      const intent = Object.keys(chunks).find((f) => f.startsWith("chunks/intent-"));
      if (intent) files.add(intent);
    }
    const preloaded = [
      ...html.matchAll(/<link rel="modulepreload"[^>]* href="\/static\/([^"]+)"/g),
      // the islands' modules, which the shell preloads once the page is shown (a closed fold sends none)
      ...started.flatMap((m) => [...m.matchAll(/\/static\/([^" ]+)/g)]),
    ];
    for (const m of preloaded) {
      files.add(m[1]);
      add(byFile.get(m[1]));
    }
    for (const [marker, name] of SHELL_STARTS) {
      const chunk = marker.test(html) && Object.keys(chunks).find((f) => f.startsWith(`chunks/${name}-`));
      if (chunk) withChunkImports(chunk, files);
    }
    return [...files].reduce((sum, f) => sum + gzipOf(f), 0);
  };
  const react = /<div data-island=(?![^>]*data-island-when=)[^>]*>/.test(html);
  return { total: measure(false), onUse: measure(true), react };
}
