/**
 * Plant Analysis By Run (spec 3 §2.1 analysisByRun): the runs of the filter worst variance first, day
 * against night shift, a run's detail (?run=) and two runs side by side (?a=&b=). No island: the filter,
 * the drill-down and the comparison are links and GET forms.
 */
import { idNumber } from "../../../../http/params.ts";
import { defineScreen } from "../../../../pages/screen.ts";
import { pageAreaContext } from "../../../context.ts";
import { Table } from "../../../../../client/ui/Table.tsx";
import { formatDate } from "../../../../../kernel/format.ts";
import { hasYieldRevenue, yieldPlants } from "../../access.ts";
import { SHIFT_NAMES } from "../../rules.ts";
import { runAnalysis, runDetail } from "../operations/runs.ts";
import type { RunDetail, RunRow } from "../schemas.ts";
import { varianceTone } from "../rules.ts";
import { formatMetric } from "../../format.ts";
import { filterOfSearch, searchOf, YieldSearch } from "./filterSearch.ts";
import { YieldFilterForm } from "./YieldFilterForm.tsx";
import { FilterSelect } from "../../../../../client/ui/FilterControls.tsx";

const PATH = "/yield/analysisByRun";

export function Variance(
  { value, unit = "pp" }: { value: number | null | undefined; unit?: "pp" | "kg" | "$" },
) {
  const tone = varianceTone(value, "higher");
  return (
    <span className={`yr-var yr-var-${tone}`}>
      {formatMetric(value, unit)}
      {tone !== "level" && <span className="sr-only">{tone === "good" ? " (above)" : " (below)"}</span>}
    </span>
  );
}

const runName = (r: RunRow) =>
  `${formatDate(r.date)} ${r.plant} ${r.boningRoom} ${SHIFT_NAMES[r.shift].toLowerCase()} run ${r.runNumber}`;
/** A run in a few words, for the comparison's choices. */
const runShort = (r: RunRow) =>
  `${formatDate(r.date, false)} · ${r.boningRoom} · ${r.shift} · run ${r.runNumber} (${
    formatMetric(r.variancePp, "pp")
  })`;
const SHIFT_SHORT = { day: "Day", night: "Night" } as const;

function RunsTable(
  { runs, revenue, link }: { runs: RunRow[]; revenue: boolean; link: (id: number) => string },
) {
  return (
    <Table
      rows={runs}
      rowKey={(r) => r.runId}
      empty="No boning runs in this range."
      columns={[
        {
          header: "Day",
          className: "nowrap",
          cell: (r) => <a href={link(r.runId)}>{formatDate(r.date, false)}</a>,
        },
        { header: "Plant", cell: (r) => r.plant, optional: true },
        { header: "Room", className: "nowrap", cell: (r) => r.boningRoom },
        { header: "Shift", cell: (r) => SHIFT_SHORT[r.shift] },
        { header: "Run", className: "num", cell: (r) => r.runNumber },
        {
          header: "Supplier / lot",
          optional: true,
          cell: (r) => [r.supplier, r.lot].filter(Boolean).join(" · "),
        },
        { header: "Head", className: "num", cell: (r) => formatMetric(r.head, "#") },
        { header: "Avg HSCW", className: "num", cell: (r) => formatMetric(r.averageHscwKg, "kg") },
        {
          header: "Avg fat",
          className: "num",
          optional: true,
          cell: (r) => formatMetric(r.averageFatMm, "mm"),
        },
        { header: "Yield", className: "num", cell: (r) => formatMetric(r.yieldPercent, "%") },
        {
          header: "Standard",
          className: "num",
          optional: true,
          cell: (r) => formatMetric(r.standardPercent, "%"),
        },
        { header: "Variance", className: "num nowrap", cell: (r) => <Variance value={r.variancePp} /> },
        ...(revenue
          ? [
            {
              header: "$/head",
              className: "num",
              optional: true,
              cell: (r: RunRow) => formatMetric(r.revenuePerHead, "$"),
            },
            {
              header: "$/head variance",
              className: "num",
              cell: (r: RunRow) => <Variance value={r.revenueVariancePerHead} unit="$" />,
            },
          ]
          : []),
      ]}
    />
  );
}

