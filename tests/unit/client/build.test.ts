/**
 * The browser bundles: one entry per island, React shared (not duplicated), sizes in the manifest, every
 * file named by its content hash.
 */
import { beforeAll, describe, expect, test } from "vitest";
import { ISLAND_NAMES } from "../../../client/islands/registry.ts";
import { HASHED_ASSET } from "../../../server/http/static.ts";
import { COMPILE_HINT } from "../../../server/tasks/build.ts";

const root = new URL("../../../", import.meta.url);
const manifestUrl = new URL("dist/static/manifest.json", root);

interface Entry {
  file: string;
  gzip: number;
  imports: string[];
  totalGzip: number;
}
let manifest: {
  entries: Record<string, Entry>;
  chunks: Record<string, { gzip: number }>;
  css: Record<string, { file: string }>;
};

describe("browser build", () => {
  beforeAll(async () => {
    const { code, stderr } = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", "server/tasks/build.ts", "--if-missing", "--quiet"],
      cwd: root,
    }).output();
    if (code !== 0) throw new Error(new TextDecoder().decode(stderr));
    manifest = JSON.parse(await Deno.readTextFile(manifestUrl));
  }, 60_000);

  test("has the runtime, the shell, every island and the stylesheet, each named by its content hash", async () => {
    for (const key of ["runtime/islands", "runtime/shell", ...ISLAND_NAMES.map((n) => `islands/${n}`)]) {
      expect(manifest.entries[key]?.file).toMatch(new RegExp(`^${key}-[A-Z2-7]{8}\\.js$`));
      expect(manifest.entries[key].gzip).toBeGreaterThan(0);
    }
    for (const chunk of Object.keys(manifest.chunks)) expect(chunk).toMatch(HASHED_ASSET);
    const css = manifest.css["app.css"].file;
    expect(css).toMatch(/^app-[A-Z2-7]{8}\.css$/);
    // the partials bundled and minified: no comments, every rule of the source still there (spot-checked
    // by selectors), each dark palette also under the system's dark mode
    const built = await Deno.readTextFile(new URL(`dist/static/${css}`, root));
    const index = await Deno.readTextFile(new URL("client/styles/app.css", root));
    const partials = [...index.matchAll(/@import "\.\/([^"]+)";/g)].map((m) => m[1]);
    expect(partials.length).toBeGreaterThan(20);
    const source = (await Promise.all(
      partials.map((p) => Deno.readTextFile(new URL(`client/styles/${p}`, root))),
    )).join("\n");
    expect(built.length).toBeLessThan(source.length * 0.8);
    expect(built).not.toContain("/*");
    expect(built).not.toContain("@import");
    expect(source).not.toContain("html:not([data-theme]) {\n    --bg");
    expect(built).toContain(
      "@media(prefers-color-scheme:dark){html:not([data-theme]){color-scheme:dark;--bg:",
    );
    expect(built).toContain("@media(prefers-color-scheme:dark){html:not([data-theme]){--yard-empty:");
    for (const selector of [":root", ".shell-side", ".planner-card.is-expected", "@media print", ".toast"]) {
      expect(source).toContain(selector);
      expect(built).toContain(selector);
    }
  });

  test("a large script starts with V8's compile hint (compiled while it streams in), a small one not", async () => {
    const files = [...Object.values(manifest.entries).map((e) => e.file), ...Object.keys(manifest.chunks)];
    const large: string[] = [];
    for (const file of files) {
      const text = await Deno.readTextFile(new URL(`dist/static/${file}`, root));
      const hinted = text.startsWith(COMPILE_HINT);
      const bytes = new TextEncoder().encode(text).length - (hinted ? COMPILE_HINT.length : 0);
      expect(hinted, file).toBe(bytes >= 100 * 1024);
      if (hinted) large.push(file);
    }
    expect(large).toContain(manifest.entries["runtime/islands"].file); // React DOM
  });

  test("React is one shared chunk: islands import it and stay small", async () => {
    const runtime = manifest.entries["runtime/islands"];
    for (const name of ISLAND_NAMES) {
      const island = manifest.entries[`islands/${name}`];
      expect(island.imports.some((c) => runtime.imports.includes(c))).toBe(true);
    }
    // React's element symbol is defined once across all outputs other than the jsx runtime copies
    const dataForm = await Deno.readTextFile(
      new URL(`dist/static/${manifest.entries["islands/DataForm"].file}`, root),
    );
    expect(dataForm).not.toContain("__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE");
    expect(manifest.entries["islands/DataForm"].gzip).toBeLessThan(15_000);
  });

  test("the shell script carries no React", () => {
    const shell = manifest.entries["runtime/shell"];
    expect(shell.totalGzip).toBeLessThan(6_000);
  });
});
