/**
 * Emailing a remittance from the invoice editor in Chromium, on the demo data and the pinned clock (no mail
 * server configured: the mail goes to the Outbox, as on a demo): a published invoice says it has not been
 * emailed, "Email to supplier" sends it with a toast and the line names the address; sending again asks
 * first.
 */
import { describe, expect, it } from "vitest";
import { expectFits, toastWith } from "../helpers/browser.ts";
import { signedInBrowser } from "../helpers/signedIn.ts";

const t = signedInBrowser("admin@demo.processor");

describe("emailing a remittance", () => {
  it("sends it from the editor, says so, and asks before sending it again", async () => {
    const page = t.browser.page;
    await page.goto(`${t.server.origin}/home/invoicemanager?tab=published`);
    await page.getByRole("link", { name: /^RCTI-\d{6}$/ }).first().click();
    await page.waitForURL(/\/home\/invoicemanager\/edit\/\d+/);
    await page.locator('[data-island="InvoiceEditor"][data-hydrated]').waitFor();
    const line = page.getByRole("status").filter({ hasText: /emailed/ });
    await expect.poll(() => line.first().innerText()).toMatch(
      /has not been emailed to the supplier \(.+@.+\) yet/,
    );
    const address = (await line.first().innerText()).match(/\((.+@.+)\)/)![1];
    await expectFits(page);

    await page.getByRole("button", { name: "Email to supplier" }).click();
    await toastWith(page, `The remittance was emailed to ${address}.`);
    await expect.poll(() => line.first().innerText()).toMatch(
      new RegExp(`^Remittance emailed to ${address.replace(/[.]/g, "\\.")} on .+ by Admin Demo\\.$`),
    );
    await expectFits(page);

    // again: asked first; declining sends nothing
    let asked = "";
    page.once("dialog", (d) => {
      asked = d.message();
      void d.dismiss();
    });
    await page.getByRole("button", { name: "Email to supplier" }).click();
    await expect.poll(() => asked).toMatch(/emailed already\. Email it to .+ again\?/);
    expect(await line.first().innerText()).not.toMatch(/times in all/);
  }, 90_000);
});
