/**
 * The generic data form island (spec 1 §2 "Generic data form", spec 2 §2.4).
 *
 * A field list drives a form with Save and Cancel. Save is disabled until every required field
 * (including `requiredWhen` fields whose condition holds) is filled, every `matches` field equals its
 * target and, when editing (initial has a non-empty id), something changed. A toast appears on save
 * (default 'The item was saved...'). An Undo button appears when there are changes. The id field
 * reads 'New' while empty. Labels are 50% wide by default. Enter submits; Escape undoes the changes
 * (or, with nothing changed, follows `cancelHref`).
 *
 * Renders identically with renderToString on the server and on the first client render: no useId,
 * no clock, no browser-only state (field ids derive from the `id` prop or from `submit.url`).
 */
import { type FormEvent, type KeyboardEvent, useEffect, useMemo, useRef, useState } from "react";
import { api, apiConfig, ApiError } from "../runtime/api.ts";
import { toast, toastOnNextPage } from "../runtime/toast.ts";
import { Button } from "../ui/Button.tsx";
import {
  CheckboxInput,
  describedBy,
  Field,
  IdInput,
  MultiSelectInput,
  SelectInput,
  TextArea,
  TextInput,
  type TextInputType,
} from "../ui/Field.tsx";
import { CheckIcon, UndoIcon, WarningIcon } from "../ui/icons.tsx";
import {
  buildBody,
  type FieldSpec,
  formState,
  type FormValues,
  inputValue,
  isRequired,
  isShown,
  matchState,
  normalise,
  readPath,
} from "../ui/formRules.ts";

export type { FieldSpec } from "../ui/formRules.ts";

export interface DataFormProps {
  fields: FieldSpec[];
  /** Editing when `initial.id` is not empty. Keys that are not fields are kept and sent (e.g. lastModified). */
  initial: Record<string, unknown>;
  submit: {
    method: "POST" | "PUT";
    url: string;
    /** Which fields to send; default all fields except `matches` (confirm) fields, plus hidden keys of `initial`. */
    bodyFields?: string[];
  };
  /** Default "Save". */
  submitLabel?: string;
  /** Default 'The item was saved...'. */
  successToast?: string;
  /** Cancel navigates here; when absent Cancel resets the form. */
  cancelHref?: string;
  /**
   * After a successful save navigate here (`{field}` is replaced by that field of the save's answer,
   * e.g. `/home/livestock/ordergroups/{id}`); when absent stay, with the saved values as the baseline.
   */
  redirectTo?: string;
  /**
   * A value of the save's answer to show once, in a notice that stays (e.g. a new user's temporary
   * password). The form then stays open instead of following `redirectTo`.
   */
  successNotice?: { field: string; label: string };
  /**
   * View only: every control is read-only and there is no Save; the text says why (e.g. a missing
   * admin permission). The server refuses writes all the same.
   */
  readOnly?: string;
  /** Told of every edit (a wrapping island uses it to adapt options to other fields). */
  onValuesChange?: (values: Record<string, unknown>) => void;
  /** Default true: an Undo button appears when there are changes. */
  undo?: boolean;
  title?: string;
  /** Prefix for element ids (unique per page); default derived from submit.url. */
  id?: string;
}

export const DEFAULT_SUCCESS_TOAST = "The item was saved...";

function slug(s: string): string {
  return s.replace(/[^A-Za-z0-9_-]+/g, "-").replace(/^-+|-+$/g, "").toLowerCase();
}

function initialValues(fields: FieldSpec[], initial: FormValues): FormValues {
  const values: FormValues = { ...initial };
  for (const f of fields) {
    const given = readPath(initial, f.name); // dotted names read nested objects
    if (f.type === "multiselect" || f.type === "checkbox") values[f.name] = normalise(f, given);
    else values[f.name] = given ?? (f.type === "id" ? null : "");
  }
  return values;
}

