/**
 * The livestock dashboard (home/livestockDashboard, module livestockReporting's home): six panels, each
 * streamed as its figures are ready (React Suspense over the streamed page), so the first shows before
 * the slowest is worked out. Server rendered with no island: charts are SVG drawn here, tables sort by
 * links, and every figure opens the orders behind it in the order report.
 */
import { defineScreen } from "../../../../pages/screen.ts";
import { href } from "../../../../access/routes.ts";
import { OrdersVersusTargetsChart } from "../../../../../client/ui/charts/OrdersVersusTargetsChart.tsx";
import { formatDate } from "../../../../../kernel/format.ts";
import {
  capacityPanel,
  costPanel,
  keptPanel,
  lossPanel,
  next60Panel,
  supplierPanel,
  volumePanel,
} from "../operations.ts";
import { sortOf } from "../rules.ts";
import { DashboardSearch, DashFrame, loadView } from "./filter.tsx";
import { Fig, head, panelTurns, percent, StreamedPanel, withParam } from "./panels.tsx";
import { CostTable, period, SUPPLIER_KEYS, SupplierTable, VolumeTable } from "./tables.tsx";

export const LivestockDashboardScreen = defineScreen({
  validateSearch: DashboardSearch,
  loader: async ({ context, search }) => {
    const loaded = await loadView(context, search);
    const common = loaded.page;
    if (!loaded.ok) return { ...common, problem: loaded.problem, view: null, panels: null };
    const { ctx, view } = loaded;
    // each panel streams when its own figures are done, in turns after the page's shell (panelTurns)
    const turn = panelTurns(context.streamSent);
    // (each kept until the database changes: keptPanel)
    const panel = <T,>(name: string, read: () => Promise<T>) =>
      turn(name, () => keptPanel(ctx, view, name, read));
    const panels = {
      volume: panel("volume", () => volumePanel(ctx, view)),
      costs: panel("costs", () => costPanel(ctx, view)),
      suppliers: panel("suppliers", () => supplierPanel(ctx, view)),
      losses: panel("losses", () => lossPanel(ctx, view)),
      capacity: panel("capacity", () => capacityPanel(ctx, view)),
      next60: panel("next60", () => next60Panel(ctx, view)),
    };
    return { ...common, problem: null, view, panels };
  },
  component: ({ data }) => {
    const path = href("livestockDashboard");
    const { view, panels, ordersLink: link } = data;
    return (
      <DashFrame path={path} data={data}>
        {view && panels && (
          <>
            <p className="muted small">
              {formatDate(view.fromDate)} to {formatDate(view.toDate)}
              {view.tenantSiteId
                ? ` · ${data.sites.find((s) => s.id === view.tenantSiteId)?.name}`
                : " · whole plant"}. Every figure opens the orders behind it.
            </p>
            <div className="dash-grid">
              <StreamedPanel
                id="volume"
                title="Head bought, delivered and processed against target"
                promise={panels.volume}
                note="By delivery week; the target is the kill volume targets' head for the days of the week in the period."
              >
                {(series) => {
                  // a species with no head and no target in the period takes no chart
                  const shown = series.filter((s) => s.total.bought || s.total.target || s.total.processed);
                  return shown.length
                    ? shown.map((s) => <VolumeTable key={s.speciesId} s={s} view={view} link={link} />)
                    : <p className="muted">No orders and no targets in the period.</p>;
                }}
              </StreamedPanel>
              <StreamedPanel
                id="costs"
                title="Livestock cost per head and per kg HSCW"
                promise={panels.costs}
                note="Published and finalised invoices of the period's production days, subtotals before GST."
              >
                {(cost) => <CostTable rows={[...cost.rows, ...cost.bySpecies]} view={view} link={link} />}
              </StreamedPanel>
              <StreamedPanel
                id="suppliers"
                title="Suppliers: weight, fat and grade-cell compliance"
                promise={panels.suppliers}
                note="Compliance: carcasses whose weight and fat score fall in a priced cell of their order's grid."
              >
                {(rows) => (
                  <SupplierTable
                    rows={rows}
                    view={view}
                    link={link}
                    sort={sortOf(data.sort, SUPPLIER_KEYS, "-killed")}
                    sortHref={(v) => withParam(data.url, "sort", v, "suppliers-title")}
                  />
                )}
              </StreamedPanel>
              <StreamedPanel id="losses" title="DOA and condemned" promise={panels.losses}>
                {(rows) => (
                  <table className="table table-compact">
                    <caption className="sr-only">Dead on arrival and condemned by species</caption>
                    <thead>
                      <tr>
                        <th scope="col">Species</th>
                        <th scope="col" className="num">Delivered</th>
                        <th scope="col" className="num">DOA</th>
                        <th scope="col" className="num">Killed</th>
                        <th scope="col" className="num">Condemned</th>
                        <th scope="col" className="num">Part condemned</th>
                      </tr>
                    </thead>
                    <tbody>
                      {rows.filter((r) => r.delivered || r.killed).map((r) => {
                        const delivered = link({ ...period(view, "delivery"), speciesId: r.speciesId });
                        const killed = link({ ...period(view, "production"), speciesId: r.speciesId });
                        return (
                          <tr key={r.speciesId}>
                            <th scope="row">{r.species}</th>
                            <td className="num">
                              <Fig to={delivered}>{head(r.delivered)}</Fig>
                            </td>
                            <td className="num">
                              <Fig to={delivered}>{head(r.doa)} ({percent(r.doaPercent)})</Fig>
                            </td>
                            <td className="num">
                              <Fig to={killed}>{head(r.killed)}</Fig>
                            </td>
                            <td className="num">
                              <Fig to={killed}>{head(r.condemnedWhole)} ({percent(r.condemnedPercent)})</Fig>
                            </td>
                            <td className="num">
                              <Fig to={killed}>
                                {head(r.condemnedPart)} ({percent(r.partCondemnedPercent)})
                              </Fig>
                            </td>
                          </tr>
                        );
                      })}
                    </tbody>
                  </table>
                )}
              </StreamedPanel>
              <StreamedPanel
                id="capacity"
                title="Yards and kill agendas against capacity"
                promise={panels.capacity}
                note="The yards now; the kill agendas of today and the next six days against the day's target."
              >
                {(c) => (
                  <>
                    <table className="table table-compact">
                      <caption className="sr-only">Yard occupancy now</caption>
                      <thead>
                        <tr>
                          <th scope="col">Yard</th>
                          <th scope="col">Site</th>
                          <th scope="col" className="num">Head in</th>
                          <th scope="col" className="num">Capacity</th>
                          <th scope="col" className="num">Full</th>
                        </tr>
                      </thead>
                      <tbody>
                        {c.yards.map((y) => (
                          <tr key={y.stockyardId}>
                            <th scope="row">{y.name}</th>
                            <td>{y.site}</td>
                            <td className="num">{head(y.head)}</td>
                            <td className="num">{y.capacity ? head(y.capacity) : "Not set"}</td>
                            <td className="num">{percent(y.percent)}</td>
                          </tr>
                        ))}
                        {!c.yards.length && (
                          <tr>
                            <td colSpan={5} className="muted">No operational yards.</td>
                          </tr>
                        )}
                      </tbody>
                    </table>
                    <table className="table table-compact">
                      <caption className="sr-only">Kill agenda fill against target</caption>
                      <thead>
                        <tr>
                          <th scope="col">Day</th>
                          <th scope="col">Species</th>
                          <th scope="col" className="num">On the agenda</th>
                          <th scope="col" className="num">Target</th>
                          <th scope="col" className="num">Filled</th>
                        </tr>
                      </thead>
                      <tbody>
                        {c.agenda.map((d) => (
                          <tr key={`${d.date}-${d.speciesId}`}>
                            <th scope="row">{formatDate(d.date)}</th>
                            <td>{d.species}</td>
                            <td className="num">
                              <Fig
                                to={link({
                                  dateField: "production",
                                  fromDate: d.date,
                                  toDate: d.date,
                                  speciesId: d.speciesId,
                                  tenantSiteId: view.tenantSiteId,
                                })}
                              >
                                {head(d.booked)}
                              </Fig>
                            </td>
                            <td className="num">{head(d.target)}</td>
                            <td className="num">{percent(d.percent)}</td>
                          </tr>
                        ))}
                        {!c.agenda.length && (
                          <tr>
                            <td colSpan={5} className="muted">Nothing on the kill agendas and no targets.</td>
                          </tr>
                        )}
                      </tbody>
                    </table>
                  </>
                )}
              </StreamedPanel>
              <StreamedPanel
                id="next60"
                title="The next 60 days booked against targets"
                promise={panels.next60}
              >
                {(n) =>
                  n.series.filter((s) => s.totalOrdered || s.totalTarget).map((s) => (
                    <div key={s.speciesId}>
                      <p>
                        <Fig
                          to={link({
                            dateField: "delivery",
                            fromDate: n.fromDate,
                            toDate: n.toDate,
                            speciesId: s.speciesId,
                            tenantSiteId: view.tenantSiteId,
                          })}
                        >
                          {head(s.totalOrdered)} {s.species.toLowerCase()} booked
                        </Fig>{" "}
                        against {s.targetOfWholePlant ? "the whole plant's target" : "a target"} of{" "}
                        {head(s.totalTarget)}.
                      </p>
                      <OrdersVersusTargetsChart
                        id={`next60-${s.speciesId}`}
                        title={`${s.species}: next 60 days`}
                        points={s.days}
                      />
                    </div>
                  ))}
              </StreamedPanel>
            </div>
          </>
        )}
      </DashFrame>
    );
  },
});
