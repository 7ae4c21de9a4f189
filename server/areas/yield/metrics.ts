/**
 * The yield metrics (spec 3 §3 "Yield metrics", keyed by a numeric enumeration 1 to 68; the spec names the
 * kinds, the numbering and the list are ours, docs/decisions.md "Yield reporting"). 1–63 are figures, 64–68 the ids
 * a row can be keyed by. Figures marked `revenue` exist only for a tenant with the yieldRevenue module:
 * they are left out of every answer, list and filter without it (spec 3 §5).
 *
 * Units: kg, % (of HSCW, or of the expected value for a "variance %"), pp (percentage points: a yield
 * variance), $ (AUD), $/kg, # (a count), mm (fat depth). `better` says which way a variance is good.
 */

export type MetricUnit = "kg" | "%" | "pp" | "$" | "$/kg" | "#" | "mm" | "id";

export interface Metric {
  key: number;
  /** the name code uses (stable; saved reports and custom tabs store the key, never this) */
  id: string;
  /** how a screen names it */
  name: string;
  unit: MetricUnit;
  /** needs the yieldRevenue module */
  revenue: boolean;
  /** a key a row is grouped by, not a figure */
  dimension?: true;
  /** whether a higher value is better (variance colours); undefined for neutral figures */
  better?: "higher" | "lower";
}

const m = (
  key: number,
  id: string,
  name: string,
  unit: MetricUnit,
  extra: Partial<Pick<Metric, "revenue" | "better" | "dimension">> = {},
): Metric => ({ key, id, name, unit, revenue: false, ...extra });
const $ = { revenue: true } as const;
const UP = { better: "higher" } as const;
const DOWN = { better: "lower" } as const;

