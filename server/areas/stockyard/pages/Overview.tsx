/**
 * Stockyard overview (spec 1 §2 stockyardOverview): every yard of the caller's site with capacity,
 * head, pens used, loads waiting and a bar per yard, and each yard's drawing at a glance. Stock
 * locations (stocklocations): where each order's stock is, yard by pen, filterable by text. No script.
 */
import { z } from "zod";
import { Table } from "../../../../client/ui/Table.tsx";
import { formatDate, formatHead } from "../../../../kernel/format.ts";
import { lotLabel, type YardData } from "../../../../client/ui/yard/model.ts";
import { YardLegend, YardSvg } from "../../../../client/ui/yard/YardSvg.tsx";
import { PEN_STATUS_LABELS } from "../rules.ts";
import { canSeeRouteNamed } from "../../../access/policy.ts";
import { href } from "../../../access/routes.ts";
import { defaultSiteId } from "../../../auth/userModel.ts";
import { defineScreen } from "../../../pages/screen.ts";
import { SearchForm } from "../../../../client/ui/SearchForm.tsx";
import type { PageContext } from "../../../pages/context.ts";
import { pageAreaContext } from "../../context.ts";
import { yards, yardView } from "../queries.ts";
import { searchText } from "../../../pages/searchText.ts";
import { mapUrlOf } from "./Yard.tsx";
import { pctClass } from "../../../../client/ui/inlineFree.ts";

/** The yards of the caller's default site (else their first site with yards), each as the yard screen reads it. */
async function siteYards(context: PageContext): Promise<YardData[]> {
  const ctx = await pageAreaContext(context);
  const all = await yards(ctx);
  const site = defaultSiteId(context.caller!);
  const pick = all.some((y) => y.tenantSiteId === site) ? site : all[0]?.tenantSiteId;
  return Promise.all(all.filter((y) => y.tenantSiteId === pick).map((y) => yardView(ctx, y.id)));
}

const yardHref = (id: number) => `${href("stockyard")}?yard=${id}`;
const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 100) : 0);

function Bar({ value, max, label }: { value: number; max: number; label: string }) {
  const p = percent(value, max);
  return (
    <span
      className={`yard-bar${p >= 100 ? " is-full" : ""}`}
      role="meter"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={Math.min(value, max)}
      aria-valuetext={`${p}%`}
      title={`${p}%`}
    >
      <span className={pctClass(p)} />
    </span>
  );
}

export const StockyardOverviewScreen = defineScreen({
  loader: async ({ context }) => ({ yards: await siteYards(context) }),
  component: ({ data }) => {
    const rows = data.yards.map((v) => ({
      ...v.yard,
      waitingLoads: v.waiting.length,
      waitingHead: v.waiting.reduce((n, m) => n + m.head, 0),
      arriving: v.arriving.reduce((n, m) => n + m.head, 0),
      binHead: v.binHead,
    }));
    return (
      <>
        <section className="panel" aria-label="Yards">
          <div className="panel-head">
            <h2>Yards</h2>
            <a className="btn" href={href("stocklocations")}>Stock locations</a>
          </div>
          <div className="table-wrap">
            <Table
              rows={rows}
              rowKey={(y) => y.id}
              empty="No yard is set up for this site yet."
              columns={[
                { header: "Yard", cell: (y) => <a href={yardHref(y.id)}>{y.name}</a> },
                { header: "Species", cell: (y) => y.speciesName },
                {
                  header: "Head",
                  cell: (y) => (
                    <span className="yard-fill">
                      {formatHead(y.head)}
                      {y.capacity ? ` of ${formatHead(y.capacity)}` : ""}
                      {y.capacity
                        ? <Bar value={y.head} max={y.capacity} label={`${y.name}: head of capacity`} />
                        : <Bar value={y.pensUsed} max={y.pens} label={`${y.name}: pens used`} />}
                    </span>
                  ),
                },
                { header: "Pens used", cell: (y) => `${y.pensUsed} of ${y.pens}` },
                {
                  header: "Waiting",
                  cell: (y) => (y.waitingLoads ? `${y.waitingLoads} (${formatHead(y.waitingHead)} hd)` : "—"),
                },
                { header: "Arriving", cell: (y) => (y.arriving ? `${formatHead(y.arriving)} hd` : "—") },
                {
                  header: "Unfit bin",
                  cell: (y) => (y.isIncludeUnfitBin ? `${formatHead(y.binHead)} hd` : "—"),
                },
              ]}
            />
          </div>
        </section>
        {data.yards.length > 0 && (
          <section className="panel" aria-label="At a glance">
            <div className="panel-head">
              <h2>At a glance</h2>
              <YardLegend />
            </div>
            <ul className="yard-glance">
              {data.yards.map((v, i) => (
                <li key={v.yard.id}>
                  <h3>
                    <a href={yardHref(v.yard.id)}>{v.yard.name}</a>{" "}
                    <small className="muted">
                      {formatHead(v.yard.head)} hd · {v.yard.pensUsed}/{v.yard.pens} pens
                    </small>
                  </h3>
                  <YardSvg
                    pens={v.pens}
                    label={`${v.yard.name} pens`}
                    mapUrl={mapUrlOf(v.yard)}
                    patterns={i === 0}
                  />
                </li>
              ))}
            </ul>
          </section>
        )}
      </>
    );
  },
});

