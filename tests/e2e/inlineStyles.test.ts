/**
 * The pages whose inline styles became classes (issue 35 item 10), in Chromium under the real policy
 * (style-src 'self', style-src-attr 'none'): the policy refuses nothing while each page loads, its
 * islands hydrate and work (a bar's share, a progress bar that moves), and the bars are as wide as
 * before. The listener is checked first: an inline style put in the page is reported, so a new one in
 * any page is caught here or by tests/e2e/everyPage.test.ts, which walks every page with the same
 * listener.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { signedInBrowser } from "../helpers/signedIn.ts";

const t = signedInBrowser("super@demo.processor");
const refused: string[] = [];

beforeAll(() => {
  t.browser.page.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) {
      refused.push(`${t.browser.page.url()}: ${m.text().slice(0, 160)}`);
    }
  });
});

/** Opens `path` and waits until its islands have started and nothing more is loading. */
async function open(path: string) {
  const { page } = t.browser;
  await page.goto(`${t.server.origin}${path}`);
  await page.waitForLoadState("load");
  await expect.poll(() => page.locator("[data-island]:not([data-island-start])").count()).toBe(0);
}

describe("no inline style", () => {
  it("the console listener hears the policy refuse an inline style", async () => {
    await open("/settings/pricinggrids");
    await t.browser.page.evaluate(() =>
      document.body.insertAdjacentHTML("beforeend", '<p style="color: red">inline</p>')
    );
    await expect.poll(() => refused.length).toBeGreaterThan(0);
    expect(refused[0]).toMatch(/inline style/i);
    refused.length = 0;
  });

  it("pages with bars, charts, forms and uploads load with nothing refused", async () => {
    const { page } = t.browser;
    for (
      const path of [
        "/home/stockyardOverview",
        "/settings/volumetargets",
        "/settings/pricinggrids/3",
        "/settings/stockyard",
        "/super/testing",
        "/super/fileupload",
        "/settings/files",
        "/settings/integrations",
        "/display/killagendareport/Sheep",
      ]
    ) await open(path);
    // a bar's share is a class now: the yard bar of 14 % is 14 % of its track
    await open("/home/stockyardOverview");
    const share = await page.locator(".yard-bar > span[class^='pct-']").first().evaluate((el) =>
      el.getBoundingClientRect().width / el.parentElement!.getBoundingClientRect().width * 100
    );
    const klass = await page.locator(".yard-bar > span[class^='pct-']").first().getAttribute("class");
    expect(Math.round(share)).toBe(Number(klass!.slice(4)));
    // a label column asked for by a form is as wide as it says
    await open("/super/testing");
    const label = await page.locator(".label-w-7-5rem .field-label").first().evaluate((el) =>
      el.getBoundingClientRect().width
    );
    expect(label).toBe(7.5 * 16);
    expect(refused).toEqual([]);
  });
});
