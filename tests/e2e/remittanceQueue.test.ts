/**
 * A remittance the mail server would not take, as the invoice editor shows it in Chromium, on the pinned
 * clock: published with the organisation's "Email remittances when published" on and no mail server
 * answering, the editor says why it was not sent, when it is tried again by itself and which try that
 * is; the next try, made in the background, updates the open editor without a reload.
 */
import { describe, expect, it } from "vitest";
import { expectFits } from "../helpers/browser.ts";
import { signedInBrowser } from "../helpers/signedIn.ts";
import { silentSmtpUrl } from "../helpers/smtp.ts";
import { publishWithMailSetting } from "../helpers/invoices.ts";
import { pinServerClock, plantNoon } from "../helpers/clock.ts";
import { INVOICES_API as I } from "../../server/areas/invoices/paths.ts";
import { sendDueRemittances } from "../../server/areas/invoices/remittanceMailing.ts";

// a mail server address where none answers: every send is refused at once
const t = signedInBrowser("admin@demo.processor", {
  token: true,
  env: async () => ({ SMTP_URL: await silentSmtpUrl() }),
});

describe("a remittance waiting to be emailed", () => {
  it("says why it was not sent and when it is tried again, and follows the next try live", async () => {
    const id = await publishWithMailSetting(t.server, t.token, "sam@farm.test");
    const queued = async () =>
      (await (await t.server.request(I.invoice.replace("{id}", String(id)), { token: t.token })).json())
        .remittanceQueued?.attempts;
    await expect.poll(queued).toBe(1);

    const page = t.browser.page;
    await page.goto(`${t.server.origin}/home/invoicemanager/edit/${id}`);
    await page.locator('[data-island="InvoiceEditor"][data-hydrated]').waitFor();
    const banner = page.getByRole("status").filter({ hasText: /could not be emailed/ });
    await expect.poll(() => banner.innerText()).toMatch(
      /^The remittance could not be emailed to sam@farm\.test on .+: the mail server did not answer\. It is tried again by itself from .+ \(try 2 of 6\), or now with Email to supplier\.$/,
    );
    await expectFits(page);

    // a minute on, the background sweep tries again (still refused): the open editor says so by itself
    pinServerClock(new Date(plantNoon().getTime() + 60_000));
    expect(await sendDueRemittances(t.server.services, 1)).toBe(1);
    await expect.poll(() => banner.innerText()).toMatch(/\(try 3 of 6\)/);
  }, 90_000);
});
