/** The processing overview's tables: the day's orders, its totals, and one order across its days. */
import { NothingOnDay } from "../../../../pages/DayFilter.tsx";
import type { ReactNode } from "react";
import { formatDate, formatHead } from "../../../../../kernel/format.ts";
import { Facts } from "../../../../../client/ui/Facts.tsx";
import { type Column, Table } from "../../../../../client/ui/Table.tsx";
import type { Figures } from "../rules.ts";
import type { OverviewOrder, ProcessingOverview, ProcessingOverviewByOrder } from "../schemas.ts";

type Link = (orderId: number) => string | null;

/** A figure; linked to its order when the caller may open orders. */
function Fig({ n, href }: { n: number; href?: string | null }) {
  const text = formatHead(n);
  return href ? <a href={href} className="po-fig">{text}</a> : <>{text}</>;
}

function Sub({ children }: { children: ReactNode }) {
  return <div className="muted small">{children}</div>;
}

/** The big figures above the tables (readable on a TV across the office). */
export function figureFacts(f: Figures): [string, ReactNode][] {
  return [
    ["Ordered", formatHead(f.ordered)],
    ["Delivered", `${formatHead(f.delivered)} (${formatHead(f.doa)} DOA)`],
    [
      "Unloaded",
      f.toUnload ? `${formatHead(f.unloaded)} (${formatHead(f.toUnload)} to unload)` : formatHead(f.unloaded),
    ],
    [
      "In the yard",
      f.unfit ? `${formatHead(f.inYard)} (${formatHead(f.unfit)} unfit)` : formatHead(f.inYard),
    ],
    ["Sent to the kill floor", formatHead(f.sentToKillFloor)],
    ["Processed", `${formatHead(f.processed)} (${formatHead(f.condemned)} condemned)`],
    ["Still to process", formatHead(f.toProcess)],
  ];
}

/** The figure columns every table shares; `link` gives a row's figures their address. */
function figureColumns<T>(figures: (row: T) => Figures, link: (row: T) => string | null): Column<T>[] {
  const fig = (key: keyof Figures, sub?: (f: Figures) => ReactNode) => (row: T) => (
    <>
      <Fig n={figures(row)[key]} href={link(row)} />
      {sub?.(figures(row))}
    </>
  );
  return [
    { header: "Ordered", className: "num", cell: fig("ordered") },
    {
      header: "Delivered",
      className: "num",
      cell: fig("delivered", (f) => (
        <>
          {f.doa > 0 && <Sub>{formatHead(f.doa)} DOA</Sub>}
          {f.toDeliver > 0 && <Sub>{formatHead(f.toDeliver)} to come</Sub>}
        </>
      )),
    },
    {
      header: "Unloaded",
      className: "num",
      cell: fig("unloaded", (f) => f.toUnload > 0 && <Sub>{formatHead(f.toUnload)} on trucks</Sub>),
    },
    {
      header: "In yard",
      className: "num",
      cell: fig("inYard", (f) => f.unfit > 0 && <Sub>{formatHead(f.unfit)} unfit</Sub>),
    },
    { header: "Sent", className: "num", cell: fig("sentToKillFloor") },
    {
      header: "Processed",
      className: "num",
      cell: fig("processed", (f) => f.condemned > 0 && <Sub>{formatHead(f.condemned)} condemned</Sub>),
    },
    { header: "To process", className: "num po-strong", cell: fig("toProcess") },
  ];
}

function Progress({ order }: { order: OverviewOrder }) {
  const where = order.mobs.map((m) =>
    `${m.place === "yard" && m.penName ? `Pen ${m.penName}` : m.placeWords} ${formatHead(m.head)}`
  );
  return (
    <>
      {/* a count that does not add up is flagged; the usual words read as plain text over the bar */}
      <span className={order.figures.unaccounted ? "badge badge-warning" : "po-progress-words"}>
        {order.progress}
      </span>
      <progress
        className="po-bar"
        value={order.percentProcessed}
        max={100}
        aria-label={`${order.lot}: ${order.percentProcessed}% processed`}
      />
      {where.length > 0 && <Sub>{where.join(" · ")}</Sub>}
    </>
  );
}

