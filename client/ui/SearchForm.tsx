import type { ReactNode } from "react";

/**
 * A list's search box: a plain GET form (no script) that puts `q` in the address, keeping the list's
 * other query values (a tab, a kind) as hidden fields, with "Show all" when a search is on. A page that
 * is itself a search (Find) opens with the box focused, its hint under it (`children`).
 */
export function SearchForm(
  {
    id,
    label,
    value,
    placeholder,
    keep = {},
    clearHref,
    className = "inline-form",
    visibleLabel = false,
    action,
    focused = false,
    hint,
    boxData = {},
  }: {
    id: string;
    /** what is searched, for screen readers (and shown with `visibleLabel`) */
    label: string;
    value: string | undefined;
    placeholder?: string;
    /** other query values the list keeps */
    keep?: Record<string, string>;
    /** where "Show all" goes (shown while a search is on) */
    clearHref?: string;
    className?: string;
    visibleLabel?: boolean;
    /** the page the search goes to (default: this one) */
    action?: string;
    /** the page is opened to type into the box: it has the focus, and the button is the primary one */
    focused?: boolean;
    /** said under the box, and read with it */
    hint?: ReactNode;
    /** data attributes of the box (`{ "find-box": "" }` → data-find-box) */
    boxData?: Record<string, string>;
  },
) {
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <form method="get" action={action} className={className} role="search">
      {Object.entries(keep).map(([name, v]) => <input key={name} type="hidden" name={name} value={v} />)}
      <label className={visibleLabel ? undefined : "sr-only"} htmlFor={id}>{label}</label>
      <input
        id={id}
        className="input"
        name="q"
        type="search"
        maxLength={100}
        placeholder={placeholder}
        defaultValue={value ?? ""}
        autoFocus={focused}
        autoComplete={focused ? "off" : undefined}
        aria-describedby={hintId}
        {...Object.fromEntries(Object.entries(boxData).map(([k, v]) => [`data-${k}`, v]))}
      />
      <button className={focused ? "btn btn-primary" : "btn"} type="submit">
        {visibleLabel ? "Find" : "Search"}
      </button>
      {value && clearHref ? <a href={clearHref}>Show all</a> : null}
      {hint && <span id={hintId} className="muted small search-hint">{hint}</span>}
    </form>
  );
}
