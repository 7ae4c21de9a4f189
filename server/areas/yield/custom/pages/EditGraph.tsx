/**
 * yieldEdit (/yield/edit, spec 3 §2.1 "edit"): the graph editor. Every query filter of the route is a field
 * of a GET form (species, graphType, date, toDate, plants, brs, shifts, goIds, bodySegments, primalSegments,
 * cuts); the server answers the new address with the graph redrawn (recharts SVG, no chart code in the
 * browser) and its numbers by day.
 */
import { defineScreen } from "../../../../pages/screen.ts";
import { pageAreaContext } from "../../../context.ts";
import { hasYieldRevenue } from "../../access.ts";
import { yieldFigures } from "../../engine.ts";
import { yieldReference } from "../../reference.ts";
import { metricInfo } from "../operations.ts";
import { pageFilter, YieldPageSearch } from "../pageFilter.ts";
import { GRAPH_TYPES, type GraphType, graphTypesFor, wordList } from "../rules.ts";
import {
  type Choices,
  FilterNotes,
  NoYield,
  roomChoices,
  shiftChoices,
  YieldFilterForm,
} from "./FilterForm.tsx";
import { MetricChart, MetricTable } from "./MetricChart.tsx";

export const YieldEditScreen = defineScreen({
  validateSearch: YieldPageSearch,
  loader: async ({ context, search }) => {
    const ctx = await pageAreaContext(context);
    const f = await pageFilter(context, ctx, search);
    if ("message" in f) return { message: f.message };
    const graphTypes = graphTypesFor(hasYieldRevenue(ctx));
    const asked = wordList(search.graphType)[0] as GraphType | undefined;
    const graphType = asked && graphTypes.includes(asked) ? asked : "yield";
    const reference = await yieldReference(ctx, f.speciesId);
    const graph = GRAPH_TYPES[graphType];
    const figures = await yieldFigures(ctx, f.filter, ["date"], graph.metricKeys, { reference });
    const level = (l: string) =>
      reference.segments.filter((s) => s.level === l).sort((a, b) => a.sortOrder - b.sortOrder)
        .map((s) => ({ id: s.id, name: s.name }));
    return {
      f,
      graphType,
      graphTypes,
      metrics: figures.metrics.map(metricInfo),
      rows: figures.rows.map((r) => ({ label: r.labels.date ?? "", values: r.values })),
      total: figures.total,
      segments: { bodySegment: level("bodySegment"), primal: level("primal"), cut: level("cut") },
      codes: reference.codes.filter((c) => c.isActive && c.kind === "product").sort((a, b) =>
        a.code.localeCompare(b.code)
      ).map((c) => ({ id: c.id, name: `${c.code} ${c.description}` })),
    };
  },
  component: ({ data }) => {
    if ("message" in data) return <NoYield message={data.message} />;
    const { f, segments } = data;
    const graph = GRAPH_TYPES[data.graphType];
    const more: Choices[] = [
      roomChoices(f),
      shiftChoices(f),
      {
        name: "bodySegments",
        legend: "Body segments",
        options: segments.bodySegment,
        chosen: f.filter.bodySegments,
      },
      {
        name: "primalSegments",
        legend: "Primals",
        options: segments.primal,
        chosen: f.filter.primalSegments,
        long: true,
      },
      { name: "cuts", legend: "Cuts", options: segments.cut, chosen: f.filter.cuts, long: true },
      {
        name: "goIds",
        legend: "Product codes",
        options: data.codes,
        chosen: f.filter.productCodeIds,
        long: true,
      },
    ];
    const title = `${f.speciesName}: ${graph.name.toLowerCase()} by day`;
    return (
      <section className="panel" aria-label="Edit graph">
        <div className="panel-head">
          <h2>Edit graph</h2>
        </div>
        <YieldFilterForm f={f} label="Graph filters" more={more}>
          <label className="yc-filter-field">
            <span>Graph</span>
            <select name="graphType" className="input select" defaultValue={data.graphType}>
              {data.graphTypes.map((g) => <option key={g} value={g}>{GRAPH_TYPES[g].name}</option>)}
            </select>
          </label>
        </YieldFilterForm>
        <FilterNotes notes={f.notes} />
        {data.rows.length > 0 && (
          <MetricChart
            id="yc-edit"
            title={title}
            rows={data.rows}
            metrics={data.metrics}
            chartType={graph.chart}
            stacked={"stacked" in graph}
          />
        )}
        <details className="yc-numbers" open={data.rows.length === 0}>
          <summary>The numbers, day by day</summary>
          <MetricTable
            caption={title}
            groupName="Day"
            rows={data.rows}
            metrics={data.metrics}
            total={data.total}
            totalLabel="Whole range"
          />
        </details>
      </section>
    );
  },
});
