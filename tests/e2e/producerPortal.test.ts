/**
 * The producer portal in Chromium (issue 44): a processor admin invites the farm from a supplier record,
 * the farm's admin accepts with the code, opens a lot's kill feedback with its server-drawn charts and
 * downloads the CSV (marking the notices read on the way); the processor ends the link and the farm's next page says access ended.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, desc } from "drizzle-orm";
import { expectFits, launchBrowser, signedIn, signIn } from "../helpers/browser.ts";
import { serveTestApp, TEST_PASSWORD } from "../helpers/app.ts";
import { carcasses } from "../../db/tenant/killFloor.ts";

let server: Awaited<ReturnType<typeof serveTestApp>>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let supplierId = 0;
const SHOTS = Deno.env.get("PORTAL_SHOTS"); // a folder: screenshots at 1024 and 1920 px while building

async function shot(name: string) {
  if (!SHOTS) return;
  for (const width of [1024, 1920]) {
    await browser.page.setViewportSize({ width, height: width === 1024 ? 768 : 1080 });
    await browser.page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: name !== "portal-lot" });
  }
  await browser.page.setViewportSize({ width: 1024, height: 768 });
}

beforeAll(async () => {
  server = await serveTestApp();
  browser = await launchBrowser();
  const db = await server.services.db.tenantDb(1);
  [{ id: supplierId }] = await db.select({ id: carcasses.supplierId }).from(carcasses)
    .groupBy(carcasses.supplierId).orderBy(desc(count())).limit(1);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe("the producer portal in the browser", () => {
  it("invite, accept, read a lot's feedback and charts, download the CSV, revoke", async () => {
    const page = browser.page;
    await page.setViewportSize({ width: 1024, height: 768 });
    const origin = server.origin;

    // the processor invites the farm from the supplier record
    await signIn(page, origin, "admin@demo.processor", TEST_PASSWORD);
    await signedIn(page);
    await page.goto(`${origin}/home/livestock/suppliers/${supplierId}`);
    await page.getByRole("link", { name: "Producer portal link" }).click();
    await page.waitForURL(/\/portal$/);
    const invite = page.locator('section[aria-label="Invite the producer"] form');
    await invite.waitFor();
    await page.waitForSelector(
      'section[aria-label="Invite the producer"] [data-hydrated] form, section[aria-label="Invite the producer"] [data-hydrated]',
    );
    await invite.getByLabel("Producer's email").fill("producer@demo.farm");
    await invite.getByLabel("From day").fill("2020-01-01");
    await invite.getByRole("button", { name: "Invite" }).click();
    const code = (await page.locator('[data-notice="code"] code').textContent())!.trim();
    expect(code).toMatch(/^[A-Z0-9]{10}$/);
    await expectFits(page);
    await shot("supplier-portal");

    // the farm's admin accepts and reads the latest lot
    await page.goto(`${origin}/logout`);
    await signIn(page, origin, "producer@demo.farm", TEST_PASSWORD);
    await signedIn(page);
    await page.goto(`${origin}/producerportal`);
    const accept = page.locator('section[aria-label="Processor links"] form');
    await page.waitForSelector('section[aria-label="Processor links"] [data-hydrated]');
    await accept.getByLabel("Code from the email").fill(code);
    await accept.getByRole("button", { name: "Accept" }).click();
    // the demo's own link to the plant, and now the accepted one
    await expect.poll(() => page.locator('section[aria-label$="kill feedback"]').count()).toBe(2);
    const firstLot = page.locator('section[aria-label$="kill feedback"] table a').first();
    await firstLot.waitFor();
    await expectFits(page);
    await shot("portal-home");
    // the notices come unread; "Mark all read" from the keyboard marks them for this user
    const notices = page.locator('section[aria-label="Notices"]');
    expect(Number(await notices.locator("[data-unread-count]").getAttribute("data-unread-count")))
      .toBeGreaterThan(0);
    await notices.getByRole("button", { name: "Mark all read" }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => notices.locator("[data-unread-count]").textContent()).toBe("(all read)");
    await firstLot.click();
    await page.waitForURL(/\/producerportal\/lots\/\d+\?link=\d+/);
    await expect.poll(() => page.locator("figure.dist-chart svg").count()).toBeGreaterThanOrEqual(2);
    expect(await page.locator('section[aria-label="Carcasses"] tbody tr').count()).toBeGreaterThan(0);
    expect(await page.locator("[data-island]").count()).toBe(0); // no React on the feedback page
    await expectFits(page);
    await shot("portal-lot");

    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download CSV" }).click();
    const csv = await Deno.readTextFile((await (await download).path())!);
    expect(csv.split("\r\n")[0]).toMatch(/^Kill Date,Supplier,PIC,NVD,Lot,Body Number,NLIS ID/);
    const lotUrl = page.url();

    // orders, deliveries and remittances with the processor: read-only pages, no React
    for (const path of ["orders", "deliveries", "remittances"]) {
      await page.goto(`${origin}/producerportal/${path}`);
      await page.getByRole("heading", { name: new RegExp(`: ${path}$`) }).waitFor();
      expect(await page.locator("main table tbody tr").count()).toBeGreaterThan(0);
      expect(await page.locator("[data-island]").count()).toBe(0);
      await expectFits(page);
      await shot(`portal-${path}`);
    }
    await page.goto(`${origin}/producerportal/trend`);
    await page.locator('figure[data-chart="trend-hscw"] svg').first().waitFor();
    await expectFits(page);
    await shot("portal-trend");

    // the processor ends the link: the farm's next page says access ended
    const token = await server.login("admin@demo.processor");
    const linkId = Number(new URL(lotUrl).searchParams.get("link"));
    const ended = await fetch(`${origin}/api/producer/RevokeProducerLink`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ linkId }),
    });
    expect(ended.status).toBe(200);
    await page.goto(lotUrl);
    await expect.poll(() => page.locator("[data-access-ended]").textContent()).toMatch(/link was ended/);
  });
});
