/**
 * Copying a price grid to another processor in Chromium: choose the organisation (its grids by species,
 * group and period), a grid, then the processor; the page shows the grid's cells and how its species and
 * category map there, copies with a toast, and says where the copy landed. A category the target does not
 * buy is refused in words with no form. 1024 px wide.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { plantNoon } from "../helpers/clock.ts";
import { eq } from "drizzle-orm";
import { tenants } from "../../db/control/schema.ts";
import { pricingGrids, stockSettings } from "../../db/tenant/schema.ts";
import { createTenant } from "../../server/tenants.ts";
import { signedInBrowser } from "../helpers/signedIn.ts";
import { expectFits, toastWith } from "../helpers/browser.ts";

const t = signedInBrowser("super@demo.processor");
let targetId: number;
let processorId: number;

beforeAll(async () => {
  processorId = (await t.server.services.db.control.query.tenants.findFirst({
    where: eq(tenants.name, "Demo Processing"),
  }))!.id;
  targetId = await createTenant(t.server.services.db, {
    name: "Riverina Beef",
    category: "processor",
    sites: ["Wagga Wagga"],
    speciesIds: [2],
    modules: ["livestock", "buySettings"],
  });
  // it buys steers and heifers, no cows
  await (await t.server.services.db.tenantDb(targetId)).insert(stockSettings).values({
    id: 1,
    speciesCategoryIds: [23, 24],
    carcassTypes: ["hscw"],
    lastModified: plantNoon().toISOString(),
  });
});

describe("super: copy a price grid", () => {
  it("chooses a grid and a processor, previews and copies it with the same prices", async () => {
    const { page } = t.browser;
    await page.goto(`${t.server.origin}/super/pricinggrid`);
    await Promise.all([
      page.waitForURL(/sourceTenantId=/),
      page.locator("#source-tenant").selectOption({ label: "Demo Processing" }),
    ]);
    await expectFits(page);
    await page.getByRole("link", { name: /^Choose STEER-EU of Cattle (?!standard)/ }).first().click();
    await page.waitForURL(/gridId=/);
    const sourceId = Number(new URL(page.url()).searchParams.get("gridId"));
    await Promise.all([
      page.waitForURL(/targetTenantId=/),
      page.locator("#target-tenant").selectOption({ label: "Riverina Beef" }),
    ]);
    expect(await page.locator("[data-price-sheet] caption").textContent()).toContain("STEER-EU");
    const mapping = page.locator("tr", { hasText: "Category" });
    expect(await mapping.textContent()).toBe("CategorySteerSteer");
    await expectFits(page);

    await page.locator('[data-island="DataForm"][data-hydrated] #copy-grid').waitFor();
    await page.getByLabel("Grid reference").fill("STEER-RB");
    await page.getByRole("button", { name: "Copy to Riverina Beef" }).click();
    await toastWith(page, /STEER-EU was copied to Riverina Beef/);
    await page.locator("[data-copied]").waitFor();
    expect(await page.locator("[data-copied]").textContent()).toContain(
      "STEER-RB is in Riverina Beef, in the group Cattle",
    );
    expect(await page.getByRole("button", { name: "Work in Riverina Beef and open it" }).count()).toBe(1);

    const source = await (await t.server.services.db.tenantDb(processorId)).query.pricingGrids.findFirst({
      where: eq(pricingGrids.id, sourceId),
    });
    const [copy] = await (await t.server.services.db.tenantDb(targetId)).select().from(pricingGrids);
    expect(copy.reference).toBe("STEER-RB");
    expect(copy.cells).toEqual(source!.cells);
    expect(copy.bestPrice).toBe(source!.bestPrice);
  });

  it("says in words why a grid cannot go to a processor, and offers no copy", async () => {
    const { page } = t.browser;
    await page.goto(`${t.server.origin}/super/pricinggrid?sourceTenantId=${processorId}`);
    await page.getByRole("link", { name: /^Choose COW of Cattle (?!standard)/ }).first().click();
    await page.waitForURL(/gridId=/);
    await Promise.all([
      page.waitForURL(/targetTenantId=/),
      page.locator("#target-tenant").selectOption({ label: "Riverina Beef" }),
    ]);
    expect(await page.locator("[data-problems]").textContent()).toContain(
      "Riverina Beef does not buy Cow: add it to its species categories (Settings › Stock settings) first.",
    );
    expect(await page.locator("#copy-grid").count()).toBe(0);
  });
});
