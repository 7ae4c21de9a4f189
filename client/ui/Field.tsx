/**
 * Form fields used on the server and in islands. Each field is a `.field` row: a label column
 * (50% wide by default, `--label-width` overrides it; rows stack below 1024 px) and a control
 * column holding the input, an optional adornment (icon), help text and an error message.
 * Controls are controlled React inputs; they take `onValue` with the new value.
 */
import type { ReactNode } from "react";
import { LABEL_WIDTHS, type LabelWidth } from "./inlineFree.ts";

export interface FieldProps {
  /** id of the control (the label points at it). */
  id: string;
  label: string;
  required?: boolean;
  help?: string;
  error?: string;
  /** One of the widths the stylesheet has a class for; default 50% (no inline style: the policy refuses it). */
  labelWidth?: LabelWidth;
  /** For a group of controls (checkbox list): the label names the group instead of one input. */
  group?: boolean;
  /** Shown right after the control, e.g. the check/warning icon of a confirm field. */
  adornment?: ReactNode;
  className?: string;
  children: ReactNode;
}

export const labelId = (id: string) => `${id}-label`;
export const helpId = (id: string) => `${id}-help`;
export const errorId = (id: string) => `${id}-error`;

/** aria-describedby for a control with the given help/error. */
export function describedBy(id: string, help?: string, error?: string): string | undefined {
  const ids = [help ? helpId(id) : "", error ? errorId(id) : ""].filter(Boolean).join(" ");
  return ids || undefined;
}

export function Field(
  { id, label, required, help, error, labelWidth, group, adornment, className, children }: FieldProps,
) {
  const width = labelWidth ? LABEL_WIDTHS[labelWidth] : "";
  return (
    <div
      className={["field", error ? "has-error" : "", width, className ?? ""].filter(Boolean).join(" ")}
      data-field={id}
    >
      {group
        ? (
          <span className="field-label" id={labelId(id)}>
            {label}
            {required ? <RequiredMark /> : null}
          </span>
        )
        : (
          <label className="field-label" id={labelId(id)} htmlFor={id}>
            {label}
            {required ? <RequiredMark /> : null}
          </label>
        )}
      <div className="field-control">
        <div className="field-input">
          {children}
          {adornment ? <span className="field-adornment">{adornment}</span> : null}
        </div>
        {help ? <p className="field-help" id={helpId(id)}>{help}</p> : null}
        {error ? <p className="field-error" id={errorId(id)} role="alert">{error}</p> : null}
      </div>
    </div>
  );
}

function RequiredMark() {
  return (
    <span className="field-required" aria-hidden="true" title="Required">
      {" *"}
    </span>
  );
}

interface ControlBase {
  id: string;
  name: string;
  required?: boolean;
  readOnly?: boolean;
  disabled?: boolean;
  /** Marks the control invalid (aria-invalid). */
  invalid?: boolean;
  describedBy?: string;
}

/** The attributes every control carries: identity, required-ness and its accessible state. */
function controlAttributes({ id, name, required, invalid, describedBy }: ControlBase) {
  return {
    id,
    name,
    required,
    "aria-required": required || undefined,
    "aria-invalid": invalid || undefined,
    "aria-describedby": describedBy,
  };
}

export type TextInputType = "text" | "email" | "password" | "tel" | "number" | "date" | "time";

export interface TextInputProps extends ControlBase {
  type?: TextInputType;
  value: string;
  onValue: (value: string) => void;
  placeholder?: string;
  autoComplete?: string;
}

const INPUT_MODE: Partial<Record<TextInputType, "email" | "tel" | "decimal">> = {
  email: "email",
  tel: "tel",
  number: "decimal",
};

export function TextInput(
  {
    id,
    name,
    type = "text",
    value,
    onValue,
    required,
    readOnly,
    disabled,
    invalid,
    describedBy,
    placeholder,
    autoComplete,
  }: TextInputProps,
) {
  return (
    <input
      className="input"
      {...controlAttributes({ id, name, required, invalid, describedBy })}
      type={type}
      inputMode={INPUT_MODE[type]}
      step={type === "number" ? "any" : undefined}
      value={value}
      onChange={(e) => onValue(e.currentTarget.value)}
      readOnly={readOnly}
      disabled={disabled}
      placeholder={placeholder}
      autoComplete={autoComplete}
      spellCheck={type === "text" ? undefined : false}
    />
  );
}

