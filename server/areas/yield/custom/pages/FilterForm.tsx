/**
 * The yield pages' filters as a plain GET form (no island: the server answers the new address): species,
 * dates and plants always; boning rooms, shifts, product codes and segments where a page asks for them.
 * Lists go as repeated names (`plants=1&plants=2`), which the pages read as lists.
 */
import type { ReactNode } from "react";
import type { Named } from "../../../scope.ts";
import { SHIFT_NAMES, SHIFTS } from "../../rules.ts";
import type { PageFilter } from "../pageFilter.ts";

export interface Choices {
  name: string;
  legend: string;
  options: { id: number | string; name: string }[];
  chosen: readonly (number | string)[] | undefined;
  /** a long list: a select of several rows rather than check boxes */
  long?: boolean;
}

function ChoiceList({ name, legend, options, chosen, long }: Choices) {
  const isChosen = (id: number | string) => chosen?.map(String).includes(String(id)) ?? false;
  if (!options.length) return null;
  if (long) {
    return (
      <label className="yc-filter-field">
        <span>{legend}</span>
        <select
          name={name}
          multiple
          size={Math.min(6, options.length)}
          className="input select"
          defaultValue={options.filter((o) => isChosen(o.id)).map((o) => String(o.id))}
        >
          {options.map((o) => <option key={o.id} value={o.id}>{o.name}</option>)}
        </select>
      </label>
    );
  }
  return (
    <fieldset className="yc-filter-choices">
      <legend>{legend}</legend>
      {options.map((o) => (
        <label key={o.id} className="check">
          <input type="checkbox" name={name} value={o.id} defaultChecked={isChosen(o.id)} />
          {o.name}
        </label>
      ))}
    </fieldset>
  );
}

export function YieldFilterForm({ f, label, more = [], hidden = {}, children }: {
  f: PageFilter;
  /** the form's accessible name */
  label: string;
  more?: Choices[];
  hidden?: Record<string, string>;
  /** the page's own fields, first (a graph type, the table's rows and columns) */
  children?: ReactNode;
}) {
  const allPlants = f.filter.plantIds.length === f.plants.length;
  return (
    <form method="get" className="yc-filters no-print" aria-label={label}>
      {Object.entries(hidden).map(([k, v]) => <input key={k} type="hidden" name={k} value={v} />)}
      {children}
      <label className="yc-filter-field">
        <span>Species</span>
        <select name="species" className="input select" defaultValue={f.speciesId}>
          {f.species.map((s: Named) => <option key={s.id} value={s.id}>{s.name}</option>)}
        </select>
      </label>
      <label className="yc-filter-field">
        <span>Dates</span>
        <input
          name="date"
          className="input"
          defaultValue={f.dateText}
          aria-describedby="yc-date-help"
          maxLength={40}
        />
        <small id="yc-date-help" className="muted">
          A number of days (14), a date (1/11/2026) or a range (1/11/2026 - 7/11/2026)
        </small>
      </label>
      {f.plants.length > 1 && (
        <ChoiceList
          name="plants"
          legend="Plants (none ticked: all)"
          options={f.plants}
          chosen={allPlants ? [] : f.filter.plantIds}
        />
      )}
      {more.map((c) => <ChoiceList key={c.name} {...c} />)}
      <button type="submit" className="btn btn-primary">Show</button>
    </form>
  );
}

/** The shift choice (day, night) most pages offer. */
export function shiftChoices(f: PageFilter): Choices {
  return {
    name: "shifts",
    legend: "Shifts",
    options: SHIFTS.map((s) => ({ id: s, name: SHIFT_NAMES[s] })),
    chosen: f.filter.shiftTypes,
  };
}

/** The boning room choice (rooms of the plants shown). */
export function roomChoices(f: PageFilter): Choices {
  const plantName = (id: number) => f.plants.find((p) => p.id === id)?.name ?? "";
  const options = f.rooms.map((r) => ({
    id: r.id,
    name: f.plants.length > 1 ? `${r.name}, ${plantName(r.tenantSiteId)}` : r.name,
  }));
  return { name: "brs", legend: "Boning rooms", options, chosen: f.filter.boningRoomIds };
}

/** "What the address asked that was left out" above the figures. */
export function FilterNotes({ notes }: { notes: string[] }) {
  if (!notes.length) return null;
  return (
    <div className="form-errors" role="status">
      <ul>{notes.map((n) => <li key={n}>{n}</li>)}</ul>
    </div>
  );
}

/** Why a yield page has nothing to show (spec 3 §2.1 messages: no species, no sites for a species). */
export function NoYield({ message }: { message?: string }) {
  return (
    <section className="panel">
      <p className="muted">{message}</p>
    </section>
  );
}
