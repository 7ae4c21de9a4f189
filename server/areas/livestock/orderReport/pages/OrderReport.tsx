/**
 * Order Report (spec 1 §2 reports orderreporting): the orders of a period by delivery or production date,
 * filtered by species, supplier, buyer, agent, status and site, in the columns the user chooses, with the
 * totals row, pages of 50, CSV and PDF of the same filter, and the user's saved filters. The filter is a
 * plain GET form (no script); only saving a filter and deleting one start an island.
 */
import { z } from "zod";
import { ActionButton, OrderReportSaveFilter } from "../../../../pages/islands.tsx";
import { idNumber } from "../../../../http/params.ts";
import { commaList, isoDate } from "../../../../http/validation.ts";
import { ApiError } from "../../../../http/errors.ts";
import { defineScreen } from "../../../../pages/screen.ts";
import { pageAreaContext } from "../../../context.ts";
import { plural } from "../../../../../client/ui/plural.ts";
import { ORDER_REPORT_API as API } from "../api.ts";
import { filterWords, resolveReportFilter, savedFilters } from "../operations.ts";
import { agentNames, filterChoices, reportPage, reportTotals } from "../queries.ts";
import { chosenColumns, COLUMN_KEYS, COLUMNS, DATE_FIELDS, STATUS_NAMES, statusWords } from "../rules.ts";
import { ORDER_STATUS } from "../../../../../kernel/enums.ts";
import type { SavedOrderReportFilter } from "../schemas.ts";
import { FilterDate, FilterSelect } from "../../../../../client/ui/FilterControls.tsx";

/** Rows a screen page shows. */
const SCREEN_ROWS = 50;

const Search = z.object({
  dateField: z.enum(["delivery", "production"]).optional(),
  fromDate: isoDate.optional(),
  toDate: isoDate.optional(),
  speciesId: idNumber().optional(),
  supplierId: idNumber().optional(),
  buyerId: idNumber().optional(),
  agentId: idNumber().optional(),
  tenantSiteId: idNumber().optional(),
  statuses: commaList(z.enum(STATUS_NAMES as [string, ...string[]])).optional(),
  columns: commaList(z.enum(COLUMN_KEYS)).optional(),
  startIndex: z.preprocess((v) => (v === undefined ? v : Number(v)), z.number().int().min(0)).optional(),
});
type Search = z.output<typeof Search>;

/** The filter as an address's query (the screen, the files and a saved filter's link share it). */
export function reportQuery(f: Omit<Search, "startIndex"> & { startIndex?: number }): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(f)) {
    if (v === undefined || v === "" || (Array.isArray(v) && !v.length)) continue;
    q.set(k, Array.isArray(v) ? v.join(",") : String(v));
  }
  return q.toString();
}

