/**
 * Production planning catalogue in Chromium (issue 41 items 1, 3, 6), as the super user: resolve an
 * unmapped product code, edit a recipe (refused off 100 %, saved at 100 %), confirm a sales order (the
 * builder's Orders row of its day takes it), type a sales order and watch its totals, add a rule to a
 * carcass type in Settings › Specifications, and save the packaging defaults a new packaging starts from.
 */
import { describe, expect, it } from "vitest";
import { expectFits, toastWith } from "../helpers/browser.ts";
import { signedInBrowser } from "../helpers/signedIn.ts";

const t = signedInBrowser("super@demo.processor");
type SalesOrder = { reference: string; etd: string; salesOrderLineItems: { productDefinitionId: number }[] };
type Product = { id: number; speciesId: number; statCut: string | null };
const ps = (path: string) => `${t.server.origin}/productionscheduling${path}`;
describe("planning catalogue in the browser", () => {
  it("maps an unmapped code to a product, one at a time", async () => {
    const page = t.browser.page;
    page.setDefaultTimeout(20_000);
    await page.goto(ps("/productdefinitions"));
    await expectFits(page);
    await page.getByRole("link", { name: /Resolve unmapped codes/ }).click();
    await page.waitForURL(/productDefinitionResolver/);
    const codes = page.getByRole("region", { name: "Unmapped codes" });
    const before = await codes.locator("tbody tr").count();
    expect(before).toBeGreaterThan(0);
    await page.waitForSelector("[data-hydrated] form");
    await expectFits(page);
    const form = page.locator('[data-island="DataForm"] form');
    const title = await page.getByRole("region", { name: "Map the code" }).innerText();
    const code = /Map (\S+)/.exec(title)![1];
    await form.getByLabel("Product", { exact: true }).selectOption({ index: 1 });
    await form.getByRole("button", { name: "Map code" }).click();
    await toastWith(page, `${code} was mapped.`);
    await expect.poll(() => codes.locator("tbody tr", { hasText: code }).count()).toBe(0);
  });

  it("edits a recipe: off 100 % is refused with the total, at 100 % it saves", async () => {
    const page = t.browser.page;
    await page.goto(ps("/recipes"));
    await expectFits(page);
    await page.getByRole("region", { name: /rack recipes/i }).getByRole("link", { name: "Rack cap-on" })
      .click();
    await page.waitForURL(/recipeEditor\/\d+\/\d+$/);
    await page.waitForSelector("[data-hydrated] form");
    await expectFits(page);
    const form = page.locator('[data-island="DataForm"] form');
    await form.getByLabel("Loss %").fill("3");
    await form.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => form.innerText()).toMatch(/101 %, not 100 %/);
    await form.getByLabel("Trim %").fill("2");
    await form.getByRole("button", { name: "Save" }).click();
    await toastWith(page, "The recipe was saved.");
    await page.waitForURL(/\/recipes$/);
    const rack = page.getByRole("region", { name: /rack recipes/i }).locator("tr", {
      hasText: "Rack cap-on",
    });
    expect(await rack.innerText()).toMatch(/2 % \/ 2 % \/ 7 % \/ 3 %/);
  });

  it("confirms a pending sales order after asking, and the builder's Orders row takes it", async () => {
    const page = t.browser.page;
    await page.goto(ps("/salesorders"));
    await expectFits(page);
    const row = page.locator("tr", { has: page.locator('[data-status="Pending"]') }).first();
    const reference = (await row.locator("td").first().innerText()).trim();
    // the order's day on the builder: the Orders row counts confirmed orders leaving that week
    const json = async (path: string) => await (await page.request.get(`${t.server.origin}${path}`)).json();
    const order = (await json("/api/planning/SalesOrders?status=Pending") as SalesOrder[])
      .find((o) => o.reference === reference)!;
    const products = new Map(
      (await json("/api/planning/ProductDefinitions") as Product[]).map((p) => [p.id, p]),
    );
    const cut = order.salesOrderLineItems.map((l) => products.get(l.productDefinitionId)!)
      .find((p) => p.statCut)!;
    const orderedKg = async () => {
      await page.goto(ps(`/schedulebuilder?date=${order.etd}&species=${cut.speciesId}`));
      await page.waitForSelector('[data-island="ScheduleBuilder"][data-hydrated]');
      const cell = page.locator(`.builder-stats tr[data-row="Orders"] td[data-cut="${cut.statCut}"]`);
      return Number((await cell.textContent())!.replace(/,/g, ""));
    };
    const before = await orderedKg();
    await page.goto(ps("/salesorders"));
    await row.getByRole("button", { name: "Confirm" }).click();
    // asked in place: the question, Confirm again or Back
    await row.getByRole("button", { name: "Back" }).waitFor();
    await row.getByRole("button", { name: "Confirm" }).click();
    await toastWith(page, `${reference} is now confirmed.`);
    const again = page.locator("tr", { hasText: reference });
    await expect.poll(() => again.locator("[data-status]").innerText()).toBe("Confirmed");
    expect(await orderedKg()).toBeGreaterThan(before);
  });

  it("adds a sales order by keyboard, its totals following the typing", async () => {
    const page = t.browser.page;
    await page.goto(ps("/salesorders"));
    await page.getByRole("link", { name: "New sales order" }).focus();
    await page.keyboard.press("Enter");
    await page.waitForURL(/order=new/);
    await page.waitForSelector("[data-hydrated] form");
    await expectFits(page);
    const form = page.locator('[data-island="SalesOrderEditor"] form');
    await form.getByLabel("Reference").focus();
    await page.keyboard.type("SO-KEYS-1");
    await page.keyboard.press("Tab"); // customer
    await page.keyboard.press("ArrowDown");
    await form.getByLabel("Required by (ETD)").fill("2026-12-09");
    await form.getByLabel("Freight").focus();
    await page.keyboard.press("ArrowDown");
    await form.getByLabel("Line 1 product").focus();
    await page.keyboard.press("ArrowDown");
    await form.getByLabel("Line 1 kg").focus();
    await page.keyboard.type("120");
    await page.keyboard.press("Tab"); // price
    await page.keyboard.type("11.5");
    // the totals follow the typing: 120 kg at $11.50
    const typed = page.getByRole("group", { name: "Totals as typed" }).locator("tr[data-total]");
    await expect.poll(() => typed.innerText()).toMatch(/120\.0 kg.*\$1,380\.00/s);
    await page.keyboard.press("Enter");
    await toastWith(page, "The sales order was saved.");
    await page.waitForURL(/order=\d+/);
    const saved = page.getByRole("group", { name: "Planned kg and value as saved" });
    await expect.poll(() => saved.locator("tr", { hasText: "Total" }).innerText()).toMatch(
      /120 kg.*\$1,380\.00/s,
    );
  });

  it("lists the carcass types with their rules in plain words and adds a rule to one", async () => {
    const page = t.browser.page;
    await page.goto(`${t.server.origin}/settings/specifications/carcassType`);
    await expectFits(page);
    const trade = () =>
      page.getByRole("region", { name: "Sheep carcass types" }).locator("tr", { hasText: "Trade lamb" });
    expect(await trade().innerText()).toMatch(/HSCW 18–24 kg \(Yield\); GR fat depth 6–15 mm \(Yield\)/);
    await trade().getByRole("link", { name: "Trade lamb" }).click();
    await page.waitForSelector("[data-hydrated] form");
    await expectFits(page);
    const form = page.locator('[data-island="DataForm"] form');
    const rule = form.getByLabel("Rule 3", { exact: true });
    const dentition = await rule.locator("option", { hasText: "Dentition" }).first().getAttribute("value");
    await rule.selectOption(dentition!);
    await form.getByLabel("Rule 3 at most").fill("2");
    await form.getByRole("button", { name: "Save" }).click();
    await toastWith(page, "The carcass type was saved.");
    await expect.poll(() => trade().innerText()).toMatch(/Dentition ≤ 2 \(Market Eligibility\)/);
  });

  it("saves the packaging defaults, and a new packaging starts from them", async () => {
    const page = t.browser.page;
    await page.goto(`${t.server.origin}/settings/products/productPackaging`);
    await page.waitForSelector("[data-hydrated] form");
    const form = page.getByRole("region", { name: "Packaging defaults" }).locator("form");
    await form.getByLabel("Pieces per carton").fill("3");
    await form.getByRole("button", { name: "Save" }).click();
    await toastWith(page, "The packaging defaults were saved.");
    await page.getByRole("link", { name: "Add packaging" }).first().click();
    await page.waitForURL(/\?product=\d+$/);
    const fresh = page.getByRole("region", { name: "Packaging", exact: true }).locator("form");
    expect(await fresh.getByLabel("Pieces per carton").inputValue()).toBe("3");
  });
});
