/**
 * Invoice manager › Payments in Chromium, on the demo data and the pinned clock: the invoices due are
 * ticked, "Create payment file" downloads an ABA file (its first record is the descriptive "0" record),
 * the paid invoice no longer lists as to pay, and cancelling the file (confirmed) brings it back.
 */
import { describe, expect, it } from "vitest";
import { expectFits, toastWith } from "../helpers/browser.ts";
import { signedInBrowser } from "../helpers/signedIn.ts";
import { addDays } from "../../kernel/dates.ts";
import { PLANT_DAY } from "../helpers/clock.ts";

const t = signedInBrowser("admin@demo.processor");

describe("paying suppliers by bank file", () => {
  it("tick, create and download, then cancel to pay again", async () => {
    const page = t.browser.page;
    await page.goto(`${t.server.origin}/home/invoicemanager`);
    await page.getByRole("link", { name: "Payments" }).click();
    await page.waitForURL(/\/home\/invoicemanager\/payments/);
    await page.locator('input[name="dueBy"]').fill(addDays(PLANT_DAY, 60));
    await page.getByRole("button", { name: "Show" }).click();
    await page.waitForURL(/dueBy=/);
    await page.locator('[data-island="PaymentRuns"][data-hydrated]').waitFor();
    await expectFits(page);

    // everything payable is ticked; keep only the first
    const boxes = page.getByRole("checkbox", { name: /^Pay / });
    expect(await boxes.count()).toBeGreaterThan(1);
    const first = (await boxes.first().getAttribute("aria-label"))!.replace(/^Pay /, "");
    await page.getByRole("checkbox", { name: "Tick all" }).uncheck();
    await boxes.first().check();
    await expect.poll(() => page.getByText(/^1 invoice ticked/).count()).toBe(1);

    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Create payment file" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^payments-\d{4}-\d{2}-\d{2}-\d+\.aba$/);
    const text = await Deno.readTextFile((await file.path())!);
    expect(text.startsWith("0")).toBe(true);
    expect(text).toContain(first);
    await toastWith(page, /Payment file \d+ made: 1 invoice/);
    await expect.poll(() => page.getByRole("checkbox", { name: `Pay ${first}` }).count()).toBe(0);
    await expectFits(page);

    // cancel it (confirmed): the invoice is to pay again
    await page.getByRole("button", { name: "Cancel", exact: true }).first().click();
    await page.getByRole("button", { name: /^Yes, cancel file / }).click();
    await toastWith(page, /cancelled: its invoices can be paid again/);
    await page.getByText("Cancelled by Admin Demo").first().waitFor();
    await expectFits(page);
    await expect.poll(() => page.getByRole("checkbox", { name: `Pay ${first}` }).count()).toBe(1);
  }, 90_000);
});