/** orderreporting */
export const OrderReportScreen = defineScreen({
  validateSearch: Search,
  loader: async ({ context, search }) => {
    const ctx = await pageAreaContext(context);
    const [choices, saved] = [await filterChoices(ctx), savedFilters(ctx).filters];
    const { startIndex = 0, ...given } = search;
    try {
      const f = resolveReportFilter(ctx, given);
      const rows = await reportPage(
        ctx,
        f,
        { offset: startIndex, limit: SCREEN_ROWS },
        await agentNames(ctx),
      );
      return {
        problem: null,
        choices,
        saved,
        species: ctx.scope.species,
        sites: ctx.scope.sites,
        filter: { ...given, dateField: f.dateField, fromDate: f.fromDate, toDate: f.toDate },
        words: await filterWords(ctx, f),
        rows,
        totals: await reportTotals(ctx, f),
        startIndex,
      };
    } catch (e) {
      if (!(e instanceof ApiError) || e.status !== 400) throw e;
      return {
        problem: e.message,
        choices,
        saved,
        species: ctx.scope.species,
        sites: ctx.scope.sites,
        filter: given,
        words: [],
        rows: [],
        totals: null,
        startIndex: 0,
      };
    }
  },
  component: ({ data }) => {
    const { filter, rows, totals, choices } = data;
    const columns = chosenColumns(filter.columns);
    const query = reportQuery({ ...filter, columns: columns.map((c) => c.key) });
    const current: Omit<SavedOrderReportFilter, "name"> = Object.fromEntries(
      Object.entries({ ...filter, columns: columns.map((c) => c.key) }).filter(([, v]) => v !== undefined),
    );
    const pages = totals ? Math.ceil(totals.orders / SCREEN_ROWS) : 0;
    const pageNo = Math.floor(data.startIndex / SCREEN_ROWS) + 1;
    const pageLink = (n: number) => `?${reportQuery({ ...filter, startIndex: (n - 1) * SCREEN_ROWS })}`;
    return (
      <section className="panel report order-report" aria-label="Order report">
        <div className="panel-head">
          <h2>Order report</h2>
          {totals && (
            <div className="actions no-print">
              <a className="btn" href={`${API.csv}?${query}`} download>CSV</a>
              <a className="btn" href={`${API.pdf}?${query}`} download>PDF</a>
            </div>
          )}
        </div>
        <form method="get" className="or-filter no-print" aria-label="Filter the orders">
          <div className="or-fields">
            <Choice id="or-date" label="Period of" name="dateField" value={filter.dateField}>
              {Object.entries(DATE_FIELDS).map(([k, v]) => <option key={k} value={k}>{v}</option>)}
            </Choice>
            <div className="or-field">
              <FilterDate id="or-from" label="From" name="fromDate" defaultValue={filter.fromDate} />
            </div>
            <div className="or-field">
              <FilterDate id="or-to" label="To" name="toDate" defaultValue={filter.toDate} />
            </div>
            <Choice id="or-species" label="Species" name="speciesId" value={filter.speciesId} all>
              <NamedOptions rows={data.species} />
            </Choice>
            {PARTY_CHOICES.map((p) => (
              <Choice key={p.name} id={p.id} label={p.label} name={p.name} value={filter[p.name]} all>
                <NamedOptions rows={choices[p.list]} />
              </Choice>
            ))}
            <Choice id="or-status" label="Status" name="statuses" value={filter.statuses?.join(",")} all>
              {STATUS_NAMES.map((n) => <option key={n} value={n}>{statusWords(ORDER_STATUS[n])}</option>)}
            </Choice>
            {data.sites.length > 0 && (
              <Choice id="or-site" label="Site" name="tenantSiteId" value={filter.tenantSiteId} all>
                <NamedOptions rows={data.sites} />
              </Choice>
            )}
          </div>
          <details className="or-columns">
            <summary>Columns ({columns.length} of {COLUMNS.length})</summary>
            <fieldset>
              <legend className="sr-only">Columns to show</legend>
              {COLUMNS.map((c) => (
                <label key={c.key} className="or-column">
                  <input
                    type="checkbox"
                    name="columns"
                    value={c.key}
                    defaultChecked={columns.includes(c)}
                  />{" "}
                  {c.label}
                </label>
              ))}
            </fieldset>
          </details>
          <button className="btn btn-primary" type="submit">Show</button>
        </form>
        <SavedFilters saved={data.saved} current={current} />
        {data.problem && <p className="banner banner-error" role="alert">{data.problem}</p>}
        {totals && (
          <>
            <p className="or-words">{data.words.join(" · ")}</p>
            <div className="table-wrap or-table">
              <table className="table table-compact">
                <thead>
                  <tr>
                    {columns.map((c) => (
                      <th key={c.key} className={c.numeric ? "num" : undefined}>{c.label}</th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((r) => (
                    <tr key={r.id}>
                      {columns.map((c) => (
                        <td key={c.key} className={c.numeric ? "num" : undefined}>
                          {c.key === "orderNo"
                            ? <a href={`/home/livestock/orders/${r.id}`}>{r.id}</a>
                            : c.text(r)}
                        </td>
                      ))}
                    </tr>
                  ))}
                  {!rows.length && (
                    <tr>
                      <td colSpan={columns.length} className="muted">No order matches the filter.</td>
                    </tr>
                  )}
                </tbody>
                <tfoot>
                  <tr>
                    {columns.map((c, i) => (
                      <th
                        key={c.key}
                        scope={i === 0 ? "row" : undefined}
                        className={c.numeric ? "num" : undefined}
                      >
                        {c.total
                          ? c.total(totals)
                          : i === 0
                          ? `Total (${plural(totals.orders, "order")})`
                          : ""}
                      </th>
                    ))}
                  </tr>
                </tfoot>
              </table>
            </div>
            {pages > 1 && (
              <nav className="pager no-print" aria-label="Pages of the report">
                {pageNo > 1 && <a className="btn" href={pageLink(pageNo - 1)}>Previous</a>}
                <span>
                  Page {pageNo} of {pages} ({SCREEN_ROWS} orders a page)
                </span>
                {pageNo < pages && <a className="btn" href={pageLink(pageNo + 1)}>Next</a>}
              </nav>
            )}
          </>
        )}
      </section>
    );
  },
});

/** The filter's party pickers, in the form's order: each lists the parties of the tenant's orders. */
const PARTY_CHOICES = [
  { id: "or-supplier", label: "Supplier", name: "supplierId", list: "suppliers" },
  { id: "or-buyer", label: "Buyer", name: "buyerId", list: "buyers" },
  { id: "or-agent", label: "Agent", name: "agentId", list: "agents" },
] as const;

function NamedOptions({ rows }: { rows: readonly { id: number; name: string }[] }) {
  return rows.map((r) => <option key={r.id} value={r.id}>{r.name}</option>);
}

function Choice({ id, label, name, value, all, children }: {
  id: string;
  label: string;
  name: string;
  value: string | number | undefined;
  all?: boolean;
  children: React.ReactNode;
}) {
  return (
    <div className="or-field">
      <FilterSelect
        id={id}
        label={label}
        name={name}
        defaultValue={value ?? ""}
        empty={all ? "All" : undefined}
      >
        {children}
      </FilterSelect>
    </div>
  );
}

/** The user's saved filters: each a link to the report it shows, with Delete; and Save this filter. */
function SavedFilters({ saved, current }: {
  saved: SavedOrderReportFilter[];
  current: Omit<SavedOrderReportFilter, "name">;
}) {
  return (
    <div className="or-saved no-print" aria-label="Saved filters" role="region">
      <h3>Saved filters</h3>
      {saved.length
        ? (
          <ul>
            {saved.map((s) => {
              const { name, ...f } = s;
              return (
                <li key={name}>
                  <a href={`?${reportQuery(f)}`}>{name}</a>
                  <ActionButton
                    label="Delete"
                    variant="danger"
                    url={API.saveFilters}
                    body={{ filters: saved.filter((x) => x.name !== name) }}
                    confirm={`Delete the saved filter “${name}”?`}
                    successToast={`The filter “${name}” was deleted.`}
                  />
                </li>
              );
            })}
          </ul>
        )
        : <p className="muted">None yet: choose a filter and columns, then save them under a name.</p>}
      <OrderReportSaveFilter url={API.saveFilters} saved={saved} current={current} />
    </div>
  );
}
