/**
 * An order's MSA grading on the kill floor's day in Chromium: a cattle mob chosen shows its order's MSA
 * details and each carcass's grading; with the flag msaDataRequery a grader re-queries the plant's MSA
 * grader, and the results that had not arrived appear with the last re-query's before and after.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq, isNotNull } from "drizzle-orm";
import { launchBrowser, recordToasts, signedIn, signIn, toastsSeen } from "../helpers/browser.ts";
import { serveTestApp, TEST_PASSWORD } from "../helpers/app.ts";
import { carcasses } from "../../db/tenant/schema.ts";

let server: Awaited<ReturnType<typeof serveTestApp>>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let url: string;
let lostBody: number;
const SHOTS = Deno.env.get("MSA_SHOTS");

beforeAll(async () => {
  server = await serveTestApp();
  browser = await launchBrowser();
  await recordToasts(browser.context);
  const superToken = await server.login("super@demo.processor");
  const flag = await server.request("/api/super/UpsertFeatureFlag", {
    method: "POST",
    token: superToken,
    json: { tenantId: 1, featureKey: "msaDataRequery", isEnabled: true },
  });
  expect(flag.status).toBe(200);
  const db = await server.services.db.tenantDb(1);
  const [graded] = await db.select().from(carcasses)
    .where(and(eq(carcasses.speciesId, 2), isNotNull(carcasses.msaIndex)))
    .orderBy(asc(carcasses.productionDate), asc(carcasses.killSequence)).limit(1);
  // its grading never arrived (a file without the MSA columns)
  await db.update(carcasses).set({ msaIndex: null, msaUltimatePh: null, msaCompliant: null })
    .where(eq(carcasses.id, graded.id));
  lostBody = graded.bodyNumber;
  url = `${server.origin}/home/livestock/carcassdistribution?date=${graded.productionDate}&species=2` +
    `&site=${graded.tenantSiteId}&mob=${graded.stockMobId}#msa`;
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The panel and its tables fit 1024 px (the page's frame is everyPage.test.ts's to check). */
async function fitsIn1024(page: Awaited<ReturnType<typeof launchBrowser>>["page"]) {
  const right = await page.locator("section#msa").evaluate((e) =>
    Math.max(
      e.getBoundingClientRect().right,
      ...[...e.querySelectorAll("table")].map((t) => t.getBoundingClientRect().right),
    )
  );
  expect(right).toBeLessThanOrEqual(1024);
}

describe("MSA grading on the kill floor's day", () => {
  it("shows the order's MSA results, re-queries the grader and shows what changed", async () => {
    const page = browser.page;
    page.setDefaultTimeout(20_000);
    await signIn(page, server.origin, "admin@demo.processor", TEST_PASSWORD);
    await signedIn(page);
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto(url);
    const panel = page.locator("section#msa");
    await panel.waitFor();
    expect(await panel.locator("h3").innerText()).toMatch(/^MSA grading · order \d+/);
    expect(await panel.locator("dl.facts").innerText()).toMatch(/MSA eligible\s*Yes/);
    const lost = panel.locator("tbody tr", { has: page.locator(`td:first-child:text-is("${lostBody}")`) });
    expect(await lost.first().innerText()).toContain("Not graded");
    if (SHOTS) {
      await page.screenshot({ path: `${SHOTS}/msa-1024.png`, fullPage: true });
    }
    await fitsIn1024(page);

    await panel.locator("[data-island=ActionButton]").getByRole("button", { name: "Re-query MSA data" })
      .click();
    const ask = page.locator("form.action-ask");
    expect(await ask.innerText()).toContain("Ask the plant's MSA grader again");
    const reloaded = page.waitForEvent("load");
    await ask.getByRole("button", { name: "Re-query MSA data" }).click();
    await reloaded;
    expect(await toastsSeen(page)).toContainEqual(expect.stringContaining("The MSA grader answered"));
    const summary = page.locator("section#msa details summary");
    expect(await summary.innerText()).toMatch(/Last re-query .* carcasses changed/);
    const changes = page.locator("section#msa details table");
    expect(await changes.innerText()).toContain("Ultimate pH");
    expect(await lost.first().innerText()).not.toContain("Not graded");
    await fitsIn1024(page);
    if (SHOTS) {
      await page.locator("section#msa").screenshot({ path: `${SHOTS}/msa-after-1024.png` });
      await page.setViewportSize({ width: 1920, height: 1080 });
      await page.screenshot({ path: `${SHOTS}/msa-1920.png`, fullPage: true });
    }
  }, 120_000); // two loads of a 60-carcass page on a busy CI machine
});
