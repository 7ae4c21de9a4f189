/**
 * Super › Backups in Chromium: the super user takes a backup of an organisation, sees what restoring it
 * changes, restores it by typing the organisation's name, then deletes the organisation the same way.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { axeFindings } from "../helpers/axe.ts";
import { tenants } from "../../db/control/schema.ts";
import { DEMO_FARM } from "../../server/demo.ts";
import { expectFits, launchBrowser, recordToasts, signedIn, signIn, toastWith } from "../helpers/browser.ts";
import { serveTestApp, TEST_PASSWORD } from "../helpers/app.ts";

let server: Awaited<ReturnType<typeof serveTestApp>>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let farmId: number;

beforeAll(async () => {
  server = await serveTestApp();
  browser = await launchBrowser();
  await recordToasts(browser.context);
  farmId =
    (await server.services.db.control.query.tenants.findFirst({ where: eq(tenants.name, DEMO_FARM) }))!.id;
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe("backups in the browser", () => {
  it("backs up, dry-runs and restores an organisation, then deletes it, each confirmed by its name", async () => {
    const page = browser.page;
    page.setDefaultTimeout(20_000);
    await signIn(page, server.origin, "super@demo.processor", TEST_PASSWORD);
    await signedIn(page);
    await page.goto(`${server.origin}/super/backups?tenantId=${farmId}`);
    await expect.poll(() => page.getByText("No backups yet.").count()).toBe(1);

    await page.getByRole("button", { name: "Back up now" }).click();
    await toastWith(page, "The backup was taken.");
    await page.getByRole("link", { name: "See what a restore changes" }).click();
    await page.waitForURL(/key=/);
    await expect.poll(() => page.getByText("Nothing would change").count()).toBe(1);
    // the dry run's page (the fullest): no serious accessibility problem, in light and dark
    expect(await axeFindings(page)).toEqual([]);
    for (const width of [1024, 1920]) {
      await page.setViewportSize({ width, height: width === 1024 ? 768 : 1080 });
      await expectFits(page, width);
      if (Deno.env.get("SCREENSHOTS")) {
        await page.screenshot({
          path: `${Deno.env.get("SCREENSHOTS")}/backups-${width}.png`,
          fullPage: true,
        });
      }
    }

    await page.getByRole("button", { name: "Restore" }).click();
    const typed = page.getByLabel(`Type "${DEMO_FARM}" to confirm`);
    await typed.fill(DEMO_FARM);
    await typed.press("Enter");
    await toastWith(page, "The backup was restored.");
    await page.waitForURL((u) => !u.search.includes("key="));
    // the restore kept a backup of how it was before
    await expect.poll(() => page.getByRole("cell", { name: "Before a restore" }).count()).toBe(1);

    await page.getByRole("button", { name: `Delete ${DEMO_FARM}` }).click();
    const name = page.getByLabel(`Type "${DEMO_FARM}" to confirm`);
    await name.fill(DEMO_FARM);
    await name.press("Enter");
    await toastWith(page, "The organisation was deleted.");
    await expect.poll(async () =>
      await server.services.db.control.query.tenants.findFirst({ where: eq(tenants.id, farmId) })
    ).toBeUndefined();
  });
});
