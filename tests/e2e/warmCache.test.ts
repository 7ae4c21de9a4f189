/**
 * Issue 12 item 2 in a real browser: once a page with an island has been seen, viewing it again
 * downloads no JavaScript and no CSS: every hashed asset comes from the browser's cache without even a
 * revalidation. Measured twice: the DevTools protocol's network events, and the page's own resource
 * timing entries (transferSize 0 is a cache hit).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { launchBrowser, signIn } from "../helpers/browser.ts";
import { serveTestApp, TEST_PASSWORD } from "../helpers/app.ts";
import { assetUrl } from "../helpers/assets.ts";

let server: Awaited<ReturnType<typeof serveTestApp>>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;

beforeAll(async () => {
  server = await serveTestApp();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

interface Loaded {
  url: string;
  fromCache: boolean;
  /** bytes received over the network for this request (headers and body) */
  bytes: number;
}

/** Every JS and CSS request of one navigation, from the DevTools protocol's network events. */
async function recordAssets(page: Page, visit: () => Promise<void>): Promise<Loaded[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  const byId = new Map<string, Loaded>();
  const isAsset = (url: string) => /\/static\/.+\.(js|css)$/.test(new URL(url).pathname);
  cdp.on("Network.requestWillBeSent", (e) => {
    if (isAsset(e.request.url)) byId.set(e.requestId, { url: e.request.url, fromCache: false, bytes: 0 });
  });
  cdp.on("Network.requestServedFromCache", (e) => {
    const r = byId.get(e.requestId);
    if (r) r.fromCache = true;
  });
  cdp.on("Network.responseReceived", (e) => {
    const r = byId.get(e.requestId);
    if (r && (e.response.fromDiskCache || e.response.fromPrefetchCache)) r.fromCache = true;
  });
  cdp.on("Network.loadingFinished", (e) => {
    const r = byId.get(e.requestId);
    if (r) r.bytes = e.encodedDataLength;
  });
  await visit();
  await page.waitForLoadState("networkidle");
  await cdp.detach();
  return [...byId.values()];
}

/** The page's resource timing entries for JS and CSS (transferSize 0: served from the cache). */
const resourceEntries = (page: Page) =>
  page.evaluate(() =>
    performance.getEntriesByType("resource")
      .filter((e) => /\/static\/.+\.(js|css)$/.test(new URL(e.name).pathname))
      .map((e) => ({
        name: new URL(e.name).pathname,
        transferSize: (e as PerformanceResourceTiming).transferSize,
      }))
  );

describe("a warm page view", () => {
  it("downloads no JS or CSS again: all of it comes from the cache", async () => {
    const page = browser.page;
    await signIn(page, server.origin, "user@demo.processor", TEST_PASSWORD);
    // the landing page's islands start once it is shown: their modules are not this page's
    await page.waitForLoadState("networkidle");
    const account = `${server.origin}/user/account`;
    const hydrated = () => page.waitForSelector('[data-island="DataForm"][data-hydrated]');

    // cold: everything over the network once, the island's modules among it
    const cold = await recordAssets(page, async () => {
      await page.goto(account);
      await hydrated();
    });
    const coldPaths = cold.map((r) => new URL(r.url).pathname);
    for (const key of ["runtime/shell", "runtime/islands", "islands/DataForm", "app.css"]) {
      expect(coldPaths).toContain(assetUrl(key));
    }
    expect(cold.filter((r) => !r.fromCache).length).toBeGreaterThan(0);

    // another page between, then the island page again: the way a user comes back to it
    await page.goto(`${server.origin}/home/userHome`);
    const warm = await recordAssets(page, async () => {
      await page.goto(account);
      await hydrated();
    });
    const warmPaths = new Set(warm.map((r) => new URL(r.url).pathname));
    expect(warmPaths).toEqual(new Set(coldPaths)); // the same modules and stylesheet, all looked up
    const fetched = warm.filter((r) => !r.fromCache || r.bytes > 0);
    expect(fetched, JSON.stringify(fetched)).toEqual([]);

    const entries = await resourceEntries(page);
    expect(entries.map((e) => e.name)).toContain(assetUrl("islands/DataForm"));
    expect(entries.filter((e) => e.transferSize > 0)).toEqual([]);
  });
});
