/**
 * A list's search box: a plain GET form (no script) that puts `q` in the address, keeping the list's
 * other query values (a tab, a kind) as hidden fields, with "Show all" when a search is on.
 */
export function SearchForm(
  { id, label, value, placeholder, keep = {}, clearHref, className = "inline-form", visibleLabel = false }: {
    id: string;
    /** what is searched, for screen readers (and shown with `visibleLabel`) */
    label: string;
    value: string | undefined;
    placeholder: string;
    /** other query values the list keeps */
    keep?: Record<string, string>;
    /** where "Show all" goes (shown while a search is on) */
    clearHref?: string;
    className?: string;
    visibleLabel?: boolean;
  },
) {
  return (
    <form method="get" className={className} role="search">
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
      />
      <button className="btn" type="submit">{visibleLabel ? "Find" : "Search"}</button>
      {value && clearHref ? <a href={clearHref}>Show all</a> : null}
    </form>
  );
}
