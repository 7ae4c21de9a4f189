/**
 * The pinned clock every API and browser test runs on (issue 37 §5). The demo data set is seeded around
 * its plants' today and depends on the weekday (lots Monday to Friday), so tests must not run on the real
 * day: the demo template is seeded for PLANT_DAY and every test app's server clock is pinned to it
 * (tests/helpers/app.ts), the browsers' clocks too (tests/helpers/browser.ts). The weekday matrix
 * (tests/api/weekdays.test.ts) runs the seed-dependent flows on each day of PLANT_DAY's week.
 */
import type { BrowserContext } from "playwright-core";
import { addDays, weekdayIndex } from "../../kernel/dates.ts";
import { fixClockForTests } from "../../server/clock.ts";

/** The demo plants' today in every test: a Wednesday. Written here only. */
export const PLANT_DAY = "2026-12-02";

/**
 * Midday at the demo plants (Sydney, UTC+11 in December) on `day`, as an instant: 01:00 UTC, so the day
 * is the same in the plants' zone, in UTC and in any zone a test or browser may use (±11 h).
 */
export function plantNoon(day: string = PLANT_DAY): Date {
  return new Date(`${day}T01:00:00.000Z`);
}

/** The plant's day `offset` days from PLANT_DAY (negative: before): a test's "today", "tomorrow"… */
export function plantDay(offset = 0): string {
  return addDays(PLANT_DAY, offset);
}

/** The seven days of PLANT_DAY's week, Monday first: the weekday matrix's days. */
export function plantWeek(day: string = PLANT_DAY): string[] {
  const monday = addDays(day, -weekdayIndex(day));
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}

/**
 * Under the test runner (vitest sets VITEST). The bench (tests/bench, a plain Deno run) uses the same
 * test apps and browsers on the real clock: the server refuses a pinned clock outside the runner.
 */
export function underTestRunner(): boolean {
  return Boolean(Deno.env.get("VITEST"));
}

/** Pins the server's clock (server/clock.ts: plantToday, serverNow) at `at`, in the tests. */
export function pinServerClock(at: Date): void {
  if (underTestRunner()) fixClockForTests(at);
}

/**
 * Starts a browser context's clock at `at`: its Date (new Date(), Date.now()) runs from there, so the
 * dates it sends (X-Local-Date) and shows are the pinned server's. Only Date is shifted: time flows (the
 * yard's ticks are timed and stall on a frozen clock) and timers and `performance` stay real (Playwright's
 * clock.install fakes those too). One offset for the context, so every page and navigation shares it.
 */
export async function pinBrowserClock(context: BrowserContext, at: Date = plantNoon()): Promise<void> {
  if (!underTestRunner()) return; // the bench: the real clock, as its server
  await context.addInitScript((offset: number) => {
    const Real = Date;
    function Shifted(this: unknown, ...args: ConstructorParameters<DateConstructor>) {
      if (!new.target) return new Real(Real.now() + offset).toString();
      return args.length ? new Real(...args) : new Real(Real.now() + offset);
    }
    Object.setPrototypeOf(Shifted, Real);
    Shifted.prototype = Real.prototype;
    Shifted.now = () => Real.now() + offset;
    globalThis.Date = Shifted as unknown as DateConstructor;
  }, at.getTime() - Date.now());
}
