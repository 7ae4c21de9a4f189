/**
 * Caching of the built assets (issue 12 items 2 and 3): hashed names are immutable for a year, anything
 * unhashed revalidates with an ETag (304), and a page announces every module its islands need with
 * <link rel="modulepreload"> in its head, so hydration takes one round trip.
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

  test("a page with an island preloads the runtime, the island and their chunks in its head", async () => {
    const { html, head, preloads } = await page("/user/account");
    const runtime = entry("runtime/islands");
    const island = entry("islands/DataForm");
    const shell = entry("runtime/shell");
    const expected = [runtime.file, ...runtime.imports, island.file, ...island.imports, ...shell.imports].map(
      url,
    );
    expect(new Set(preloads)).toEqual(new Set(expected));
    expect(preloads.length).toBe(new Set(preloads).size); // each once
    expect(html).toContain(`data-island="DataForm" data-island-src="${url(island.file)}"`);
    expect(html.split(`<script type="module" src="${url(runtime.file)}">`)).toHaveLength(2);
    // the stylesheet comes first: on a slow line the first paint waits for it, not for the scripts
    const stylesheet = `<link rel="stylesheet" href="${url(builtManifest().css["app.css"].file)}"`;
    expect(head).toContain(stylesheet);
    expect(head.indexOf(stylesheet)).toBeLessThan(head.indexOf(`<link rel="modulepreload"`));
    for (const href of preloads) {
      const res = await t.request(href, { headers: { "accept-encoding": "br" } });
      expect(res.status, href).toBe(200);
      expect(res.headers.get("cache-control"), href).toContain("immutable");
      await res.body?.cancel();
    }
  });

  test("a page without an island preloads only the shell's own chunks: no runtime, no React", async () => {
    const { html, preloads } = await page("/home/userHome");
    expect(html).not.toContain("data-island");
    expect(html).not.toContain(url(entry("runtime/islands").file));
    expect(new Set(preloads)).toEqual(new Set(entry("runtime/shell").imports.map(url)));
    const react = entry("runtime/islands").imports.filter((c) => !entry("runtime/shell").imports.includes(c));
    for (const chunk of react) expect(html).not.toContain(url(chunk));
  });
});
