/**
 * Deliveries (a week of orders by day, with the form to add a delivery load record) and undelivered
 * orders (due by today, not fully delivered). Processor tenants (spec 1 §6).
 */
import { Table } from "../../../../../client/ui/Table.tsx";
import { clockTime, formatDate, formatHead } from "../../../../../kernel/format.ts";
import { serverNow } from "../../../../clock.ts";
import { ApiError } from "../../../../http/errors.ts";
import { DataForm } from "../../../../pages/islands.tsx";
import { defineScreen } from "../../../../pages/screen.ts";
import { pageAreaContext } from "../../../context.ts";
import { ORDER_PATHS } from "../paths.ts";
import { ORDERS_API } from "../api.ts";
import { deliveriesFrom, undelivered } from "../queries.ts";
import { addDays, undeliveredHead, whyNotDeliver } from "../rules.ts";
import type { Order } from "../schemas.ts";
import { UNDELIVERED_DAYS } from "../queries.ts";
import { listScope, ScopeNote } from "../../../../pages/ListScope.tsx";
import { StatusBadge } from "./OrderTables.tsx";

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** When the trucks came ("arrived 07:42"), else when the order was booked for ("booked 06:00"). */
function arrivalTime(o: Order & { deliveryLoads?: readonly { deliveryTime: string }[] }) {
  const arrived = (o.deliveryLoads ?? []).map((l) => l.deliveryTime).filter(Boolean);
  if (arrived.length) return `arrived ${arrived.join(", ")}`;
  return o.deliveryTime ? `booked ${o.deliveryTime}` : "—";
}

const orderColumns = [
  { header: "Order", cell: (o: Order) => <a href={ORDER_PATHS.order(o.id)}>#{o.id}</a> },
  { header: "Time", cell: arrivalTime }, // wraps ("booked" over "06:00"): the table fits 1024 px
  { header: "Supplier", cell: (o: Order) => o.supplierName },
  { header: "Stock", cell: (o: Order) => `${o.species} ${o.speciesCategory}`.trim() },
  { header: "Ordered", cell: (o: Order) => formatHead(o.quantityOrdered) },
  { header: "Delivered", cell: (o: Order) => formatHead(o.totalDelivered) },
  { header: "DOA", cell: (o: Order) => formatHead(o.totalDoa) },
  { header: "Live", optional: true, cell: (o: Order) => formatHead(o.liveDelivered) },
  { header: "To unload", cell: (o: Order) => formatHead(o.remainderToUnload) },
  { header: "Status", cell: (o: Order) => <StatusBadge name={o.orderStatusName} /> },
];

export const DeliveriesScreen = defineScreen({
  loader: async ({ context, params }) => {
    if (params.fromDate && !DATE.test(params.fromDate)) {
      throw ApiError.notFound("Use a date like 2026-12-01.");
    }
    const ctx = await pageAreaContext(context);
    const today = ctx.today;
    const scope = listScope(context);
    const week = await deliveriesFrom(ctx, params.fromDate ?? today, 7, scope);
    // the arrival time offered: now at the plant (a truck is usually recorded as it arrives)
    const nowTime = clockTime(serverNow(), context.timeZone);
    return { ...week, today, nowTime, scope };
  },
  component: ({ data }) => {
    const days = Array.from({ length: 7 }, (_, i) => addDays(data.fromDate, i));
    const open = data.orders.filter((o) => !whyNotDeliver(o));
    return (
      <>
        <section className="panel">
          <div className="panel-head">
            <h2>Deliveries {formatDate(data.fromDate, false)} – {formatDate(data.toDate)}</h2>
            <nav className="actions" aria-label="Weeks">
              <a className="btn" href={ORDER_PATHS.deliveriesFrom(addDays(data.fromDate, -7))}>
                Previous week
              </a>
              <a className="btn" href={ORDER_PATHS.deliveries}>Today</a>
              <a className="btn" href={ORDER_PATHS.deliveriesFrom(addDays(data.fromDate, 7))}>
                Next week
              </a>
            </nav>
          </div>
          <ScopeNote scope={data.scope}>Orders of</ScopeNote>
          <details open={open.length > 0}>
            <summary>Add a delivery load record</summary>
            <DataForm
              id="delivery-load"
              fields={[
                {
                  name: "livestockOrderId",
                  label: "Order",
                  type: "select",
                  required: true,
                  valueType: "number",
                  options: open.map((o) => ({
                    value: String(o.id),
                    label: `${formatDate(o.deliveryDate, false)} · #${o.id} ${o.supplierName} · ${
                      o.speciesCategory || o.species
                    } · ${formatHead(undeliveredHead(o))} to come`,
                  })),
                },
                { name: "head", label: "Head on the truck", type: "number", required: true },
                { name: "doa", label: "Dead on arrival", type: "number" },
                { name: "nvdNumber", label: "NVD number", type: "text" },
                { name: "deliveryDate", label: "Arrival date", type: "date", required: true },
                { name: "deliveryTime", label: "Arrival time", type: "time", required: true },
                { name: "truckRego", label: "Truck registration", type: "text" },
                { name: "driverName", label: "Driver", type: "text" },
                {
                  name: "confirmOverDelivery",
                  label: "More than ordered",
                  type: "checkbox",
                  help: "Tick to record a load that takes the order well past the head ordered.",
                },
              ]}
              initial={{
                doa: 0,
                deliveryDate: data.today,
                deliveryTime: data.nowTime,
                confirmOverDelivery: false,
              }}
              submit={{ method: "POST", url: ORDERS_API.AddDeliveryLoad }}
              submitLabel="Add load"
              successToast="The load was recorded and its mob created."
              redirectTo={ORDER_PATHS.deliveriesFrom(data.fromDate)}
              undo={false}
            />
          </details>
        </section>
        {days.map((day) => {
          const orders = data.orders.filter((o) => o.deliveryDate === day);
          return (
            <section className="panel" key={day} aria-label={formatDate(day)}>
              <h2>
                {formatDate(day)}
                {day === data.today ? <span className="badge badge-info">Today</span> : null}
              </h2>
              <Table rows={orders} rowKey={(o) => o.id} empty="No deliveries." columns={orderColumns} />
            </section>
          );
        })}
      </>
    );
  },
});

export const UndeliveredOrdersScreen = defineScreen({
  loader: async ({ context }) => {
    const ctx = await pageAreaContext(context);
    const scope = listScope(context);
    return { orders: await undelivered(ctx, scope), today: ctx.today, scope };
  },
  component: ({ data }) => (
    <section className="panel">
      <div className="panel-head">
        <h2>Undelivered orders</h2>
        <a className="btn" href={ORDER_PATHS.deliveries}>Deliveries</a>
      </div>
      <ScopeNote scope={data.scope}>
        Orders due in the last {UNDELIVERED_DAYS} days and today, not yet fully delivered, of
      </ScopeNote>
      <Table
        rows={data.orders}
        rowKey={(o) => o.id}
        empty="Every order due by today has been delivered."
        columns={[
          {
            header: "Due",
            cell: (o) => (
              <>
                {formatDate(o.deliveryDate, false)}
                {o.deliveryDate < data.today ? <span className="badge badge-warning">Overdue</span> : null}
              </>
            ),
          },
          ...orderColumns.filter((c) => c.header !== "Live" && c.header !== "To unload"),
        ]}
      />
    </section>
  ),
});
