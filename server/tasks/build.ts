/**
 * Builds the browser bundles into dist/static/ (git-ignored):
 *   runtime/islands.js   island hydration runtime (module script, once per page with islands)
 *   runtime/shell.js     theme switcher, menu toggle, picker auto-submit, flash toasts (no React)
 *   islands/<Name>.js    one entry per client/islands/registry.ts entry (default export = component)
 *   chunks/*.js          shared chunks (React lives here, shared by the runtime and every island)
 *   app.css              copy of client/styles/app.css
 *   manifest.json        every entry's file, size, gzipped size, static imports and total gzip
 *   *.br, *.gz           each asset compressed once (brotli 11, gzip 9), sent as they are by Accept-Encoding
 *
 * Usage: deno run -A server/tasks/build.ts [--if-missing] [--sourcemap] [--quiet]
 *   --if-missing  skip when dist/static/manifest.json exists, its files exist, and it is newer than
 *                 every file under client/ and this script.
 *
 * esbuild resolves bare imports (react, react-dom/client) from node_modules, which Deno fills because
 * deno.json has "nodeModulesDir": "auto"; `ensureNodeModules()` runs `deno install` when they are missing.
 * esbuild's JS API finds its native binary through the @esbuild/<platform> optional dependency, so
 * no postinstall script (and no `deno approve-scripts`) is needed.
 */
import * as esbuild from "esbuild";
import { brotliCompressSync, constants as zlibConstants, gzipSync } from "node:zlib";
import { createHash } from "node:crypto";
import { fileURLToPath } from "node:url";
import { ISLAND_NAMES, islandModuleUrl } from "../../client/islands/registry.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const CLIENT = `${ROOT}client`;
const DIST = `${ROOT}dist`;
const OUT = `${DIST}/static`;
const MANIFEST = `${OUT}/manifest.json`;

export interface ManifestFile {
  file: string;
  bytes: number;
  gzip: number;
  /** first 10 hex digits of the content's SHA-256, for `?v=` cache busting */
  hash: string;
}

export interface ManifestEntry extends ManifestFile {
  /** chunks this entry imports statically, transitively (load them with modulepreload if you like) */
  imports: string[];
  /** gzip of the entry plus its static imports: what a page pays for this entry */
  totalGzip: number;
}

export interface Manifest {
  builtAt: string;
  esbuild: string;
  entries: Record<string, ManifestEntry>;
  chunks: Record<string, ManifestFile>;
  css: Record<string, ManifestFile>;
}

function exists(path: string): boolean {
  try {
    Deno.statSync(path);
    return true;
  } catch {
    return false;
  }
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of Deno.readDirSync(dir)) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory) newest = Math.max(newest, newestMtime(path));
    else if (entry.isFile) newest = Math.max(newest, Deno.statSync(path).mtime?.getTime() ?? 0);
  }
  return newest;
}

/** True when the existing build is complete and newer than every client source file. */
export function isUpToDate(): boolean {
  if (!exists(MANIFEST)) return false;
  try {
    const manifest = JSON.parse(Deno.readTextFileSync(MANIFEST)) as Manifest;
    const files = [
      ...Object.values(manifest.entries),
      ...Object.values(manifest.chunks),
      ...Object.values(manifest.css),
    ].map((f) => f.file);
    if (!files.every((f) => exists(`${OUT}/${f}`))) return false;
    if (!ISLAND_NAMES.every((n) => manifest.entries[`islands/${n}`])) return false;
    const built = Deno.statSync(MANIFEST).mtime?.getTime() ?? 0;
    const self = Deno.statSync(fileURLToPath(import.meta.url)).mtime?.getTime() ?? 0;
    return built > Math.max(newestMtime(CLIENT), self);
  } catch {
    return false;
  }
}

/** Runs `deno install` when node_modules lacks the packages the bundles import. */
export async function ensureNodeModules(): Promise<void> {
  const needed = ["react/package.json", "react-dom/package.json"];
  if (needed.every((p) => exists(`${ROOT}node_modules/${p}`))) return;
  const { code } = await new Deno.Command(Deno.execPath(), {
    args: ["install"],
    cwd: ROOT,
    stdout: "inherit",
    stderr: "inherit",
  }).output();
  if (code !== 0) throw new Error("`deno install` failed; cannot resolve react for the browser bundles");
}

function describe(path: string, rel: string): ManifestFile {
  const data = Deno.readFileSync(path);
  return {
    file: rel,
    bytes: data.byteLength,
    gzip: gzipSync(data, { level: 9 }).byteLength,
    hash: createHash("sha256").update(data).digest("hex").slice(0, 10),
  };
}

