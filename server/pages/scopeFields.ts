/** The form fields the settings screens build from the caller's species and sites (their select's options). */
import type { FieldSpec } from "../../client/islands/DataForm.tsx";

type Named = { id: number; name: string };

/** Species or sites as a select's options: the id (as text) is sent, the name is shown. */
export function namedOptions(rows: readonly Named[]): { value: string; label: string }[] {
  return rows.map((r) => ({ value: String(r.id), label: r.name }));
}

const SPECIES = {
  name: "speciesId",
  label: "Species",
  type: "select",
  required: true,
  valueType: "number",
} as const;

/** The required "Species" select (`speciesId`, sent as a number); `more` adds to it (read-only, help). */
export function speciesField(species: readonly Named[], more: Partial<FieldSpec> = {}): FieldSpec {
  return { ...SPECIES, options: namedOptions(species), ...more };
}

/** The "Species" ticks (`speciesIds`, sent as numbers) of a thing that handles several; `label` says how. */
export function speciesSetField(
  species: readonly Named[],
  label: string,
  more: Partial<FieldSpec> = {},
): FieldSpec {
  return {
    name: "speciesIds",
    label,
    type: "multiselect",
    valueType: "number",
    options: namedOptions(species),
    ...more,
  };
}

const SITE = { name: "tenantSiteId", label: "Site", type: "select", valueType: "number" } as const;

/** The required "Site" select (`tenantSiteId`, sent as a number): a thing that belongs to one site. */
export function siteField(sites: readonly Named[], more: Partial<FieldSpec> = {}): FieldSpec {
  return { ...SITE, required: true, options: namedOptions(sites), ...more };
}

/**
 * The optional "Site" select (`tenantSiteId`, sent as a number; blank: `placeholder`, every site), only
 * for a plant with more than one site: one site is the whole plant.
 */
export function siteChoiceFields(
  sites: readonly Named[],
  placeholder: string,
  more: Partial<FieldSpec> = {},
): FieldSpec[] {
  return sites.length > 1 ? [{ ...SITE, placeholder, options: namedOptions(sites), ...more }] : [];
}
