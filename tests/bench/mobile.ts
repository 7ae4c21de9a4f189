/**
 * Pages as a slow plant PC sees them (issue 12), in Chromium with Lighthouse's mobile profile: the CPU
 * slowed 4×, 150 ms round trips, 1.6 Mbps down. For each page: a cold view (empty cache) and a warm one
 * (the page opened again): largest contentful paint, total blocking time (long tasks after the first
 * paint, each beyond 50 ms, until the page has been quiet for a second) and what the warm view downloads
 * besides its HTML.
 */
import { launchBrowser } from "../helpers/browser.ts";

export interface PageView {
  lcp: number;
  tbt: number;
  /** bytes transferred for everything but the document */
  assetBytes: number;
}

export interface MobileBench {
  path: string;
  cold: PageView;
  warm: PageView;
}

/** Collects paints and long tasks from the start of each page (an init script runs before the page's own). */
const OBSERVE = `(() => {
  const m = (globalThis.__perf = { lcp: 0, fcp: 0, tasks: [], lastTask: 0 });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) m.lcp = e.startTime; })
    .observe({ type: "largest-contentful-paint", buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) if (e.name === "first-contentful-paint") m.fcp = e.startTime; })
    .observe({ type: "paint", buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) { m.tasks.push([e.startTime, e.duration]); m.lastTask = performance.now(); } })
    .observe({ type: "longtask", buffered: true });
})();`;

const RUNS = 3;

/** Each measure's median over the runs. */
function median(views: PageView[]): PageView {
  const mid = (pick: (v: PageView) => number) => views.map(pick).sort((a, b) => a - b)[views.length >> 1];
  return { lcp: mid((v) => v.lcp), tbt: mid((v) => v.tbt), assetBytes: mid((v) => v.assetBytes) };
}

export async function benchMobile(origin: string, token: string, paths: string[]): Promise<MobileBench[]> {
  const browser = await launchBrowser();
  try {
    const { context, page } = browser;
    await context.addCookies([{ name: "session", value: token, url: origin }]);
    await context.addInitScript(OBSERVE);
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    const view = async (path: string): Promise<PageView> => {
      await page.goto(origin + path, { waitUntil: "load" });
      // a page that sent us to sign in would measure the wrong page
      if (new URL(page.url()).pathname !== path) throw new Error(`${path}: landed on ${page.url()}`);
      // what the shell starts after the load (islands, push) arrives too: else a cold view ends before the
      // islands runtime does, and the warm view after it counts the runtime as its own download
      await page.waitForLoadState("networkidle", { timeout: 15_000 }).catch(() => {});
      // the state: quiet for a second (hydration and its chunks done), at most 15 s
      await page.waitForFunction(
        () => {
          const m = (globalThis as unknown as { __perf: { lastTask: number } }).__perf;
          return performance.now() - m.lastTask > 1000;
        },
        null,
        { timeout: 15_000, polling: 250 },
      ).catch(() => {});
      return await page.evaluate(() => {
        const m = (globalThis as unknown as {
          __perf: { lcp: number; fcp: number; tasks: [number, number][] };
        }).__perf;
        const tbt = m.tasks.filter(([start]) => start >= m.fcp).reduce(
          (s, [, d]) => s + Math.max(0, d - 50),
          0,
        );
        const assetBytes = performance.getEntriesByType("resource")
          .reduce((s, e) => s + (e as PerformanceResourceTiming).transferSize, 0);
        return { lcp: Math.round(m.lcp), tbt: Math.round(tbt), assetBytes };
      });
    };
    const results: MobileBench[] = [];
    for (const path of paths) {
      const colds: PageView[] = [];
      const warms: PageView[] = [];
      // three of each, the median kept: single views on this machine vary by a few hundred ms
      for (let i = 0; i < RUNS; i++) {
        await cdp.send("Network.clearBrowserCache");
        colds.push(await view(path));
        await page.goto("about:blank");
        warms.push(await view(path));
        await page.goto("about:blank");
      }
      results.push({ path, cold: median(colds), warm: median(warms) });
    }
    return results;
  } finally {
    await browser.close();
  }
}
