/**
 * The column-mapping step: one row per field of ours, with the file's column chosen for it (first
 * guessed from the names), and the first rows' values of that column to check the choice by eye.
 */
import { CARCASS_FIELDS, type CarcassFieldKey } from "../../../server/areas/killFloor/rules.ts";

export type Mapping = Partial<Record<CarcassFieldKey, string>>;

export const NOT_IN_FILE = "— not in the file —";

export interface MappingTableProps {
  headers: readonly string[];
  /** the first data rows, cells in the headers' order */
  preview: readonly (readonly string[])[];
  mapping: Mapping;
  onChange: (key: CarcassFieldKey, column: string) => void;
  disabled?: boolean;
}

const selectId = (key: string) => `cu-map-${key}`;

export function MappingTable({ headers, preview, mapping, onChange, disabled }: MappingTableProps) {
  const columns = [...new Set(headers.filter(Boolean))];
  const valuesOf = (column: string | undefined) => {
    const i = column ? headers.indexOf(column) : -1;
    return i < 0 ? [] : preview.map((row) => (row[i] ?? "").trim());
  };
  const unused = columns.filter((c) => !Object.values(mapping).includes(c));
  return (
    <>
      <div className="table-wrap">
        <table className="table table-compact cu-mapping">
          <caption className="sr-only">Which column of the file holds each of our fields</caption>
          <thead>
            <tr>
              <th scope="col" className="cu-col-field">Our field</th>
              <th scope="col" className="cu-col-file">Column in your file</th>
              <th scope="col">First rows of that column</th>
            </tr>
          </thead>
          <tbody>
            {CARCASS_FIELDS.map((f) => {
              const id = selectId(f.key);
              const values = valuesOf(mapping[f.key]);
              // a required field, or the mob reference (lot or mob id), still without a column
              const missing = !mapping[f.key] &&
                (f.required ||
                  ((f.key === "lot" || f.key === "stockMobId") && !mapping.lot && !mapping.stockMobId));
              return (
                <tr key={f.key} data-field={f.key}>
                  <td>
                    <label htmlFor={id}>
                      <strong>{f.label}</strong>
                      {f.required && (
                        <span className="field-required" title="Required">
                          {" *"}
                          <span className="sr-only">(required)</span>
                        </span>
                      )}
                    </label>
                    <div className="muted small" id={`${id}-help`}>{f.help}</div>
                  </td>
                  <td>
                    <select
                      id={id}
                      value={mapping[f.key] ?? ""}
                      onChange={(e) => onChange(f.key, e.currentTarget.value)}
                      aria-describedby={`${id}-help`}
                      aria-required={f.required || undefined}
                      aria-invalid={missing || undefined}
                      className="input select cu-select"
                      disabled={disabled}
                    >
                      <option value="">{NOT_IN_FILE}</option>
                      {columns.map((c) => <option key={c} value={c}>{c}</option>)}
                    </select>
                  </td>
                  <td className="small u-wrap-anywhere">
                    {mapping[f.key]
                      ? values.length
                        ? values.map((v, i) => (
                          <span key={i}>
                            {i > 0 && (
                              <span className="muted cu-dot" aria-hidden="true">
                                ·
                              </span>
                            )}
                            {v || <span className="muted">(blank)</span>}
                          </span>
                        ))
                        : <span className="muted">(no rows)</span>
                      : <span className="muted">—</span>}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {unused.length > 0 && (
        <p className="muted small u-flush">
          Columns left out of the import: {unused.join(", ")}.
        </p>
      )}
    </>
  );
}
