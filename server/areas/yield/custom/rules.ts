/**
 * Custom metric tabs, the graph editor and the yield table: what can be decided without I/O. The themes
 * the metric builder groups the 1–68 enumeration by, the groupings a tab may use, the graph editor's
 * graphs, how a value reads in its unit, and lists read from a page address.
 */
import type { Metric } from "../metrics.ts";
import { GROUP_BY, type GroupBy } from "../schemas.ts";

/** The builder's sections: each metric belongs to the theme whose range holds its key. */
export const METRIC_THEMES = [
  { id: "boned", name: "What was boned", last: 8 },
  { id: "weight", name: "Weight", last: 15 },
  { id: "yield", name: "Yield", last: 19 },
  { id: "revenue", name: "Price and revenue", last: 32 },
  { id: "massBalance", name: "Mass balance", last: 44 },
  { id: "runs", name: "Runs", last: 49 },
  { id: "shifts", name: "Day and night shift", last: 58 },
  { id: "codes", name: "Product codes", last: 63 },
] as const;
export type MetricTheme = (typeof METRIC_THEMES)[number]["id"];

export function themeOf(key: number): MetricTheme {
  return (METRIC_THEMES.find((t) => key <= t.last) ?? METRIC_THEMES.at(-1)!).id;
}

/** What a custom tab may group by: every grouping but "kind" (bone, fat and trim are not products). */
export const TAB_GROUP_BY = GROUP_BY.filter((g) => g !== "kind") as Exclude<GroupBy, "kind">[];

/** The most metrics a custom tab draws (a legend people can still read). */
export const MAX_TAB_METRICS = 6;

/**
 * The graph editor's graphs (the edit route's graphType): what is drawn by day. A revenue graph exists only
 * with the yield revenue module.
 */
export const GRAPH_TYPES = {
  yield: { name: "Yield against standard", metricKeys: [16, 17], chart: "line" },
  yieldVariance: { name: "Yield variance", metricKeys: [18], chart: "bar" },
  weight: { name: "Weight against expected", metricKeys: [9, 10], chart: "bar" },
  massBalance: { name: "Mass balance", metricKeys: [16, 34, 36, 38, 40], chart: "area", stacked: true },
  volume: { name: "Carcasses and cartons", metricKeys: [1, 5], chart: "bar" },
  revenue: { name: "Revenue against expected", metricKeys: [23, 24], chart: "line", revenue: true },
} as const;
export type GraphType = keyof typeof GRAPH_TYPES;
export const GRAPH_TYPE_IDS = Object.keys(GRAPH_TYPES) as GraphType[];

export function graphTypesFor(hasRevenue: boolean): GraphType[] {
  return GRAPH_TYPE_IDS.filter((g) => hasRevenue || !("revenue" in GRAPH_TYPES[g]));
}

export { formatMetric } from "../format.ts";

/** A value in a CSV cell: plain digits, no thousands separator or unit (the header names the unit). */
export function csvNumber(value: number | null | undefined, digits = 2): string {
  return value == null || !Number.isFinite(value) ? "" : value.toFixed(digits);
}

/** The unit a chart axis or table heading names ("Yield (%)"). */
export function withUnit(m: Pick<Metric, "name" | "unit">): string {
  const plain = m.unit === "#" || m.unit === "id" || (m.unit === "%" && m.name.endsWith("%"));
  return plain ? m.name : `${m.name} (${m.unit})`;
}

/**
 * A list from a page address: `plants=1,2`, `plants=1&plants=2` (the router reads that as an array) or
 * a single number. Whole positive numbers only; anything else is dropped.
 */
export function idList(value: unknown): number[] {
  const parts = Array.isArray(value) ? value : value == null || value === "" ? [] : String(value).split(",");
  return [...new Set(parts.map((p) => String(p).trim()).filter((p) => /^\d{1,12}$/.test(p)).map(Number))]
    .filter((n) => n > 0);
}

/** The words of a list from a page address (shifts). */
export function wordList(value: unknown): string[] {
  const parts = Array.isArray(value) ? value : value == null || value === "" ? [] : String(value).split(",");
  return [...new Set(parts.map((p) => String(p).trim()).filter(Boolean))];
}
