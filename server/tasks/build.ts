/**
 * Builds the browser bundles into dist/static/ (git-ignored). Every JS and CSS file name carries its
 * content hash (`-XXXXXXXX`, esbuild's 8 base32 characters), so the server can let browsers keep them a
 * year (server/http/static.ts); pages find the current names in the manifest (server/pages/assets.ts):
 *   runtime/islands-<hash>.js  island hydration runtime (module script, once per page with islands)
 *   runtime/shell-<hash>.js    theme switcher, menu toggle, picker auto-submit, flash toasts (no React)
 *   islands/<Name>-<hash>.js   one entry per client/islands/registry.ts entry (default export = component)
 *   chunks/*-<hash>.js         shared chunks (React lives here, shared by the runtime and every island)
 *   app-<hash>.css             client/styles/app.css, minified
 *   manifest.json              logical name -> file, size, gzipped size, static imports and total gzip
 *   *.br, *.gz                 each asset compressed once (brotli 11, gzip 9), sent as is by Accept-Encoding
 * The previous build's files stay one more build, so a page opened before a rebuild can still load its
 * lazy chunks (Konva, push).
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
import { withSystemDark } from "./cssTheme.ts";
import { brotliCompressSync, constants as zlibConstants } from "node:zlib";
import { gzipAsync as zopfliGzip } from "@gfx/zopfli";
import { createHash } from "node:crypto";
import { fileURLToPath } from "node:url";
import { ISLAND_NAMES, islandModuleUrl } from "../../client/islands/registry.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const CLIENT = `${ROOT}client`;
const DIST = `${ROOT}dist`;
const OUT = `${DIST}/static`;
const MANIFEST = `${OUT}/manifest.json`;

export interface ManifestFile {
  /** path under /static/, content-hashed */
  file: string;
  bytes: number;
  /** the .gz beside it (zopfli: what a browser asking for gzip downloads) */
  gzip: number;
  /** the .br beside it (what a browser asking for brotli downloads) */
  brotli: number;
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
  /** by logical name: "runtime/islands", "runtime/shell", "islands/<Name>" */
  entries: Record<string, ManifestEntry>;
  /** by file */
  chunks: Record<string, ManifestFile>;
  /** by logical name: "app.css" */
  css: Record<string, ManifestFile>;
}

/** Every file a manifest names (entries, chunks, stylesheets). */
export function manifestFiles(manifest: Manifest): string[] {
  return [manifest.entries, manifest.chunks, manifest.css].flatMap((m) =>
    Object.values(m).map((f) => f.file)
  );
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
    if (!manifestFiles(manifest).every((f) => exists(`${OUT}/${f}`))) return false;
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

/**
 * Writes `<file>.gz` and `<file>.br` beside an asset (the server sends them as they are) and answers
 * their sizes. Compressed once per build, so the strongest settings pay: zopfli finds a gzip stream
 * about 3 % smaller than zlib's best (still plain gzip to the browser), brotli at quality 11.
 */
async function describe(path: string, rel: string): Promise<ManifestFile> {
  const data = await Deno.readFile(path);
  const gz = await zopfliGzip(data, { numiterations: 15 });
  const br = brotliCompressSync(data, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } });
  await Deno.writeFile(`${path}.gz`, gz);
  await Deno.writeFile(`${path}.br`, br);
  return { file: rel, bytes: data.byteLength, gzip: gz.byteLength, brotli: br.byteLength };
}

/**
 * V8's explicit compile hint: every function of a file that starts with it is compiled while the file
 * streams in, off the main thread. React DOM is one function wrapped for CommonJS, and was compiled on the
 * main thread when first called: ≈230 ms of a slow PC's blocking time on a page with an island
 * (measured). Only files this large (React's runtime, Konva): a smaller one's compile is a few
 * milliseconds, and the planner page's JavaScript has a budget.
 * (Added after esbuild named the file: the hint changes how the file is compiled, not what it does.)
 */
export const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";
const COMPILE_HINT_BYTES = 100 * 1024;

async function addCompileHint(path: string) {
  await Deno.writeTextFile(path, COMPILE_HINT + await Deno.readTextFile(path));
}

