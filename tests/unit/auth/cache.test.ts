/** The bounded cache behind the session and caller memory: size cap, time limit, no stale fill. */
import { describe, expect, it } from "vitest";
import { BoundedCache } from "../../../server/auth/cache.ts";

describe("BoundedCache", () => {
  it("keeps at most `max` entries, dropping the least recently used", () => {
    const cache = new BoundedCache<string, number>(2, 60_000);
    cache.set("a", 1, cache.epoch);
    cache.set("b", 2, cache.epoch);
    expect(cache.get("a")).toBe(1); // a is now the most recently used
    cache.set("c", 3, cache.epoch);
    expect(cache.size).toBe(2);
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBe(1);
    expect(cache.get("c")).toBe(3);
  });

  it("forgets an entry after its time to live whatever happens", () => {
    const cache = new BoundedCache<string, number>(10, 1000);
    cache.set("a", 1, cache.epoch, 0);
    expect(cache.get("a", 999)).toBe(1);
    expect(cache.get("a", 1000)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("does not store what was read before a forget (it may be older than the change)", () => {
    const cache = new BoundedCache<string, number>(10, 60_000);
    const epoch = cache.epoch; // a database read begins
    cache.forget(["a"]); // a change is announced meanwhile
    cache.set("a", 1, epoch);
    expect(cache.get("a")).toBeUndefined();
    cache.set("a", 2, cache.epoch);
    expect(cache.get("a")).toBe(2);
  });

  it("forgets by key or by a test of the value", () => {
    const cache = new BoundedCache<string, { user: number }>(10, 60_000);
    for (const [k, user] of [["x", 1], ["y", 2], ["z", 1]] as const) cache.set(k, { user }, cache.epoch);
    cache.forget((v) => v.user === 1);
    expect([cache.get("x"), cache.get("y"), cache.get("z")]).toEqual([undefined, { user: 2 }, undefined]);
    cache.forget(["y"]);
    expect(cache.size).toBe(0);
  });
});
