import { type BrowserContext, chromium, type Page } from "playwright-core";
import { expect } from "vitest";
import { pinBrowserClock, plantNoon } from "./clock.ts";
import { isFile } from "./required.ts";

export const CHROMIUM = Deno.env.get("CHROMIUM_PATH") ?? "/usr/bin/chromium";

/**
 * The plant PCs' language (navigator.language and Intl's default in the page). Headless Chromium still draws
 * native date inputs as mm/dd/yyyy whatever the locale; a plant PC's Chromium shows dd/mm/yyyy.
 */
export const PLANT_LOCALE = "en-AU";

/** Chromium's path; a browser test without it fails (never skips) saying what to install. */
export function chromiumPath(): string {
  if (!isFile(CHROMIUM)) {
    throw new Error(
      `Chromium is not available: install Debian's chromium or set CHROMIUM_PATH (looked at ${CHROMIUM}).`,
    );
  }
  return CHROMIUM;
}

/**
 * Debian's Chromium driven by playwright-core, in a fresh profile (flags per this machine's closed
 * network), its clock started at `at` (default: the test apps' pinned midday on PLANT_DAY).
 *
 * `reach` (default true): the pages reach for every form and button island the way a user's pointer
 * does (a `pointerover` on its marker), so they start as for a user (client/runtime/intent.ts) and a test
 * may wait for one to hydrate before acting. tests/e2e/intent.test.ts opens pages without it.
 */
export async function launchBrowser(
  { reach = true, at = plantNoon() }: { reach?: boolean; at?: Date } = {},
): Promise<
  { context: BrowserContext; page: Page; close(): Promise<void> }
> {
  const profile = await Deno.makeTempDir({ prefix: "chromium-profile-" });
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath(),
    headless: true,
    viewport: { width: 1280, height: 800 },
    locale: PLANT_LOCALE,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  context.setDefaultTimeout(20_000); // two cores shared with the server under test
  // the browser's day is the pinned server's (`at`: as the test app's, tests/helpers/clock.ts)
  await pinBrowserClock(context, at);
  if (reach) {
    await context.addInitScript(() =>
      setInterval(() => {
        for (const island of document.querySelectorAll("[data-island-when]:not([data-island-start])")) {
          island.dispatchEvent(new PointerEvent("pointerover", { bubbles: true }));
        }
      }, 50)
    );
  }
  const page = context.pages()[0] ?? await context.newPage();
  return {
    context,
    page,
    async close() {
      await context.close();
      await Deno.remove(profile, { recursive: true }).catch(() => {});
    },
  };
}

export async function signIn(page: Page, origin: string, email: string, password: string) {
  await page.goto(`${origin}/login`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForLoadState("domcontentloaded");
}

/**
 * Signed in and on one's home page, whichever it is: the home depends on the modules built and licensed
 * (spec 1 §2's order: a tenant with yield reporting lands on Plant Analysis), so tests never assume it.
 */
export async function signedIn(page: Page) {
  await page.waitForURL((u) => u.pathname !== "/login");
}

/**
 * Keeps every toast shown in sessionStorage, so a toast shown just before a navigation (a save that
 * redirects, a button that reloads) is still seen: call once per browser, read with `toastsSeen`.
 */
export function recordToasts(context: BrowserContext) {
  return context.addInitScript(`new MutationObserver((records) => {
  for (const r of records) for (const n of r.addedNodes) {
    if (n.nodeType === 1 && n.classList.contains("toast")) {
      const seen = JSON.parse(sessionStorage.getItem("e2e-toasts") || "[]");
      sessionStorage.setItem("e2e-toasts", JSON.stringify([...seen, n.textContent]));
    }
  }
}).observe(document, { childList: true, subtree: true });`);
}

/** The toasts shown in this tab so far (see `recordToasts`). */
export const toastsSeen = (page: Page) =>
  page.evaluate(() => JSON.parse(sessionStorage.getItem("e2e-toasts") ?? "[]") as string[]);

/** Waits until a toast matching (or containing) `text` has been shown in this tab (see `recordToasts`). */
export async function toastWith(page: Page, text: RegExp | string) {
  const seen = expect.poll(async () => (await toastsSeen(page)).join(" | "), { timeout: 10_000 });
  await (typeof text === "string" ? seen.toContain(text) : seen.toMatch(text));
}

/** The toast on screen now that says `text`. */
export const toast = (page: Page, text: string | RegExp) => page.locator(".toast", { hasText: text }).first();

/** The page fits `width` CSS px: nothing scrolls sideways. */
export async function expectFits(page: Page, width = 1024) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/**
 * Switches the page's colour scheme (motion reduced) and waits two frames, so the new colours are computed
 * and painted before anything reads them (under load, axe once read a muted line in its light colour over
 * the dark background).
 */
export async function showScheme(page: Page, colorScheme: "light" | "dark") {
  await page.emulateMedia({ colorScheme, reducedMotion: "reduce" });
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}
