/** The browser bundles: one entry per island, React shared (not duplicated), sizes in the manifest. */
import { beforeAll, describe, expect, test } from "vitest";
import { ISLAND_NAMES } from "../../../client/islands/registry.ts";

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
  css: Record<string, unknown>;
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

  test("has the runtime, the shell, every island and the stylesheet", () => {
    for (const key of ["runtime/islands", "runtime/shell", ...ISLAND_NAMES.map((n) => `islands/${n}`)]) {
      expect(manifest.entries[key]?.file).toBe(`${key}.js`);
      expect(manifest.entries[key].gzip).toBeGreaterThan(0);
    }
    expect(manifest.css["app.css"]).toBeTruthy();
  });

  test("React is one shared chunk: islands import it and stay small", async () => {
    const runtime = manifest.entries["runtime/islands"];
    for (const name of ISLAND_NAMES) {
      const island = manifest.entries[`islands/${name}`];
      expect(island.imports.some((c) => runtime.imports.includes(c))).toBe(true);
    }
    // React's element symbol is defined once across all outputs other than the jsx runtime copies
    const dataForm = await Deno.readTextFile(new URL("dist/static/islands/DataForm.js", root));
    expect(dataForm).not.toContain("__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE");
    expect(manifest.entries["islands/DataForm"].gzip).toBeLessThan(15_000);
  });

  test("the shell script carries no React", () => {
    const shell = manifest.entries["runtime/shell"];
    expect(shell.totalGzip).toBeLessThan(6_000);
  });
});
