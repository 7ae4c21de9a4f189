/**
 * Super › testing's demo data panel and test results viewer in Chromium: a purge-and-create load of a set
 * into the demo processor (asked first, its progress a day at a time, a toast, the rows in the table),
 * then the viewer with an uploaded run's failure opened (message, escaped stack).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, signedIn, signIn, toast } from "../helpers/browser.ts";
import { serveTestApp, TEST_PASSWORD } from "../helpers/app.ts";

let server: Awaited<ReturnType<typeof serveTestApp>>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;

const REPORT = `<testsuites time="5"><testsuite name="tests/e2e/a.test.ts">
<testcase name="opens the page" time="2"/>
<testcase name="saves the form" time="3"><failure message="Timed out waiting for &lt;b&gt;toast&lt;/b&gt;">Error: Timed out &lt;script&gt;
    at a.test.ts:12:5</failure></testcase></testsuite></testsuites>`;

beforeAll(async () => {
  server = await serveTestApp({ DEMO_DATA_PURGE: "allowed" });
  browser = await launchBrowser();
  const token = await server.login("super@demo.processor");
  const res = await fetch(`${server.origin}/api/super/UploadTestResults`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ name: "Browser", commit: "feedbeef12", xml: REPORT }),
  });
  expect(res.status).toBe(200);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe("demo data and test results on the testing page", () => {
  it("a super user purges and creates a set with progress, then opens a run's failure", async () => {
    const page = browser.page;
    page.setDefaultTimeout(20_000);
    await signIn(page, server.origin, "super@demo.processor", TEST_PASSWORD);
    await signedIn(page);
    await page.goto(`${server.origin}/super/testing?tenantId=1`);
    const panel = page.locator("[data-panel=demo-data]");
    await panel.locator("[data-island=DemoDataLoad][data-hydrated]").waitFor({ state: "attached" });
    await expect(panel.getByRole("heading", { name: "Demo data in Demo Processing" }).isVisible()).resolves
      .toBe(
        true,
      );
    await panel.getByLabel("Data set").selectOption("200");
    await panel.getByLabel(/Purge and create/).check();
    await panel.getByLabel("Max days").fill("3");
    // the progress lasts only as long as the load and the page then reloads, so the page tells the test
    // each progress line as it appears rather than the test racing to see one
    const seen: string[] = [];
    await page.exposeFunction("sawDemoProgress", (text: string) => seen.push(text));
    await panel.evaluate((el) => {
      new MutationObserver(() => {
        const line = el.querySelector(".demo-progress")?.textContent?.trim();
        const report = (globalThis as unknown as { sawDemoProgress(t: string): void }).sawDemoProgress;
        if (line) report(line);
      }).observe(el, { subtree: true, childList: true, characterData: true });
    });
    await panel.getByRole("button", { name: "Load demo data" }).click();
    // asked first, then loaded a day at a time
    await panel.getByRole("alertdialog").getByRole("button", { name: "Purge and create" }).click();
    await toast(
      page,
      /Standard demo loaded: 15 added; 15 demo rows now\. [\d,]+ carcasses on the kill floor, [\d,]+ cartons boned\./,
    ).waitFor();
    expect(seen).toContain("Loading day 1 of 3…");
    expect(seen).toContain("Loading day 3 of 3…");
    await panel.getByRole("cell", { name: "200 · Standard demo" }).waitFor();
    expect(await panel.getByRole("heading", { name: "15 demo rows" }).count()).toBe(1);

    const results = page.locator("[data-panel=test-results]");
    expect(await results.locator("[data-chart=pass-rate] svg").count()).toBe(1);
    const failure = results.locator("details.test-failure", { hasText: "saves the form" });
    await failure.locator("summary").click();
    await expect(failure.locator(".test-failure-message").textContent()).resolves.toBe(
      "Timed out waiting for <b>toast</b>",
    );
    await expect(failure.locator("pre").textContent()).resolves.toContain("Error: Timed out <script>");
    expect(await failure.locator("pre").isVisible()).toBe(true);
  });
});
