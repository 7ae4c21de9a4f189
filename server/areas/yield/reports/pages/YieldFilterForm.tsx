/**
 * The filter of the run analysis as a GET form (species, days or dates, plant): a submit reloads the page
 * once with the new query. The date box takes what the yield home takes ("14", "14 days", d/m/y).
 */
import { formatDate } from "../../../../../kernel/format.ts";
import type { YieldPlants } from "../../access.ts";
import type { YieldFilter } from "../../schemas.ts";
import { FilterInput, FilterSelect } from "../../../../../client/ui/FilterControls.tsx";

export function YieldFilterForm(
  { action, filter, plants }: { action: string; filter: YieldFilter; plants: YieldPlants },
) {
  const speciesPlants = plants.plants.get(filter.speciesId) ?? [];
  const dmy = (iso: string) => iso.split("-").reverse().join("/");
  return (
    <form method="get" action={action} className="panel inline-form yr-filter" aria-label="Filter">
      <FilterSelect
        id="yr-species"
        label="Species"
        name="species"
        defaultValue={filter.speciesId}
        options={plants.species.map((s) => [s.id, s.name])}
      />
      <FilterInput
        id="yr-date"
        label="Days or dates"
        name="date"
        size={22}
        defaultValue={filter.fromDate === filter.toDate
          ? dmy(filter.fromDate)
          : `${dmy(filter.fromDate)} - ${dmy(filter.toDate)}`}
        aria-describedby="yr-date-help"
      />
      <FilterSelect
        id="yr-plants"
        label="Plant"
        name="plants"
        defaultValue={filter.plantIds?.length === 1 ? filter.plantIds[0] : ""}
        empty="Every plant"
        options={speciesPlants.map((p) => [p.id, p.name])}
      />
      <button className="btn btn-primary" type="submit">Show</button>
      <span id="yr-date-help" className="muted small">
        {formatDate(filter.fromDate)} to {formatDate(filter.toDate)}. Type 14 for the last 14 days, or d/m/y.
      </span>
    </form>
  );
}
