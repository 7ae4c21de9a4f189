/**
 * The users form's Yield visibility (spec 3 §3 plantSpeciesVisibility): the tenant's sites × species as
 * ticks, one row of boxes per site (client/styles/areas/yieldSettings.css lays the list out as a grid).
 * Public to the users area, whose user page shows it when the tenant has yield reporting.
 */
import type { DataFormProps } from "../../../../client/islands/DataForm.tsx";
import { YIELD_SETTINGS_API } from "./api.ts";
import type { PlantSpecies } from "../rules.ts";

export function plantSpeciesVisibilityForm(
  userId: number,
  pairs: PlantSpecies[],
  choices: { sites: { id: number; name: string }[]; species: { id: number; name: string }[] },
): DataFormProps {
  return {
    id: "yield-visibility",
    title: "Yield visibility",
    fields: [{
      name: "plantSpeciesVisibility",
      label: "Sites and species in yield reports",
      type: "multiselect",
      labelWidth: "11rem",
      help: "None ticked: all of the user's sites and species.",
      options: choices.sites.flatMap((site) =>
        choices.species.map((s) => ({ value: `${site.id}:${s.id}`, label: `${site.name}: ${s.name}` }))
      ),
    }],
    // the user's id as the form's: it edits their setting, so Save waits for a change
    initial: {
      id: userId,
      userId,
      plantSpeciesVisibility: pairs.map((p) => `${p.tenantSiteId}:${p.speciesType}`),
    },
    submit: { method: "POST", url: YIELD_SETTINGS_API.updateUserPlantSpeciesVisibility },
    successToast: "Yield visibility saved.",
  };
}
