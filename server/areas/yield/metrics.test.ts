/** The yield metric enumeration (server/areas/yield/metrics.ts): numbers, names, revenue flags, visibility. */
import { describe, expect, test } from "vitest";
import {
  AGGREGATIONS,
  CHART_TYPES,
  FIGURE_KEYS,
  metric,
  METRIC_KEYS,
  metricById,
  METRICS,
  visibleMetrics,
} from "./metrics.ts";

describe("the enumeration", () => {
  test("68 keys, 1 to 68 in order, unique keys and ids", () => {
    expect(METRICS.length).toBe(68);
    expect(METRIC_KEYS).toEqual(Array.from({ length: 68 }, (_, i) => i + 1));
    expect(new Set(METRICS.map((m) => m.id)).size).toBe(68);
    expect(new Set(METRICS.map((m) => m.name)).size).toBe(68);
  });

  test("1–63 are figures, 64–68 the keys a row is grouped by", () => {
    expect(FIGURE_KEYS).toEqual(Array.from({ length: 63 }, (_, i) => i + 1));
    expect(METRICS.filter((m) => m.dimension).map((m) => m.id)).toEqual([
      "speciesId",
      "tenantSiteId",
      "processingShift",
      "productCodeId",
      "meatCode",
    ]);
  });

  test("revenue flags: every money figure and only those", () => {
    const revenue = METRICS.filter((m) => m.revenue);
    expect(
      revenue.every((m) => m.unit === "$" || m.unit === "$/kg" || m.id.includes("revenue") || m.unit === "%"),
    )
      .toBe(true);
    expect(revenue.map((m) => m.key)).toEqual([
      20,
      21,
      22,
      23,
      24,
      25,
      26,
      27,
      28,
      29,
      30,
      31,
      32,
      57,
      58,
      63,
    ]);
    // every figure in dollars is a revenue one
    for (const m of METRICS.filter((x) => x.unit === "$" || x.unit === "$/kg")) {
      expect(m.revenue, m.id).toBe(true);
    }
  });

  test("looked up by key and by id", () => {
    expect(metric(16)).toMatchObject({ id: "yieldPercent", unit: "%", better: "higher" });
    expect(metricById("yieldPercent")?.key).toBe(16);
    expect(metric(0)).toBeUndefined();
    expect(metric(69)).toBeUndefined();
  });
});

describe("visibleMetrics", () => {
  test("with the revenue module: the 63 figures", () => {
    expect(visibleMetrics(true).map((m) => m.key)).toEqual(FIGURE_KEYS);
  });

  test("without it: no revenue figure, nothing else missing", () => {
    const seen = visibleMetrics(false);
    expect(seen.some((m) => m.revenue)).toBe(false);
    expect(seen.length).toBe(63 - 16);
    expect(seen.map((m) => m.key)).toContain(16);
    expect(seen.map((m) => m.key)).not.toContain(23);
  });
});

test("aggregations Sum 0 and Average 1 (spec 3 §4); chart types", () => {
  expect(AGGREGATIONS).toEqual({ Sum: 0, Average: 1 });
  expect(CHART_TYPES).toEqual(["line", "bar", "area", "table"]);
});
