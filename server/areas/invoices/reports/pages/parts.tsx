/**
 * What the invoice report screens share: the default period (the last 30 days),
 * the filter form (a plain GET form: period, species and any extra fields) and download links.
 */
import type { ReactNode } from "react";
import { z } from "zod";
import { PeriodForm } from "../../../../../client/ui/PeriodForm.tsx";
import { idNumber } from "../../../../http/params.ts";
import { isoDate } from "../../../../http/validation.ts";
import { addDays } from "../../../../../kernel/dates.ts";
import type { PageContext } from "../../../../pages/context.ts";
import { FilterSelect } from "../../../../../client/ui/FilterControls.tsx";

export const PeriodSearch = z.object({
  fromDate: isoDate.optional(),
  toDate: isoDate.optional(),
  speciesId: idNumber().optional(),
});

/** The period asked for, else the last 30 days to today. */
export function periodOf(context: PageContext, s: { fromDate?: string; toDate?: string }) {
  const toDate = s.toDate ?? context.today;
  return { fromDate: s.fromDate ?? addDays(toDate, -30), toDate };
}

/** The report's period and species (with "All" when `allSpecies`), and any extra filters. */
export function ReportFilter({ id, fromDate, toDate, species, speciesId, allSpecies, children }: {
  id: string;
  fromDate: string;
  toDate: string;
  species: { id: number; name: string }[];
  speciesId: number | undefined;
  allSpecies?: boolean;
  children?: ReactNode;
}) {
  return (
    <PeriodForm id={id} fromDate={fromDate} toDate={toDate}>
      <FilterSelect
        id={`${id}-species`}
        label="Species"
        name="speciesId"
        defaultValue={speciesId ?? ""}
        empty={allSpecies ? "All" : undefined}
        options={species.map((s) => [s.id, s.name])}
      />
      {children}
    </PeriodForm>
  );
}

/** Links to the report as files (the same query), beside Print. */
export function Downloads({ links }: { links: { label: string; href: string }[] }) {
  return (
    <div className="actions no-print">
      {links.map((l) => <a key={l.label} className="btn" href={l.href} download>{l.label}</a>)}
    </div>
  );
}

export const query = (values: Record<string, string | number | undefined>) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) if (v !== undefined && v !== "") q.set(k, String(v));
  return q.toString();
};
