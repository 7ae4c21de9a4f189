/**
 * yieldTable (/yield/table, spec 3 §2.1 "table", §3 Report grid model): body segments → primals (or, with a
 * primal in focus, its cuts) × plants or days, each cell the yield as % of that column's HSCW boned, then
 * the total, standard and variance columns. CSV export (the API's file) and print (the stylesheet prints
 * only the table).
 */
import { daysBetween } from "../../../../../kernel/dates.ts";
import { formatDate } from "../../../../../kernel/format.ts";
import { defineScreen } from "../../../../pages/screen.ts";
import { pageAreaContext } from "../../../context.ts";
import { yieldReference } from "../../reference.ts";
import { YIELD_CUSTOM_API } from "../api.ts";
import { pageFilter, YieldPageSearch } from "../pageFilter.ts";
import { formatMetric, idList, wordList } from "../rules.ts";
import type { YieldTable } from "../schemas.ts";
import { MAX_DAY_COLUMNS, yieldTable } from "../table.ts";
import { FilterNotes, NoYield, roomChoices, shiftChoices, YieldFilterForm } from "./FilterForm.tsx";
import { canSeeRouteNamed } from "../../../../access/mod.ts";
import { pageQuery } from "../pageFilter.ts";
import { reportBodyOf, tableTemplate } from "../template.ts";
import { SaveAsReport } from "./SaveAsReport.tsx";

const pct = (v: number | null) => formatMetric(v, "%");
const pp = (v: number | null) => formatMetric(v, "pp");

export const YieldTableScreen = defineScreen({
  validateSearch: YieldPageSearch,
  loader: async ({ context, search: asked }) => {
    const ctx = await pageAreaContext(context);
    const template = await tableTemplate(ctx, asked);
    const search = template.search;
    const f = await pageFilter(context, ctx, search);
    if ("message" in f) return { message: f.message };
    f.notes.push(...template.notes);
    const reference = await yieldReference(ctx, f.speciesId);
    const primals = reference.segments.filter((s) => s.level === "primal")
      .sort((a, b) => a.sortOrder - b.sortOrder).map((s) => ({ id: s.id, name: s.name }));
    const focus = primals.find((p) => p.id === idList(search.primalFocus)[0]);
    let columns: "plant" | "day" = wordList(search.columns)[0] === "day" ? "day" : "plant";
    if (columns === "day" && daysBetween(f.range.from, f.range.to) + 1 > MAX_DAY_COLUMNS) {
      f.notes.push(`Columns by day take at most ${MAX_DAY_COLUMNS} days: showing plants.`);
      columns = "plant";
    }
    const query = {
      speciesId: f.speciesId,
      fromDate: f.range.from,
      toDate: f.range.to,
      plantIds: f.filter.plantIds,
      boningRoomIds: f.filter.boningRoomIds,
      shiftTypes: f.filter.shiftTypes,
      productCodeIds: f.filter.productCodeIds,
      primalFocus: focus?.id,
      columns,
    };
    const table = await yieldTable(ctx, query);
    const csv = new URLSearchParams(
      Object.entries(query).filter(([, v]) => v != null).map((
        [k, v],
      ) => [k, Array.isArray(v) ? v.join(",") : String(v)]),
    );
    const maySave = canSeeRouteNamed(context.caller!.subject, "yieldCreateReport");
    return {
      f,
      primals,
      focus: focus?.id,
      columns,
      table,
      csvHref: `${YIELD_CUSTOM_API.exportYieldTable}?${csv}`,
      template: template.report ? { id: template.report.id, name: template.report.name } : null,
      save: maySave ? reportBodyOf(ctx, f, columns, template) : null,
    };
  },
  component: ({ data }) => {
    if ("message" in data) return <NoYield message={data.message} />;
    const { f, table } = data;
    return (
      <section className="panel yc-print-table" aria-label="Yield table">
        <div className="panel-head">
          <h2>
            {f.speciesName} yield, {formatDate(table.fromDate)} to {formatDate(table.toDate)}
          </h2>
          <div className="actions no-print">
            <a className="btn" href={data.csvHref} download>CSV</a>
            <button type="button" className="btn" data-print="">Print</button>
          </div>
        </div>
        <YieldFilterForm
          f={f}
          label="Table filters"
          more={[roomChoices(f), shiftChoices(f)]}
          hidden={data.template ? { templateId: String(data.template.id) } : {}}
        >
          <label className="yc-filter-field">
            <span>Rows</span>
            <select name="primalFocus" className="input select" defaultValue={data.focus ?? ""}>
              <option value="">Every primal</option>
              {data.primals.map((p) => <option key={p.id} value={p.id}>The cuts of {p.name}</option>)}
            </select>
          </label>
          <label className="yc-filter-field">
            <span>Columns</span>
            <select name="columns" className="input select" defaultValue={data.columns}>
              <option value="plant">One per plant</option>
              <option value="day">One per day (up to {MAX_DAY_COLUMNS})</option>
            </select>
          </label>
        </YieldFilterForm>
        <FilterNotes notes={f.notes} />
        {data.template && (
          <p className="muted small">
            From the saved report{" "}
            <a href={`/yield/viewreport?id=${data.template.id}`}>{data.template.name}</a>.
          </p>
        )}
        <Grid table={table} />
        {data.save && (
          <SaveAsReport
            body={data.save}
            newHref={data.template && data.save.id
              ? `/yield/table?${pageQuery(f, { columns: data.columns, primalFocus: data.focus })}`
              : null}
          />
        )}
      </section>
    );
  },
});

function Cells({ row }: { row: Omit<YieldTable["total"], "name"> }) {
  const sign = row.variance == null ? "" : row.variance < 0 ? "yc-neg" : "yc-pos";
  return (
    <>
      {row.values.map((v) => <td key={v.columnId} className="num">{pct(v.value)}</td>)}
      <td className="num yc-total">{pct(row.total)}</td>
      <td className="num">{pct(row.standard)}</td>
      <td className={`num ${sign}`}>{pp(row.variance)}</td>
    </>
  );
}

function Grid({ table }: { table: YieldTable }) {
  const rowName = table.rowLevel === "cut" ? "Cut" : "Primal";
  return (
    // a wide table scrolls: the keyboard reaches it too
    <div
      className="table-wrap yc-grid-wrap"
      tabIndex={0}
      role="region"
      aria-label="Yield table, scrolls sideways"
    >
      <table className="table yc-grid">
        <caption>{table.value}</caption>
        <thead>
          <tr>
            <th scope="col">{rowName}</th>
            {table.columns.map((c) => <th key={c.id} scope="col" className="num">{c.name}</th>)}
            <th scope="col" className="num">Total</th>
            <th scope="col" className="num">Standard</th>
            <th scope="col" className="num">Variance</th>
          </tr>
        </thead>
        {table.sections.map((s) => (
          <tbody key={s.id} aria-label={s.name}>
            <tr className="yc-section">
              <th scope="row">{s.name}</th>
              <Cells row={s} />
            </tr>
            {s.rows.map((r) => (
              <tr key={r.id}>
                <th scope="row" className="yc-indent">{r.name}</th>
                <Cells row={r} />
              </tr>
            ))}
          </tbody>
        ))}
        <tfoot>
          <tr>
            <th scope="row">{table.total.name}</th>
            <Cells row={table.total} />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
