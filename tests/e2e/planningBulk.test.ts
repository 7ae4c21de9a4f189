/**
 * Bulk operations in Chromium (issue 41 item 8), as the super user, over the demo's plans: a recipe onto
 * two plans, a plan copied to another day, two unmapped codes mapped onto one product. Each is chosen in
 * its form, previewed, applied after the confirmation, toasted, and read back (through the API or the
 * page). One browser, one page, in order (the copy carries the recipe the first walk put on).
 */
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { expectFits, toastWith } from "../helpers/browser.ts";
import { signedInBrowser } from "../helpers/signedIn.ts";
import { plantDay } from "../helpers/clock.ts";
import { BUILDER_API as B } from "../../server/areas/planning/builder/api.ts";

const t = signedInBrowser("super@demo.processor");
const PAGE = "/productionscheduling/bulkoperations";
const SHOTS = Deno.env.get("PLANB_SHOTS");
const LAMB = 1;

type Plan = { id: number; name: string; productionDate: string; speciesId: number; tenantSiteId: number };
type Group = { id: string; recipesToTransact: number[] };

const call = async (path: string) => {
  const res = await t.browser.page.request.get(`${t.server.origin}${path}`);
  expect(res.status(), path).toBe(200);
  return await res.json();
};
const lambPlans = async (): Promise<Plan[]> =>
  (await call("/api/planning/ComparablePlans") as Plan[]).filter((p) => p.speciesId === LAMB);

/** Previews the form's choice, applies it after the confirmation, and waits for the toast. */
async function previewAndApply(page: Page, form: ReturnType<Page["getByRole"]>, summary: string | RegExp) {
  await form.getByRole("button", { name: "Preview" }).click();
  await page.waitForURL(/op=/);
  const preview = page.getByRole("region", { name: "Preview" });
  await expect.poll(() => preview.innerText()).toMatch(summary);
  await expectFits(page);
  await page.locator('[data-island="ActionButton"][data-hydrated]').waitFor();
  await preview.getByRole("button", { name: "Apply" }).click();
  const ask = preview.locator(".action-ask");
  await expect.poll(() => ask.innerText()).toMatch(/Apply this change\?/);
  await ask.getByRole("button", { name: "Apply" }).click();
  await toastWith(page, typeof summary === "string" ? `Done: ${summary}` : summary);
  await page.waitForURL((url) => !url.search.includes("op="));
  return preview;
}

describe("bulk operations in the browser", () => {
  it("puts a recipe onto every group of two plans", async () => {
    const page = t.browser.page;
    page.setDefaultTimeout(20_000);
    const plans = await lambPlans();
    const tomorrow = plans.find((p) => p.productionDate === plantDay(1))!;
    const yesterday = plans.find((p) => p.productionDate === plantDay(-1))!;
    await page.goto(`${t.server.origin}${PAGE}`);
    await expectFits(page);
    const form = page.getByRole("form", { name: "A recipe onto many plans" });
    const recipe = form.getByLabel("Recipe");
    await recipe.selectOption({ label: "Rack: Rack cap-on" });
    const recipeId = Number(await recipe.inputValue());
    for (const plan of [tomorrow, yesterday]) {
      await form.locator(`input[name="plans"][value="${plan.id}"]`).check();
    }
    await previewAndApply(page, form, /Rack cap-on onto \d+ groups in 2 plans\./);
    for (const plan of [tomorrow, yesterday]) {
      const after = await call(B.cutPlan.replace("{id}", String(plan.id)));
      expect(after.carcassGroups.length).toBeGreaterThan(0);
      for (const g of after.carcassGroups as Group[]) expect(g.recipesToTransact).toContain(recipeId);
    }
  });

  it("copies tomorrow's plan to the day after", async () => {
    const page = t.browser.page;
    const tomorrow = (await lambPlans()).find((p) => p.productionDate === plantDay(1))!;
    await page.goto(`${t.server.origin}${PAGE}`);
    const form = page.getByRole("form", { name: "Copy a plan to another day" });
    await form.getByLabel("Plan").selectOption(String(tomorrow.id));
    await form.getByLabel("To").fill(plantDay(2));
    await previewAndApply(page, form, `${tomorrow.name} copied to Fri 4 Dec as ${tomorrow.name} (copy).`);
    const onDay = await call(
      `${B.cutPlans}?productionDate=${plantDay(2)}&speciesId=${LAMB}&tenantSiteId=${tomorrow.tenantSiteId}`,
    ) as Plan[];
    const copy = onDay.find((p) => p.name === `${tomorrow.name} (copy)`)!;
    expect(copy).toBeDefined();
    const groups = (await call(B.cutPlan.replace("{id}", String(copy.id)))).carcassGroups as Group[];
    expect(groups.length).toBeGreaterThan(0);
    for (const g of groups) expect(g.id.startsWith(`${plantDay(2)}:`)).toBe(true);
  });

  it("maps two unmapped codes onto one product with a preview of each", async () => {
    const page = t.browser.page;
    const [product] = await call(`/api/planning/ProductDefinitions?speciesId=${LAMB}`);
    await page.goto(`${t.server.origin}${PAGE}`);
    const form = page.getByRole("form", { name: "Map many unmapped codes" });
    await form.getByLabel("Product").selectOption(String(product.id));
    const unmapped = await call(`/api/planning/UnmappedProductCodes?speciesId=${LAMB}`);
    expect(unmapped.length).toBeGreaterThanOrEqual(2);
    const chosen = (unmapped as { code: string; productCodeId: number }[]).slice(0, 2);
    const codes = chosen.map((c) => c.code);
    for (const c of chosen) await form.locator(`input[name="codes"][value="${c.productCodeId}"]`).check();
    const preview = await previewAndApply(page, form, `2 codes mapped to ${product.name}.`);
    expect(await preview.count()).toBe(0); // back on the page without a preview
    const left = await form.locator('input[name="codes"]').evaluateAll((boxes) =>
      boxes.map((b) => b.parentElement!.textContent!.trim())
    );
    for (const code of codes) expect(left.some((l) => l.startsWith(code))).toBe(false);
    if (SHOTS) {
      for (const width of [1024, 1920]) {
        await page.setViewportSize({ width, height: width === 1024 ? 768 : 1080 });
        await page.screenshot({ path: `${SHOTS}/bulk-${width}.png`, fullPage: true });
      }
      await page.setViewportSize({ width: 1024, height: 768 });
    }
  });
});
