/**
 * The filter of the run analysis as a GET form (species, days or dates, plant): a submit reloads the page
 * once with the new query. The date box takes what the yield home takes ("14", "14 days", d/m/y).
 */
import { formatDate } from "../../../../../kernel/format.ts";
import type { YieldPlants } from "../../access.ts";
import type { YieldFilter } from "../../schemas.ts";

export function YieldFilterForm(
  { action, filter, plants }: { action: string; filter: YieldFilter; plants: YieldPlants },
) {
  const speciesPlants = plants.plants.get(filter.speciesId) ?? [];
  const dmy = (iso: string) => iso.split("-").reverse().join("/");
  return (
    <form method="get" action={action} className="panel inline-form yr-filter" aria-label="Filter">
      <label htmlFor="yr-species">Species</label>
      <select id="yr-species" name="species" className="input select" defaultValue={filter.speciesId}>
        {plants.species.map((s) => <option key={s.id} value={s.id}>{s.name}</option>)}
      </select>
      <label htmlFor="yr-date">Days or dates</label>
      <input
        id="yr-date"
        name="date"
        className="input"
        size={22}
        defaultValue={filter.fromDate === filter.toDate
          ? dmy(filter.fromDate)
          : `${dmy(filter.fromDate)} - ${dmy(filter.toDate)}`}
        aria-describedby="yr-date-help"
      />
      <label htmlFor="yr-plants">Plant</label>
      <select
        id="yr-plants"
        name="plants"
        className="input select"
        defaultValue={filter.plantIds?.length === 1 ? filter.plantIds[0] : ""}
      >
        <option value="">Every plant</option>
        {speciesPlants.map((p) => <option key={p.id} value={p.id}>{p.name}</option>)}
      </select>
      <button className="btn btn-primary" type="submit">Show</button>
      <span id="yr-date-help" className="muted small">
        {formatDate(filter.fromDate)} to {formatDate(filter.toDate)}. Type 14 for the last 14 days, or d/m/y.
      </span>
    </form>
  );
}
