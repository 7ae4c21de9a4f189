/**
 * The regional summary (home/livestockRegionalSummary, flag regionalLivestockDashboardMenu): head and
 * livestock cost by the suppliers' state and region (town), streamed like the dashboard's panels. The
 * regions table sorts by links; each supplier's figures open its orders.
 */
import { defineScreen } from "../../../../pages/screen.ts";
import { href } from "../../../../access/routes.ts";
import { formatDate } from "../../../../../kernel/format.ts";
import { formatCents } from "../../../../../kernel/money.ts";
import { type DashboardView, keptPanel } from "../operations.ts";
import { regionalPanel } from "../regional.ts";
import { sortOf, sortRows } from "../rules.ts";
import type { RegionRow } from "../schemas.ts";
import { DashboardSearch, DashFrame, loadView } from "./filter.tsx";
import {
  Fig,
  head,
  type OrdersLink,
  panelTurns,
  perKg,
  SortableTable,
  type SortColumn,
  StreamedPanel,
  withParam,
} from "./panels.tsx";

const REGION_KEYS = [
  "state",
  "region",
  "suppliers",
  "bought",
  "processed",
  "costCents",
  "centsPerHead",
  "centsPerKg",
] as const;

/** The three tables, each streamed in its own panel; only the regions sort (by links in their headers). */
const PANELS = [
  { id: "states", title: "By state", rows: "states", caption: "Head and cost by state", sorts: false },
  {
    id: "regions",
    title: "By region",
    rows: "regions",
    caption: "Head and cost by state and region",
    sorts: true,
  },
  {
    id: "regionSuppliers",
    title: "By supplier",
    rows: "suppliers",
    caption: "Head and cost by supplier",
    sorts: false,
  },
] as const;

export const RegionalSummaryScreen = defineScreen({
  validateSearch: DashboardSearch,
  loader: async ({ context, search }) => {
    const loaded = await loadView(context, search);
    const common = loaded.page;
    if (!loaded.ok) return { ...common, problem: loaded.problem, view: null, regional: null };
    const { ctx, view } = loaded;
    return {
      ...common,
      problem: null,
      view,
      // after the page's shell has gone (panelTurns); kept until the database changes
      regional: panelTurns(context.streamSent)(
        "regional",
        () => keptPanel(ctx, view, "regional", () => regionalPanel(ctx, view)),
      ),
    };
  },
  component: ({ data }) => {
    const { view, regional } = data;
    const sort = sortOf(data.sort, REGION_KEYS, "state");
    return (
      <DashFrame path={href("livestockRegionalSummary")} data={data}>
        {view && regional && (
          <>
            <p className="muted small">
              {formatDate(view.fromDate)} to{" "}
              {formatDate(view.toDate)}. Head: orders delivered in the period; cost: published invoices of its
              production days, before GST. A region is the suppliers' town.
            </p>
            {PANELS.map((p) => (
              <StreamedPanel key={p.id} id={p.id} title={p.title} promise={regional}>
                {(r) => (
                  <RegionTable
                    rows={p.sorts ? sortRows(r[p.rows], (x) => x[sort.key], sort.descending) : r[p.rows]}
                    caption={p.caption}
                    link={data.ordersLink}
                    view={view}
                    sort={p.sorts ? sort : undefined}
                    sortHref={(v) => withParam(data.url, "sort", v, `${p.id}-title`)}
                  />
                )}
              </StreamedPanel>
            ))}
          </>
        )}
      </DashFrame>
    );
  },
});

type Row = RegionRow & { supplierId?: number; supplierName?: string };

function RegionTable({ rows, caption, link, view, sort, sortHref }: {
  rows: Row[];
  caption: string;
  link: OrdersLink;
  view: DashboardView;
  sort?: { key: string; descending: boolean };
  sortHref?: (value: string) => string;
}) {
  const ofSupplier = (r: Row, dateField: "delivery" | "production") =>
    r.supplierId
      ? link({
        dateField,
        fromDate: view.fromDate,
        toDate: view.toDate,
        speciesId: view.speciesId,
        supplierId: r.supplierId,
        tenantSiteId: view.tenantSiteId,
      })
      : null;
  const columns: SortColumn<Row>[] = [
    { key: "state", header: "State", cell: (r) => r.state },
    ...(rows.some((r) => r.region !== "All")
      ? [{ key: "region", header: "Region", cell: (r: Row) => r.region }]
      : []),
    ...(rows.some((r) => r.supplierName)
      ? [{
        key: "supplierName",
        header: "Supplier",
        cell: (r: Row) => <Fig to={ofSupplier(r, "delivery")}>{r.supplierName}</Fig>,
      }]
      : [{
        key: "suppliers",
        header: "Suppliers",
        className: "num col-optional",
        cell: (r: Row) => head(r.suppliers),
      }]),
    {
      key: "bought",
      header: "Bought",
      className: "num",
      cell: (r) => <Fig to={ofSupplier(r, "delivery")}>{head(r.bought)}</Fig>,
    },
    {
      key: "processed",
      header: "Processed",
      className: "num col-optional",
      cell: (r) => <Fig to={ofSupplier(r, "delivery")}>{head(r.processed)}</Fig>,
    },
    {
      key: "costCents",
      header: "Cost",
      className: "num",
      cell: (r) => <Fig to={ofSupplier(r, "production")}>{formatCents(r.costCents)}</Fig>,
    },
    { key: "centsPerHead", header: "Per head", className: "num", cell: (r) => formatCents(r.centsPerHead) },
    { key: "centsPerKg", header: "Per kg HSCW", className: "num", cell: (r) => perKg(r.centsPerKg) },
  ];
  if (sort && sortHref) {
    return (
      <SortableTable
        caption={caption}
        columns={columns}
        rows={rows}
        rowKey={(r) => `${r.state}-${r.region}`}
        sort={sort}
        sortHref={sortHref}
        empty="No orders were delivered in the period."
      />
    );
  }
  return (
    <div className="table-wrap">
      <table className="table table-compact">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>{columns.map((c) => <th key={c.key} scope="col" className={c.className}>{c.header}</th>)}</tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={`${r.state}-${r.region}-${r.supplierId ?? ""}`}>
              {columns.map((c) => <td key={c.key} className={c.className}>{c.cell(r)}</td>)}
            </tr>
          ))}
          {!rows.length && (
            <tr>
              <td colSpan={columns.length} className="muted">No orders were delivered in the period.</td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