export const METRICS: readonly Metric[] = [
  // what was boned
  m(1, "carcasses", "Carcasses", "#"),
  m(2, "hscwKg", "HSCW boned", "kg"),
  m(3, "averageHscwKg", "Average HSCW", "kg"),
  m(4, "averageFatMm", "Average fat", "mm"),
  m(5, "cartons", "Cartons", "#"),
  m(6, "cartonsPerCarcass", "Cartons per carcass", "#"),
  m(7, "pieces", "Pieces", "#"),
  m(8, "piecesPerCarcass", "Pieces per carcass", "#", UP),
  // weight: actual, expected, variance
  m(9, "kg", "Weight", "kg", UP),
  m(10, "expectedKg", "Expected weight", "kg"),
  m(11, "kgVariance", "Weight variance", "kg", UP),
  m(12, "kgVariancePercent", "Weight variance %", "%", UP),
  m(13, "kgPerCarcass", "Weight per carcass", "kg", UP),
  m(14, "expectedKgPerCarcass", "Expected weight per carcass", "kg"),
  m(15, "kgPerCarcassVariance", "Weight per carcass variance", "kg", UP),
  // yield
  m(16, "yieldPercent", "Yield", "%", UP),
  m(17, "standardYieldPercent", "Standard yield", "%"),
  m(18, "yieldVariance", "Yield variance", "pp", UP),
  m(19, "yieldVariancePercent", "Yield variance %", "%", UP),
  // price and revenue (the yield revenue module)
  m(20, "dollarsPerKg", "$ per kg", "$/kg", { ...$, ...UP }),
  m(21, "standardDollarsPerKg", "Expected $ per kg", "$/kg", $),
  m(22, "dollarsPerKgVariance", "$ per kg variance", "$/kg", { ...$, ...UP }),
  m(23, "revenue", "Revenue", "$", { ...$, ...UP }),
  m(24, "expectedRevenue", "Expected revenue", "$", $),
  m(25, "revenueVariance", "Revenue variance", "$", { ...$, ...UP }),
  m(26, "revenueVariancePercent", "Revenue variance %", "%", { ...$, ...UP }),
  m(27, "revenuePerCarcass", "Revenue per carcass", "$", { ...$, ...UP }),
  m(28, "expectedRevenuePerCarcass", "Expected revenue per carcass", "$", $),
  m(29, "revenuePerCarcassVariance", "Revenue per carcass variance", "$", { ...$, ...UP }),
  m(30, "revenuePerKgHscw", "Revenue per kg HSCW", "$/kg", { ...$, ...UP }),
  m(31, "expectedRevenuePerKgHscw", "Expected revenue per kg HSCW", "$/kg", $),
  m(32, "revenuePerKgHscwVariance", "Revenue per kg HSCW variance", "$/kg", { ...$, ...UP }),
  // the mass balance
  m(33, "boneKg", "Bone", "kg"),
  m(34, "bonePercent", "Bone %", "%", DOWN),
  m(35, "fatKg", "Fat", "kg"),
  m(36, "fatPercent", "Fat %", "%", DOWN),
  m(37, "trimKg", "Trim", "kg"),
  m(38, "trimPercent", "Trim %", "%", DOWN),
  m(39, "unaccountedKg", "Unaccounted", "kg"),
  m(40, "unaccountedPercent", "Unaccounted %", "%", DOWN),
  m(41, "weighedKg", "Everything weighed", "kg"),
  m(42, "weighedPercent", "Everything weighed %", "%", UP),
  m(43, "averageCartonKg", "Average carton", "kg"),
  m(44, "kgPerPiece", "Weight per piece", "kg"),
  // runs
  m(45, "runs", "Runs", "#"),
  m(46, "runsBelowStandard", "Runs below standard", "#", DOWN),
  m(47, "worstRunYieldVariance", "Worst run's yield variance", "pp", UP),
  m(48, "carcassesPerRun", "Carcasses per run", "#"),
  m(49, "hscwPerRunKg", "HSCW per run", "kg"),
  // day against night shift
  m(50, "dayShiftYieldPercent", "Day shift yield", "%", UP),
  m(51, "nightShiftYieldPercent", "Night shift yield", "%", UP),
  m(52, "shiftYieldGap", "Night against day shift yield", "pp", UP),
  m(53, "dayShiftKg", "Day shift weight", "kg"),
  m(54, "nightShiftKg", "Night shift weight", "kg"),
  m(55, "dayShiftCarcasses", "Day shift carcasses", "#"),
  m(56, "nightShiftCarcasses", "Night shift carcasses", "#"),
  m(57, "dayShiftRevenue", "Day shift revenue", "$", $),
  m(58, "nightShiftRevenue", "Night shift revenue", "$", $),
  // product codes against their standards
  m(59, "productCodes", "Product codes made", "#"),
  m(60, "codesBelowStandard", "Product codes below standard", "#", DOWN),
  m(61, "kgBelowStandard", "Weight short of standard", "kg", DOWN),
  m(62, "kgAboveStandard", "Weight over standard", "kg"),
  m(63, "revenueBelowStandard", "Revenue short of standard", "$", { ...$, ...DOWN }),
  // the ids a row is keyed by
  m(64, "speciesId", "Species", "id", { dimension: true }),
  m(65, "tenantSiteId", "Plant", "id", { dimension: true }),
  m(66, "processingShift", "Shift", "id", { dimension: true }),
  m(67, "productCodeId", "Product code", "id", { dimension: true }),
  m(68, "meatCode", "Meat code", "id", { dimension: true }),
];

export const METRIC_KEYS = METRICS.map((x) => x.key);
export const FIGURE_KEYS = METRICS.filter((x) => !x.dimension).map((x) => x.key);
const BY_KEY = new Map(METRICS.map((x) => [x.key, x]));
const BY_ID = new Map(METRICS.map((x) => [x.id, x]));

export function metric(key: number): Metric | undefined {
  return BY_KEY.get(key);
}

export function metricById(id: string): Metric | undefined {
  return BY_ID.get(id);
}

/** The figures a caller may see: without the yield revenue module, none of the revenue ones. */
export function visibleMetrics(hasRevenue: boolean): Metric[] {
  return METRICS.filter((x) => !x.dimension && (hasRevenue || !x.revenue));
}

export type MetricId = (typeof METRICS)[number]["id"];

/** Aggregations of a custom tab (spec 3 §4): Sum 0, Average 1. */
export const AGGREGATIONS = { Sum: 0, Average: 1 } as const;
export type Aggregation = (typeof AGGREGATIONS)[keyof typeof AGGREGATIONS];

/** Chart types a custom tab or graph may draw. */
export const CHART_TYPES = ["line", "bar", "area", "table"] as const;
export type ChartType = (typeof CHART_TYPES)[number];
