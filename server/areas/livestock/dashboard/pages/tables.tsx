/** The dashboard's tables: volume by week (with its chart), cost by category and the suppliers' table. */
import { addDays } from "../../../../../kernel/dates.ts";
import { formatDate } from "../../../../../kernel/format.ts";
import { formatCents, formatFixed } from "../../../../../kernel/money.ts";
import type { DashboardView } from "../operations.ts";
import { sortRows } from "../rules.ts";
import type { CostRow, SupplierRow, VolumeSeries } from "../schemas.ts";
import { WeeklyVolumeChart } from "./charts.tsx";
import { FiguresTable } from "../../../../../client/ui/charts/FiguresTable.tsx";
import { decimal, Fig, head, type OrdersLink, percent, SortableTable, type SortColumn } from "./panels.tsx";

export const SUPPLIER_KEYS = [
  "supplierName",
  "state",
  "killed",
  "averageHscwKg",
  "averageFatScore",
  "compliancePercent",
  "doaPercent",
  "condemnedPercent",
] as const;

/** The view's period as an order report filter by one of its dates. */
export const period = (v: DashboardView, dateField: "delivery" | "production") => ({
  dateField,
  fromDate: v.fromDate,
  toDate: v.toDate,
  tenantSiteId: v.tenantSiteId,
});

export function VolumeTable({ s, view, link }: {
  s: VolumeSeries;
  view: DashboardView;
  link: OrdersLink;
}) {
  const weekLink = (week: string) =>
    link({
      dateField: "delivery",
      fromDate: week < view.fromDate ? view.fromDate : week,
      toDate: addDays(week, 6) > view.toDate ? view.toDate : addDays(week, 6),
      speciesId: s.speciesId,
      tenantSiteId: view.tenantSiteId,
    });
  return (
    <div className="dash-species">
      <WeeklyVolumeChart series={s} />
      <FiguresTable
        className="vt-chart-numbers"
        open={s.weeks.length <= 6}
        summary={`${s.species}: the numbers, week by week`}
        caption={`${s.species}: head a week against target`}
        tableClassName="table table-compact"
        columns={[
          { label: "Week of" },
          { label: "Bought" },
          { label: "Delivered" },
          { label: "Processed" },
          { label: s.targetOfWholePlant ? "Target (whole plant)" : "Target" },
        ]}
        rows={[
          // one link a week (its orders), not one a figure: the three opened the same list
          ...s.weeks.map((w) => ({
            key: w.week,
            head: <Fig to={weekLink(w.week)}>{formatDate(w.week)}</Fig>,
            cells: [head(w.bought), head(w.delivered), head(w.processed), head(w.target)],
          })),
          {
            key: "period",
            className: "dash-total",
            head: "Period",
            cells: [
              <Fig key="bought" to={link({ ...period(view, "delivery"), speciesId: s.speciesId })}>
                {head(s.total.bought)}
              </Fig>,
              head(s.total.delivered),
              head(s.total.processed),
              head(s.total.target),
            ],
          },
        ]}
      />
    </div>
  );
}

/** "$492,401": a period's cost to the dollar (its cents widened the half-width panel at 1920 px) */
const wholeDollars = (cents: number) => `$${formatFixed(Math.round(cents / 100), 0)}`;

export function CostTable({ rows, view, link }: {
  rows: CostRow[];
  view: DashboardView;
  link: OrdersLink;
}) {
  // (a year's costs run to eight figures: the table scrolls in its panel rather than widen the page)
  return (
    <div className="table-wrap">
      <table className="table table-compact">
        <caption className="sr-only">Livestock cost by species and category</caption>
        <thead>
          <tr>
            <th scope="col">Species</th>
            <th scope="col">Category</th>
            <th scope="col" className="num">Invoices</th>
            <th scope="col" className="num">Head</th>
            <th scope="col" className="num">Cost</th>
            <th scope="col" className="num">$/head</th>
            <th scope="col" className="num">$/kg HSCW</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => {
            const to = link({ ...period(view, "production"), speciesId: r.speciesId });
            return (
              <tr
                key={`${r.speciesId}-${r.category}`}
                className={r.category === "Every category" ? "dash-total" : undefined}
              >
                <th scope="row">{r.species}</th>
                <td>{r.category}</td>
                <td className="num">
                  <Fig to={to}>{head(r.invoices)}</Fig>
                </td>
                <td className="num">
                  <Fig to={to}>{head(r.head)}</Fig>
                </td>
                <td className="num">
                  <Fig to={to}>{wholeDollars(r.costCents)}</Fig>
                </td>
                <td className="num">{formatCents(r.centsPerHead)}</td>
                <td className="num">{formatCents(r.centsPerKg)}</td>
              </tr>
            );
          })}
          {!rows.length && (
            <tr>
              <td colSpan={7} className="muted">
                No invoice was published for the period's production days.
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

export function SupplierTable({ rows, view, link, sort, sortHref }: {
  rows: SupplierRow[];
  view: DashboardView;
  link: OrdersLink;
  sort: { key: (typeof SUPPLIER_KEYS)[number]; descending: boolean };
  sortHref: (value: string) => string;
}) {
  const killed = (r: SupplierRow) =>
    link({ ...period(view, "production"), speciesId: view.speciesId, supplierId: r.supplierId });
  const delivered = (r: SupplierRow) =>
    link({ ...period(view, "delivery"), speciesId: view.speciesId, supplierId: r.supplierId });
  const columns: SortColumn<SupplierRow>[] = [
    // (the killed head opens the supplier's orders; the figures of the same orders link no more)
    { key: "supplierName", header: "Supplier", cell: (r) => r.supplierName },
    { key: "state", header: "State", cell: (r) => r.state },
    {
      key: "killed",
      header: "Killed",
      className: "num",
      cell: (r) => <Fig to={killed(r)}>{head(r.killed)}</Fig>,
    },
    { key: "averageHscwKg", header: "Avg HSCW kg", className: "num", cell: (r) => decimal(r.averageHscwKg) },
    { key: "averageFatScore", header: "Avg fat", className: "num", cell: (r) => decimal(r.averageFatScore) },
    {
      key: "compliancePercent",
      header: "In grid",
      className: "num",
      cell: (r) => percent(r.compliancePercent),
    },
    {
      key: "doaPercent",
      header: "DOA",
      className: "num",
      cell: (r) => <Fig to={delivered(r)}>{percent(r.doaPercent)}</Fig>,
    },
    {
      key: "condemnedPercent",
      header: "Condemned",
      className: "num",
      cell: (r) => percent(r.condemnedPercent),
    },
  ];
  return (
    <SortableTable
      caption="Suppliers: weight, fat, compliance, DOA and condemned"
      columns={columns}
      rows={sortRows(rows, (r) => r[sort.key], sort.descending)}
      rowKey={(r) => r.supplierId}
      sort={sort}
      sortHref={sortHref}
      empty="No stock was delivered or killed in the period."
    />
  );
}
