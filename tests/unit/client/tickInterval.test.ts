/**
 * Server-drawn charts choose their own x labels (recharts cannot measure text without a browser and would
 * keep every one, overlapping): at most the number that fits, evenly spaced, the newest kept on a trend.
 */
import { describe, expect, it } from "vitest";
import { labelsFromEnd, tickInterval } from "../../../client/ui/charts/tickInterval.ts";

describe("tickInterval", () => {
  it("shows every label while they fit, then every n-th", () => {
    expect(tickInterval(0, 4)).toBe(0);
    expect(tickInterval(4, 4)).toBe(0);
    expect(tickInterval(5, 4)).toBe(1);
    expect(tickInterval(12, 4)).toBe(2);
    expect(tickInterval(31, 10)).toBe(3);
  });
});

describe("labelsFromEnd", () => {
  it("keeps the last label and at most `fit`, evenly spaced back from it", () => {
    const lots = Array.from({ length: 12 }, (_, i) => `lot ${i + 1}`);
    expect(labelsFromEnd(lots, 4)).toEqual(["lot 3", "lot 6", "lot 9", "lot 12"]);
    expect(labelsFromEnd(lots.slice(0, 3), 4)).toEqual(["lot 1", "lot 2", "lot 3"]);
    expect(labelsFromEnd(lots.slice(0, 5), 4)).toEqual(["lot 1", "lot 3", "lot 5"]);
    expect(labelsFromEnd([], 4)).toEqual([]);
  });
});