export interface SelectInputProps extends ControlBase {
  value: string;
  onValue: (value: string) => void;
  options: { value: string; label: string; disabled?: boolean }[];
  /** Text of the empty choice; default "Select…". */
  placeholder?: string;
}

export function SelectInput(
  { id, name, value, onValue, options, required, readOnly, disabled, invalid, describedBy, placeholder }:
    SelectInputProps,
) {
  const known = options.some((o) => o.value === value);
  return (
    <select
      className="input select"
      {...controlAttributes({ id, name, required, invalid, describedBy })}
      value={value}
      onChange={(e) => onValue(e.currentTarget.value)}
      disabled={disabled || readOnly}
    >
      {value === "" || !required ? <option value="">{placeholder ?? "Select…"}</option> : null}
      {!known && value !== "" ? <option value={value}>{value}</option> : null}
      {options.map((o) => <option key={o.value} value={o.value} disabled={o.disabled}>{o.label}</option>)}
    </select>
  );
}

export interface MultiSelectInputProps extends ControlBase {
  value: string[];
  onValue: (value: string[]) => void;
  options: { value: string; label: string }[];
}

/**
 * A checkbox list inside role="group", labelled by the field label. A group cannot carry aria-required
 * (axe: not allowed on that role); "required" shows in its label and the form's check says what is missing.
 */
export function MultiSelectInput(
  { id, name, value, onValue, options, readOnly, disabled, invalid, describedBy }: MultiSelectInputProps,
) {
  const chosen = new Set(value);
  const toggle = (v: string, on: boolean) => {
    const next = options.map((o) => o.value).filter((x) => (x === v ? on : chosen.has(x)));
    // keep chosen values that are not (or no longer) among the options
    for (const x of value) if (!options.some((o) => o.value === x)) next.push(x);
    onValue(next);
  };
  return (
    <div
      className="checklist"
      id={id}
      role="group"
      aria-labelledby={labelId(id)}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
    >
      {options.length === 0 ? <span className="checklist-empty">No options</span> : null}
      {options.map((o, i) => (
        <label className="check" key={o.value}>
          <input
            type="checkbox"
            id={`${id}-${i}`}
            name={name}
            value={o.value}
            checked={chosen.has(o.value)}
            onChange={(e) => toggle(o.value, e.currentTarget.checked)}
            disabled={disabled || readOnly}
          />
          <span>{o.label}</span>
        </label>
      ))}
    </div>
  );
}

export interface CheckboxInputProps extends ControlBase {
  value: boolean;
  onValue: (value: boolean) => void;
  /** Text next to the box (the field label is in the label column). */
  text?: string;
}

export function CheckboxInput(
  { id, name, value, onValue, required, readOnly, disabled, invalid, describedBy, text }: CheckboxInputProps,
) {
  return (
    <span className="check">
      <input
        type="checkbox"
        {...controlAttributes({ id, name, required, invalid, describedBy })}
        checked={value}
        onChange={(e) => onValue(e.currentTarget.checked)}
        disabled={disabled || readOnly}
      />
      {text ? <span>{text}</span> : null}
    </span>
  );
}

/** The read-only id of the item; reads 'New' while empty. */
export function IdInput(
  { id, name, value, describedBy }: { id: string; name: string; value: unknown; describedBy?: string },
) {
  const empty = value === null || value === undefined || String(value).trim() === "";
  return (
    <input
      className={["input", "input-id", empty ? "is-new" : ""].filter(Boolean).join(" ")}
      id={id}
      name={name}
      type="text"
      value={empty ? "New" : String(value)}
      readOnly
      aria-readonly="true"
      aria-describedby={describedBy}
    />
  );
}

export interface TextAreaProps extends ControlBase {
  value: string;
  onValue: (value: string) => void;
  placeholder?: string;
  rows?: number;
}

export function TextArea(
  { id, name, value, onValue, required, readOnly, disabled, invalid, describedBy, placeholder, rows = 3 }:
    TextAreaProps,
) {
  return (
    <textarea
      className="input"
      {...controlAttributes({ id, name, required, invalid, describedBy })}
      rows={rows}
      value={value}
      onChange={(e) => onValue(e.currentTarget.value)}
      readOnly={readOnly}
      disabled={disabled}
      placeholder={placeholder}
    />
  );
}
