/**
 * The data type definitions (spec 1 §3 "Data type definition: species, name, dataType, allowableValues"):
 * one per data type a form chooses from, with its allowable values and the words people read for them.
 * Forms build their selects from here (`dataTypeOptions`) and schemas check against the same values, so a
 * list is written once. `species` is null for a type every species shares, else the species it is for
 * (species categories differ per species). Pure: no I/O, usable by islands, reports and rules.
 */
import {
  AUSTRALIAN_STATES,
  OFF_GRID_PRICE_PER,
  OFF_GRID_PRICE_PER_NAMES,
  OFF_GRID_PRICE_TYPES,
  RECURRENCE_FREQUENCIES,
  SPECIES_CATEGORIES,
  STAKEHOLDER_TYPES,
  SUPPLIER_ROLES,
} from "./enums.ts";

/** What a party's address is (spec 1 §3 primaryAddress.addressType). */
export const ADDRESS_TYPES = ["Postal", "Property", "Business"] as const;

export interface DataTypeDefinition {
  /** null: every species; else the species id it is for */
  species: number | null;
  name: string;
  /** "text" values, or "number" ids (species categories) */
  dataType: "text" | "number";
  allowableValues: readonly (string | number)[];
  /** the words shown for a value, where they differ from it */
  labels?: Readonly<Record<string, string>>;
}

const shared = (
  name: string,
  values: readonly string[],
  labels?: Record<string, string>,
): DataTypeDefinition => ({ species: null, name, dataType: "text", allowableValues: values, labels });

const speciesIds = [...new Set(SPECIES_CATEGORIES.map((c) => c.speciesId))];

export const DATA_TYPE_DEFINITIONS: readonly DataTypeDefinition[] = [
  shared("state", AUSTRALIAN_STATES),
  shared("addressType", ADDRESS_TYPES),
  shared("stakeholderType", STAKEHOLDER_TYPES),
  shared("supplierRole", SUPPLIER_ROLES),
  shared("offGridPricePer", OFF_GRID_PRICE_PER, OFF_GRID_PRICE_PER_NAMES),
  shared("offGridPriceType", OFF_GRID_PRICE_TYPES, { OverGrid: "Over grid", UnderGrid: "Under grid" }),
  shared("recurrenceFrequency", RECURRENCE_FREQUENCIES, {
    None: "Does not repeat",
    FourWeekly: "Every four weeks",
  }),
  ...speciesIds.map((species): DataTypeDefinition => {
    const categories = SPECIES_CATEGORIES.filter((c) => c.speciesId === species);
    return {
      species,
      name: "speciesCategory",
      dataType: "number",
      allowableValues: categories.map((c) => c.id),
      labels: Object.fromEntries(categories.map((c) => [String(c.id), c.name])),
    };
  }),
];

/** The definition of a data type (for a species where it differs per species), or undefined. */
export function dataTypeDefinition(
  name: string,
  species: number | null = null,
): DataTypeDefinition | undefined {
  return DATA_TYPE_DEFINITIONS.find((d) => d.name === name && (d.species === null || d.species === species));
}

/** Whether a value is one of the type's allowable values. */
export function isAllowable(name: string, value: unknown, species: number | null = null): boolean {
  return dataTypeDefinition(name, species)?.allowableValues.some((v) => String(v) === String(value)) ?? false;
}

/** A select's options for a data type: each allowable value with its words. */
export function dataTypeOptions(
  name: string,
  species: number | null = null,
): { value: string; label: string }[] {
  const d = dataTypeDefinition(name, species);
  if (!d) throw new Error(`No data type definition named ${name}.`);
  return d.allowableValues.map((v) => ({ value: String(v), label: d.labels?.[String(v)] ?? String(v) }));
}
