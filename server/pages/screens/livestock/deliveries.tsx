/**
 * Deliveries (a week of orders by day, with the form to add a delivery load record) and undelivered
 * orders (due by today, not fully delivered). Processor tenants (spec 1 §6).
 */
import DataForm from "../../../../client/islands/DataForm.tsx";
import { Table } from "../../../../client/ui/Table.tsx";
import { formatDate, formatHead } from "../../../../client/ui/format.ts";
import { LIVESTOCK_PREFIX } from "../../../access/routes/livestock.ts";
import { areaContext } from "../../../areas/context.ts";
import { DeliveryService } from "../../../areas/livestock/orders/deliveries.ts";
import { OrderService } from "../../../areas/livestock/orders/service.ts";
import { addDays, whyNotDeliver } from "../../../areas/livestock/orders/rules.ts";
import type { Order } from "../../../areas/livestock/orders/schemas.ts";
import { ApiError } from "../../../http/errors.ts";
import { Island } from "../../Island.tsx";
import { defineScreen } from "../../screen.ts";
import { ORDER_PATHS, StatusBadge } from "./orders.tsx";

const DELIVERIES = `${LIVESTOCK_PREFIX}/deliveries`;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const orderColumns = [
  { header: "Order", cell: (o: Order) => <a href={ORDER_PATHS.order(o.id)}>#{o.id}</a> },
  { header: "Time", cell: (o: Order) => o.deliveryTime ?? "—" },
  { header: "Supplier", cell: (o: Order) => o.supplierName },
  { header: "Stock", cell: (o: Order) => `${o.species} ${o.speciesCategory}`.trim() },
  { header: "Ordered", cell: (o: Order) => formatHead(o.quantityOrdered) },
  { header: "Delivered", cell: (o: Order) => formatHead(o.totalDelivered) },
  { header: "DOA", cell: (o: Order) => formatHead(o.totalDoa) },
  { header: "Live", cell: (o: Order) => formatHead(o.liveDelivered) },
  { header: "To unload", cell: (o: Order) => formatHead(o.remainderToUnload) },
  { header: "Status", cell: (o: Order) => <StatusBadge name={o.orderStatusName} /> },
];

export const DeliveriesScreen = defineScreen({
  loader: async ({ context, params }) => {
    if (params.fromDate && !DATE.test(params.fromDate)) {
      throw ApiError.notFound("Use a date like 2026-12-01.");
    }
    const ctx = await areaContext(context.services, context.caller!);
    const week = await new DeliveryService(ctx).deliveries(params.fromDate ?? ctx.today, 7);
    return { ...week, today: ctx.today };
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
              <a className="btn" href={`${DELIVERIES}/${addDays(data.fromDate, -7)}`}>Previous week</a>
              <a className="btn" href={DELIVERIES}>Today</a>
              <a className="btn" href={`${DELIVERIES}/${addDays(data.fromDate, 7)}`}>Next week</a>
            </nav>
          </div>
          <details open={open.length > 0}>
            <summary>Add a delivery load record</summary>
            <Island
              name="DataForm"
              component={DataForm}
              props={{
                id: "delivery-load",
                fields: [
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
                      } · ${formatHead(Math.max(0, o.quantityOrdered - o.totalDelivered))} to come`,
                    })),
                  },
                  { name: "head", label: "Head on the truck", type: "number", required: true },
                  { name: "doa", label: "Dead on arrival", type: "number" },
                  { name: "nvdNumber", label: "NVD number", type: "text" },
                  { name: "deliveryTime", label: "Arrival time", type: "time", required: true },
                ],
                initial: { doa: 0 },
                submit: { method: "POST", url: "/api/livestock/AddDeliveryLoad" },
                submitLabel: "Add load",
                successToast: "The load was recorded and its mob created.",
                redirectTo: `${DELIVERIES}/${data.fromDate}`,
                undo: false,
              }}
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
    const ctx = await areaContext(context.services, context.caller!);
    return { orders: await new OrderService(ctx).undelivered(), today: ctx.today };
  },
  component: ({ data }) => (
    <section className="panel">
      <div className="panel-head">
        <h2>Undelivered orders</h2>
        <a className="btn" href={DELIVERIES}>Deliveries</a>
      </div>
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
