/**
 * Benchmark of the display carousel (issue 20): the JavaScript a TV downloads (gzip, the whole carousel:
 * its runtime and the push client; target ≤ 15 KB) and the time from an API change (a kill agenda
 * reordered) to the TV's redraw, measured in Chromium on the kill agenda screen. tests/bench/main.ts
 * writes the figures to docs/performance.md.
 */
import { launchBrowser } from "../helpers/browser.ts";
import { KILL_AGENDA_API as A } from "../../server/areas/killAgenda/paths.ts";
import { percentile, type Timing } from "./timing.ts";

export async function benchDisplayRedraw(
  origin: string,
  adminToken: string,
  displayToken: string,
  n = 15,
): Promise<Timing> {
  const browser = await launchBrowser();
  try {
    await browser.page.setViewportSize({ width: 1920, height: 1080 });
    await browser.context.addCookies([{ name: "session", value: displayToken, url: origin }]);
    const page = browser.page;
    await page.goto(`${origin}/display/killagendareport/Sheep`);
    await page.waitForFunction(() => document.documentElement.dataset.push === "connected");
    const site = (await page.locator("#tv-stage").getAttribute("data-groups"))!.match(/KillAgenda:(\d+)/)![1];
    const headers = { authorization: `Bearer ${adminToken}`, "content-type": "application/json" };
    const ms: number[] = [];
    for (let i = 0; i < n + 2; i++) {
      const day =
        await (await fetch(`${origin}${A.getKillAgenda}?speciesId=1&tenantSiteId=${site}`, { headers }))
          .json();
      const ids = day.items.map((x: { id: number }) => x.id);
      const before = await page.evaluate(() =>
        document.querySelector("#tv-stage tbody tr")?.textContent ?? ""
      );
      const t0 = performance.now();
      const res = await fetch(`${origin}${A.reorder}`, {
        method: "POST",
        headers,
        body: JSON.stringify({
          killAgendaId: day.id,
          lastModified: day.lastModified,
          itemIds: ids.toReversed(),
        }),
      });
      await res.body?.cancel();
      await page.waitForFunction(
        (text) => document.querySelector("#tv-stage tbody tr")?.textContent !== text,
        before,
        { polling: 5 },
      ).catch(() => {});
      if (i >= 2) ms.push(performance.now() - t0); // two warm-ups
    }
    ms.sort((a, b) => a - b);
    return { p50: percentile(ms, 50), p99: percentile(ms, 99), n: ms.length };
  } finally {
    await browser.close();
  }
}
