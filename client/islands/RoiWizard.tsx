/**
 * The ROI report wizard (wizard/RoiWizard/{id} and a new report; issue 42 item 2): the report (name, what
 * it is about, species), its periods (a month, a year, a range, or the twelve months of a year in one
 * action; budget columns naming a period), its lines (source, value, filter, group, operator, credit or
 * debit, typed values, a budget typed or from reference data) and its labels. Save answers the saved
 * definition (a new report moves to its own address); a stale save is refused by the server (409).
 */
import { useState } from "react";
import { api } from "../runtime/api.ts";
import { toast, toastOnNextPage } from "../runtime/toast.ts";
import { Button } from "../ui/Button.tsx";
import {
  monthColumn,
  monthsOfYear,
  rangeLabel,
  toDateNumber,
  toIsoDate,
  yearColumn,
} from "../../reports/roi/dates.ts";
import {
  CATEGORY_NAMES,
  OPERATOR_NAMES,
  REPORT_OPTIONS,
  type ReportColumn,
  type ReportDefinitionInput,
  type ReportLine,
  type SourceDefinition,
} from "../../reports/roi/model.ts";
import { RoiLineEditor } from "./roiWizard/LineEditor.tsx";

export interface RoiWizardProps {
  definition: (ReportDefinitionInput & { id: number | null; version: number | null }) | null;
  sources: SourceDefinition[];
  species: { id: number; name: string }[];
  year: number;
  urls: { save: string; wizard: string; display: string; layout: string };
}

let counter = 0;
const newId = (prefix: string) => `${prefix}${Date.now().toString(36)}${(++counter).toString(36)}`;

const blank = (year: number): ReportDefinitionInput & { id: number | null; version: number | null } => ({
  id: null,
  version: null,
  name: "",
  reportOption: 0,
  customCreditLabel: "",
  customDebitLabel: "",
  speciesId: null,
  isIncludeBudgetColumns: false,
  startDate: year * 10000 + 101,
  endDate: year * 10000 + 1231,
  columns: [],
  reportDataLines: [],
  roiTemplateId: null,
});

