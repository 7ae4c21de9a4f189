/** Orders in Chromium: a group with two orders, cancelling and reinstating one, a delivery load. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, signedIn, signIn, toast } from "../helpers/browser.ts";
import { serveTestApp, TEST_PASSWORD } from "../helpers/app.ts";
import { plantDay, plantNoon } from "../helpers/clock.ts";
import { deliveryLoads, pricingGridGroups, pricingGrids } from "../../db/tenant/schema.ts";
import { eq } from "drizzle-orm";

let server: Awaited<ReturnType<typeof serveTestApp>>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;

beforeAll(async () => {
  server = await serveTestApp();
  browser = await launchBrowser();
  await signIn(browser.page, server.origin, "user@demo.processor", TEST_PASSWORD);
  await signedIn(browser.page);
  browser.page.setDefaultTimeout(20_000);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const field = (name: string) => browser.page.locator(`[name="${name}"]`);

describe("orders in the browser", () => {
  it("creates a group with two orders, cancels one with a reason and reinstates it", async () => {
    const page = browser.page;
    await page.goto(`${server.origin}/home/livestock`);
    await page.getByRole("link", { name: "New order group" }).click();
    await page.waitForSelector("[data-hydrated] form");
    await field("livestockOrderGroupDto.supplierId").selectOption({ index: 1 });
    await field("livestockOrderGroupDto.buyerId").selectOption({ index: 1 });
    await field("livestockOrderGroupDto.speciesCategoryId").selectOption({ label: "Sheep: Lamb" });
    await field("livestockOrderDto.quantityOrdered").fill("320");
    await field("livestockOrderDto.deliveryDate").fill("2026-12-07");
    await field("livestockOrderDto.deliveryTime").fill("06:30");
    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(/\/ordergroups\/\d+$/);
    const groupUrl = page.url();

    await page.getByRole("link", { name: "Add order" }).click();
    await page.waitForSelector("[data-hydrated] form");
    await field("livestockOrderDto.quantityOrdered").fill("180");
    await field("livestockOrderDto.deliveryDate").fill("2026-12-08");
    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(groupUrl);
    const orders = page.getByRole("region", { name: "Orders", exact: true }).locator("tbody tr");
    expect(await orders.count()).toBe(2);
    expect(await orders.nth(1).innerText()).toContain("180");

    // cancel the second one, with a reason
    await orders.nth(1).getByRole("button", { name: "Cancel order" }).click();
    await page.getByLabel("Reason for cancelling").fill("Supplier short of lambs");
    await page.getByLabel("Reason for cancelling").press("Enter");
    await page.waitForSelector('section[aria-label="Cancelled orders"]');
    const cancelled = page.getByRole("region", { name: "Cancelled orders" }).locator("tbody tr");
    expect(await cancelled.count()).toBe(1);
    expect(await page.getByRole("region", { name: "Orders", exact: true }).locator("tbody tr").count()).toBe(
      1,
    );

    // reinstate it: a state change asks first, like cancelling
    await cancelled.first().getByRole("button", { name: "Reinstate" }).click();
    await expect.poll(() => cancelled.first().getByText(/Reinstate this order\?/).count()).toBe(1);
    await cancelled.first().getByRole("button", { name: "Reinstate" }).click();
    await page.waitForFunction(() => !document.querySelector('section[aria-label="Cancelled orders"]'));
    expect(await page.getByRole("region", { name: "Orders", exact: true }).locator("tbody tr").count()).toBe(
      2,
    );

    // the history panel of the order tells who did what and why
    await page.getByRole("region", { name: "Orders", exact: true }).locator("tbody tr").nth(1).getByRole(
      "link",
      { name: "Open" },
    ).click();
    const history = await page.getByRole("region", { name: "History" }).innerText();
    // each entry a sentence: who did what and why, and the change in words (no field names or codes)
    expect(history).toMatch(/Reinstated by User Demo/);
    expect(history).toMatch(/Cancelled by User Demo: Supplier short of lambs/);
    expect(history).toMatch(/Status ordered → cancelled|Status confirmed → cancelled/);
    expect(history).not.toMatch(/orderStatus|[{}]/);
  });

  it("records a delivery load on the deliveries page", async () => {
    const page = browser.page;
    await page.goto(`${server.origin}/home/livestock/deliveries/2026-12-07`);
    await page.waitForSelector("[data-hydrated] form");
    const order = field("livestockOrderId");
    const option = await order.locator("option", { hasText: "320 to come" }).first().getAttribute("value");
    await order.selectOption(option!);
    await field("head").fill("200");
    await field("doa").fill("2");
    await field("nvdNumber").fill("NVD-123");
    await field("deliveryTime").fill("06:10");
    await page.getByLabel("Truck registration").fill("xqg 123");
    await page.getByLabel("Driver").fill("Kev Marsh");
    await page.getByRole("button", { name: "Add load" }).click();
    await page.waitForSelector(`a[href$="/orders/${option}"]`);
    const row = page.locator("tbody tr", { has: page.locator(`a[href$="/orders/${option}"]`) }).first();
    await expect.poll(() => row.innerText()).toMatch(/200\s+2\s+198/);
    expect(await row.innerText()).toContain("Partly delivered");
    // the list shows when the truck came, not when it was booked; the load keeps its truck and driver
    expect(await row.innerText()).toContain("arrived 06:10");
    const [load] = await (await server.services.db.tenantDb(1)).select().from(deliveryLoads)
      .where(eq(deliveryLoads.livestockOrderId, Number(option)));
    expect(load).toMatchObject({ truckRego: "XQG 123", driverName: "Kev Marsh", deliveryTime: "06:10" });
    // printed, the week is the document: the load form and the week buttons are not on paper
    await page.emulateMedia({ media: "print" });
    expect(await page.getByText("Add a delivery load record").isVisible()).toBe(false);
    expect(await row.isVisible()).toBe(true);
    // with background graphics on, nothing dark prints: no menu band between the panels, even in dark mode
    await page.emulateMedia({ media: "print", colorScheme: "dark" });
    expect(await page.evaluate(() => getComputedStyle(document.querySelector(".shell")!).backgroundImage))
      .toBe("none");
    expect(await page.evaluate(() => getComputedStyle(document.querySelector(".panel")!).backgroundColor))
      .toBe("rgb(255, 255, 255)");
    await page.emulateMedia({ media: "screen", colorScheme: "light" });

    // the yard re-counts the mob: a correction with a reason, in the order's history
    await page.goto(`${server.origin}/home/livestock/orders/${option}`);
    await page.getByText("Correct a mob's head count").click();
    await page.waitForSelector("[data-hydrated] #correct-head");
    await page.locator("#correct-head [name=correctedHead]").fill("195");
    await page.locator("#correct-head [name=reason]").fill("Recount at the race");
    await page.getByRole("button", { name: "Correct" }).click();
    await expect.poll(() => page.getByRole("region", { name: "History" }).innerText()).toMatch(
      /Head count corrected by .+: Recount at the race/,
    );
    expect(await page.locator("dl.facts").innerText()).toMatch(/Delivered\s+197/);

    // live without React: a load recorded elsewhere shows in the order's figures (client/runtime/livePart.ts)
    await page.locator(".po-live[data-live]").waitFor();
    const added = await server.request("/api/livestock/AddDeliveryLoad", {
      method: "POST",
      token: await server.login("user@demo.processor"),
      json: { livestockOrderId: Number(option), head: 10, doa: 0, deliveryTime: "07:00", stockMobTempId: -1 },
    });
    expect(added.status).toBe(200);
    await expect.poll(() => page.locator("dl.facts").innerText()).toMatch(/Delivered\s+207/);
    expect(await page.locator("#order-facts[data-refreshed]").count()).toBe(1);
  });

  it("offers the pricing grid groups that cover the dates, as the user types", async () => {
    const db = await server.services.db.tenantDb(1);
    const stamp = plantNoon().toISOString();
    const [lambs] = await db.insert(pricingGridGroups).values({
      name: "Xmas lambs",
      speciesId: 1,
      startDate: "2026-12-14",
      endDate: "2026-12-24",
      createdAt: stamp,
      lastModified: stamp,
    }).returning();
    await db.insert(pricingGrids).values({
      pricingGridGroupId: lambs.id,
      speciesCategoryId: 11,
      reference: "XL",
      bestPrice: 9.1,
      priority: 1,
      createdAt: stamp,
      lastModified: stamp,
    });
    const page = browser.page;
    await page.goto(`${server.origin}/home/livestock/ordergroup/new`);
    await page.waitForSelector("[data-hydrated] form");
    const pricing = field("livestockOrderDto.pricingGridGroupId");
    const labels = () => pricing.locator("option").allInnerTexts();
    await field("livestockOrderGroupDto.speciesCategoryId").selectOption({ label: "Sheep: Lamb" });
    await field("livestockOrderDto.deliveryDate").fill("2026-12-15");
    await expect.poll(labels).toContainEqual(expect.stringMatching(/^Xmas lambs, .*: \$9\.10$/));
    // a category without a grid: shown, but not choosable
    await field("livestockOrderGroupDto.speciesCategoryId").selectOption({ label: "Sheep: Mutton" });
    await expect.poll(labels).toContainEqual(expect.stringMatching(/Xmas lambs.*no grid for this category/));
    // outside the period: not offered
    await field("livestockOrderDto.deliveryDate").fill("2027-01-15");
    await expect.poll(labels).not.toContainEqual(expect.stringMatching(/Xmas lambs/));
  });

  it("lists the order groups of the header's species and site, a page at a time, and says so", async () => {
    const page = browser.page;
    const stock = () =>
      page.locator("section[aria-label='Order groups'] tbody tr td:nth-child(3)").allInnerTexts();
    // the header's picker posts the choice and comes back to the page
    const pick = (label: string, option: string) =>
      Promise.all([
        page.waitForEvent("load"),
        page.getByLabel(label, { exact: true }).selectOption({ label: option }),
      ]);
    const wide = `${server.origin}/home/livestock?tab=orders&from=2026-01-01&to=2027-12-31`;
    await page.goto(wide);
    await pick("Species", "Beef");
    // the demo's cattle are killed at Bordertown: at Wagga Wagga the list says there are none
    expect(await page.locator(".scope-note").innerText()).toMatch(
      /^0 order groups .* for Beef at Wagga Wagga/,
    );
    await pick("Site", "Bordertown");
    await expect.poll(stock).not.toHaveLength(0);
    expect((await stock()).every((s) => s.startsWith("Beef"))).toBe(true);
    const note = page.locator(".scope-note");
    expect(await note.innerText()).toMatch(/order groups? delivers? between .* for Beef at Bordertown/);

    await pick("Species", "Sheep");
    await pick("Site", "Wagga Wagga");
    await expect.poll(async () => (await stock()).every((s) => s.startsWith("Sheep"))).toBe(true);
    const total = Number((await note.innerText()).match(/^([\d,]+) order groups/)![1].replace(",", ""));
    const pager = page.getByRole("navigation", { name: "Pages of order groups" });
    if (total > 50) {
      expect(await stock()).toHaveLength(50);
      expect(await pager.innerText()).toContain(`Page 1 of ${Math.ceil(total / 50)}`);
      await pager.getByRole("link", { name: "Next" }).click();
      await page.waitForURL(/start=50/);
      expect(await page.getByRole("navigation", { name: "Pages of order groups" }).innerText()).toContain(
        "Page 2",
      );
    } else {
      expect(await stock()).toHaveLength(total);
      expect(await pager.count()).toBe(0);
    }
  });
  it("an order page sends and runs no form until its fold is opened; the form then comes and saves", async () => {
    const page = browser.page;
    const token = await server.login("user@demo.processor");
    // a processed order: nothing on its page to press but the folded form
    const list = await server.request(
      `/api/livestock/GetLivestockOrders?fromDate=${plantDay(-30)}&toDate=${plantDay(-1)}`,
      { token },
    );
    const order = ((await list.json()) as { id: number; orderStatusName: string }[])
      .find((o) => o.orderStatusName === "Processed")!;
    const scripts: string[] = [];
    const listen = (r: { url(): string }) => void (r.url().endsWith(".js") && scripts.push(r.url()));
    page.on("request", listen);
    try {
      await page.goto(`${server.origin}/home/livestock/orders/${order.id}`);
      await page.waitForLoadState("load");
      expect(scripts.some((u) => u.includes("/runtime/islands-"))).toBe(false);
      // the closed fold sends only its heading: the form comes when it is opened
      expect(await page.locator("[data-island=OrderForm]").count()).toBe(0);

      await page.getByText("Edit the order", { exact: true }).click();
      await page.waitForSelector("[data-island=OrderForm][data-hydrated] form");
      expect(scripts.some((u) => u.includes("/runtime/islands-"))).toBe(true);
    } finally {
      page.off("request", listen);
    }
    await field("livestockOrderDto.nvd").fill("E2E-NVD-7");
    await page.getByRole("button", { name: "Save" }).click();
    await toast(page, "The order was saved.").waitFor();
    await page.reload();
    expect(await page.locator("main").innerText()).toContain("E2E-NVD-7");
  });
});
