/**
 * What the three yield settings screens share: the species they show (asked for, else the header's), the
 * species tabs, the "no species" panel, and how a percentage, a price and a dated row's timing read.
 */
import { TabBar } from "../../../../../client/ui/TabBar.tsx";
import { headerSpeciesAmong } from "../../../../pages/ListScope.tsx";
import type { PageContext } from "../../../../pages/context.ts";
import { idNumber } from "../../../../http/params.ts";
import { formatDecimal } from "../../../../../kernel/format.ts";
import { formatMoney } from "../../../../../kernel/money.ts";

// no .catch/.default here: they make the router redirect to a "canonical" URL (STACK-NOTES)
export const optionalId = idNumber().optional();

/** The species asked for when it is one of the caller's, else the header's. */
export function chosenSpecies(context: PageContext, speciesId?: number) {
  const species = context.caller!.species;
  return species.find((s) => s.id === speciesId) ?? headerSpeciesAmong(context, species) ?? null;
}

/** Tabs of the caller's species (none when they have one), each a link to `href(speciesId)`. */
export function SpeciesTabs({ context, current, href }: {
  context: PageContext;
  current: number;
  href: (speciesId: number) => string;
}) {
  const species = context.caller!.species;
  if (species.length < 2) return null;
  return (
    <TabBar
      label="Species"
      tabs={species.map((s) => ({ key: String(s.id), title: s.name }))}
      current={String(current)}
      href={(key) => href(Number(key))}
    />
  );
}

export function NoSpecies({ title }: { title: string }) {
  return (
    <section className="panel">
      <h2>{title}</h2>
      <p className="muted">No species is enabled for you: ask an admin.</p>
    </section>
  );
}

export const percentText = (p: number | null | undefined) => (p == null ? "—" : `${formatDecimal(p, 2)} %`);
export const priceText = (d: number | null | undefined) => (d == null ? "—" : `${formatMoney(d)}/kg`);

export const TIMING_TEXT = { past: "Past", current: "In force", future: "From a later day" } as const;

/** A query string from the values given (blank ones left out). */
export function query(values: Record<string, string | number | undefined | null>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) {
    if (v !== undefined && v !== null && v !== "") q.set(k, String(v));
  }
  const text = q.toString();
  return text ? `?${text}` : "";
}
