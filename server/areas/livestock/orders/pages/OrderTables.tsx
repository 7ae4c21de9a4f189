/** An order's status badge, its action buttons (each shown only when its rule allows) and the orders table. */
import type { ComponentProps } from "react";
import { Table } from "../../../../../client/ui/Table.tsx";
import { formatDate, formatHead, formatPrice } from "../../../../../kernel/format.ts";
import { ActionButton } from "../../../../pages/islands.tsx";
import { ORDER_PATHS } from "../paths.ts";
import { ORDERS_API } from "../api.ts";
import { whyNotCancel, whyNotDelete, whyNotReinstate, whyNotSplit } from "../rules.ts";
import type { Order } from "../schemas.ts";
import { orderStatusText } from "../../../../../kernel/enums.ts";

const STATUS_BADGE: Record<string, string> = {
  Cancelled: "badge-warning",
  Ordered: "badge-muted",
  Confirmed: "badge-info",
  PartiallyDelivered: "badge-info",
  Delivered: "badge-success",
  Verified: "badge-success",
  Unloaded: "badge-success",
};

export function StatusBadge({ name }: { name: string }) {
  return (
    <span className={`badge ${STATUS_BADGE[name] ?? ""}`} data-status={name}>
      {orderStatusText(name)}
    </span>
  );
}

/** Open (not on the order's own page), split, cancel, reinstate, delete: the ones its state allows. */
export function orderActions(o: Order, groupId: number, onOrderPage = false) {
  const body = { livestockOrderId: o.id, lastModified: o.lastModified };
  const parts = [];
  if (!onOrderPage) {
    parts.push(<a key="open" className="btn btn-ghost" href={ORDER_PATHS.order(o.id)}>Open</a>);
  }
  if (!whyNotSplit(o, 1)) {
    parts.push(
      <a key="split" className="btn btn-ghost" href={ORDER_PATHS.orderSplit(groupId, o.id)}>Split</a>,
    );
  }
  // the calls the order's state allows, each one button posting the order and when it was read
  const calls: [allowed: boolean, button: Omit<ComponentProps<typeof ActionButton>, "body">][] = [
    [!whyNotCancel(o), {
      label: "Cancel order",
      url: ORDERS_API.CancelLivestockOrder,
      variant: "danger",
      reason: { label: "Reason for cancelling" },
      successToast: "The order was cancelled.",
    }],
    [!whyNotReinstate(o), {
      label: "Reinstate",
      url: ORDERS_API.ReinstateCancelledLivestockOrder,
      confirm: "Reinstate this order? It goes back on the buying plan and the kill.",
      successToast: "The order was reinstated.",
    }],
    [!whyNotDelete(o, o.totalDelivered), {
      label: "Delete",
      url: ORDERS_API.DeleteLivestockOrder,
      variant: "ghost",
      confirm: "Delete this order for good?",
      successToast: "The order was deleted.",
    }],
  ];
  for (const [allowed, { label, url, ...how }] of calls) {
    if (allowed) parts.push(<ActionButton key={url} label={label} url={url} body={body} {...how} />);
  }
  return <div className="actions">{parts}</div>;
}

export function OrdersTable({ orders, groupId, empty }: { orders: Order[]; groupId: number; empty: string }) {
  return (
    <Table
      rows={orders}
      rowKey={(o) => o.id}
      empty={empty}
      columns={[
        { header: "Order", cell: (o) => <a href={ORDER_PATHS.order(o.id)}>#{o.id}</a> },
        {
          header: "Delivery",
          cell: (o) => `${formatDate(o.deliveryDate, false)}${o.deliveryTime ? ` ${o.deliveryTime}` : ""}`,
        },
        { header: "Category", cell: (o) => o.speciesCategory || o.species },
        { header: "Ordered", cell: (o) => formatHead(o.quantityOrdered) },
        { header: "Delivered", cell: (o) => formatHead(o.totalDelivered) },
        { header: "DOA", optional: true, cell: (o) => formatHead(o.totalDoa) },
        { header: "Live", optional: true, cell: (o) => formatHead(o.liveDelivered) },
        { header: "To unload", cell: (o) => formatHead(o.remainderToUnload) },
        { header: "Status", cell: (o) => <StatusBadge name={o.orderStatusName} /> },
        {
          header: "Price",
          optional: true,
          cell: (o) =>
            o.offGridPrice !== null
              ? `${formatPrice(o.offGridPrice)} ${o.offGridPricePerName}`
              : o.pricingGridGroupId
              ? "Grid"
              : "—",
        },
        { header: "Actions", srOnly: true, cell: (o) => orderActions(o, groupId) },
      ]}
    />
  );
}
