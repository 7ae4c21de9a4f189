/**
 * The kill agenda screens' day, species and site pickers: a plain GET form (no script; a change of a
 * select submits it through the shell's `data-autosubmit`), with the previous and next day beside it.
 */
import type { ReactNode } from "react";
import { z } from "zod";
import { idNumber } from "../http/params.ts";
import { isoDate, type NearestDays } from "../http/validation.ts";
import type { PageContext } from "./context.ts";
import { addDays } from "../../kernel/dates.ts";
import { formatDate } from "../../kernel/format.ts";

export const DaySearch = z.object({
  date: isoDate.optional(),
  species: idNumber().optional(),
  site: idNumber().optional(),
});
export type DaySearch = z.output<typeof DaySearch>;

/** The service's query from the page's search (the address uses short names). */
export const dayQuery = (s: DaySearch) => ({ date: s.date, speciesId: s.species, tenantSiteId: s.site });

export interface Pickers {
  species: { id: number; name: string }[];
  sites: { id: number; name: string }[];
}

export const pickersOf = (context: PageContext): Pickers => ({
  species: context.caller!.species,
  sites: context.caller!.sites,
});

/** `path?date=…&species=…&site=…` */
export function dayHref(path: string, q: { date: string; speciesId: number; tenantSiteId: number }) {
  const site = q.tenantSiteId ? `&site=${q.tenantSiteId}` : "";
  return `${path}?date=${q.date}&species=${q.speciesId}${site}`;
}

/** An API document's address for a day (the API's names: speciesId, tenantSiteId). */
export function apiDayHref(
  path: string,
  q: { date: string; speciesId: number | null; tenantSiteId: number },
) {
  const species = q.speciesId ? `&speciesId=${q.speciesId}` : "";
  const site = q.tenantSiteId ? `&tenantSiteId=${q.tenantSiteId}` : "";
  return `${path}?date=${q.date}${species}${site}`;
}

export function DayFilter(
  { path, date, speciesId, siteId, pickers, allSpecies = false, stepDays = true }: {
    path: string;
    date: string;
    /** null: every species (the report) */
    speciesId: number | null;
    siteId: number;
    pickers: Pickers;
    allSpecies?: boolean;
    stepDays?: boolean;
  },
) {
  const step = (days: number) => {
    const q = new URLSearchParams({ date: addDays(date, days) });
    if (speciesId) q.set("species", String(speciesId));
    if (siteId) q.set("site", String(siteId));
    return `${path}?${q}`;
  };
  return (
    <DayToolbar path={path} date={date} step={stepDays ? step : null}>
      {(pickers.species.length > 1 || allSpecies) && (
        <label>
          <span className="sr-only">Species</span>
          <select className="input" name="species" defaultValue={speciesId ?? ""}>
            {allSpecies && <option value="">Every species</option>}
            {pickers.species.map((s) => <option key={s.id} value={s.id}>{s.name}</option>)}
          </select>
        </label>
      )}
      {pickers.sites.length > 1 && (
        <label>
          <span className="sr-only">Site</span>
          <select className="input" name="site" defaultValue={siteId}>
            {pickers.sites.map((s) => <option key={s.id} value={s.id}>{s.name}</option>)}
          </select>
        </label>
      )}
    </DayToolbar>
  );
}

/**
 * A day's picker: the day (and what `children` add) in a plain GET form, which a select's change submits
 * unless `autosubmit` is false, with the previous and next day beside it (none when `step` is null).
 */
export function DayToolbar(
  { path, date, dayLabel = "Production day", step, formLabel, autosubmit = true, children }: {
    path: string;
    date: string;
    dayLabel?: string;
    step: ((days: number) => string) | null;
    formLabel?: string;
    autosubmit?: boolean;
    children?: ReactNode;
  },
) {
  return (
    <div className="toolbar no-print">
      <form
        method="get"
        action={path}
        className="inline-form"
        aria-label={formLabel}
        data-autosubmit={autosubmit || undefined}
      >
        <label>
          <span className="sr-only">{dayLabel}</span>
          <input className="input" type="date" name="date" defaultValue={date} required />
        </label>
        {children}
        <button className="btn" type="submit">Show</button>
      </form>
      {step && <DaySteps date={date} step={step} />}
    </div>
  );
}

/** The previous and next day beside a day's picker: `step(days)` is the address `days` away. */
export function DaySteps({ date, step }: { date: string; step: (days: number) => string }) {
  return (
    <nav className="actions" aria-label="Days">
      <a className="btn" href={step(-1)} aria-label={`Previous day, ${formatDate(addDays(date, -1))}`}>
        ‹ Previous
      </a>
      <a className="btn" href={step(1)} aria-label={`Next day, ${formatDate(addDays(date, 1))}`}>Next ›</a>
    </nav>
  );
}

/**
 * What a day page says when nothing is on the day: the words, then the nearest days with something as
 * links ("Previous: Fri 4 Dec 2026 · Next: Mon 7 Dec 2026"), left out of print.
 */
export function NothingOnDay({ words, nearest, href }: {
  words: string;
  nearest: NearestDays;
  href: (date: string) => string;
}) {
  const { before, after } = nearest;
  return (
    <>
      {words}
      {(before || after) && (
        <span className="no-print">
          {" "}
          {before && <a href={href(before)}>Previous: {formatDate(before)}</a>}
          {before && after && " · "}
          {after && <a href={href(after)}>Next: {formatDate(after)}</a>}
        </span>
      )}
    </>
  );
}
