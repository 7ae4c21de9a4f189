/**
 * Find in Chromium, as an office user would: the header's Find, a number typed straight in (the box has
 * the focus) and Enter, the matches by kind with the order first, the order opened; a tag's last digits
 * find the carcass's order; nothing found and too little typed said in words. The page ships no React,
 * fits 1024 px, and is looked at at 1024 and 1920 px, light and dark.
 */
import { describe, expect, it } from "vitest";
import { eq, isNotNull } from "drizzle-orm";
import { signedInBrowser } from "../helpers/signedIn.ts";
import { expectFits, showScheme } from "../helpers/browser.ts";
import { axeFindings } from "../helpers/axe.ts";
import { carcasses, livestockOrders, suppliers } from "../../db/tenant/schema.ts";

const t = signedInBrowser("user@demo.processor");
const SHOTS = ".tmp/find";

describe("Find", () => {
  it("finds an order by its number from the header and opens it", async () => {
    const { page } = t.browser;
    const scripts: string[] = [];
    page.on("request", (r) => void (r.url().includes("/runtime/islands-") && scripts.push(r.url())));
    const [order] = await (await t.server.services.db.tenantDb(1)).select({
      id: livestockOrders.id,
      supplier: suppliers.name,
    }).from(livestockOrders).innerJoin(suppliers, eq(suppliers.id, livestockOrders.supplierId)).limit(1);

    await page.goto(`${t.server.origin}/home/userHome`);
    expect(await page.getByRole("link", { name: "Find", exact: true }).getAttribute("href")).toBe(
      "/home/find",
    );
    // "/" opens it, as on most sites with a search (once the shell's script has started)
    await page.locator("html[data-shell=started]").waitFor({ state: "attached" });
    await page.keyboard.press("/");
    await page.waitForURL(/\/home\/find$/);
    // the box has the focus: the number is typed straight in
    await page.keyboard.type(String(order.id));
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/home\/find\?q=/);
    // it says where it looks: the kinds this user may open (no people: those are an admin's)
    expect(await page.locator("#find-q-hint").innerText()).toBe(
      "Looks in livestock orders, mobs in the yards, invoices, carcass tags, tags read at unloading, suppliers, stakeholders and price grids: type a number, a name, a PIC, an ABN, an NVD, a lot or an NLIS tag.",
    );
    const first = page.locator(".find-group").first();
    expect(await first.locator("h3").innerText()).toMatch(/^Livestock orders/);
    const link = first.getByRole("link", { name: `Order ${order.id} · ${order.supplier}` });
    // why it matched is marked in its title
    expect(await link.locator("mark").innerText()).toBe(String(order.id));
    await expectFits(page);
    expect(await axeFindings(page), "no serious accessibility problem, light or dark").toEqual([]);
    for (const scheme of ["light", "dark"] as const) {
      await showScheme(page, scheme);
      await page.screenshot({ path: `${SHOTS}/order-1024-${scheme}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.screenshot({ path: `${SHOTS}/order-1920.png`, fullPage: true });
    await page.setViewportSize({ width: 1024, height: 768 });
    await showScheme(page, "light");
    expect(scripts, "Find ships no React").toEqual([]);

    await link.click();
    await page.waitForURL(new RegExp(`/home/livestock/orders/${order.id}$`));
  });

  it("finds a carcass's order by a tag's last digits; says when nothing matches or too little is typed", async () => {
    const { page } = t.browser;
    const [carcass] = await (await t.server.services.db.tenantDb(1)).select().from(carcasses)
      .where(isNotNull(carcasses.rfid)).limit(1);
    const digits = carcass.rfid!.replace(/\s/g, "").slice(-9);
    await page.goto(`${t.server.origin}/home/find`);
    await page.getByRole("searchbox", { name: "Find" }).fill(digits);
    await page.getByRole("button", { name: "Find" }).click();
    const tags = page.locator(".find-group", {
      has: page.getByRole("heading", { name: /Carcasses by NLIS tag/ }),
    });
    await tags.getByRole("link", { name: `NLIS ${carcass.rfid}` }).waitFor();
    expect(await tags.innerText()).toContain(`body ${carcass.bodyNumber}`);
    await page.screenshot({ path: `${SHOTS}/tag-1024.png`, fullPage: true });

    // "/" on Find's page goes back to the box, its text selected to type over
    await page.locator("main h3").first().click();
    await page.keyboard.press("/");
    await page.keyboard.type("Nobody by this name");
    await page.keyboard.press("Enter");
    await page.getByText("Nothing matches “Nobody by this name”").waitFor();
    await page.getByRole("searchbox", { name: "Find" }).fill("Nobody by this name");
    await page.keyboard.press("Enter");
    await page.getByText("Nothing matches “Nobody by this name”").waitFor();
    await page.getByRole("searchbox", { name: "Find" }).fill("x");
    await page.keyboard.press("Enter");
    await page.getByRole("alert").filter({ hasText: "Type at least 2 letters or digits to find." }).waitFor();
    await expectFits(page);
  });
});
