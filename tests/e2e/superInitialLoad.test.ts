/**
 * The initial data load in Chromium: a super user opens it from the super home, downloads the suppliers
 * template, fills it in (a new supplier and a row with a bad ABN), sees the preview name the bad row's
 * column and reason, confirms the load (Escape backs out of the question first) and sees the toast and
 * what was loaded; the page fits 1024 px and passes axe-core in light and dark at each step. Then the
 * organisation's admin finds the new supplier in their own supplier list.
 */
import { axeFindings } from "../helpers/axe.ts";
import { readFile } from "node:fs/promises";
import { Buffer } from "node:buffer";
import { describe, expect, it } from "vitest";
import { expectFits, signIn, toastWith } from "../helpers/browser.ts";
import { signedInBrowser } from "../helpers/signedIn.ts";
import { TEST_PASSWORD } from "../helpers/app.ts";

const t = signedInBrowser("super@demo.processor");

describe("super: initial data load", () => {
  it("template → filled file with a bad row → preview → load → the admin sees the supplier", async () => {
    const { page } = t.browser;
    await page.goto(`${t.server.origin}/super/home`);
    await page.getByRole("navigation", { name: "Super user tools" }).getByRole("link", {
      name: "Initial data load",
    })
      .click();
    await page.waitForURL(/\/super\/initialdataload$/);
    expect(await page.getByRole("heading", { level: 2 }).first().innerText()).toBe(
      "Initial data load into Demo Processing",
    );
    expect(await page.locator(".tabs [aria-current=page]").innerText()).toBe("Suppliers");
    await page.locator("[data-island=InitialLoad][data-hydrated]").waitFor();

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download the suppliers template" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("suppliers-template.csv");
    const template = (await readFile((await download.path())!, "utf8")).replace(/^\uFEFF/, "");
    const [header, example] = template.trim().split("\r\n");
    const columns = header.split(",");
    // filled in as a spreadsheet would: the example row replaced by two suppliers, one with a mistyped ABN
    const row = (values: Record<string, string>) => columns.map((c) => values[c] ?? "").join(",");
    expect(example.startsWith("Kooringal Pastoral Co,")).toBe(true);
    const filled = [
      header,
      row({
        Name: "Bellbird Downs Pastoral",
        PIC: "NB765432",
        ABN: "51 824 753 556",
        "GST registered": "Yes",
        "Stock types": "Sheep",
        Town: "Junee",
        State: "NSW",
        Postcode: "2663",
      }),
      row({ Name: "Mistyped Grazing", PIC: "NB765433", ABN: "51 824 753 557" }),
    ].join("\r\n");

    await page.getByLabel("Filled-in template").setInputFiles({
      name: "go-live-suppliers.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(filled),
    });
    const preview = page.locator("[data-preview]");
    await preview.waitFor();
    expect(await preview.locator("[data-counts]").innerText()).toBe(
      "2 rows: 1 new, 0 updating an existing supplier, 0 already there and unchanged, 1 with problems (left out).",
    );
    const problem = page.locator("[data-notes=problems] tbody tr");
    expect(await problem.count()).toBe(1);
    expect((await problem.locator("td").allInnerTexts()).map((s) => s.trim())).toEqual([
      "3",
      "ABN",
      "Not a valid ABN (11 digits)",
    ]);
    expect(await page.locator("[data-outcomes] tbody tr", { hasText: "Bellbird Downs Pastoral" }).innerText())
      .toContain("New supplier");
    await expectFits(page);
    expect(await axeFindings(page)).toEqual([]);

    // asked first; Escape backs out, then the load from the keyboard
    await page.getByRole("button", { name: "Load 1 supplier" }).click();
    const question = page.getByRole("group", { name: "Confirm the load" });
    expect(await question.innerText()).toContain(
      "Add 1 supplier in Demo Processing? Rows with problems are left out.",
    );
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Load");
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Load 1 supplier" }).waitFor();
    await page.getByRole("button", { name: "Load 1 supplier" }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Load");
    await page.keyboard.press("Enter");
    await toastWith(page, /1 new supplier was loaded into Demo Processing\./);
    const result = page.locator("[data-result]");
    await result.waitFor();
    expect(await result.locator("[role=status]").innerText()).toContain(
      "1 new supplier from go-live-suppliers.csv; 0 already there and unchanged; 1 with problems left out.",
    );
    expect(await result.locator("[data-outcomes] tbody tr").first().innerText()).toMatch(
      /2\s+Bellbird Downs Pastoral\s+NB765432\s+New supplier/,
    );
    await expectFits(page);
    expect(await axeFindings(page)).toEqual([]);

    // the list of loads, after a refresh
    // (the refreshed page's own load: a check before it starts would pass on the old page, and the next
    // navigation would then cut the refresh short)
    await Promise.all([
      page.waitForEvent("load"),
      page.getByRole("button", { name: "Refresh the list of loads" }).click(),
    ]);
    expect(
      await page.locator("section.panel", { hasText: "Latest loads into Demo Processing" }).locator(
        "tbody tr",
      )
        .first().innerText(),
    ).toMatch(/Super Demo\s+go-live-suppliers\.csv\s+1 new supplier; 0 unchanged, 1 left out/);

    // the organisation's admin finds the supplier in their own list
    await page.goto(`${t.server.origin}/logout`);
    await signIn(page, t.server.origin, "admin@demo.processor", TEST_PASSWORD);
    await page.goto(`${t.server.origin}/home/livestock?tab=suppliers&q=Bellbird`);
    const listed = page.locator("tbody tr", { hasText: "Bellbird Downs Pastoral" });
    expect(await listed.innerText()).toContain("NB765432");
    expect(await page.locator("tbody tr", { hasText: "Mistyped Grazing" }).count()).toBe(0);
  });
});
