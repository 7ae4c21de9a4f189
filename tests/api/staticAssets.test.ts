/**
 * Caching of the built assets (issue 12 items 2 and 3): hashed names are immutable for a year, anything
 * unhashed revalidates with an ETag (304), and a page names every module its islands need on their
 * markers (the shell preloads them all at once after the first paint), so hydration takes one round trip.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app.ts";
import { builtManifest } from "../helpers/assets.ts";

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await startTestApp();
  cookie = `session=${await t.login("user@demo.processor")}`;
});
afterAll(() => t?.close());

const url = (file: string) => `/static/${file}`;
const entry = (key: string) => builtManifest().entries[key];

async function page(path: string) {
  const res = await t.request(path, { headers: { cookie } });
  expect(res.status).toBe(200);
  const html = await res.text();
  const head = html.slice(0, html.indexOf("</head>"));
  const preloads = [...head.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]);
  return { html, head, preloads };
}

describe("static assets", () => {
  test("a hashed file is cached for a year, immutable, and sent precompressed", async () => {
    const manifest = builtManifest();
    for (const file of [entry("runtime/shell").file, manifest.css["app.css"].file]) {
      const res = await t.request(url(file), { headers: { "accept-encoding": "gzip, br" } });
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(res.headers.get("content-encoding")).toBe("br");
      expect(res.headers.get("content-type")).toMatch(file.endsWith(".css") ? /text\/css/ : /javascript/);
      await res.body?.cancel();
    }
    const chunk = Object.keys(manifest.chunks)[0];
    const plain = await t.request(url(chunk));
    expect(plain.headers.get("cache-control")).toContain("immutable");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect((await plain.arrayBuffer()).byteLength).toBe(manifest.chunks[chunk].bytes);
  });

  test("an unhashed file revalidates: ETag, then 304 on If-None-Match", async () => {
    const first = await t.request("/static/manifest.json");
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    const etag = first.headers.get("etag");
    expect(etag).toBeTruthy();
    expect((await first.json()).entries["runtime/shell"]).toBeTruthy();
    const again = await t.request("/static/manifest.json", { headers: { "if-none-match": etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    const changed = await t.request("/static/manifest.json", { headers: { "if-none-match": '"other"' } });
    expect(changed.status).toBe(200);
    await changed.body?.cancel();
  });

  test("names outside the build, dot folders and the unhashed entry names answer 404", async () => {
    for (const path of ["/static/runtime/shell.js", "/static/nope-AAAAAAAA.js", "/static/.x/a.js"]) {
      const res = await t.request(path);
      expect(res.status).toBe(404);
      await res.body?.cancel();
    }
  });

  test("a page with an island names every module it needs on its marker, for the shell to preload after the first paint", async () => {
    const { html, head, preloads } = await page("/user/account");
    const runtime = entry("runtime/islands");
    const island = entry("islands/DataForm");
    const shell = entry("runtime/shell");
    const marker = html.match(/<div data-island="DataForm"[^>]*>/)![0];
    const attr = (name: string) => marker.match(new RegExp(`${name}="([^"]*)"`))![1];
    expect(attr("data-island-src")).toBe(url(island.file));
    const modules = attr("data-island-modules").split(" ");
    expect(new Set(modules)).toEqual(
      new Set([runtime.file, ...runtime.imports, island.file, ...island.imports].map(url)),
    );
    expect(modules.length).toBe(new Set(modules).size); // each once
    expect(modules[0]).toBe(url(runtime.file)); // the runtime first: the shell and a fold start it
    // the head preloads the shell's chunks only, and names no script of React's: the first paint waits
    // for the document and the stylesheet alone
    expect(new Set(preloads)).toEqual(new Set(shell.imports.map(url)));
    expect(html).not.toContain(`<script type="module" src="${url(runtime.file)}">`);
    const stylesheet = `<link rel="stylesheet" href="${url(builtManifest().css["app.css"].file)}"`;
    expect(head).toContain(stylesheet);
    for (const href of modules) {
      const res = await t.request(href, { headers: { "accept-encoding": "br" } });
      expect(res.status, href).toBe(200);
      expect(res.headers.get("cache-control"), href).toContain("immutable");
      await res.body?.cancel();
    }
  });

  test("a page without an island preloads only the shell's own chunks: no runtime, no React", async () => {
    const { html, preloads } = await page("/home/userHome");
    expect(html).not.toContain("data-island=");
    expect(html).not.toContain(url(entry("runtime/islands").file));
    expect(new Set(preloads)).toEqual(new Set(entry("runtime/shell").imports.map(url)));
    const react = entry("runtime/islands").imports.filter((c) => !entry("runtime/shell").imports.includes(c));
    for (const chunk of react) expect(html).not.toContain(url(chunk));
  });
});
