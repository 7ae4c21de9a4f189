/**
 * The areas' background work (server/ops/background.ts) on fake timers: run once at start, then each
 * interval; a run still going when the next tick comes is not started twice; a failure is logged and the
 * next tick runs as usual; stop ends it.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { startBackground } from "../../../server/ops/background.ts";
import { setLogSink } from "../../../server/ops/log.ts";
import type { AppServices } from "../../../server/env.ts";

const app = {} as AppServices; // the work below reads nothing of it

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("background work", () => {
  test("runs at start and then each interval, never twice at once, and stops", async () => {
    let runs = 0;
    let release = () => {};
    const stop = startBackground(app, [{
      name: "slow",
      everyMs: 1000,
      run: () => {
        runs++;
        return new Promise<void>((resolve) => (release = resolve));
      },
    }]);
    expect(runs).toBe(1); // at start
    await vi.advanceTimersByTimeAsync(3000);
    expect(runs).toBe(1); // the first is still going: three ticks skipped
    release();
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(2);
    release();
    stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs).toBe(2);
  });

  test("a failing run is logged and the next tick runs as usual", async () => {
    const lines: string[] = [];
    const restore = setLogSink((line) => void lines.push(line));
    let runs = 0;
    const stop = startBackground(app, [{
      name: "flaky",
      everyMs: 1000,
      run: () => {
        runs++;
        return runs === 1 ? Promise.reject(new Error("database gone")) : Promise.resolve();
      },
    }]);
    await vi.advanceTimersByTimeAsync(1000);
    stop();
    setLogSink(restore);
    expect(runs).toBe(2);
    expect(lines.join("\n")).toMatch(/background\.failed.*flaky.*database gone/);
  });
});
