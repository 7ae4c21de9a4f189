/**
 * The super user's support desk in Chromium: a problem reported in another organisation shows with its
 * organisation; the list filters by organisation; "Mark handled" asks first, toasts, and the report moves
 * out of the open list (and into "Open and handled" with who handled it). A support file is uploaded,
 * listed with the link to paste, downloaded byte for byte and deleted after a confirmation. 1024 px wide.
 */
import { describe, expect, it } from "vitest";
import { Buffer } from "node:buffer";
import { signedInBrowser } from "../helpers/signedIn.ts";
import { expectFits, toastWith } from "../helpers/browser.ts";

const t = signedInBrowser("super@demo.processor");
const PDF = new TextEncoder().encode("%PDF-1.7\nHow to book a kill\n%%EOF\n");

describe("super: support desk", () => {
  it("lists every organisation's problems, filters them and marks one handled", async () => {
    const { page } = t.browser;
    const farmer = await t.server.login("producer@demo.farm");
    const sent = await t.server.request("/api/user/ReportBug", {
      method: "POST",
      token: farmer,
      json: { page: "/home/farmer", message: "The delivery calendar shows last week twice." },
    });
    expect(sent.status).toBe(200);

    await page.goto(`${t.server.origin}/super/support`);
    const row = page.locator("tr", { hasText: "The delivery calendar shows last week twice." });
    expect(await row.textContent()).toContain("Demo Farm");
    expect(await row.textContent()).toContain("Producer Farmer");
    await expectFits(page);

    await Promise.all([
      page.waitForURL(/tenantId=/),
      page.locator("#report-tenant").selectOption({ label: "Demo Farm" }),
    ]);
    expect(await page.locator("[data-open-count]").textContent()).toContain("1 open in Demo Farm");

    await page.locator('[data-island="ActionButton"][data-hydrated]').first().waitFor();
    await row.getByRole("button", { name: "Mark handled" }).click();
    await expect.poll(() => row.textContent()).toContain(
      "Mark Producer Farmer's problem in Demo Farm handled?",
    );
    await row.getByRole("button", { name: "Mark handled" }).click();
    await toastWith(page, /Marked handled: Producer Farmer's problem in Demo Farm/);
    await expect.poll(() => page.getByText("No open problem: nothing to do.").count()).toBe(1);
    await page.waitForLoadState("load"); // the page reloaded: its script takes the filter's change

    await Promise.all([
      page.waitForURL(/all=true/),
      page.locator("#report-show").selectOption({ label: "Open and handled" }),
    ]);
    expect(await row.textContent()).toContain("Super Demo");
  });

  it("uploads a support file, shows its link, downloads it and deletes it after a confirmation", async () => {
    const { page } = t.browser;
    await page.goto(`${t.server.origin}/super/support`);
    const form = page.locator("[data-blob-upload]");
    expect(await form.getByLabel("Kind").count()).toBe(0); // support files have no kind or publisher
    await form.getByLabel("Folder").fill("guides");
    await form.locator("#bu-file").setInputFiles({
      name: "Booking a kill.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from(PDF),
    });
    await expect.poll(() => form.textContent()).toContain("Kept as support/guides/Booking-a-kill.pdf");
    await form.getByRole("button", { name: "Upload" }).click();
    await toastWith(page, /Booking-a-kill\.pdf was uploaded to support\/guides/);

    const link = page.locator('[data-download="Booking-a-kill.pdf"]');
    await expect.poll(() => link.count()).toBe(1);
    const row = page.locator("tr", { has: link });
    expect(await row.locator("[data-link]").textContent()).toBe(
      "/api/storage/DownloadSupportBlob?fullBlobReference=support/guides/Booking-a-kill.pdf",
    );
    const download = await page.request.get(`${t.server.origin}${await link.getAttribute("href")}`);
    expect(new Uint8Array(await download.body())).toEqual(PDF);
    await expectFits(page);

    await row.getByRole("button", { name: "Delete" }).click();
    await expect.poll(() => row.textContent()).toContain("Delete Booking-a-kill.pdf for every organisation?");
    await row.getByRole("button", { name: "Delete" }).click();
    await toastWith(page, /Booking-a-kill\.pdf was deleted/);
    // gone from the list (the demo keeps a stored test run among the support files)
    await expect.poll(() => link.count()).toBe(0);
  });

  it("leads to where the help content and release notes are written", async () => {
    const { page } = t.browser;
    await page.goto(`${t.server.origin}/super/support`);
    await page.getByRole("link", { name: "Edit the help content" }).click();
    await page.waitForURL(/\/settings\/supportcontent$/);
  });
});