export function RunDetailPanel({ detail, revenue }: { detail: RunDetail; revenue: boolean }) {
  const r = detail.run;
  return (
    <section className="panel yr-run" aria-label={`Run ${runName(r)}`}>
      <h2>{runName(r)}</h2>
      <dl className="yr-facts">
        <div>
          <dt>Head</dt>
          <dd>{formatMetric(r.head, "#")}</dd>
        </div>
        <div>
          <dt>Average HSCW</dt>
          <dd>{formatMetric(r.averageHscwKg, "kg")}</dd>
        </div>
        <div>
          <dt>Yield</dt>
          <dd>{formatMetric(r.yieldPercent, "%")}</dd>
        </div>
        <div>
          <dt>Standard</dt>
          <dd>{formatMetric(r.standardPercent, "%")}</dd>
        </div>
        <div>
          <dt>Variance</dt>
          <dd>
            <Variance value={r.variancePp} />
          </dd>
        </div>
        {r.supplier && (
          <div>
            <dt>Supplier</dt>
            <dd>{r.supplier}{r.lot ? ` (lot ${r.lot})` : ""}</dd>
          </div>
        )}
      </dl>
      <h3>Product codes against standard</h3>
      <Table
        rows={detail.codes}
        rowKey={(c) => c.productCodeId}
        empty="No product packed in this run."
        columns={[
          { header: "Product code", cell: (c) => c.code },
          { header: "Cut", cell: (c) => c.cut, optional: true },
          { header: "Cartons", className: "num", cell: (c) => formatMetric(c.cartons, "#") },
          { header: "Weight", className: "num", cell: (c) => formatMetric(c.kg, "kg") },
          { header: "Expected", className: "num", cell: (c) => formatMetric(c.expectedKg, "kg") },
          { header: "Yield", className: "num", cell: (c) => formatMetric(c.yieldPercent, "%") },
          { header: "Standard", className: "num", cell: (c) => formatMetric(c.standardPercent, "%") },
          { header: "Variance", className: "num", cell: (c) => <Variance value={c.variancePp} /> },
          ...(revenue
            ? [{
              header: "Revenue variance",
              className: "num",
              cell: (c: RunDetail["codes"][number]) => <Variance value={c.revenueVariance} unit="$" />,
            }]
            : []),
        ]}
      />
      <h3>Mass balance</h3>
      <Table
        rows={detail.massBalance}
        rowKey={(l) => l.kind}
        empty=""
        columns={[
          { header: "Line", cell: (l) => l.kind[0].toUpperCase() + l.kind.slice(1) },
          { header: "Weight", className: "num", cell: (l) => formatMetric(l.kg, "kg") },
          { header: "Of HSCW", className: "num", cell: (l) => formatMetric(l.percent, "%") },
        ]}
      />
    </section>
  );
}

/** yieldAnalysisByRun */
export const AnalysisByRunScreen = defineScreen({
  validateSearch: YieldSearch.extend({
    run: idNumber().optional(),
    a: idNumber().optional(),
    b: idNumber().optional(),
  }),
  loader: async ({ context, search }) => {
    const ctx = await pageAreaContext(context);
    const plants = await yieldPlants(ctx);
    const filter = filterOfSearch(search, plants, context);
    if (!filter) return { filter: null, plants, analysis: null, details: [], revenue: false };
    const analysis = await runAnalysis(ctx, filter);
    const wanted = search.a && search.b ? [search.a, search.b] : search.run ? [search.run] : [];
    const details = await Promise.all(wanted.map((id) => runDetail(ctx, id)));
    return { filter, plants, analysis, details, revenue: hasYieldRevenue(ctx) };
  },
  component: ({ data }) => {
    const { filter, analysis } = data;
    if (!filter || !analysis) {
      return (
        <section className="panel">
          <p>No species: Yield Reporting is not available.</p>
        </section>
      );
    }
    const link = (run: number) => `${PATH}${searchOf(filter, { run })}`;
    const runChoices = analysis.runs.map((r) => [r.runId, runShort(r)] as const);
    return (
      <>
        <YieldFilterForm action={PATH} filter={filter} plants={data.plants} />
        <section className="panel" aria-label="Day against night shift">
          <h2>Day against night shift</h2>
          <Table
            rows={analysis.shifts}
            rowKey={(s) => s.shift}
            empty="No boning in this range."
            columns={[
              { header: "Shift", cell: (s) => SHIFT_NAMES[s.shift] },
              { header: "Runs", className: "num", cell: (s) => formatMetric(s.runs, "#") },
              { header: "Head", className: "num", cell: (s) => formatMetric(s.head, "#") },
              { header: "Avg HSCW", className: "num", cell: (s) => formatMetric(s.averageHscwKg, "kg") },
              { header: "Yield", className: "num", cell: (s) => formatMetric(s.yieldPercent, "%") },
              { header: "Standard", className: "num", cell: (s) => formatMetric(s.standardPercent, "%") },
              { header: "Variance", className: "num", cell: (s) => <Variance value={s.variancePp} /> },
            ]}
          />
        </section>
        <section className="panel" aria-label="Runs">
          <h2>Runs, worst variance first</h2>
          {analysis.runs.length > 1 && (
            <form
              method="get"
              action={PATH}
              className="inline-form yr-compare-form"
              aria-label="Compare two runs"
            >
              {Object.entries({
                species: filter.speciesId,
                date: filter.fromDate,
                toDate: filter.toDate,
                plants: filter.plantIds?.join(","),
              }).map(([k, v]) => v !== undefined && <input key={k} type="hidden" name={k} value={v} />)}
              <FilterSelect
                id="yr-a"
                label="Compare"
                name="a"
                defaultValue={analysis.runs[0].runId}
                options={runChoices}
              />
              <FilterSelect
                id="yr-b"
                label="with"
                name="b"
                defaultValue={analysis.runs.at(-1)!.runId}
                options={runChoices}
              />
              <button className="btn" type="submit">Compare</button>
            </form>
          )}
          <RunsTable runs={analysis.runs} revenue={data.revenue} link={link} />
        </section>
        {data.details.length > 0 && (
          <div className={data.details.length > 1 ? "yr-compare" : undefined} id="run-detail">
            {data.details.map((d) => <RunDetailPanel key={d.run.runId} detail={d} revenue={data.revenue} />)}
          </div>
        )}
      </>
    );
  },
});
