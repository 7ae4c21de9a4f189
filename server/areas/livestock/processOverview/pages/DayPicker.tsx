/**
 * The overview's day and species: a plain GET form with the previous and next day beside it. Like the
 * kill agenda's DayFilter, but "Every species" is `species=all` (a blank value is dropped from the
 * address, which then means the header's species).
 */
import { addDays } from "../../../../../kernel/dates.ts";
import { DayToolbar } from "../../../../pages/DayFilter.tsx";

export const ALL_SPECIES = "all";

export function DayPicker({ path, date, speciesId, species }: {
  path: string;
  date: string;
  /** null: every species */
  speciesId: number | null;
  species: readonly { id: number; name: string }[];
}) {
  const chosen = speciesId === null ? ALL_SPECIES : String(speciesId);
  const step = (days: number) => `${path}?date=${addDays(date, days)}&species=${chosen}`;
  return (
    <DayToolbar path={path} date={date} step={step}>
      <label>
        <span className="sr-only">Species</span>
        <select className="input" name="species" defaultValue={chosen}>
          <option value={ALL_SPECIES}>Every species</option>
          {species.map((s) => <option key={s.id} value={s.id}>{s.name}</option>)}
        </select>
      </label>
    </DayToolbar>
  );
}
