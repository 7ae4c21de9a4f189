/**
 * Carcass specifications (issue 41 item 2, spec 3 §3, §4): a specification is one rule on a kill floor
 * field in §4 units (HSCW 18–24 kg, GR fat 6–15 mm, sex M); a carcass meets a carcass type when it passes
 * every rule of the type. Bounds are inclusive; a carcass without the field fails the rule (unknown is not
 * in spec). Pure: the schedule builder's grouping calls these on thousands of carcasses.
 */

/** Specification categories (spec 3 §3). Unknown 0 exists in the enumeration but is refused. */
export const SPEC_CATEGORIES = [
  { id: 1, name: "Yield" },
  { id: 2, name: "Eating Quality" },
  { id: 4, name: "Brand Claims" },
  { id: 16, name: "Market Eligibility" },
  { id: 32, name: "Other" },
] as const;
export type SpecCategoryId = typeof SPEC_CATEGORIES[number]["id"];
export const SPEC_CATEGORY_IDS: readonly number[] = SPEC_CATEGORIES.map((c) => c.id);
export const categoryName = (id: number) => SPEC_CATEGORIES.find((c) => c.id === id)?.name ?? "Unknown";

/** The kill floor fields a rule may judge, with the unit shown (spec 3 §4 metric units). */
export const SPEC_METRICS = [
  { key: "hscwKg", label: "HSCW", unit: "kg" },
  { key: "fatDepthMm", label: "GR fat depth", unit: "mm" },
  { key: "fatScore", label: "Fat score", unit: "score" },
  { key: "dentition", label: "Dentition", unit: "#" },
  { key: "sex", label: "Sex", unit: "M/F" },
  { key: "msaIndex", label: "MSA index", unit: "score" },
  { key: "msaMarbling", label: "MSA marbling", unit: "score" },
  { key: "msaOssification", label: "MSA ossification", unit: "score" },
] as const;
export type SpecMetric = typeof SPEC_METRICS[number]["key"];
export const SPEC_METRIC_KEYS: readonly string[] = SPEC_METRICS.map((m) => m.key);
export const metricOf = (key: string) => SPEC_METRICS.find((m) => m.key === key);

/** The kill floor fields of a carcass a rule can read (planning/groups' CarcassFields fits). */
export type JudgedCarcass = {
  hscwKg: number | null;
  fatDepthMm: number | null;
  fatScore: number | null;
  dentition: number | null;
  sex: string | null;
  msaIndex: number | null;
  msaMarbling: number | null;
  msaOssification: number | null;
};

/** One rule: numeric bounds (inclusive, either may be open) or, for sex, the allowed letters. */
export type SpecRule = {
  id: number;
  metric: string;
  minValue: number | null;
  maxValue: number | null;
  textValue: string | null;
};

export function meetsSpecification(carcass: JudgedCarcass, rule: SpecRule): boolean {
  if (rule.metric === "sex") {
    const sex = carcass.sex?.trim().toUpperCase();
    if (!sex) return false;
    return (rule.textValue ?? "").toUpperCase().includes(sex);
  }
  const value = carcass[rule.metric as Exclude<SpecMetric, "sex">];
  if (value === null || value === undefined || !Number.isFinite(value)) return false;
  if (rule.minValue !== null && value < rule.minValue) return false;
  if (rule.maxValue !== null && value > rule.maxValue) return false;
  return true;
}

export type TypeWithRules = { id: number; rules: readonly SpecRule[] };

/** A carcass meets a type when it passes all of the type's rules (a type without rules takes any carcass). */
export function meetsCarcassType(carcass: JudgedCarcass, type: TypeWithRules): boolean {
  return type.rules.every((r) => meetsSpecification(carcass, r));
}

/** The ids of the carcass types a carcass meets, in the order given. */
export function carcassTypesMet(carcass: JudgedCarcass, types: readonly TypeWithRules[]): number[] {
  const out: number[] = [];
  for (const t of types) if (meetsCarcassType(carcass, t)) out.push(t.id);
  return out;
}

/** A rule in plain words: "HSCW 18–24 kg", "GR fat depth ≥ 6 mm", "Sex M or F". */
export function ruleSummary(rule: Omit<SpecRule, "id">): string {
  const m = metricOf(rule.metric);
  const label = m?.label ?? rule.metric;
  if (rule.metric === "sex") return `${label} ${(rule.textValue ?? "").split("").join(" or ")}`;
  const unit = m && m.unit !== "#" && m.unit !== "score" ? ` ${m.unit}` : "";
  if (rule.minValue !== null && rule.maxValue !== null) {
    return `${label} ${rule.minValue}–${rule.maxValue}${unit}`;
  }
  if (rule.minValue !== null) return `${label} ≥ ${rule.minValue}${unit}`;
  if (rule.maxValue !== null) return `${label} ≤ ${rule.maxValue}${unit}`;
  return `${label} (any)`;
}

/** Why a rule cannot be saved, or null: unknown field, no bounds, min above max, sex not M/F. */
export function ruleProblem(rule: Omit<SpecRule, "id">): string | null {
  if (!SPEC_METRIC_KEYS.includes(rule.metric)) return "Choose a kill floor field for the rule.";
  if (rule.metric === "sex") {
    const letters = (rule.textValue ?? "").toUpperCase();
    return /^[MF]{1,2}$/.test(letters) ? null : "A sex rule allows M, F or both.";
  }
  if (rule.minValue === null && rule.maxValue === null) return "Give a minimum, a maximum or both.";
  if (rule.minValue !== null && rule.maxValue !== null && rule.minValue > rule.maxValue) {
    return "The minimum is above the maximum.";
  }
  return null;
}
