/**
 * The rule rows of the carcass type and cut specification forms (data form island): per row a
 * specification type, then its minimum and maximum, or for a sex rule the letters allowed. The rows a
 * thing has plus SPARE_ROWS blank ones; blank rows are dropped by the API (../formRows.ts).
 */
import type { FieldSpec } from "../../../../../client/islands/DataForm.tsx";
import { categoryName, metricOf } from "../rules.ts";

const SPARE_ROWS = 2;

type SpecType = { id: number; name: string; categoryId: number; metric: string };
type Rule = {
  specificationTypeId: number;
  minValue: number | null;
  maxValue: number | null;
  textValue: string | null;
};

export function ruleRowCount(rules: readonly unknown[]) {
  return rules.length + SPARE_ROWS;
}

export function ruleFields(
  types: readonly SpecType[],
  rows: number,
  section = "Rules (a carcass must pass every one)",
): FieldSpec[] {
  const options = types.map((t) => {
    const m = metricOf(t.metric);
    return {
      value: String(t.id),
      label: `${t.name} (${categoryName(t.categoryId)}, ${m?.label ?? t.metric})`,
    };
  });
  const sexTypes = types.filter((t) => t.metric === "sex").map((t) => String(t.id));
  const numericTypes = types.filter((t) => t.metric !== "sex").map((t) => String(t.id));
  return Array.from({ length: rows }, (_, i): FieldSpec[] => {
    const type = `specifications.${i}.specificationTypeId`;
    return [
      {
        name: type,
        label: `Rule ${i + 1}`,
        type: "select",
        valueType: "number",
        options,
        ...(i === 0 ? { section } : {}),
      },
      {
        name: `specifications.${i}.minValue`,
        label: `Rule ${i + 1} at least`,
        type: "number",
        shownWhen: { field: type, oneOf: numericTypes },
      },
      {
        name: `specifications.${i}.maxValue`,
        label: `Rule ${i + 1} at most`,
        type: "number",
        shownWhen: { field: type, oneOf: numericTypes },
      },
      {
        name: `specifications.${i}.textValue`,
        label: `Rule ${i + 1} sexes allowed`,
        type: "text",
        help: "M, F or MF",
        shownWhen: { field: type, oneOf: sexTypes },
      },
    ];
  }).flat();
}

/** The rows' initial values, keyed "0", "1", … as the form sends them. */
export function ruleInitial(rules: readonly Rule[], rows: number) {
  return Object.fromEntries(Array.from({ length: rows }, (_, i) => {
    const r = rules[i];
    return [String(i), {
      specificationTypeId: r?.specificationTypeId ?? null,
      minValue: r?.minValue ?? null,
      maxValue: r?.maxValue ?? null,
      textValue: r?.textValue ?? null,
    }];
  }));
}
