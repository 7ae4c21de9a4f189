/**
 * Settings › Files & publishing in Chromium, as a tester: upload a file (the progress shows, a toast
 * follows, the list names it with who published it), download it byte for byte through the page's link,
 * delete it after a confirmation; the page fits 1024 px. A super user also deletes published reports.
 */
import { describe, expect, it } from "vitest";
import { Buffer } from "node:buffer";
import { signedInBrowser } from "../helpers/signedIn.ts";
import { expectFits, toastWith } from "../helpers/browser.ts";

const t = signedInBrowser("test@demo.processor");

const CSV = new TextEncoder().encode("grade,cents per piece\n1,400\n2,300\n");

describe("Files & publishing", () => {
  it("uploads, downloads and deletes a file", async () => {
    const { page } = t.browser;
    await page.goto(`${t.server.origin}/settings/files`);
    await expect.poll(() => page.locator("h2#files-title").textContent()).toBe("Data files");
    // the demo keeps its ROI reference tables among the data files (data/roi)
    const uploaded = page.locator('[data-download="Skin-prices-March.csv"]');
    await expect.poll(() => page.locator('[data-download$=".csv"]').count()).toBeGreaterThan(0);
    expect(await uploaded.count()).toBe(0);
    await expectFits(page);

    const form = page.locator("[data-blob-upload]");
    await form.getByLabel("Folder").fill("price-lists");
    await form.locator("#bu-file").setInputFiles({
      name: "Skin prices (March).csv",
      mimeType: "text/csv",
      buffer: Buffer.from(CSV),
    });
    await expect.poll(() => form.textContent()).toContain(
      "Kept as tenant-1/data/price-lists/Skin-prices-March.csv",
    );
    await form.getByRole("button", { name: "Upload" }).click();
    await toastWith(page, /Skin-prices-March\.csv was uploaded/);

    const link = page.locator('[data-download="Skin-prices-March.csv"]');
    await expect.poll(() => link.count()).toBe(1);
    const row = page.locator("tr", { has: link });
    expect(await row.textContent()).toContain("price-lists");
    expect(await row.textContent()).toMatch(/by Test Demo/);
    expect(await row.textContent()).toContain("from Skin prices (March).csv");

    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toBe("Skin prices (March).csv");
    const path = await download.path();
    expect(await Deno.readFile(path)).toEqual(CSV);

    await row.getByRole("button", { name: "Delete" }).click();
    await expect.poll(() => row.textContent()).toContain("Delete Skin-prices-March.csv for good?");
    await row.getByRole("button", { name: "Delete" }).click();
    await toastWith(page, /Skin-prices-March\.csv was deleted/);
    await expect.poll(() => uploaded.count()).toBe(0);
  });

  it("refuses a kind of file it does not keep, in words, before sending", async () => {
    const { page } = t.browser;
    const form = page.locator("[data-blob-upload]");
    await form.locator("#bu-file").setInputFiles({
      name: "notes",
      mimeType: "text/plain",
      buffer: Buffer.from("x"),
    });
    await expect.poll(() => form.getByRole("alert").textContent()).toMatch(/no type at its end/);
    expect(await form.getByRole("button", { name: "Upload" }).isDisabled()).toBe(true);
  });
});
