/**
 * One line of the ROI wizard: its name, credit or debit, source and value column, one filter, a group,
 * its operator with another line, its unit, hidden or shown, typed values (typed-value lines) and its
 * budget (typed per budget column, or a reference table's column).
 */
import type {
  LineBudget,
  ReportColumn,
  ReportLine,
  RoiUnit,
  SourceDefinition,
} from "../../../reports/roi/model.ts";
import { Button } from "../../ui/Button.tsx";

const UNITS: RoiUnit[] = ["$", "kg", "#", "%", "score", "mm"];

export function RoiLineEditor(
  { line, lines, sources, dataColumns, budgetColumns, categoryNames, operatorNames, onChange }: {
    line: ReportLine;
    lines: ReportLine[];
    sources: SourceDefinition[];
    dataColumns: ReportColumn[];
    budgetColumns: ReportColumn[];
    categoryNames: Record<number, string>;
    operatorNames: Record<number, string>;
    onChange: (line: ReportLine | null) => void;
  },
) {
  const set = (change: Partial<ReportLine>) => onChange({ ...line, ...change });
  const sourceKey = `${line.category}|${line.sourceId}`;
  const source = sources.find((s) => `${s.category}|${s.sourceId}` === sourceKey);
  const filter = line.filters[0] ?? { sourceColumn: "", values: [] };
  const references = sources.filter((s) => s.category === 3);
  const budgetTable = line.budget.kind === "reference"
    ? references.find((s) =>
      s.sourceId === `table:${(line.budget as { referenceDataId: number }).referenceDataId}`
    )
    : undefined;
  const id = (f: string) => `roi-${line.lineId}-${f}`;
  const valueOf = (values: { reportColumnId: string; value: number }[], col: string) =>
    values.find((v) => v.reportColumnId === col)?.value ?? "";
  const withValue = (values: { reportColumnId: string; value: number }[], col: string, text: string) => {
    const rest = values.filter((v) => v.reportColumnId !== col);
    return text.trim() === "" || !Number.isFinite(Number(text))
      ? rest
      : [...rest, { reportColumnId: col, value: Number(text) }];
  };
  const setBudget = (budget: LineBudget) => set({ budget });

  return (
    <section className="roi-wizard-line" aria-label={`Line ${line.displayName}`}>
      <div className="form-grid">
        <label htmlFor={id("name")}>Line name</label>
        <input
          id={id("name")}
          className="input"
          required
          maxLength={120}
          value={line.displayName}
          onChange={(e) => set({ displayName: e.target.value })}
        />
        <label htmlFor={id("side")}>Side</label>
        <select
          id={id("side")}
          className="input"
          value={line.isDebit ? "debit" : "credit"}
          onChange={(e) => set({ isDebit: e.target.value === "debit" })}
        >
          <option value="credit">Credit</option>
          <option value="debit">Debit</option>
        </select>
        <label htmlFor={id("source")}>Source</label>
        <select
          id={id("source")}
          className="input"
          value={sourceKey}
          onChange={(e) => {
            const next = sources.find((s) => `${s.category}|${s.sourceId}` === e.target.value)!;
            const first = next.valueColumns[0];
            set({
              category: next.category,
              sourceId: next.sourceId,
              lineName: next.displayName,
              sourceColumn: first?.sourceColumn ?? "",
              unit: (first?.unit as RoiUnit) ?? line.unit,
              filters: [],
              groupBy: null,
            });
          }}
        >
          {sources.map((s) => (
            <option key={`${s.category}|${s.sourceId}`} value={`${s.category}|${s.sourceId}`}>
              {s.displayName || categoryNames[s.category]}
            </option>
          ))}
        </select>
        {source && source.valueColumns.length > 0 && (
          <>
            <label htmlFor={id("column")}>Value</label>
            <select
              id={id("column")}
              className="input"
              value={line.sourceColumn}
              onChange={(e) => {
                const col = source.valueColumns.find((c) => c.sourceColumn === e.target.value);
                set({ sourceColumn: e.target.value, unit: (col?.unit as RoiUnit) ?? line.unit });
              }}
            >
              {source.valueColumns.map((c) => (
                <option key={c.sourceColumn} value={c.sourceColumn}>{c.displayName}</option>
              ))}
            </select>
          </>
        )}
        {source && source.filterableColumns.length > 0 && (
          <>
            <label htmlFor={id("filter")}>Only where</label>
            <span className="inline-form">
              <select
                id={id("filter")}
                className="input"
                value={filter.sourceColumn}
                onChange={(e) =>
                  set({ filters: e.target.value ? [{ sourceColumn: e.target.value, values: [] }] : [] })}
              >
                <option value="">Every row</option>
                {source.filterableColumns.map((c) => (
                  <option key={c.sourceColumn} value={c.sourceColumn}>{c.displayName}</option>
                ))}
              </select>
              {filter.sourceColumn && (
                <input
                  className="input"
                  aria-label="is one of (comma separated)"
                  placeholder="is one of (comma separated)"
                  value={filter.values.join(", ")}
                  onChange={(e) =>
                    set({
                      filters: [{
                        sourceColumn: filter.sourceColumn,
                        values: e.target.value.split(",").map((v) => v.trim()).filter(Boolean),
                      }],
                    })}
                />
              )}
            </span>
          </>
        )}
        {source && source.groupableColumns.length > 0 && (
          <>
            <label htmlFor={id("group")}>A row per</label>
            <span className="inline-form">
              <select
                id={id("group")}
                className="input"
                value={line.groupBy ?? ""}
                onChange={(e) => set({ groupBy: e.target.value || null })}
              >
                <option value="">One row</option>
                {source.groupableColumns.map((c) => (
                  <option key={c.sourceColumn} value={c.sourceColumn}>{c.displayName}</option>
                ))}
              </select>
              {line.groupBy && (
                <input
                  className="input"
                  aria-label="Group suffix"
                  placeholder="suffix (e.g. HSCW)"
                  maxLength={40}
                  value={line.groupSuffix}
                  onChange={(e) => set({ groupSuffix: e.target.value })}
                />
              )}
            </span>
          </>
        )}
        <label htmlFor={id("operator")}>Combine</label>
        <span className="inline-form">
          <select
            id={id("operator")}
            className="input"
            value={line.operator}
            onChange={(e) =>
              set({
                operator: Number(e.target.value) as 0,
                operatorLineId: Number(e.target.value) ? line.operatorLineId : null,
              })}
          >
            {Object.entries(operatorNames).map(([k, name]) => <option key={k} value={k}>{name}</option>)}
          </select>
          {line.operator !== 0 && (
            <select
              className="input"
              aria-label="with the line"
              value={line.operatorLineId ?? ""}
              onChange={(e) => set({ operatorLineId: e.target.value || null })}
            >
              <option value="">Choose a line</option>
              {lines.filter((l) => l.lineId !== line.lineId).map((l) => (
                <option key={l.lineId} value={l.lineId}>{l.displayName}</option>
              ))}
            </select>
          )}
        </span>
        <label htmlFor={id("unit")}>Unit</label>
        <span className="inline-form">
          <select
            id={id("unit")}
            className="input"
            value={line.unit}
            onChange={(e) => set({ unit: e.target.value as RoiUnit })}
          >
            {UNITS.map((u) => <option key={u} value={u}>{u}</option>)}
          </select>
          <label className="inline-form">
            <input
              type="checkbox"
              checked={line.sectionOption === 1}
              onChange={(e) => set({ sectionOption: e.target.checked ? 1 : 0 })}
            />
            Hidden (used by other lines)
          </label>
        </span>
      </div>
      {line.category === 2 && dataColumns.length > 0 && (
        <div className="roi-values" role="group" aria-label={`${line.displayName}: typed values`}>
          {dataColumns.map((c) => (
            <label key={c.id}>
              {c.name}
              <input
                className="input"
                inputMode="decimal"
                value={valueOf(line.values, c.id)}
                onChange={(e) => set({ values: withValue(line.values, c.id, e.target.value) })}
              />
            </label>
          ))}
        </div>
      )}
      {budgetColumns.length > 0 && (
        <div className="roi-budget">
          <label className="inline-form">
            Budget
            <select
              className="input"
              value={line.budget.kind}
              onChange={(e) =>
                setBudget(
                  e.target.value === "typed"
                    ? { kind: "typed", values: [] }
                    : e.target.value === "reference" && references[0]
                    ? {
                      kind: "reference",
                      referenceDataId: Number(references[0].sourceId.slice(6)),
                      sourceColumn: references[0].valueColumns[0]?.sourceColumn ?? "",
                    }
                    : { kind: "none" },
                )}
            >
              <option value="none">None</option>
              <option value="typed">Typed</option>
              {references.length > 0 && <option value="reference">From reference data</option>}
            </select>
          </label>
          {line.budget.kind === "typed" && (
            <div className="roi-values" role="group" aria-label={`${line.displayName}: budget`}>
              {budgetColumns.map((c) => (
                <label key={c.id}>
                  {c.name}
                  <input
                    className="input"
                    inputMode="decimal"
                    value={valueOf(
                      (line.budget as { values: { reportColumnId: string; value: number }[] }).values,
                      c.id,
                    )}
                    onChange={(e) =>
                      setBudget({
                        kind: "typed",
                        values: withValue(
                          (line.budget as { values: { reportColumnId: string; value: number }[] }).values,
                          c.id,
                          e.target.value,
                        ),
                      })}
                  />
                </label>
              ))}
            </div>
          )}
          {line.budget.kind === "reference" && (
            <span className="inline-form">
              <select
                className="input"
                aria-label="Budget table"
                value={`table:${line.budget.referenceDataId}`}
                onChange={(e) => {
                  const t = references.find((r) => r.sourceId === e.target.value)!;
                  setBudget({
                    kind: "reference",
                    referenceDataId: Number(t.sourceId.slice(6)),
                    sourceColumn: t.valueColumns[0]?.sourceColumn ?? "",
                  });
                }}
              >
                {references.map((r) => <option key={r.sourceId} value={r.sourceId}>{r.sourceName}</option>)}
              </select>
              <select
                className="input"
                aria-label="Budget column"
                value={line.budget.sourceColumn}
                onChange={(e) =>
                  setBudget({
                    ...(line.budget as { kind: "reference"; referenceDataId: number; sourceColumn: string }),
                    sourceColumn: e.target.value,
                  })}
              >
                {(budgetTable?.valueColumns ?? []).map((c) => (
                  <option key={c.sourceColumn} value={c.sourceColumn}>{c.displayName}</option>
                ))}
              </select>
            </span>
          )}
        </div>
      )}
      <Button type="button" variant="danger" onClick={() => onChange(null)}>Remove the line</Button>
    </section>
  );
}
