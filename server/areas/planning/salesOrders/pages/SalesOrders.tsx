/**
 * Sales orders (issue 41 item 6; super): the orders by etd with their lines' kg and value, and buttons for
 * the moves an order's status allows (Confirm, Fulfil, Cancel, each asked first). Server-rendered; the
 * buttons are the action button island. ?order=new or ?order=<id> opens the order form above the list.
 */
import { z } from "zod";
import { Table } from "../../../../../client/ui/Table.tsx";
import { formatDate } from "../../../../../kernel/format.ts";
import { formatCents } from "../../../../../kernel/money.ts";
import { ActionButton } from "../../../../pages/islands.tsx";
import { defineScreen } from "../../../../pages/screen.ts";
import { pageAreaContext } from "../../../context.ts";
import { SALES_ORDERS_API } from "../api.ts";
import { getSalesOrder, listCustomers, listSalesOrders, listSalespersons } from "../operations.ts";
import { listProductDefinitions } from "../../products/operations.ts";
import { idNumber } from "../../../../http/params.ts";
import { SALES_ORDERS_PATH, SalesOrderForm } from "./salesOrderForm.tsx";
import { nextStatuses, type OrderStatus } from "../rules.ts";

const VERB: Record<OrderStatus, string> = {
  Pending: "Pending",
  Confirmed: "Confirm",
  Fulfilled: "Fulfil",
  Cancelled: "Cancel",
};

export const SalesOrdersScreen = defineScreen({
  validateSearch: z.object({ order: z.union([z.literal("new"), idNumber()]).optional() }),
  loader: async ({ context, search }) => {
    const ctx = await pageAreaContext(context);
    const [orders, form] = await Promise.all([
      listSalesOrders(ctx, { pageSize: 200 }),
      search.order === undefined ? null : Promise.all([
        search.order === "new" ? null : getSalesOrder(ctx, search.order),
        listCustomers(ctx),
        listSalespersons(ctx),
        listProductDefinitions(ctx),
      ]),
    ]);
    return {
      orders: orders.rows,
      form: form && {
        order: form[0],
        customers: form[1].filter((c) => c.isActive || c.id === form[0]?.customerId),
        salespersons: form[2].filter((p) => p.isActive || p.id === form[0]?.salespersonId),
        products: form[3],
      },
    };
  },
  component: ({ data }) => (
    <>
      {data.form && <SalesOrderForm {...data.form} />}
      <OrderList orders={data.orders} />
    </>
  ),
});

function OrderList({ orders }: { orders: Awaited<ReturnType<typeof listSalesOrders>>["rows"] }) {
  return (
    <section className="panel" aria-label="Sales orders">
      <div className="panel-head">
        <h2>Sales orders</h2>
        <a className="btn" href={`${SALES_ORDERS_PATH}?order=new`}>New sales order</a>
      </div>
      <p className="muted small">
        Confirmed orders count in the schedule builder's Orders row on their ETD (estimated time of
        departure).
      </p>
      <Table
        rows={orders}
        rowKey={(o) => o.id}
        empty="No sales orders yet."
        columns={[
          {
            header: "Reference",
            cell: (o) => <a href={`${SALES_ORDERS_PATH}?order=${o.id}`}>{o.reference}</a>,
          },
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
  );
}
