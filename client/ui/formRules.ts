/**
 * Pure rules of the generic data form (spec 1 §2 "Generic data form", §5; spec 2 §2.4, §5).
 * No React, no DOM: shared by the DataForm island, the server and tests.
 */
import type { LabelWidth } from "./inlineFree.ts";

export type FieldType =
  | "text"
  | "email"
  | "password"
  | "tel"
  | "number"
  | "select"
  | "multiselect"
  | "checkbox"
  | "date"
  | "time"
  | "textarea"
  | "id";

export interface FieldOption {
  value: string;
  label: string;
  /** shown but not choosable (e.g. a pricing group without a grid for the category) */
  disabled?: boolean;
}

export interface FieldSpec {
  name: string;
  label: string;
  type: FieldType;
  required?: boolean;
  /** Required only while another field (or a hidden key of `initial`) has this value. */
  requiredWhen?: { field: string; equals: string | number | boolean };
  /**
   * Shown only while another field has one of these values; a field that is not shown is not required
   * and is sent blank (a defect rule's amount only for the rules that take one).
   */
  shownWhen?: { field: string; oneOf: (string | number | boolean)[] };
  options?: FieldOption[];
  placeholder?: string;
  autoComplete?: string;
  /** Label column width, one the stylesheet has a class for (client/ui/inlineFree.ts); default "50%". */
  labelWidth?: LabelWidth;
  /** Name of another field this one must equal (password confirm): check icon when equal, warning otherwise. */
  matches?: string;
  help?: string;
  readOnly?: boolean;
  /**
   * What a select / multi-select sends: "number" converts the chosen option values (strings) to
   * numbers. Default: numbers when the initial value was a number (array of numbers), else strings.
   */
  valueType?: "string" | "number";
  /** Starts a titled section of the form (a heading before this field). */
  section?: string;
}

export type FormValues = Record<string, unknown>;

/** null, undefined, "" or whitespace, NaN, an empty array. */
export function isBlank(v: unknown): boolean {
  if (v === null || v === undefined) return true;
  if (typeof v === "string") return v.trim() === "";
  if (typeof v === "number") return Number.isNaN(v);
  if (Array.isArray(v)) return v.length === 0;
  return false;
}

/** True when the form edits an existing item: `initial.id` is not blank. */
export function isEditing(initial: FormValues): boolean {
  return !isBlank(initial.id);
}

/** Loose equality for requiredWhen: "1" equals 1, "true" equals true, an unset value equals false. */
export function conditionHolds(actual: unknown, expected: string | number | boolean): boolean {
  if (actual === expected) return true;
  if (typeof expected === "boolean") {
    if (expected === false && (actual === null || actual === undefined || actual === "")) return true;
    return String(actual) === String(expected);
  }
  if (actual === null || actual === undefined) return false;
  if (Array.isArray(actual)) return actual.map(String).includes(String(expected));
  return String(actual) === String(expected);
}

/** Whether the field is on the form now (its `shownWhen` condition holds, or it has none). */
/**
 * A confirm field (`matches`): whether it equals its field, and once something is typed that does not, the
 * words to show beside it (not only the icon).
 */
export function matchState(
  f: FieldSpec,
  values: FormValues,
  fields: readonly FieldSpec[],
): { matched: boolean; message?: string } {
  if (!f.matches) return { matched: false };
  const matched = !isBlank(values[f.name]) &&
    normalise(f, values[f.name]) === normalise(f, values[f.matches]);
  if (matched || isBlank(values[f.name])) return { matched };
  const label = fields.find((x) => x.name === f.matches)?.label ?? "field";
  return { matched, message: `Does not match the ${label.toLowerCase()}.` };
}

export function isShown(field: FieldSpec, values: FormValues): boolean {
  const when = field.shownWhen;
  return !when || when.oneOf.some((v) => conditionHolds(values[when.field], v));
}

export function isRequired(field: FieldSpec, values: FormValues): boolean {
  if (field.type === "id" || field.readOnly || !isShown(field, values)) return false;
  if (field.required) return true;
  const when = field.requiredWhen;
  return when ? conditionHolds(values[when.field], when.equals) : false;
}

/** Empty as the required rule sees it: a multi-select with nothing chosen, an unticked checkbox. */
export function isEmptyValue(field: FieldSpec, v: unknown): boolean {
  if (field.type === "checkbox") return v !== true && v !== "true";
  return isBlank(v);
}

/**
 * The value in canonical form, for change detection and equality: strings for text-like and
 * select fields, numbers (or null) for number fields, sorted string arrays for multi-selects,
 * booleans for checkboxes.
 */
