/**
 * Sales orders (issue 41 item 6; super): the orders by etd with their lines' kg and value, and buttons for
 * the moves an order's status allows (Confirm, Fulfil, Cancel, each asked first). Server-rendered; the
 * buttons are the action button island.
 */
import { Table } from "../../../../../client/ui/Table.tsx";
import { formatDate } from "../../../../../kernel/format.ts";
import { formatCents } from "../../../../../kernel/money.ts";
import { ActionButton } from "../../../../pages/islands.tsx";
import { defineScreen } from "../../../../pages/screen.ts";
import { pageAreaContext } from "../../../context.ts";
import { SALES_ORDERS_API } from "../api.ts";
import { listSalesOrders } from "../operations.ts";
import { nextStatuses, type OrderStatus } from "../rules.ts";

const VERB: Record<OrderStatus, string> = {
  Pending: "Pending",
  Confirmed: "Confirm",
  Fulfilled: "Fulfil",
  Cancelled: "Cancel",
};

export const SalesOrdersScreen = defineScreen({
  loader: async ({ context }) =>
    (await listSalesOrders(await pageAreaContext(context), { pageSize: 200 })).rows,
  component: ({ data }) => (
    <section className="panel" aria-label="Sales orders">
      <h2>Sales orders</h2>
      <p className="muted small">Confirmed orders count in the schedule builder's Orders row on their etd.</p>
      <Table
        rows={data}
        rowKey={(o) => o.id}
        empty="No sales orders yet."
        columns={[
          { header: "Reference", cell: (o) => o.reference },
          { header: "Customer", cell: (o) => o.customerName },
          { header: "ETD", cell: (o) => `${formatDate(o.etd)} by ${o.freightType.toLowerCase()}` },
          {
            header: "Ordered",
            cell: (o) =>
              `${o.salesOrderLineItems.length} ${o.salesOrderLineItems.length === 1 ? "line" : "lines"}, ${
                Math.round(o.totalKg).toLocaleString("en-AU")
              } kg`,
          },
          { header: "Value", cell: (o) => formatCents(o.totalCents) },
          { header: "Status", cell: (o) => <span data-status={o.status}>{o.status}</span> },
          {
            header: "Actions",
            cell: (o) => (
              <div className="inline-form">
                {nextStatuses(o.status).map((to) => (
                  <ActionButton
                    key={to}
                    label={VERB[to]}
                    url={SALES_ORDERS_API.move}
                    body={{ id: o.id, status: to, lastModified: o.lastModified }}
                    variant={to === "Cancelled" ? "danger" : undefined}
                    confirm={`${VERB[to]} ${o.reference} for ${o.customerName}?`}
                    successToast={`${o.reference} is now ${to.toLowerCase()}.`}
                  />
                ))}
              </div>
            ),
          },
        ]}
      />
    </section>
  ),
});
