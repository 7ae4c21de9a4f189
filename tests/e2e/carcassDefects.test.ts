/**
 * Settings › Carcass Defects in Chromium: with the every-species ARTHRITIS rule archived (set up over the
 * API), the demo's arthritic sheep carcasses read as a code without a rule, flagged and first; "Add a rule"
 * opens the new defect detail form filled in with the code and species, saving it (toast) comes back to
 * the tab, and the code reads as ruled. The pages fit 1024 px.
 */
import { describe, expect, it } from "vitest";
import { expectFits, toastWith } from "../helpers/browser.ts";
import { signedInBrowser } from "../helpers/signedIn.ts";
import { INVOICE_SETTINGS_API as P } from "../../server/areas/invoiceSettings/paths.ts";

const t = signedInBrowser("admin@demo.processor", { token: true });

async function archiveArthritisRule() {
  const call = async (path: string, json?: unknown) =>
    await (await t.server.request(path, { method: json ? "POST" : "GET", token: t.token, json })).json();
  const rule = (await call(P.defects)).find((d: { code: string; speciesId: number | null }) =>
    d.code === "ARTHRITIS" && d.speciesId === null
  );
  const archived = await call(P.archiveDefect, {
    id: rule.id,
    lastModified: rule.lastModified,
    isArchived: true,
  });
  expect(archived.isArchived).toBe(true);
}

describe("a code without a rule", () => {
  it("is flagged first; Add a rule opens the form filled in, and once saved the code reads as ruled", async () => {
    await archiveArthritisRule();
    const page = t.browser.page;
    await page.goto(`${t.server.origin}/settings/carcassdefects?speciesId=1`);
    await expectFits(page);
    const rows = page.locator(".panel[aria-label='Sheep carcass defects'] tbody tr");
    await expect.poll(() => rows.first().textContent()).toMatch(
      /ARTHRITIS.*No rule.*No rule: paid at the grid price/,
    );
    expect(await page.getByText(/No rule for ARTHRITIS: listed first/).count()).toBe(1);

    await rows.first().getByRole("link", { name: "Add a rule for ARTHRITIS" }).click();
    await page.waitForURL(/newDefectDetail\?code=ARTHRITIS/);
    await expectFits(page);
    expect(await page.getByLabel("Code").inputValue()).toBe("ARTHRITIS");
    expect(await page.getByLabel("Category on the invoice").inputValue()).toBe("Arthritis");
    expect(await page.locator("#defect-detail-speciesid").inputValue()).toBe("1");
    await page.getByLabel("Percentage off (%)").fill("5");
    await page.getByRole("button", { name: "Save" }).click();
    await toastWith(page, /defect detail was saved/);
    await page.waitForURL(/\/settings\/carcassdefects$/);

    const arthritis = page.locator("tr", { hasText: "ARTHRITIS" });
    await expect.poll(() => arthritis.textContent()).toMatch(/Arthritis.*5 % off the grid price/);
    expect(await arthritis.getByText("No rule").count()).toBe(0);
    expect(await arthritis.getByRole("link", { name: "ARTHRITIS: edit its rule" }).count()).toBe(1);
    expect(await page.getByText(/No rule for /).count()).toBe(0);
  });
});