export default function RoiWizard({ definition, sources, species, year, urls }: RoiWizardProps) {
  const [def, setDef] = useState(definition ?? blank(year));
  const [monthsYear, setMonthsYear] = useState(String(year));
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof typeof def>(key: K, value: (typeof def)[K]) =>
    setDef((d) => ({ ...d, [key]: value }));
  const data = def.columns.filter((c) => c.budgetForId === null);
  const budgets = def.columns.filter((c) => c.budgetForId !== null);

  const addColumns = (added: ReportColumn[]) => {
    const columns = [...def.columns, ...added];
    const starts = columns.filter((c) => c.budgetForId === null);
    setDef((d) => ({
      ...d,
      columns,
      startDate: starts.length ? Math.min(...starts.map((c) => c.startDate)) : d.startDate,
      endDate: starts.length ? Math.max(...starts.map((c) => c.endDate)) : d.endDate,
    }));
  };
  const addTwelveMonths = () => {
    const y = Number(monthsYear);
    if (!Number.isInteger(y) || y < 1990 || y > 2100) return toast("warning", "Enter a year such as 2026.");
    addColumns(monthsOfYear(y, () => newId("c")));
  };
  const addBudgets = () => {
    const missing = data.filter((d) => !budgets.some((b) => b.budgetForId === d.id));
    addColumns(missing.map((d) => ({ ...d, id: newId("b"), name: `Budget ${d.name}`, budgetForId: d.id })));
  };
  const changeColumn = (id: string, change: Partial<ReportColumn>) =>
    set(
      "columns",
      def.columns.map((c) => {
        if (c.id !== id) return c;
        const next = { ...c, ...change };
        const autoName = c.name === rangeLabel(c.startDate, c.endDate);
        return change.name === undefined && autoName
          ? { ...next, name: rangeLabel(next.startDate, next.endDate) }
          : next;
      }),
    );
  const removeColumn = (id: string) =>
    set("columns", def.columns.filter((c) => c.id !== id && c.budgetForId !== id));

  const addLine = () => {
    const line: ReportLine = {
      lineId: newId("l"),
      lineName: "",
      category: 2,
      sourceId: "manual",
      sourceColumn: "",
      filters: [],
      groupBy: null,
      groupSuffix: "",
      displayName: `Line ${def.reportDataLines.length + 1}`,
      sectionOption: 0,
      operator: 0,
      operatorLineId: null,
      isDebit: false,
      unit: "$",
      values: [],
      budget: { kind: "none" },
    };
    set("reportDataLines", [...def.reportDataLines, line]);
  };
  const changeLine = (lineId: string, line: ReportLine | null) =>
    set(
      "reportDataLines",
      def.reportDataLines.flatMap((l) => l.lineId !== lineId ? [l] : line ? [line] : []),
    );

  const save = async () => {
    setBusy(true);
    try {
      const saved = await api<{ id: number; version: number }>("POST", urls.save, def);
      if (def.id === null) {
        toastOnNextPage("success", `The report “${def.name}” was saved.`);
        globalThis.location.assign(`${urls.wizard}/${saved.id}`);
        return;
      }
      setDef((d) => ({ ...d, version: saved.version }));
      toast("success", `The report “${def.name}” was saved.`);
    } catch {
      // the api client has toasted why
    }
    setBusy(false);
  };

  return (
    <form
      className="roi-wizard"
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
      aria-label="ROI report"
    >
      <fieldset className="panel">
        <legend>1. The report</legend>
        <div className="form-grid">
          <label>
            Name<input
              className="input"
              required
              maxLength={120}
              value={def.name}
              onChange={(e) => set("name", e.target.value)}
            />
          </label>
          <label>
            About
            <select
              className="input"
              value={def.reportOption}
              onChange={(e) => set("reportOption", Number(e.target.value) as 0)}
            >
              {REPORT_OPTIONS.map((o) => <option key={o.id} value={o.id}>{o.name}</option>)}
            </select>
          </label>
          <label>
            Species
            <select
              className="input"
              value={def.speciesId ?? ""}
              onChange={(e) => set("speciesId", e.target.value ? Number(e.target.value) : null)}
            >
              <option value="">Every species</option>
              {species.map((s) => <option key={s.id} value={s.id}>{s.name}</option>)}
            </select>
          </label>
          <label>
            From<input
              className="input"
              type="date"
              required
              value={toIsoDate(def.startDate)}
              onChange={(e) => e.target.value && set("startDate", toDateNumber(e.target.value))}
            />
          </label>
          <label>
            To<input
              className="input"
              type="date"
              required
              value={toIsoDate(def.endDate)}
              onChange={(e) => e.target.value && set("endDate", toDateNumber(e.target.value))}
            />
          </label>
        </div>
      </fieldset>

      <fieldset className="panel">
        <legend>2. Periods (columns)</legend>
        <div className="actions">
          <label className="inline-form">
            Year
            <input
              className="input roi-year"
              inputMode="numeric"
              maxLength={4}
              value={monthsYear}
              onChange={(e) => setMonthsYear(e.target.value)}
            />
          </label>
          <Button type="button" onClick={addTwelveMonths}>Add its 12 months</Button>
          <Button
            type="button"
            onClick={() => addColumns([yearColumn(Number(monthsYear) || year, newId("c"))])}
          >
            Add the year
          </Button>
          <Button
            type="button"
            onClick={() => addColumns([monthColumn(Number(monthsYear) || year, 1, newId("c"))])}
          >
            Add a month
          </Button>
          <label className="inline-form">
            <input
              type="checkbox"
              checked={def.isIncludeBudgetColumns}
              onChange={(e) => set("isIncludeBudgetColumns", e.target.checked)}
            />
            Budget columns
          </label>
          {def.isIncludeBudgetColumns && (
            <Button type="button" onClick={addBudgets} disabled={!data.length}>
              Add a budget for every period
            </Button>
          )}
        </div>
        {def.columns.length === 0
          ? <p className="muted">No periods yet: add the 12 months of a year, the year, or a month.</p>
          : (
            <table className="table roi-columns">
              <thead>
                <tr>
                  <th scope="col">Column</th>
                  <th scope="col">From</th>
                  <th scope="col">To</th>
                  <th scope="col">Budget for</th>
                  <th scope="col">
                    <span className="sr-only">Remove</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {def.columns.map((c) => (
                  <tr key={c.id}>
                    <td>
                      <input
                        className="input"
                        aria-label="Column name"
                        value={c.name}
                        maxLength={60}
                        onChange={(e) => changeColumn(c.id, { name: e.target.value })}
                      />
                    </td>
                    <td>
                      <input
                        className="input"
                        type="date"
                        aria-label={`${c.name} from`}
                        value={toIsoDate(c.startDate)}
                        onChange={(e) =>
                          e.target.value && changeColumn(c.id, { startDate: toDateNumber(e.target.value) })}
                      />
                    </td>
                    <td>
                      <input
                        className="input"
                        type="date"
                        aria-label={`${c.name} to`}
                        value={toIsoDate(c.endDate)}
                        onChange={(e) =>
                          e.target.value && changeColumn(c.id, { endDate: toDateNumber(e.target.value) })}
                      />
                    </td>
                    <td>
                      {c.budgetForId === null ? "—" : (
                        <select
                          className="input"
                          aria-label={`${c.name} is the budget for`}
                          value={c.budgetForId}
                          onChange={(e) => changeColumn(c.id, { budgetForId: e.target.value })}
                        >
                          {data.map((d) => <option key={d.id} value={d.id}>{d.name}</option>)}
                        </select>
                      )}
                    </td>
                    <td>
                      <Button
                        type="button"
                        variant="ghost"
                        onClick={() => removeColumn(c.id)}
                        aria-label={`Remove ${c.name}`}
                      >
                        Remove
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
      </fieldset>

      <fieldset className="panel">
        <legend>3. Lines</legend>
        {def.reportDataLines.map((line) => (
          <RoiLineEditor
            key={line.lineId}
            line={line}
            lines={def.reportDataLines}
            sources={sources}
            dataColumns={data}
            budgetColumns={def.isIncludeBudgetColumns ? budgets : []}
            categoryNames={CATEGORY_NAMES}
            operatorNames={OPERATOR_NAMES}
            onChange={(l) => changeLine(line.lineId, l)}
          />
        ))}
        <Button type="button" onClick={addLine}>Add a line</Button>
      </fieldset>

      <fieldset className="panel">
        <legend>4. Labels</legend>
        <div className="form-grid">
          <label>
            Credit label<input
              className="input"
              maxLength={40}
              placeholder="Credit"
              value={def.customCreditLabel}
              onChange={(e) => set("customCreditLabel", e.target.value)}
            />
          </label>
          <label>
            Debit label<input
              className="input"
              maxLength={40}
              placeholder="Debit"
              value={def.customDebitLabel}
              onChange={(e) => set("customDebitLabel", e.target.value)}
            />
          </label>
        </div>
      </fieldset>

      <div className="actions">
        <Button type="submit" variant="primary" busy={busy}>Save the report</Button>
        {def.id !== null && <a className="btn" href={`${urls.display}/${def.id}`}>Show the report</a>}
        {def.id !== null && <a className="btn" href={`${urls.layout}/${def.id}`}>Arrange the layout</a>}
      </div>
    </form>
  );
}