export function DayTables({ day, orderHref, overviewOf, dayHref }: {
  day: ProcessingOverview;
  orderHref: Link;
  overviewOf: (orderId: number) => string;
  /** the overview of another day, same species */
  dayHref: (date: string) => string;
}) {
  const everySpecies = day.speciesId === null;
  const orderColumns: Column<OverviewOrder>[] = [
    {
      header: "Lot",
      cell: (o) => (
        <>
          <a href={overviewOf(o.livestockOrderId)}>{o.lot}</a>
          <Sub>{o.supplierName}</Sub>
          <Sub>{everySpecies ? `${o.species} · ` : ""}{o.category || o.orderStatusName}</Sub>
        </>
      ),
    },
    ...figureColumns<OverviewOrder>((o) => o.figures, (o) => orderHref(o.livestockOrderId)),
    { header: "Progress", className: "po-progress", cell: (o) => <Progress order={o} /> },
  ];
  type Total = ProcessingOverview["bySpecies"][number];
  const totalColumns = (what: string): Column<Total>[] => [
    {
      header: what,
      cell: (t) => (
        <>
          {t.name}
          <Sub>{t.orders} order{t.orders === 1 ? "" : "s"}</Sub>
        </>
      ),
    },
    ...figureColumns<Total>((t) => t.figures, () => null),
  ];
  return (
    <>
      <h3>Orders</h3>
      <div className="po-table">
        <Table
          columns={orderColumns}
          rows={day.orders}
          rowKey={(o) => o.livestockOrderId}
          empty={
            <NothingOnDay
              words="No order is planned for this day."
              nearest={day.nearestDays}
              href={dayHref}
            />
          }
        />
      </div>
      {day.orders.length > 0 && (
        <div className="po-totals">
          {everySpecies && (
            <section aria-labelledby="po-species">
              <h3 id="po-species">By species</h3>
              <Table columns={totalColumns("Species")} rows={day.bySpecies} rowKey={(t) => t.id} empty="" />
            </section>
          )}
          <section aria-labelledby="po-suppliers">
            <h3 id="po-suppliers">By supplier</h3>
            <Table columns={totalColumns("Supplier")} rows={day.bySupplier} rowKey={(t) => t.id} empty="" />
          </section>
        </div>
      )}
    </>
  );
}

export function OrderView({ view, orderHref, dayOf }: {
  view: ProcessingOverviewByOrder;
  orderHref: Link;
  dayOf: (date: string) => string;
}) {
  const o = view.order;
  const open = orderHref(o.livestockOrderId);
  type Mob = OverviewOrder["mobs"][number];
  const mobColumns: Column<Mob>[] = [
    { header: "Lot", cell: (m) => m.lot },
    { header: "Head", className: "num", cell: (m) => <Fig n={m.head} href={open} /> },
    { header: "Where", cell: (m) => m.placeWords },
    { header: "Pen", cell: (m) => m.penName ?? "—" },
    {
      header: "Production day",
      cell: (m) =>
        m.productionDate ? <a href={dayOf(m.productionDate)}>{formatDate(m.productionDate)}</a> : "—",
    },
    { header: "Processed", className: "num", cell: (m) => <Fig n={m.processed} href={open} /> },
    { header: "Condemned", className: "num", cell: (m) => <Fig n={m.condemned} href={open} /> },
  ];
  type Day = ProcessingOverviewByOrder["days"][number];
  const dayColumns: Column<Day>[] = [
    { header: "Production day", cell: (d) => <a href={dayOf(d.date)}>{formatDate(d.date)}</a> },
    { header: "Mobs", className: "num", cell: (d) => formatHead(d.mobs) },
    { header: "In yard", className: "num", cell: (d) => <Fig n={d.inYard} href={open} /> },
    { header: "Sent", className: "num", cell: (d) => <Fig n={d.sentToKillFloor} href={open} /> },
    { header: "Processed", className: "num", cell: (d) => <Fig n={d.processed} href={open} /> },
    { header: "Condemned", className: "num", cell: (d) => <Fig n={d.condemned} href={open} /> },
  ];
  return (
    <>
      <p>
        {o.species} · {o.category || "—"} · PIC {o.pic || "—"} · delivery {formatDate(o.deliveryDate)} ·{" "}
        <span className="badge">{o.orderStatusName}</span> · {o.progress}
        {open && (
          <>
            {" · "}
            <a href={open}>Open the order</a>
          </>
        )}
      </p>
      <Facts items={figureFacts(o.figures)} />
      <h3>Production days</h3>
      <Table columns={dayColumns} rows={view.days} rowKey={(d) => d.date} empty="No mob is planned yet." />
      <h3>Mobs</h3>
      <Table
        columns={mobColumns}
        rows={o.mobs}
        rowKey={(m) => m.stockMobId}
        empty="No load has arrived yet."
      />
    </>
  );
}
