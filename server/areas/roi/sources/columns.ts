/**
 * What the plant data sources share: their definition's frame, a value column summed per day, and the
 * filterable columns species (with the caller's choices) and supplier.
 */
import type {
  FilterableColumn,
  RoiUnit,
  SourceDefinition,
  ValueColumn,
} from "../../../../reports/roi/model.ts";

/** A plant data source (category 1): read from the plant's own records, never from an uploaded file. */
export const plantSource = (
  sourceId: string,
  sourceName: string,
  what: string,
  columns: Pick<SourceDefinition, "valueColumns" | "filterableColumns" | "groupableColumns">,
): SourceDefinition => ({
  category: 1,
  sourceId,
  sourceName,
  displayName: `Plant data · ${what}`,
  importable: false,
  ...columns,
});

/** A value column of head, kilograms or dollars summed per day. */
export const summed = <U extends RoiUnit>(
  sourceColumn: string,
  displayName: string,
  unit: U,
): ValueColumn & { unit: U; aggregation: 0 } => ({ sourceColumn, displayName, unit, aggregation: 0 });

export const speciesFilter = (valueOptions: { value: string; label: string }[]): FilterableColumn => ({
  sourceColumn: "speciesId",
  displayName: "Species",
  dataType: "number",
  valueOptions,
  definedType: "species",
  isAllowMultipleValues: true,
});

export const SUPPLIER_FILTER: FilterableColumn = {
  sourceColumn: "supplierId",
  displayName: "Supplier",
  dataType: "number",
  valueOptions: [],
  definedType: "supplier",
  isAllowMultipleValues: true,
};

/** The Species filter over the caller's species (or those of them a source has). */
export const scopeSpeciesFilter = (species: readonly { id: number; name: string }[]): FilterableColumn =>
  speciesFilter(species.map((s) => ({ value: String(s.id), label: s.name })));
