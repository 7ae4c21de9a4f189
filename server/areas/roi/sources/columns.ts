/** The filterable columns the plant data sources share: species (with the caller's choices) and supplier. */
import type { FilterableColumn } from "../../../../reports/roi/model.ts";

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
