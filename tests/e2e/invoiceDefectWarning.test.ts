/**
 * A draft invoice's warning about a defect code with no price rule, in Chromium: two carcasses of a demo
 * sheep order carry CHEESY-GLAND (written straight into the database; no rule has it), the draft made
 * from the order names it in words with "Add a rule", which opens the new defect detail form filled in;
 * saved (toast), the form returns to the draft, which no longer warns. The editor fits 1024 px.
 */
import { describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { expectFits, toastWith } from "../helpers/browser.ts";
import { signedInBrowser } from "../helpers/signedIn.ts";
import { invoiceableOrder } from "../helpers/invoices.ts";
import { carcasses } from "../../db/tenant/schema.ts";
import { INVOICES_API as P } from "../../server/areas/invoices/paths.ts";

const t = signedInBrowser("admin@demo.processor", { token: true });
const CODE = "CHEESY-GLAND";

/** A draft over a demo order two of whose carcasses carry the code: the editor's address. */
async function draftWithCode(): Promise<string> {
  const { orderId } = await invoiceableOrder(t.server, t.token);
  const db = await t.server.services.db.tenantDb(1);
  const two = await db.select({ id: carcasses.id }).from(carcasses)
    .where(eq(carcasses.livestockOrderId, orderId)).limit(2);
  await db.update(carcasses).set({ defects: [CODE], condemned: "none" })
    .where(inArray(carcasses.id, two.map((c) => c.id)));
  const res = await t.server.request(P.createOrAdd, {
    method: "POST",
    token: t.token,
    json: { livestockOrderIds: [orderId] },
  });
  const created = await res.json();
  return `${t.server.origin}/home/invoicemanager/edit/${created.livestockInvoiceSummaryDtos[0].id}`;
}

describe("a draft over carcasses with a code no rule prices", () => {
  it("warns in words; Add a rule opens the form filled in, and once saved the warning goes", async () => {
    const editor = await draftWithCode();
    const page = t.browser.page;
    await page.goto(editor);
    const warning = page.getByRole("note", { name: "Defect codes with no price rule" });
    await expect.poll(() => warning.textContent()).toContain(
      `2 carcasses carry ${CODE}, which has no price rule: they are paid at the grid price.`,
    );
    await expectFits(page);
    expect(await warning.getByRole("link", { name: /Settings › Carcass Defects/ }).getAttribute("href"))
      .toBe("/settings/carcassdefects?speciesId=1");

    await warning.getByRole("link", { name: `Add a rule for ${CODE}` }).click();
    await page.waitForURL(/newDefectDetail\?code=CHEESY-GLAND&speciesId=1/);
    expect(await page.getByLabel("Code").inputValue()).toBe(CODE);
    expect(await page.getByLabel("Category on the invoice").inputValue()).toBe("Cheesy gland");
    expect(await page.locator("#defect-detail-speciesid").inputValue()).toBe("1");
    await page.getByLabel("Percentage off (%)").fill("15");
    await page.getByRole("button", { name: "Save" }).click();
    await toastWith(page, /defect detail was saved/);
    // back on the draft that opened the form
    await page.waitForURL(editor);
    await page.getByRole("heading", { name: /Draft invoice \d+/ }).waitFor();
    expect(await warning.count()).toBe(0);
    expect(await page.getByRole("cell", { name: "Cheesy gland" }).count()).toBeGreaterThan(0);
  });
});
