/**
 * CI fails, never skips, where a tool the tests need is missing (issue 37 §5): tests/helpers/required.ts.
 */
import { afterEach, describe, expect, test, vi } from "vitest";
import { inCi, required } from "../helpers/required.ts";

const before = Deno.env.get("CI");
afterEach(() => {
  if (before === undefined) Deno.env.delete("CI");
  else Deno.env.set("CI", before);
  vi.restoreAllMocks();
});

describe("a tool the tests need", () => {
  test("present: its tests run", () => {
    Deno.env.set("CI", "true");
    expect(required("redis-server", true, "install it")).toBe(true);
  });

  test("missing in CI: the file fails saying what to install", () => {
    Deno.env.set("CI", "true");
    expect(inCi()).toBe(true);
    expect(() => required("redis-server", false, "install Debian's redis-server")).toThrow(
      "redis-server is not available: install Debian's redis-server. CI runs every test and skips none.",
    );
  });

  test("missing outside CI: skipped with a warning", () => {
    Deno.env.delete("CI");
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(required("jsdom", false, "add jsdom to deno.json")).toBe(false);
    expect(warn).toHaveBeenCalledWith(
      "jsdom is not available: add jsdom to deno.json. Its tests are skipped here (in CI they fail).",
    );
    Deno.env.set("CI", "false");
    expect(inCi()).toBe(false);
  });

  test(".ci/run runs the tests with CI set", async () => {
    const run = await Deno.readTextFile(new URL("../../.ci/run", import.meta.url));
    expect(run).toMatch(/^export CI=true$/m);
  });
});
