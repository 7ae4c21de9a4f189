/**
 * yieldCustom (/yield/custom/{-$id}, spec 3 §2.1 "custom/{id?}"). Without an id it is the cog: the caller's
 * custom metric tabs with add, edit (the metric builder dialog), reorder and delete (the YieldCustomTabs
 * island). With an id it is that tab over the yield home's filters (species, date, toDate, plants): its
 * metrics by its grouping, summed or averaged, as a server-drawn chart and a table.
 */
import { YieldCustomTabs } from "../../../../pages/islands.tsx";
import { defineScreen } from "../../../../pages/screen.ts";
import { TabBar } from "../../../../../client/ui/TabBar.tsx";
import { ApiError } from "../../../../http/errors.ts";
import { pageAreaContext } from "../../../context.ts";
import { hasYieldRevenue } from "../../access.ts";
import { yieldFigures } from "../../engine.ts";
import { AGGREGATIONS, CHART_TYPES } from "../../metrics.ts";
import { GROUP_BY_NAMES } from "../../schemas.ts";
import { YIELD_CUSTOM_API } from "../api.ts";
import { customDashboard, listMetrics, metricInfo } from "../operations.ts";
import { type PageFilter, pageFilter, pageQuery, YieldPageSearch } from "../pageFilter.ts";
import { MAX_TAB_METRICS, METRIC_THEMES, TAB_GROUP_BY } from "../rules.ts";
import { FilterNotes, NoYield, YieldFilterForm } from "./FilterForm.tsx";
import { MetricChart, MetricTable } from "./MetricChart.tsx";

export const CUSTOM_PATH = "/yield/custom";
const CHART_NAMES: Record<(typeof CHART_TYPES)[number], string> = {
  line: "Line",
  bar: "Bar",
  area: "Area",
  table: "Table only",
};

export const YieldCustomScreen = defineScreen({
  validateSearch: YieldPageSearch,
  loader: async ({ context, params, search }) => {
    const ctx = await pageAreaContext(context);
    const { tabs } = customDashboard(ctx);
    if (!params.id) {
      return {
        kind: "cog" as const,
        tabs,
        metrics: listMetrics(ctx).map(({ key, name, unit, theme }) => ({ key, name, unit, theme })),
      };
    }
    const tab = tabs.find((t) => t.id === params.id);
    if (!tab) throw ApiError.notFound("That custom tab is not one of yours: open it from the list.");
    const f = await pageFilter(context, ctx, search);
    if ("message" in f) return { kind: "tab" as const, tabs, tab, message: f.message };
    const figures = await yieldFigures(ctx, f.filter, [tab.groupBy], tab.metricKeys, {
      average: tab.aggregation === AGGREGATIONS.Average,
    });
    const dropped = tab.metricKeys.length - figures.metrics.length;
    return {
      kind: "tab" as const,
      tabs,
      tab,
      f,
      metrics: figures.metrics.map(metricInfo),
      rows: figures.rows.map((r) => ({ label: r.labels[tab.groupBy] ?? "", values: r.values })),
      total: figures.total,
      note: dropped && !hasYieldRevenue(ctx)
        ? "Revenue metrics need the Yield Revenue module: left out."
        : "",
    };
  },
  component: ({ data }) => {
    if (data.kind === "cog") {
      return (
        <section className="panel" aria-label="Custom tabs">
          <div className="panel-head">
            <h2>Custom tabs</h2>
          </div>
          <p className="muted small">
            Each tab charts up to {MAX_TAB_METRICS}{" "}
            metrics by one grouping over the dates and plants you choose.
          </p>
          <YieldCustomTabs
            tabs={data.tabs}
            metrics={data.metrics}
            themes={METRIC_THEMES.map(({ id, name }) => ({ id, name }))}
            groupings={TAB_GROUP_BY.map((id) => ({ id, name: GROUP_BY_NAMES[id] }))}
            chartTypes={CHART_TYPES.map((id) => ({ id, name: CHART_NAMES[id] }))}
            maxMetrics={MAX_TAB_METRICS}
            saveUrl={YIELD_CUSTOM_API.saveCustomDashboard}
            tabHref={`${CUSTOM_PATH}/`}
          />
        </section>
      );
    }
    const { tab } = data;
    const query = "f" in data && data.f ? `?${pageQuery(data.f)}` : "";
    return (
      <>
        <TabBar
          label="Custom tabs"
          tabs={[...data.tabs.map((t) => ({ key: t.id, title: t.name })), { key: "", title: "Edit tabs" }]}
          current={tab.id}
          href={(key) => (key ? `${CUSTOM_PATH}/${key}${query}` : CUSTOM_PATH)}
        />
        {"message" in data ? <NoYield message={data.message} /> : <TabView data={data as TabData} />}
      </>
    );
  },
});

interface TabData {
  tab: ReturnType<typeof customDashboard>["tabs"][number];
  f: PageFilter;
  metrics: ReturnType<typeof metricInfo>[];
  rows: { label: string; values: Record<number, number | null> }[];
  total: Record<number, number | null>;
  note: string;
}

function TabView({ data }: { data: TabData }) {
  const { tab, f } = data;
  const group = GROUP_BY_NAMES[tab.groupBy];
  const average = tab.aggregation === AGGREGATIONS.Average;
  const title = `${f.speciesName}: ${tab.name}`;
  const how = `By ${group.toLowerCase()}, ${average ? "the average of the days" : "summed over the days"}.`;
  return (
    <section className="panel" aria-label={tab.name}>
      <div className="panel-head">
        <h2>{tab.name}</h2>
        <span className="muted small">{how}</span>
      </div>
      <YieldFilterForm f={f} label="Yield filters" />
      <FilterNotes notes={data.note ? [...f.notes, data.note] : f.notes} />
      {data.metrics.length > 0 && tab.chartType !== "table" && data.rows.length > 0 && (
        <MetricChart
          id={`yc-${tab.id}`}
          title={title}
          rows={data.rows}
          metrics={data.metrics}
          chartType={tab.chartType}
        />
      )}
      <MetricTable
        caption={title}
        groupName={group}
        rows={data.rows}
        metrics={data.metrics}
        total={data.total}
        totalLabel={average ? "Average" : "Total"}
      />
    </section>
  );
}
