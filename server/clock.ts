/**
 * The server's "now": the real clock, or the day a test pinned. Its own module (not the request clock's,
 * server/http/clientClock.ts) so that what stamps with it (sessions, API keys, invitations, reset links,
 * phone codes) imports no request code.
 */
import { todayIn } from "../kernel/dates.ts";

let fixedNow: Date | null = null;

/**
 * Tests only: the server's "now" from here on, so a test runs on a known day whatever the real one is
 * (tests/helpers/clock.ts pins it for every test app); null goes back to the real clock. Not a setting
 * nor a header: no server code calls it (tests/unit/pinnedClock.test.ts), and outside the test runner
 * (vitest sets VITEST in its workers) it refuses, so a production start cannot run on a pinned day.
 * "Today", "now at the plant" and every stamp compared with now later (sessions, API keys, invitations,
 * reset links, phone codes, interchange heartbeats, when a carcass or carton file came) read it, so a
 * pinned test sees one clock. Audit and lastModified stamps and in-memory timeouts (caches, rate limits,
 * the hub) keep the real clock.
 */
export function fixClockForTests(at: Date | null) {
  if (!Deno.env.get("VITEST")) {
    throw new Error("Only the tests may pin the server's clock (fixClockForTests).");
  }
  fixedNow = at;
}

/** Now: the real clock, or the one a test fixed. Every "today" and every "now at the plant" reads this. */
export function serverNow(): Date {
  return fixedNow ? new Date(fixedNow) : new Date();
}

/** The plant's today in `timeZone`: the one place the server decides what day it is. */
export function plantToday(timeZone: string): string {
  return fixedNow ? todayIn(timeZone, fixedNow) : todayIn(timeZone);
}
