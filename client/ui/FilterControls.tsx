import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from "react";

/**
 * Controls for plain GET filter forms (no script): a label and its control written from one id, so
 * the label's htmlFor and the control's id cannot drift apart. Uncontrolled (defaultValue): the form
 * submits to the address. For the controlled fields of an island form, see Field.tsx.
 *
 * The pair is one `.filter-pair`: in a wrapping `.inline-form` a label never ends one line with its
 * control starting the next; elsewhere (a grid cell) the wrapper takes no box (display: contents).
 */

interface Labelled {
  /** id of the control; the label points at it. */
  id: string;
  label: ReactNode;
}

export type FilterSelectProps =
  & Labelled
  & Omit<SelectHTMLAttributes<HTMLSelectElement>, "id" | "children">
  & {
    name: string;
    /** Words of an empty first choice ("All", "Every plant"); none when left out. */
    empty?: string;
    /** Choices as [value, words]; `children` (more <option>s) follow them. */
    options?: readonly (readonly [string | number, ReactNode])[];
    children?: ReactNode;
  };

/** A labelled select. className is "input select" unless given ("" for none). */
export function FilterSelect(
  { id, label, empty, options, children, className = "input select", ...attributes }: FilterSelectProps,
) {
  return (
    <span className="filter-pair">
      <label htmlFor={id}>{label}</label>
      <select id={id} className={className || undefined} {...attributes}>
        {empty !== undefined && <option value="">{empty}</option>}
        {options?.map(([value, words]) => <option key={value} value={value}>{words}</option>)}
        {children}
      </select>
    </span>
  );
}

export type FilterInputProps =
  & Labelled
  & Omit<InputHTMLAttributes<HTMLInputElement>, "id">
  & { name: string };

/** A labelled input (text unless `type` says search, date…). className is "input" unless given ("" for none). */
export function FilterInput({ id, label, className = "input", ...attributes }: FilterInputProps) {
  return (
    <span className="filter-pair">
      <label htmlFor={id}>{label}</label>
      <input id={id} className={className || undefined} {...attributes} />
    </span>
  );
}

/** A labelled date input. */
export function FilterDate(props: Omit<FilterInputProps, "type">) {
  return <FilterInput {...props} type="date" />;
}
