/** Suppliers in Chromium: editing with and without the supplier admin permission, adding one. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, signedIn, signIn } from "../helpers/browser.ts";
import { serveTestApp, TEST_PASSWORD } from "../helpers/app.ts";

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

async function as(email: string) {
  await browser.context.clearCookies();
  await signIn(browser.page, server.origin, email, TEST_PASSWORD);
  await signedIn(browser.page);
  browser.page.setDefaultTimeout(20_000);
  return browser.page;
}

describe("suppliers in the browser", () => {
  it("an admin with the permission finds a supplier, edits the mobile and sees it saved", async () => {
    const page = await as("admin@demo.processor");
    await page.goto(`${server.origin}/home/livestock?tab=suppliers`);
    await page.getByLabel("Search suppliers").fill("bordertown");
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL(/q=bordertown/);
    const rows = page.locator("table tbody tr");
    expect(await rows.count()).toBeGreaterThan(0);
    const link = rows.first().locator("a");
    const name = (await link.innerText()).trim();
    await link.click();
    await page.waitForSelector("[data-hydrated] form");
    expect(await page.getByRole("heading", { name }).count()).toBe(1);
    await page.getByLabel("Mobile").first().fill("0499 000 111");
    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(/tab=suppliers/);
    const res = await fetch(`${server.origin}/api/livestock/GetSuppliers?q=${encodeURIComponent(name)}`, {
      headers: { authorization: `Bearer ${await server.login("admin@demo.processor")}` },
    });
    const [saved] = await res.json();
    expect(saved.primaryContact.mobile).toBe("0499 000 111");
  });

  it("a user without the permission sees the supplier read-only, with no Save and no Add", async () => {
    const page = await as("user@demo.processor");
    await page.goto(`${server.origin}/home/livestock?tab=suppliers`);
    expect(await page.getByRole("link", { name: "Add supplier" }).count()).toBe(0);
    expect(await page.getByText("View only").count()).toBe(1);
    await page.locator("table tbody tr a").first().click();
    await page.waitForSelector("[data-hydrated] form");
    expect(await page.locator("[data-read-only]").innerText()).toMatch(/supplier admin permission/);
    expect(await page.getByRole("button", { name: "Save" }).count()).toBe(0);
    expect(await page.locator('input[name="name"]').getAttribute("readonly")).not.toBeNull();
    expect(await page.getByRole("link", { name: "Back" }).count()).toBe(1);
  });

  it("an admin adds a supplier; the BSB gets its leading zero", async () => {
    const page = await as("admin@demo.processor");
    await page.goto(`${server.origin}/home/livestock?tab=suppliers`);
    await page.getByRole("link", { name: "Add supplier" }).click();
    await page.waitForSelector("[data-hydrated] form");
    await page.locator('input[name="name"]').fill("Browser Creek Pastoral");
    await page.getByLabel("PIC").fill("nb123456");
    await page.getByLabel("BSB").fill("62-001");
    await page.getByLabel("Town").fill("Junee");
    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(/tab=suppliers/);
    await page.getByLabel("Search suppliers").fill("Browser Creek");
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL(/q=Browser/);
    expect(await page.locator("table tbody tr").count()).toBe(1);
    await page.locator("table tbody tr a").first().click();
    await page.waitForSelector("[data-hydrated] form");
    expect(await page.getByLabel("BSB").inputValue()).toBe("062001");
    expect(await page.getByLabel("PIC").inputValue()).toBe("NB123456");
  });

  it("a producer admin keeps their own suppliers at /home/suppliers", async () => {
    const page = await as("producer@demo.farm");
    await page.goto(`${server.origin}/home/suppliers`);
    expect(await page.locator("table tbody tr").count()).toBe(6);
    expect(await page.getByRole("link", { name: "Add supplier" }).count()).toBe(1); // demo admins hold the permission
  });
});
