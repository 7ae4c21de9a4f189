/**
 * Settings › Stock settings (spec 2 §2.2, super only): the species the plant works with, the species
 * categories and carcass types it buys, and how many days ahead the kill agenda strip shows.
 */
import { defineScreen } from "../../../pages/screen.ts";
import { DataForm } from "../../../pages/islands.tsx";
import { pageAreaContext } from "../../context.ts";
import { SPECIES_CATEGORIES } from "../../../../kernel/enums.ts";
import { SETTINGS_API } from "../api.ts";
import { AGENDA_PLANNING_DAYS, CARCASS_TYPES } from "../rules.ts";
import { allSpecies, getStockSettings } from "../operations/stockSettings.ts";
import { namedOptions } from "../../../pages/scopeFields.ts";

export const StockSettingsScreen = defineScreen({
  loader: async ({ context }) => {
    const ctx = await pageAreaContext(context);
    const [species, settings] = await Promise.all([allSpecies(ctx), getStockSettings(ctx)]);
    return { species, settings };
  },
  component: ({ data }) => {
    const speciesName = new Map(data.species.map((s) => [s.id, s.name]));
    return (
      <section className="panel narrow" aria-labelledby="stock-title">
        <h2 id="stock-title">Stock settings</h2>
        <DataForm
          id="stock-settings"
          fields={[
            {
              name: "speciesIds",
              label: "Species",
              type: "multiselect",
              required: true,
              valueType: "number",
              help:
                "The species the plant processes (at least one). A species left out disappears from every list.",
              options: namedOptions(data.species),
            },
            {
              name: "speciesCategoryIds",
              label: "Species categories bought",
              type: "multiselect",
              valueType: "number",
              help: "Only categories of the species ticked above are kept.",
              options: SPECIES_CATEGORIES.map((c) => ({
                value: String(c.id),
                // "Lamb (Sheep)"; a category named as its species ("Goat") once
                label: speciesName.get(c.speciesId) === c.name || !speciesName.has(c.speciesId)
                  ? c.name
                  : `${c.name} (${speciesName.get(c.speciesId)})`,
              })),
            },
            {
              name: "carcassTypes",
              label: "Carcass types bought",
              type: "multiselect",
              options: CARCASS_TYPES.map((t) => ({ value: t.value, label: t.label })),
            },
            {
              name: "agendaPlanningDays",
              label: "Kill agenda days ahead",
              type: "number",
              required: true,
              help:
                `How many days the agenda shows ahead by default (${AGENDA_PLANNING_DAYS.min} to ${AGENDA_PLANNING_DAYS.max}).`,
            },
          ]}
          initial={{ ...data.settings, lastModified: data.settings.lastModified ?? undefined }}
          submit={{ method: "POST", url: SETTINGS_API.saveStockSettings }}
          successToast="The stock settings were saved."
        />
      </section>
    );
  },
});