export function normalise(field: Pick<FieldSpec, "type">, v: unknown): unknown {
  switch (field.type) {
    case "number": {
      if (isBlank(v)) return null;
      const n = typeof v === "number" ? v : Number(String(v).trim());
      return Number.isNaN(n) ? String(v) : n;
    }
    case "multiselect":
      return Array.isArray(v) ? v.map(String).sort() : isBlank(v) ? [] : [String(v)];
    case "checkbox":
      return v === true || v === "true";
    default:
      return v === null || v === undefined ? "" : String(v);
  }
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Whether the `matches` target equals this field (both normalised as text). */
export function matchesTarget(field: FieldSpec, values: FormValues): boolean {
  if (!field.matches) return true;
  return normalise(field, values[field.name]) === normalise(field, values[field.matches]);
}

/** Names of the fields whose values differ from the baseline. */
export function changedFields(fields: FieldSpec[], values: FormValues, baseline: FormValues): string[] {
  return fields
    .filter((f) => f.type !== "id")
    .filter((f) => !sameValue(normalise(f, values[f.name]), normalise(f, baseline[f.name])))
    .map((f) => f.name);
}

export interface FormState {
  editing: boolean;
  changed: boolean;
  /** Names of required fields that are empty. */
  missing: string[];
  /** Names of `matches` fields that differ from their target. */
  mismatched: string[];
  canSave: boolean;
}

export function formState(fields: FieldSpec[], values: FormValues, baseline: FormValues): FormState {
  const editing = isEditing(baseline);
  const changed = changedFields(fields, values, baseline).length > 0;
  const missing = fields.filter((f) => isRequired(f, values) && isEmptyValue(f, values[f.name])).map((f) =>
    f.name
  );
  const mismatched = fields.filter((f) => f.matches && !matchesTarget(f, values)).map((f) => f.name);
  const canSave = missing.length === 0 && mismatched.length === 0 && (!editing || changed);
  return { editing, changed, missing, mismatched, canSave };
}

function wantsNumbers(field: FieldSpec, sample: unknown): boolean {
  if (field.valueType) return field.valueType === "number";
  if (Array.isArray(sample)) return sample.length > 0 && sample.every((x) => typeof x === "number");
  return typeof sample === "number";
}

/**
 * Converts an edited value to what the server expects: numbers for number fields, booleans for
 * checkboxes, and for selects the field's `valueType` or the type of `sample` (the initial value).
 */
export function toWire(field: FieldSpec, v: unknown, sample: unknown): unknown {
  switch (field.type) {
    case "number":
      return normalise(field, v);
    case "checkbox":
      return normalise(field, v);
    case "multiselect": {
      const list = Array.isArray(v) ? v : isBlank(v) ? [] : [v];
      return wantsNumbers(field, sample) ? list.map((x) => Number(x)) : list.map(String);
    }
    case "date":
    case "time":
      return isBlank(v) ? null : String(v);
    case "select":
      if (isBlank(v)) return null;
      return wantsNumbers(field, sample) && !Number.isNaN(Number(v)) ? Number(v) : v;
    case "id":
      return isBlank(v) ? undefined : v;
    default:
      return v === null || v === undefined ? "" : v;
  }
}

/**
 * The request body. With `bodyFields`, exactly those names. Otherwise every field except `matches`
 * (confirm) fields, plus the keys of the baseline that are not fields (hidden values such as
 * `lastModified`, passed through so the server can detect concurrent edits). A blank id is left out.
 * `samples` (default: the baseline) tells selects without `valueType` whether to send numbers.
 */
export function buildBody(
  fields: FieldSpec[],
  values: FormValues,
  baseline: FormValues,
  bodyFields?: string[],
  samples: FormValues = baseline,
): Record<string, unknown> {
  const byName = new Map(fields.map((f) => [f.name, f]));
  const body: Record<string, unknown> = {};
  const names = bodyFields ?? [
    ...Object.keys(baseline).filter((k) => !byName.has(k)),
    ...fields.filter((f) => !f.matches).map((f) => f.name),
  ];
  for (const name of names) {
    const field = byName.get(name);
    const value = field
      ? toWire(field, isShown(field, values) ? values[name] : null, samples[name] ?? baseline[name])
      : values[name] ?? baseline[name];
    if (value !== undefined) body[name] = value;
  }
  return nestDotted(body);
}

/** A value at a dotted path (`livestockOrderDto.quantityOrdered`) of nested objects. */
export function readPath(source: Record<string, unknown>, path: string): unknown {
  if (path in source) return source[path];
  let at: unknown = source;
  for (const part of path.split(".")) {
    if (typeof at !== "object" || at === null) return undefined;
    at = (at as Record<string, unknown>)[part];
  }
  return at;
}

/**
 * Turns dotted keys into nested objects, merged into objects already there (hidden values); a numeric
 * segment indexes an array (`mobs.0.head`). The input is not changed.
 */
export function nestDotted(flat: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const dotted: [string, unknown][] = [];
  for (const [k, v] of Object.entries(flat)) {
    if (k.includes(".")) dotted.push([k, v]);
    else out[k] = v && typeof v === "object" ? structuredClone(v) : v;
  }
  for (const [k, v] of dotted) {
    const parts = k.split(".");
    let at = out as Record<string, unknown>;
    parts.slice(0, -1).forEach((part, i) => {
      const next = at[part];
      if (!next || typeof next !== "object") at[part] = /^\d+$/.test(parts[i + 1]) ? [] : {};
      at = at[part] as Record<string, unknown>;
    });
    at[parts[parts.length - 1]] = v;
  }
  return out;
}

/** The value an input shows for a field (strings for text-like inputs, string arrays for multi-selects). */
export function inputValue(field: FieldSpec, v: unknown): string | string[] | boolean {
  if (field.type === "multiselect") return normalise(field, v) as string[];
  if (field.type === "checkbox") return normalise(field, v) as boolean;
  if (field.type === "number") return v === null || v === undefined || Number.isNaN(v) ? "" : String(v);
  return v === null || v === undefined ? "" : String(v);
}