interface Location {
  key: string;
  orderId: number;
  lot: string;
  supplierName: string;
  category: string;
  yard: string;
  yardId: number;
  place: string;
  head: number;
  status: string;
  killDate: string | null;
}

const MAX_ROWS = 500;

/** Where each order's stock is, one row per mob: pens, waiting, arriving, the unfit bin. */
function locations(yards: YardData[]): Location[] {
  const rows = new Map<string, Location>();
  for (const v of yards) {
    const add = (
      mob: YardData["waiting"][number],
      place: string,
      status: string,
      key = String(mob.stockMobId),
    ) => {
      if (rows.has(key)) return; // a waiting load shows in each yard of its species: once here
      rows.set(key, {
        key,
        orderId: mob.livestockOrderId,
        lot: lotLabel(mob),
        supplierName: mob.supplierName,
        category: mob.speciesCategory ?? "",
        yard: v.yard.name,
        yardId: v.yard.id,
        place,
        head: mob.head,
        status,
        killDate: mob.applicableProductionDate,
      });
    };
    for (const pen of v.pens) {
      for (const mob of pen.contents) add(mob, `Pen ${pen.name}`, PEN_STATUS_LABELS[pen.status]);
    }
    for (const mob of v.arriving) add(mob, "Arriving", "Moving between yards");
    for (const mob of v.bin) {
      add(mob, "Unfit bin", mob.reasonSentToBin ? `Unfit: ${mob.reasonSentToBin}` : "Unfit");
    }
    for (const mob of v.waiting) add(mob, "Waiting to unload", "Delivered");
  }
  return [...rows.values()].sort((a, b) =>
    a.orderId - b.orderId || a.yard.localeCompare(b.yard) ||
    a.place.localeCompare(b.place, "en", { numeric: true })
  );
}

export const StockLocationsScreen = defineScreen({
  validateSearch: z.object({ q: searchText }),
  loader: async ({ context, search }) => {
    const all = locations(await siteYards(context));
    const q = search.q?.toLowerCase() ?? "";
    const matching = q
      ? all.filter((r) =>
        [r.lot, `#${r.orderId}`, r.supplierName, r.category, r.yard, r.place, r.status].some((t) =>
          t.toLowerCase().includes(q)
        )
      )
      : all;
    return {
      rows: matching.slice(0, MAX_ROWS),
      total: matching.length,
      q: search.q ?? "",
      canOpenOrders: canSeeRouteNamed(context.caller!.subject, "order"),
    };
  },
  component: ({ data }) => {
    const orders = new Set(data.rows.map((r) => r.orderId)).size;
    const head = data.rows.reduce((n, r) => n + r.head, 0);
    return (
      <section className="panel" aria-label="Stock locations">
        <div className="panel-head">
          <h2>Stock locations</h2>
          <a className="btn" href={href("stockyardOverview")}>Stockyard overview</a>
        </div>
        <SearchForm
          id="stock-q"
          label="Find"
          visibleLabel
          className="yard-filter"
          value={data.q}
          placeholder="Lot, order, supplier, yard or pen"
          clearHref={href("stocklocations")}
        />
        <p className="muted" role="status">
          {orders} order{orders === 1 ? "" : "s"} · {formatHead(head)} head
          {data.total > data.rows.length
            ? ` · showing the first ${data.rows.length} of ${data.total} mobs`
            : ""}
        </p>
        <Table
          rows={data.rows}
          rowKey={(r) => r.key}
          empty={data.q ? "No stock matches." : "There is no stock in the yards."}
          columns={[
            {
              header: "Order",
              cell: (r) =>
                data.canOpenOrders ? <a href={href("order", { id: r.orderId })}>{r.lot}</a> : r.lot,
            },
            { header: "Supplier", cell: (r) => r.supplierName },
            { header: "Stock", cell: (r) => r.category || "—" },
            { header: "Yard", cell: (r) => <a href={yardHref(r.yardId)}>{r.yard}</a> },
            { header: "Pen", cell: (r) => r.place },
            { header: "Head", cell: (r) => formatHead(r.head) },
            { header: "Status", cell: (r) => r.status },
            { header: "Kill", cell: (r) => formatDate(r.killDate, false) },
          ]}
        />
      </section>
    );
  },
});