/** Writes `<file>.br` and `<file>.gz` beside each asset: the server sends them as they are. */
async function precompress(dir: string, files: ManifestFile[]) {
  await Promise.all(files.map(async ({ file }) => {
    const data = await Deno.readFile(`${dir}/${file}`);
    await Deno.writeFile(`${dir}/${file}.gz`, gzipSync(data, { level: 9 }));
    await Deno.writeFile(
      `${dir}/${file}.br`,
      brotliCompressSync(data, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
  }));
}

export async function build(opts: { sourcemap?: boolean; quiet?: boolean } = {}): Promise<Manifest> {
  const started = performance.now();
  await ensureNodeModules();

  const entryPoints: Record<string, string> = {
    "runtime/islands": `${CLIENT}/runtime/islands.ts`,
    "runtime/shell": `${CLIENT}/runtime/shell.ts`,
  };
  for (const name of ISLAND_NAMES) {
    entryPoints[`islands/${name}`] = fileURLToPath(islandModuleUrl(name));
  }

  // Build next to the live folder, then swap, so a running server never sees a half-written build.
  const tmp = `${DIST}/.static-${Deno.pid}`;
  await Deno.remove(tmp, { recursive: true }).catch(() => {});
  await Deno.mkdir(tmp, { recursive: true });

  const result = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints,
    outdir: tmp,
    entryNames: "[dir]/[name]",
    chunkNames: "chunks/[name]-[hash]",
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "browser",
    target: "es2020",
    minify: true,
    sourcemap: opts.sourcemap ? "linked" : false,
    legalComments: "none",
    charset: "utf8",
    jsx: "automatic",
    jsxImportSource: "react",
    define: { "process.env.NODE_ENV": '"production"' },
    metafile: true,
    logLevel: opts.quiet ? "error" : "warning",
    nodePaths: [`${ROOT}node_modules`],
  });

  await Deno.copyFile(`${CLIENT}/styles/app.css`, `${tmp}/app.css`);

  // entries, chunks and their static imports, from the metafile
  const outputs = result.metafile.outputs;
  const tmpRel = tmp.slice(ROOT.length) + "/"; // metafile paths are relative to absWorkingDir
  const relOf = (outPath: string) => (outPath.startsWith(tmpRel) ? outPath.slice(tmpRel.length) : outPath);
  const staticImports = new Map<string, string[]>();
  for (const [outPath, info] of Object.entries(outputs)) {
    if (!outPath.endsWith(".js")) continue;
    staticImports.set(
      relOf(outPath),
      info.imports.filter((i) => i.kind === "import-statement" && !i.external).map((i) => relOf(i.path)),
    );
  }
  const closure = (file: string) => {
    const seen = new Set<string>();
    const walk = (f: string) => {
      for (const dep of staticImports.get(f) ?? []) if (!seen.has(dep)) (seen.add(dep), walk(dep));
    };
    walk(file);
    return [...seen].sort();
  };

  const chunks: Record<string, ManifestFile> = {};
  for (const rel of staticImports.keys()) {
    if (rel.startsWith("chunks/")) chunks[rel] = describe(`${tmp}/${rel}`, rel);
  }
  const entries: Record<string, ManifestEntry> = {};
  for (const key of Object.keys(entryPoints)) {
    const rel = `${key}.js`;
    const imports = closure(rel);
    const own = describe(`${tmp}/${rel}`, rel);
    entries[key] = {
      ...own,
      imports,
      totalGzip: own.gzip + imports.reduce((s, c) => s + (chunks[c]?.gzip ?? 0), 0),
    };
  }
  const manifest: Manifest = {
    builtAt: new Date().toISOString(),
    esbuild: esbuild.version,
    entries,
    chunks,
    css: { "app.css": describe(`${tmp}/app.css`, "app.css") },
  };
  await Deno.writeTextFile(`${tmp}/manifest.json`, JSON.stringify(manifest, null, 2) + "\n");
  await precompress(tmp, [...Object.values(entries), ...Object.values(chunks), manifest.css["app.css"]]);

  const old = `${DIST}/.static-old-${Deno.pid}`;
  if (exists(OUT)) await Deno.rename(OUT, old);
  await Deno.rename(tmp, OUT);
  await Deno.remove(old, { recursive: true }).catch(() => {});

  if (!opts.quiet) {
    const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
    console.log(
      `built dist/static in ${Math.round(performance.now() - started)} ms (esbuild ${esbuild.version})`,
    );
    for (const [k, e] of Object.entries(entries)) {
      console.log(
        `  ${k.padEnd(24)} ${kb(e.gzip).padStart(9)} gz, with imports ${kb(e.totalGzip).padStart(9)} gz`,
      );
    }
    for (const [k, c] of Object.entries(chunks)) {
      console.log(`  ${k.padEnd(24)} ${kb(c.gzip).padStart(9)} gz`);
    }
    console.log(`  ${"app.css".padEnd(24)} ${kb(manifest.css["app.css"].gzip).padStart(9)} gz`);
  }
  return manifest;
}

if (import.meta.main) {
  const args = new Set(Deno.args);
  try {
    if (args.has("--if-missing") && isUpToDate()) {
      if (!args.has("--quiet")) console.log("dist/static is up to date; skipping build");
    } else {
      await build({ sourcemap: args.has("--sourcemap"), quiet: args.has("--quiet") });
    }
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    Deno.exitCode = 1;
  } finally {
    await esbuild.stop();
  }
}
