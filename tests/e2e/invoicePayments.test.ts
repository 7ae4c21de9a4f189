/**
 * Invoice manager › Payments in Chromium, on the demo data and the pinned clock: the invoices due are
 * ticked, "Create payment file" downloads an ABA file (its first record is the descriptive "0" record),
 * the paid invoice no longer lists as to pay and its editor names the file (Unpublish held back), and
 * cancelling the file (confirmed) brings it back and clears the note.
 */
import { describe, expect, it } from "vitest";
import { expectFits, toast, toastWith } from "../helpers/browser.ts";
import { signedInBrowser } from "../helpers/signedIn.ts";
import { addDays } from "../../kernel/dates.ts";
import { PLANT_DAY } from "../helpers/clock.ts";

const t = signedInBrowser("admin@demo.processor");

/** The editor's address of an invoice listed on the Payments page (its number links to it). */
async function invoiceLink(page: typeof t.browser.page, invoiceNumber: string): Promise<string> {
  const link = page.getByRole("link", { name: invoiceNumber, exact: true }).first();
  return new URL((await link.getAttribute("href"))!, t.server.origin).href;
}

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
    const editor = await invoiceLink(page, first);

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
    const fileNumber =
      (await toast(page, /Payment file \d+ made/).innerText()).match(/Payment file (\d+)/)![1];

    // the invoice itself says which file pays it, and will not go back to a draft meanwhile
    await page.goto(editor);
    await page.locator('[data-island="InvoiceEditor"][data-hydrated]').waitFor();
    const note = page.getByRole("note").filter({ hasText: "Paid by bank file" });
    await expect.poll(() => note.innerText()).toContain(`payment file ${fileNumber}`);
    const unpublish = page.getByRole("button", { name: "Unpublish" });
    if (await unpublish.count()) expect(await unpublish.isDisabled()).toBe(true);
    await expectFits(page);
    await note.getByRole("link", { name: "See the payment files" }).click();
    await page.waitForURL(/\/home\/invoicemanager\/payments/);
    await page.locator('[data-island="PaymentRuns"][data-hydrated]').waitFor();

    // cancel it (confirmed): the invoice is to pay again
    await page.getByRole("button", { name: "Cancel", exact: true }).first().click();
    await page.getByRole("button", { name: /^Yes, cancel file / }).click();
    await toastWith(page, /cancelled: its invoices can be paid again/);
    await page.getByText("Cancelled by Admin Demo").first().waitFor();
    await expectFits(page);
    await expect.poll(() => page.getByRole("checkbox", { name: `Pay ${first}` }).count()).toBe(1);
    // and the invoice no longer says so
    await page.goto(editor);
    await page.locator('[data-island="InvoiceEditor"][data-hydrated]').waitFor();
    expect(await page.getByText("Paid by bank file").count()).toBe(0);
  }, 120_000);
});