/** 8 base32 characters of the SHA-256, the same shape as esbuild's [hash] (one pattern marks hashed names). */
function contentHash(data: Uint8Array): string {
  const digest = createHash("sha256").update(data).digest();
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = 0n;
  for (const byte of digest.subarray(0, 5)) bits = (bits << 8n) | BigInt(byte);
  let out = "";
  for (let i = 7; i >= 0; i--) out += alphabet[Number((bits >> BigInt(i * 5)) & 31n)];
  return out;
}

/** Copies the previous build's files (and their .br/.gz) that the new build lacks: one generation only. */
async function keepPrevious(tmp: string) {
  let previous: Manifest;
  try {
    previous = JSON.parse(await Deno.readTextFile(MANIFEST));
  } catch {
    return; // no previous build
  }
  for (const file of manifestFiles(previous)) {
    if (exists(`${tmp}/${file}`) || !exists(`${OUT}/${file}`)) continue;
    await Deno.mkdir(`${tmp}/${file.slice(0, file.lastIndexOf("/") + 1) || "."}`, { recursive: true });
    for (const suffix of ["", ".br", ".gz"]) {
      await Deno.copyFile(`${OUT}/${file}${suffix}`, `${tmp}/${file}${suffix}`).catch(() => {});
    }
  }
}

export async function build(opts: { sourcemap?: boolean; quiet?: boolean } = {}): Promise<Manifest> {
  const started = performance.now();
  await ensureNodeModules();

  const entryPoints: Record<string, string> = {
    "runtime/islands": `${CLIENT}/runtime/islands.ts`,
    "runtime/shell": `${CLIENT}/runtime/shellEntry.ts`, // shell.ts, without an export list
    "runtime/display": `${ROOT}display/runtime.ts`,
    // the yield home's page script (no React: the page's JS budget is 60 KB gzip)
    "pages/yieldHome": `${CLIENT}/islands/yieldHome/page.ts`,
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
    entryNames: "[dir]/[name]-[hash]",
    chunkNames: "chunks/[name]-[hash]",
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
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

  // the partials bundled in app.css's import order (the cascade), each dark palette repeated for the
  // system's dark mode, then minified: comments and spaces out (a fifth of its gzip size)
  const bundled = await esbuild.build({
    entryPoints: [`${CLIENT}/styles/app.css`],
    bundle: true,
    write: false,
    charset: "utf8",
    legalComments: "none",
    logLevel: opts.quiet ? "error" : "warning",
  });
  const { code } = await esbuild.transform(withSystemDark(bundled.outputFiles[0].text), {
    loader: "css",
    minify: true,
    legalComments: "none",
    charset: "utf8",
  });
  const css = new TextEncoder().encode(code);
  const cssFile = `app-${contentHash(css)}.css`;
  await Deno.writeFile(`${tmp}/${cssFile}`, css);

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

  for (const [outPath, info] of Object.entries(outputs)) {
    if (outPath.endsWith(".js") && info.bytes >= COMPILE_HINT_BYTES) {
      await addCompileHint(`${ROOT}${outPath}`);
    }
  }

  const chunks: Record<string, ManifestFile> = {};
  for (const rel of staticImports.keys()) {
    if (rel.startsWith("chunks/")) chunks[rel] = await describe(`${tmp}/${rel}`, rel);
  }
  // an entry's output is the one whose entryPoint is that source (its name now carries a hash)
  const keyOfSource = new Map(Object.entries(entryPoints).map(([key, abs]) => [abs.slice(ROOT.length), key]));
  const outputOf = new Map<string, string>();
  for (const [outPath, info] of Object.entries(outputs)) {
    const key = info.entryPoint && outPath.endsWith(".js") ? keyOfSource.get(info.entryPoint) : undefined;
    if (key) outputOf.set(key, relOf(outPath));
  }
  const entries: Record<string, ManifestEntry> = {};
  for (const key of Object.keys(entryPoints)) {
    const rel = outputOf.get(key);
    if (!rel) throw new Error(`esbuild wrote no output for ${key}`);
    const imports = closure(rel);
    const own = await describe(`${tmp}/${rel}`, rel);
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
    css: { "app.css": await describe(`${tmp}/${cssFile}`, cssFile) },
  };
  await Deno.writeTextFile(`${tmp}/manifest.json`, JSON.stringify(manifest, null, 2) + "\n");
  await keepPrevious(tmp);

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
