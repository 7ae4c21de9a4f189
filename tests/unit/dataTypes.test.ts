/** The data type definitions (spec 1 §3): one per type, allowable values, words, per species where they differ. */
import { describe, expect, it } from "vitest";
import {
  DATA_TYPE_DEFINITIONS,
  dataTypeDefinition,
  dataTypeOptions,
  isAllowable,
} from "../../kernel/dataTypes.ts";
import { AUSTRALIAN_STATES, SPECIES_CATEGORIES } from "../../kernel/enums.ts";

describe("data type definitions", () => {
  it("has one definition per type and species, each with values", () => {
    const keys = DATA_TYPE_DEFINITIONS.map((d) => `${d.name}/${d.species ?? "all"}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const d of DATA_TYPE_DEFINITIONS) expect(d.allowableValues.length, d.name).toBeGreaterThan(0);
  });

  it("gives a form's options in words, with the values the schemas accept", () => {
    expect(dataTypeOptions("state").map((o) => o.value)).toEqual([...AUSTRALIAN_STATES]);
    expect(dataTypeOptions("recurrenceFrequency")[0]).toEqual({ value: "None", label: "Does not repeat" });
    expect(dataTypeOptions("offGridPricePer")).toContainEqual({ value: "PerHead", label: "per head" });
    expect(() => dataTypeOptions("noSuchType")).toThrow(/No data type definition/);
  });

  it("keeps species categories per species", () => {
    const beef = dataTypeOptions("speciesCategory", 2);
    expect(beef.map((o) => o.label)).toEqual(
      SPECIES_CATEGORIES.filter((c) => c.speciesId === 2).map((c) => c.name),
    );
    expect(dataTypeDefinition("speciesCategory", 2)?.dataType).toBe("number");
    expect(dataTypeDefinition("speciesCategory", 99)).toBeUndefined();
    expect(isAllowable("speciesCategory", 21, 2)).toBe(true);
    expect(isAllowable("speciesCategory", 21, 1)).toBe(false);
    expect(isAllowable("state", "NSW")).toBe(true);
    expect(isAllowable("state", "Queensland")).toBe(false);
  });
});
