/**
 * The planner in Chromium while a card is dragged into its fullest day: the day's lots make room below the
 * card's landing place and the column grows by that room (as it will once dropped), so its last lot stays
 * inside it (before, the lots slid past the column's bottom until the drop). At 1024×768 and 1920×1080;
 * SCREENSHOTS names a folder to keep a picture of each, mid-drag.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { launchBrowser, signedIn, signIn } from "../helpers/browser.ts";
import { serveTestApp, TEST_PASSWORD } from "../helpers/app.ts";

let server: Awaited<ReturnType<typeof serveTestApp>>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let focusDay: string;

beforeAll(async () => {
  server = await serveTestApp();
  const token = await server.login("admin@demo.processor");
  const res = await server.request("/api/killagenda/GetSevenDayAgenda?speciesId=1", { token });
  focusDay = (await res.json()).focusDay;
  browser = await launchBrowser();
  await signIn(browser.page, server.origin, "admin@demo.processor", TEST_PASSWORD);
  await signedIn(browser.page);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The date of the day whose list of lots is tallest, and the date of another day with a lot. */
const fullestDay = (page: Page) =>
  page.locator("section.planner-day").evaluateAll((days) => {
    const height = (d: Element) => d.querySelector(".planner-items")!.getBoundingClientRect().height;
    const [full] = [...days].sort((a, b) => height(b) - height(a));
    const from = days.find((d) => d !== full && d.querySelector("li.planner-card"));
    return { full: full.getAttribute("data-date")!, from: from?.getAttribute("data-date") ?? null };
  });

/** How far the day's last lot reaches below its column's bottom (px; negative: inside), once nothing moves. */
const overflowOf = (page: Page, date: string) =>
  page.locator(`section.planner-day[data-date="${date}"]`).evaluate(async (day) => {
    await Promise.all(document.getAnimations().map((a) => a.finished));
    const cards = day.querySelectorAll("li.planner-card");
    return cards[cards.length - 1].getBoundingClientRect().bottom - day.getBoundingClientRect().bottom;
  });

describe("a card dragged into the planner's fullest day", () => {
  for (const [width, height] of [[1024, 768], [1920, 1080]]) {
    it(`keeps the day's lots inside its column at ${width}×${height}`, async () => {
      const { page } = browser;
      await page.setViewportSize({ width, height });
      await page.goto(`${server.origin}/home/killagenda/${focusDay}?species=1`);
      await page.waitForSelector("[data-island=KillAgendaPlanner][data-hydrated]");
      const { full, from } = await fullestDay(page);
      expect(from, "the demo week has a lot on a day other than its fullest").not.toBeNull();
      const column = page.locator(`section.planner-day[data-date="${full}"]`);
      const dragged = page.locator(`section.planner-day[data-date="${from}"] li.planner-card`).first();
      const target = column.locator("li.planner-card").first();
      expect(await overflowOf(page, full)).toBeLessThanOrEqual(0);

      // press, past dnd-kit's 4 px, then over the fullest day's first lot, and held there
      await dragged.scrollIntoViewIfNeeded();
      const a = (await dragged.boundingBox())!;
      await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
      await page.mouse.down();
      await page.mouse.move(a.x + a.width / 2 + 6, a.y + a.height / 2 + 6, { steps: 4 });
      const b = (await target.boundingBox())!;
      await page.mouse.move(b.x + b.width / 2, b.y + b.height / 3, { steps: 12 });
      await page.mouse.move(b.x + b.width / 2 + 1, b.y + b.height / 3 + 1, { steps: 2 });
      await expect.poll(() => column.evaluate((el) => el.classList.contains("is-over"))).toBe(true);
      // its lots have made room (the first moved down) and the last is still inside the column
      await expect.poll(() => target.evaluate((el) => (el as HTMLElement).style.transform)).toMatch(
        /translate/,
      );
      expect(await overflowOf(page, full)).toBeLessThanOrEqual(0);
      const shots = Deno.env.get("SCREENSHOTS");
      if (shots) {
        // the column's bottom in view (a full-page picture resizes the window, which ends a drag)
        await column.evaluate((el) => el.scrollIntoView({ block: "end" }));
        await page.screenshot({ path: `${shots}/planner-drag-${width}x${height}.png` });
      }

      // Escape cancels: nothing moved, the column as before
      await page.keyboard.press("Escape");
      await page.mouse.up();
      await expect.poll(() => column.evaluate((el) => el.classList.contains("is-over"))).toBe(false);
      expect(await overflowOf(page, full)).toBeLessThanOrEqual(0);
    });
  }
});
