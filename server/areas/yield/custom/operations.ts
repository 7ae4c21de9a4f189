/**
 * The metric enumeration a caller sees, their custom metric tabs (the yieldCustomDashboard user setting,
 * written through the users area's own-settings function) and custom product group results (the engine's
 * rows for any metrics, grouping and aggregation).
 */
import { userSettingValue } from "../../../access/flags.ts";
import { ApiError } from "../../../http/errors.ts";
import type { AreaContext } from "../../context.ts";
import { updateOwnSettings } from "../../users/operations/ownAccount.ts";
import { hasYieldRevenue, resolveFilter } from "../access.ts";
import { type Figures, yieldFigures } from "../engine.ts";
import { AGGREGATIONS, type Metric, metric, visibleMetrics } from "../metrics.ts";
import { CustomDashboard, type GroupBy } from "../schemas.ts";
import { themeOf } from "./rules.ts";
import type { In } from "../../areaApi.ts";
import type { MetricInfo, ProductGroupResultsBody } from "./schemas.ts";

export function metricInfo(m: Metric): MetricInfo {
  return {
    key: m.key,
    id: m.id,
    name: m.name,
    unit: m.unit,
    revenue: m.revenue,
    ...(m.better ? { better: m.better } : {}),
    theme: themeOf(m.key),
  };
}

/** GetMetrics: the figures of the enumeration the caller may see (no revenue ones without the module). */
export function listMetrics(ctx: AreaContext): MetricInfo[] {
  return visibleMetrics(hasYieldRevenue(ctx)).map(metricInfo);
}

/** The caller's custom tabs; a stored value that no longer reads as a dashboard counts as none. */
export function customDashboard(ctx: AreaContext): CustomDashboard {
  const parsed = CustomDashboard.safeParse(userSettingValue(ctx.caller.subject, "yieldCustomDashboard"));
  return parsed.success ? parsed.data : { tabs: [] };
}

/**
 * SaveCustomDashboard: the whole list of tabs, in order. Every metric must be one of the caller's figures
 * (a revenue metric needs the yield revenue module), each once; a tab's id once; "kind" is no grouping.
 */
export async function saveCustomDashboard(ctx: AreaContext, body: CustomDashboard): Promise<CustomDashboard> {
  const revenue = hasYieldRevenue(ctx);
  const problems: { field: string; message: string }[] = [];
  const ids = new Set<string>();
  body.tabs.forEach((tab, i) => {
    const at = `tabs.${i}`;
    if (ids.has(tab.id)) problems.push({ field: `${at}.id`, message: "Two tabs have the same id" });
    ids.add(tab.id);
    if (tab.groupBy === "kind") problems.push({ field: `${at}.groupBy`, message: "Choose another grouping" });
    tab.metricKeys.forEach((key, j) => {
      const m = metric(key);
      const field = `${at}.metricKeys.${j}`;
      if (!m || m.dimension) problems.push({ field, message: `There is no metric ${key}` });
      else if (m.revenue && !revenue) {
        problems.push({ field, message: `${m.name} needs the Yield Revenue module` });
      } else if (tab.metricKeys.indexOf(key) !== j) {
        problems.push({ field, message: `${m.name} is chosen twice` });
      }
    });
  });
  if (problems.length) throw ApiError.validation(problems);
  await updateOwnSettings(ctx, [{ settingType: "yieldCustomDashboard", value: body }], "");
  return body;
}

/** The engine's answer in the API's shape: metrics described, values keyed by the metric's number. */
export function figuresAnswer(figures: Figures, aggregation: number) {
  return {
    metrics: figures.metrics.map(metricInfo),
    groupBy: figures.groupBy,
    aggregation,
    rows: figures.rows.map((r) => ({
      key: r.key as Record<string, number | string | null>,
      labels: r.labels as Record<string, string>,
      values: r.values,
    })),
    total: figures.total,
  };
}

/**
 * GetCustomProductGroupResults: any metrics by any grouping, summed or averaged over days. Unknown metric
 * numbers are refused (400); revenue ones are left out without the module, as everywhere.
 */
export async function productGroupResults(ctx: AreaContext, body: In<typeof ProductGroupResultsBody>) {
  const unknown = body.metricKeys.map((k, i) => [k, i] as const).filter(([k]) => {
    const m = metric(k);
    return !m || m.dimension;
  });
  if (unknown.length) {
    throw ApiError.validation(unknown.map(([k, i]) => ({
      field: `metricKeys.${i}`,
      message: `There is no metric ${k}`,
    })));
  }
  const { metricKeys, groupBy, aggregation, ...filter } = body;
  const resolved = await resolveFilter(ctx, filter);
  const figures = await yieldFigures(ctx, resolved, groupBy as GroupBy[], metricKeys, {
    average: aggregation === AGGREGATIONS.Average,
  });
  return figuresAnswer(figures, aggregation);
}
