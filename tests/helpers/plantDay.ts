/**
 * The people of tests/e2e/plantDay.test.ts in one Chromium: each a browser context of their own (the
 * office at 1024×768, the TV at 1920×1080), their pages reaching for islands as a pointer does (see
 * launchBrowser) and their toasts recorded. Plus the gestures the day needs: a mouse drag as dnd-kit and
 * the yard read it, a lot lifted from the keyboard, a pen found on the yard's drawing.
 */
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from "playwright-core";
import { expect } from "vitest";
import { chromiumPath, PLANT_LOCALE, recordToasts, signIn, toastsSeen } from "./browser.ts";
import { TEST_PASSWORD } from "./app.ts";
import { pinBrowserClock, plantNoon } from "./clock.ts";

export interface Person {
  context: BrowserContext;
  page: Page;
}

/** One Chromium for the day; `person` opens a signed-in context in it. */
export async function plantDayBrowser() {
  const browser: Browser = await chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--disable-background-networking"],
  });
  return {
    browser,
    /**
     * A signed-in context at the plant: its clock in the plant's zone and started at the pinned server's
     * instant, so the browser's day is the plant's. (Its time is not frozen: the yard's ticks are timed,
     * and stall on a fixed clock.)
     */
    async person(
      origin: string,
      email: string,
      { timezoneId, viewport = { width: 1024, height: 768 }, at = plantNoon() }: {
        timezoneId: string;
        viewport?: { width: number; height: number };
        /** where its clock starts (default: the test apps' pinned midday on PLANT_DAY) */
        at?: Date;
      },
    ): Promise<Person> {
      const context = await browser.newContext({
        viewport,
        timezoneId,
        locale: PLANT_LOCALE,
        acceptDownloads: true,
      });
      context.setDefaultTimeout(20_000); // two cores shared with the server under test
      await pinBrowserClock(context, at);
      // islands start when a pointer reaches for them (client/runtime/intent.ts), as in launchBrowser
      await context.addInitScript(() =>
        setInterval(() => {
          for (const island of document.querySelectorAll("[data-island-when]:not([data-island-start])")) {
            island.dispatchEvent(new PointerEvent("pointerover", { bubbles: true }));
          }
        }, 50)
      );
      await recordToasts(context);
      const page = await context.newPage();
      await signIn(page, origin, email, TEST_PASSWORD);
      await page.waitForURL((u) => u.pathname !== "/login");
      return { context, page };
    },
    close: () => browser.close(),
  };
}

/** Signs the same context in as someone else (the office PC changes hands). */
export async function handOver(person: Person, origin: string, email: string) {
  await person.context.clearCookies();
  await signIn(person.page, origin, email, TEST_PASSWORD);
  await person.page.waitForURL((u) => u.pathname !== "/login");
}

/** A mouse drag: press, a few small moves (past dnd-kit's 4 px and the yard's threshold), along, release. */
export async function mouseDrag(page: Page, from: Locator, to: { x: number; y: number }) {
  await from.scrollIntoViewIfNeeded();
  const a = (await from.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 6, a.y + a.height / 2 - 6, { steps: 4 });
  await page.mouse.move(to.x, to.y, { steps: 14 });
  await page.mouse.move(to.x + 1, to.y - 1, { steps: 2 });
  await page.mouse.up();
}

/** Waits until dnd-kit's live region has said `text` (what a screen reader hears during a keyboard drag). */
export const heard = (page: Page, text: string) =>
  expect.poll(() => page.locator('[id^="DndLiveRegion"]').textContent()).toContain(text);

/**
 * Lifts a row with Space and waits until dnd-kit listens for arrows (its keyboard sensor adds that
 * listener in a setTimeout after the drag starts: a timer of ours set afterwards runs after it).
 */
export async function lift(page: Page, handle: Locator, lifted: Locator) {
  await handle.focus();
  await page.keyboard.press("Space");
  await lifted.waitFor();
  await page.evaluate(() => new Promise((done) => setTimeout(done)));
}

/** A pen on the live yard's drawing, by name. */
export const yardPen = (page: Page, name: string) =>
  page.locator(`[data-island=YardBoard] [data-pen-name="${name}"]`);

/** Runs `action` and waits for a toast saying `text` shown after it (the same words may have shown before). */
export async function newToast(page: Page, text: string, action: () => Promise<void>) {
  const count = async () => (await toastsSeen(page)).filter((t) => t.includes(text)).length;
  const before = await count();
  await action();
  await expect.poll(count, { message: `a toast saying "${text}"` }).toBeGreaterThan(before);
}

/** Waits until the yard has finished its last save and re-read (keys pressed while busy are ignored). */
export const yardIdle = (page: Page) => page.locator(".yard-board[aria-busy=false]").waitFor();