/** `/orders/{id}` with `{id}` taken from the save's answer (a new record's id). */
function fillFromResult(template: string, result: unknown): string {
  return template.replace(/\{(\w+)\}/g, (_, key) => {
    const value = isRecord(result) ? result[key] : undefined;
    return value === undefined || value === null ? "" : encodeURIComponent(String(value));
  });
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

export default function DataForm(props: DataFormProps) {
  const { fields, submit, cancelHref, redirectTo, title } = props;
  const undoEnabled = props.undo !== false;
  const prefix = props.id ? slug(props.id) : `df-${slug(submit.url) || "form"}`;
  const fieldId = (name: string) => `${prefix}-${slug(name) || "field"}`;

  const start = useMemo(() => initialValues(fields, props.initial), [fields, props.initial]);
  const [baseline, setBaseline] = useState<FormValues>(start);
  const [values, setValues] = useState<FormValues>(start);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  // false on the server and on the hydrating render, so both match; Save stays disabled until then.
  const [hydrated, setHydrated] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => setHydrated(true), []);
  const { onValuesChange } = props;
  useEffect(() => onValuesChange?.(values), [values, onValuesChange]);

  const state = formState(fields, values, baseline);
  const saveDisabled = !hydrated || busy || !state.canSave;

  const setValue = (name: string, value: unknown) => {
    setValues((v) => ({ ...v, [name]: value }));
    if (errors[name]) {
      setErrors((e) => {
        const { [name]: _, ...rest } = e;
        return rest;
      });
    }
  };

  const restore = () => {
    setValues(baseline);
    setErrors({});
    setFormErrors([]);
    const first = formRef.current?.querySelector<HTMLElement>(
      "input:not([readonly]):not([disabled]), select:not([disabled])",
    );
    first?.focus();
  };

  const save = async () => {
    if (busy || !hydrated || !formState(fields, values, baseline).canSave) return;
    setBusy(true);
    setErrors({});
    setFormErrors([]);
    let leaving = false;
    try {
      const result = await api<unknown>(
        submit.method,
        submit.url,
        buildBody(fields, values, baseline, submit.bodyFields, props.initial),
      );
      const noticeValue = props.successNotice && isRecord(result)
        ? result[props.successNotice.field]
        : undefined;
      const message = props.successToast ?? DEFAULT_SUCCESS_TOAST;
      if (redirectTo && noticeValue === undefined) {
        leaving = true;
        toastOnNextPage("success", message); // shown on the page the save goes to
        apiConfig.navigate(fillFromResult(redirectTo, result));
        return;
      }
      toast("success", message);
      setNotice(
        typeof noticeValue === "string" || typeof noticeValue === "number" ? String(noticeValue) : null,
      );
      const saved = initialValues(fields, isRecord(result) ? { ...values, ...result } : values);
      setBaseline(saved);
      setValues(saved);
    } catch (err) {
      if (err instanceof ApiError) {
        if (err.aborted) return;
        const names = new Set(fields.map((f) => f.name));
        const byField: Record<string, string> = {};
        const other: string[] = [];
        for (const e of err.errors) {
          const name = names.has(e.field)
            ? e.field
            : [...names].find((n) => n.toLowerCase() === e.field.toLowerCase());
          if (name && !byField[name]) byField[name] = e.message;
          else if (!name) other.push(e.field ? `${e.field}: ${e.message}` : e.message);
        }
        setErrors(byField);
        setFormErrors(other);
      } else {
        toast("error", err instanceof Error ? err.message : "");
      }
    } finally {
      if (!leaving) setBusy(false);
    }
  };

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    void save();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLFormElement>) => {
    if (e.key !== "Escape" || e.defaultPrevented || busy) return;
    if (state.changed) {
      e.preventDefault();
      restore();
    } else if (cancelHref) {
      e.preventDefault();
      apiConfig.navigate(cancelHref);
    }
  };

  const labelOf = (name: string) => fields.find((f) => f.name === name)?.label ?? name;
  const hint = state.missing.length
    ? `Required: ${state.missing.map(labelOf).join(", ")}.`
    : state.mismatched.length
    ? state.mismatched.map((n) => `${labelOf(n)} does not match.`).join(" ")
    : state.editing && !state.changed
    ? "No changes to save."
    : "";
  const hintId = `${prefix}-status`;

  return (
    <form
      ref={formRef}
      className="form data-form"
      id={prefix}
      method="post"
      onSubmit={onSubmit}
      onKeyDown={onKeyDown}
      aria-busy={busy || undefined}
      data-dirty={state.changed || undefined}
      aria-labelledby={title ? `${prefix}-title` : undefined}
    >
      {title ? <h2 className="form-title" id={`${prefix}-title`}>{title}</h2> : null}
      {props.readOnly ? <p className="banner banner-info" data-read-only>{props.readOnly}</p> : null}
      {notice !== null && props.successNotice && (
        <p className="banner banner-info" role="status" data-notice={props.successNotice.field}>
          {props.successNotice.label}: <code>{notice}</code>
        </p>
      )}
      {formErrors.length
        ? (
          <ul className="form-errors" role="alert">
            {formErrors.map((m, i) => <li key={i}>{m}</li>)}
          </ul>
        )
        : null}
      <div className="form-fields">
        {fields.filter((f) => isShown(f, values)).map((f) => {
          const id = fieldId(f.name);
          const error = errors[f.name];
          const required = isRequired(f, values);
          const described = describedBy(id, f.help, error);
          const locked = f.readOnly || Boolean(props.readOnly);
          const common = {
            id,
            name: f.name,
            required,
            readOnly: locked,
            disabled: locked && ["select", "multiselect", "checkbox"].includes(f.type) ? true : undefined,
            invalid: Boolean(error),
            describedBy: described,
          };
          let control;
          switch (f.type) {
            case "id":
              control = <IdInput id={id} name={f.name} value={values[f.name]} describedBy={described} />;
              break;
            case "select":
              control = (
                <SelectInput
                  {...common}
                  value={inputValue(f, values[f.name]) as string}
                  onValue={(v) => setValue(f.name, v)}
                  options={f.options ?? []}
                  placeholder={f.placeholder}
                />
              );
              break;
            case "multiselect":
              control = (
                <MultiSelectInput
                  {...common}
                  value={inputValue(f, values[f.name]) as string[]}
                  onValue={(v) => setValue(f.name, v)}
                  options={f.options ?? []}
                />
              );
              break;
            case "textarea":
              control = (
                <TextArea
                  {...common}
                  value={inputValue(f, values[f.name]) as string}
                  onValue={(v) => setValue(f.name, v)}
                  placeholder={f.placeholder}
                />
              );
              break;
            case "checkbox":
              control = (
                <CheckboxInput
                  {...common}
                  value={inputValue(f, values[f.name]) as boolean}
                  onValue={(v) => setValue(f.name, v)}
                  text={f.placeholder}
                />
              );
              break;
            default:
              control = (
                <TextInput
                  {...common}
                  type={f.type as TextInputType}
                  value={inputValue(f, values[f.name]) as string}
                  onValue={(v) => setValue(f.name, v)}
                  placeholder={f.placeholder}
                  autoComplete={f.autoComplete ??
                    (f.type === "password" && f.matches ? "new-password" : undefined)}
                />
              );
          }
          const match = matchState(f, values, fields);
          const adornment = f.matches
            ? match.matched ? <CheckIcon label="Matches" /> : <WarningIcon label="Does not match" />
            : undefined;
          const mismatch = match.message;
          const field = (
            <Field
              key={f.name}
              id={id}
              label={f.label}
              required={required}
              help={f.help}
              error={error ?? mismatch}
              labelWidth={f.labelWidth}
              group={f.type === "multiselect"}
              adornment={adornment}
              className={`field-${f.type}`}
            >
              {control}
            </Field>
          );
          return f.section
            ? [<h3 className="form-section" key={`section-${f.name}`}>{f.section}</h3>, field]
            : field;
        })}
      </div>
      <p className="sr-only" id={hintId} aria-live="polite">{hint}</p>
      {props.readOnly
        ? (
          <div className="form-actions">
            {cancelHref ? <Button href={cancelHref} data-action="cancel">Back</Button> : null}
          </div>
        )
        : (
          <div className="form-actions">
            <Button
              type="submit"
              variant="primary"
              disabled={saveDisabled}
              busy={busy}
              aria-describedby={hintId}
              data-action="save"
            >
              {props.submitLabel ?? "Save"}
            </Button>
            {cancelHref
              ? <Button href={cancelHref} data-action="cancel">Cancel</Button>
              : (
                <Button onClick={restore} disabled={busy || !state.changed} data-action="cancel">
                  Cancel
                </Button>
              )}
            {undoEnabled && state.changed
              ? (
                <Button
                  variant="ghost"
                  onClick={restore}
                  disabled={busy}
                  icon={<UndoIcon />}
                  data-action="undo"
                >
                  Undo
                </Button>
              )
              : null}
          </div>
        )}
    </form>
  );
}
