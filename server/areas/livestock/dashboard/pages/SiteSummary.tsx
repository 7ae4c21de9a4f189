/**
 * The site summary dashboard (home/livestockSiteSummaryDashboard): the dashboard's headline figures for
 * each of the caller's sites side by side, one streamed panel per site, from the same panel functions.
 */
import { defineScreen } from "../../../../pages/screen.ts";
import { href } from "../../../../access/routes.ts";
import { Facts } from "../../../../../client/ui/Facts.tsx";
import { formatDate } from "../../../../../kernel/format.ts";
import { formatCents } from "../../../../../kernel/money.ts";
import type { AreaContext } from "../../../context.ts";
import {
  capacityPanel,
  costPanel,
  type DashboardView,
  keptPanel,
  lossPanel,
  volumePanel,
} from "../operations.ts";
import { centsPerHead, centsPerKg, percentOf } from "../rules.ts";
import { DashboardSearch, DashFrame, loadView } from "./filter.tsx";
import { Fig, head, type OrdersLink, panelTurns, percent, perKg, StreamedPanel } from "./panels.tsx";

/** One site's headline figures (every species of the view together). */
async function siteFigures(ctx: AreaContext, v: DashboardView) {
  const [volume, cost, losses, capacity] = await Promise.all([
    volumePanel(ctx, v),
    costPanel(ctx, v),
    lossPanel(ctx, v),
    capacityPanel(ctx, v),
  ]);
  const add = <T,>(rows: T[], f: (r: T) => number) => rows.reduce((n, r) => n + f(r), 0);
  const spent = { cents: add(cost.bySpecies, (r) => r.costCents), head: add(cost.bySpecies, (r) => r.head) };
  const kg = add(cost.bySpecies, (r) => r.hscwKg);
  const delivered = add(losses, (r) => r.delivered), killed = add(losses, (r) => r.killed);
  const yardHead = add(capacity.yards, (y) => y.head), yardCapacity = add(capacity.yards, (y) => y.capacity);
  return {
    bought: add(volume, (s) => s.total.bought),
    delivered: add(volume, (s) => s.total.delivered),
    processed: add(volume, (s) => s.total.processed),
    target: add(volume, (s) => s.total.target),
    targetOfWholePlant: volume.some((s) => s.targetOfWholePlant),
    costCents: spent.cents,
    centsPerHead: centsPerHead(spent.cents, spent.head),
    centsPerKg: centsPerKg(spent.cents, kg),
    doaPercent: percentOf(add(losses, (r) => r.doa), delivered),
    condemnedPercent: percentOf(add(losses, (r) => r.condemnedWhole), killed),
    yardHead,
    yardPercent: percentOf(yardHead, yardCapacity),
  };
}

export const SiteSummaryScreen = defineScreen({
  validateSearch: DashboardSearch,
  loader: async ({ context, search }) => {
    const loaded = await loadView(context, { ...search, site: undefined });
    const common = { ordersLink: loaded.ordersLink, species: context.caller!.species };
    if (!loaded.ok) return { ...common, problem: loaded.problem, view: null, sites: [] };
    const { ctx, view } = loaded;
    const sites = ctx.scope.sites.length ? ctx.scope.sites : [{ id: 0, name: "Whole plant" }];
    // each site's figures after the page's shell has gone, one site after another (panelTurns)
    const turn = panelTurns(context.streamSent);
    return {
      ...common,
      problem: null,
      view,
      sites: sites.map((s) => ({
        ...s,
        figures: turn(`site-${s.id}`, () => {
          const site = { ...view, tenantSiteId: s.id || null };
          return keptPanel(ctx, site, "site", () => siteFigures(ctx, site));
        }),
      })),
    };
  },
  component: ({ data }) => {
    const { view } = data;
    return (
      <DashFrame path={href("livestockSiteSummaryDashboard")} data={data} showSite={false}>
        {view && (
          <>
            <p className="muted small">
              {formatDate(view.fromDate)} to{" "}
              {formatDate(view.toDate)}, each site on its own. Head by delivery week; cost from published
              invoices; yards as they are now.
            </p>
            <div className="dash-grid">
              {data.sites.map((s) => (
                <StreamedPanel key={s.id} id={`site-${s.id}`} title={s.name} promise={s.figures}>
                  {(f) => <SiteFacts f={f} view={view} siteId={s.id || null} link={data.ordersLink} />}
                </StreamedPanel>
              ))}
            </div>
          </>
        )}
      </DashFrame>
    );
  },
});

function SiteFacts({ f, view, siteId, link }: {
  f: Awaited<ReturnType<typeof siteFigures>>;
  view: DashboardView;
  siteId: number | null;
  link: OrdersLink;
}) {
  const base = {
    fromDate: view.fromDate,
    toDate: view.toDate,
    speciesId: view.speciesId,
    tenantSiteId: siteId,
  };
  const delivery = link({ ...base, dateField: "delivery" });
  const production = link({ ...base, dateField: "production" });
  return (
    <Facts
      items={[
        ["Bought", <Fig key="b" to={delivery}>{head(f.bought)}</Fig>],
        [f.targetOfWholePlant ? "Target (whole plant)" : "Target", head(f.target)],
        ["Delivered", <Fig key="d" to={delivery}>{head(f.delivered)}</Fig>],
        ["Processed", <Fig key="p" to={delivery}>{head(f.processed)}</Fig>],
        ["Livestock cost", <Fig key="c" to={production}>{formatCents(f.costCents)}</Fig>],
        ["Per head", formatCents(f.centsPerHead)],
        ["Per kg HSCW", perKg(f.centsPerKg)],
        ["DOA", <Fig key="doa" to={delivery}>{percent(f.doaPercent)}</Fig>],
        ["Condemned", <Fig key="con" to={production}>{percent(f.condemnedPercent)}</Fig>],
        ["In the yards now", `${head(f.yardHead)} (${percent(f.yardPercent)} full)`],
      ]}
    />
  );
}
