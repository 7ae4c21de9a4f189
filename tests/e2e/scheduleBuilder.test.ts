/**
 * The schedule builder in Chromium (issue 41 items 5, 7): a super drops a recipe on a carcass group with
 * the pointer and another from the keyboard, the statistic rows change at once, the plan is saved and
 * found after a reload; released to a boning room, its execution page updates live as a carton arrives
 * (another API call). One browser, one page.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectFits, launchBrowser, signedIn, signIn, toast } from "../helpers/browser.ts";
import { serveTestApp, TEST_PASSWORD } from "../helpers/app.ts";
import { plantDay } from "../helpers/clock.ts";
import { eq } from "drizzle-orm";
import { productCodes, productionSchedules } from "../../db/tenant/schema.ts";

let server: Awaited<ReturnType<typeof serveTestApp>>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
const TOMORROW = plantDay(1);
const SHOTS = Deno.env.get("PLANB_SHOTS");

beforeAll(async () => {
  server = await serveTestApp();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const totalLeg = (page: typeof browser.page) =>
  page.locator('.builder-stats tr[data-row="Total"] td[data-cut="leg"]').textContent();
const totalAll = (page: typeof browser.page) =>
  page.locator('.builder-stats tr[data-row="Total"] td').last().textContent();

describe("the schedule builder in the browser", () => {
  it("builds a plan by drag and by keyboard, finds it after reload, and watches it packed", async () => {
    const page = browser.page;
    page.setDefaultTimeout(20_000);
    await signIn(page, server.origin, "super@demo.processor", TEST_PASSWORD);
    await signedIn(page);
    // a new plan beside the demo's own for tomorrow
    await page.goto(
      `${server.origin}/productionscheduling/schedulebuilder?date=${TOMORROW}&species=1&plan=new`,
    );
    await page.waitForSelector('[data-island="ScheduleBuilder"][data-hydrated]');
    const group = page.locator(".builder-group").first();
    expect(await totalAll(page)).toBe("0.0");

    // by pointer: a leg recipe onto the first group
    const leg = page.locator(".builder-recipes .builder-recipe", { hasText: /leg/i }).first();
    const from = (await leg.boundingBox())!, to = (await group.boundingBox())!;
    await page.mouse.move(from.x + 10, from.y + 8);
    await page.mouse.down();
    await page.mouse.move(from.x + 30, from.y + 20, { steps: 4 });
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 8 });
    await page.mouse.up();
    await expect.poll(() => group.locator(".builder-group-recipes li").count()).toBe(1);
    expect(Number((await totalLeg(page))!.replace(/,/g, ""))).toBeGreaterThan(0);

    // by keyboard: a rack recipe, Space lifts it, an arrow goes to the first group, Space drops
    const rack = page.locator(".builder-recipes .builder-recipe", { hasText: /rack/i }).first();
    await rack.focus();
    await page.keyboard.press("Space");
    await page.locator(".builder-recipe.is-dragging").waitFor();
    // dnd-kit listens for the arrows from a timer set as the drag starts: ours runs after it
    await page.evaluate(() => new Promise((done) => setTimeout(done)));
    await page.keyboard.press("ArrowDown");
    await page.locator(".builder-group.is-over").first().waitFor();
    await page.keyboard.press("Space");
    await expect.poll(() => page.locator(".builder-group-recipes li").count()).toBe(2);
    const rackKg = await page.locator('.builder-stats tr[data-row="Total"] td[data-cut="rack"]')
      .textContent();
    expect(Number(rackKg!.replace(/,/g, ""))).toBeGreaterThan(0);

    await page.getByLabel("Plan name").fill("Browser plan");
    await page.getByRole("button", { name: "Save plan" }).click();
    await toast(page, 'Plan "Browser plan" saved.').waitFor();
    if (SHOTS) {
      for (const width of [1024, 1920]) {
        await page.setViewportSize({ width, height: width === 1024 ? 768 : 1080 });
        await page.screenshot({ path: `${SHOTS}/builder-${width}.png`, fullPage: true });
      }
    }
    await page.setViewportSize({ width: 1024, height: 768 });
    await expectFits(page);

    // the saved plan is the page's address now (a reload opens it, not the demo's)
    await page.reload();
    await page.waitForSelector('[data-island="ScheduleBuilder"][data-hydrated]');
    expect(await page.getByLabel("Plan name").inputValue()).toBe("Browser plan");
    expect(await page.locator(".builder-group-recipes li").count()).toBe(2);

    // released to a boning room: its execution updates when a carton arrives
    await page.goto(`${server.origin}/productionscheduling/productionschedules?date=${TOMORROW}`);
    await page.waitForSelector('[data-island="DataForm"] form');
    const form = page.locator('[data-island="DataForm"] form');
    const planOption = form.getByLabel("Cut plan").locator("option", { hasText: "Browser plan" });
    await form.getByLabel("Cut plan").selectOption((await planOption.getAttribute("value"))!);
    await form.getByLabel("Boning room").selectOption({ index: 1 });
    await form.getByLabel("Shift").selectOption("day");
    await form.getByRole("button", { name: "Release" }).click();
    await page.waitForURL(/scheduleplanexecution\/\d+$/);
    await page.waitForSelector(".po-live[data-live]");
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/execution-1024.png`, fullPage: true });
    const id = page.url().split("/").pop();
    const token = await server.login("super@demo.processor");
    const call = async (path: string, json?: unknown) =>
      await (await fetch(`${server.origin}${path}`, {
        method: json ? "POST" : "GET",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: json ? JSON.stringify(json) : undefined,
      })).json();
    const execution = await call(`/api/planning/SchedulePlanExecution/${id}`);
    const admin = await server.login("admin@demo.processor");
    const key = (await (await fetch(`${server.origin}/api/integrations/CreateApiKey`, {
      method: "POST",
      headers: { authorization: `Bearer ${admin}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "Boning room" }),
    })).json()).key;
    const line = execution.lines[0];
    const db = await server.services.db.tenantDb(1);
    const [scheduled] = await db.select().from(productionSchedules).where(
      eq(productionSchedules.id, Number(id)),
    );
    const planned = scheduled.lines.find((l) => l.productId === line.productId)!;
    const [code] = await db.select().from(productCodes).where(eq(productCodes.id, planned.productCodeIds[0]));
    const row = page.locator(`tr[data-product="${line.productId}"] [data-cell="packed"]`);
    expect(await row.textContent()).toBe("0");
    {
      const sent = await fetch(`${server.origin}/api/yield/PostCartons`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify({
          cartons: [{
            serial: "E2E-PLAN-1",
            productCode: code.code,
            netKg: 18,
            productionDate: TOMORROW,
            shift: execution.schedule.shift,
            boningRoom: execution.schedule.boningRoom,
            site: String(execution.schedule.tenantSiteId),
            run: { runNumber: 91, head: 10, hscwKg: 220 },
          }],
        }),
      });
      expect(sent.status).toBe(200);
      await expect.poll(() => row.textContent()).toBe("1");
    }
  });
});
