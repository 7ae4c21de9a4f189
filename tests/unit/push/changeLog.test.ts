import { describe, expect, test } from "vitest";
import { GroupChanges, SKEW_MS } from "../../../server/push/changeLog.ts";

describe("which groups a page missed since its render", () => {
  const clock = (start: number) => {
    const c = { now: start, fn: () => c.now };
    return c;
  };

  test("an event at or after the render (less the allowed skew) counts; one before does not", () => {
    const c = clock(1_000_000);
    const log = new GroupChanges(c.fn);
    c.now += 10_000;
    log.changed(1, "Invoices");
    c.now += 10_000;
    const rendered = c.now;
    expect(log.since(1, ["Invoices"], rendered)).toEqual([]);
    expect(log.since(1, ["Invoices"], c.now - 10_000 + SKEW_MS)).toEqual(["Invoices"]);
    c.now += 5;
    log.changed(1, "invoices"); // names compare without case
    expect(log.since(1, ["Invoices", "Deliveries"], rendered)).toEqual(["Invoices"]);
  });

  test("tenants are apart; an event for every tenant counts for each", () => {
    const c = clock(0);
    const log = new GroupChanges(c.fn);
    c.now = 50_000;
    log.changed(2, "Deliveries");
    expect(log.since(1, ["Deliveries"], 49_000)).toEqual([]);
    log.changed(null, "Deliveries");
    expect(log.since(1, ["Deliveries"], 49_000)).toEqual(["Deliveries"]);
  });

  test("a qualified event counts for its qualifier and the whole group, not another qualifier", () => {
    const c = clock(0);
    const log = new GroupChanges(c.fn);
    c.now = 50_000;
    log.changed(1, "Stockyard:1");
    expect(log.since(1, ["Stockyard", "Stockyard:1", "Stockyard:2"], 49_000)).toEqual([
      "Stockyard",
      "Stockyard:1",
    ]);
  });

  test("before the hub's start, or after the bus may have dropped messages, everything counts as changed", () => {
    const c = clock(100_000);
    const log = new GroupChanges(c.fn);
    expect(log.since(1, ["Invoices"], 100_000)).toEqual(["Invoices"]); // within the skew of the start
    c.now = 200_000;
    expect(log.since(1, ["Invoices"], 150_000)).toEqual([]);
    log.forget();
    expect(log.since(1, ["Invoices"], 150_000)).toEqual(["Invoices"]);
  });
});
