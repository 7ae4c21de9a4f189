/**
 * Orders and deliveries with each processor (/producerportal/orders, /producerportal/deliveries; issue 44
 * §3): read-only, server-rendered pages of the linked suppliers' rows from the link's visible-from day,
 * 25 at a time. No React in the browser.
 */
import { defineScreen } from "../../../../pages/screen.ts";
import { Table } from "../../../../../client/ui/Table.tsx";
import { formatDate, formatHead } from "../../../../../kernel/format.ts";
import { orderStatusName, orderStatusText, speciesCategoryName } from "../../../../../kernel/enums.ts";
import type { LinkedDelivery, LinkedOrder } from "../../door.ts";
import { linkedDeliveries, linkedOrders } from "../dealings.ts";
import { PagedList, pagedLoader, PagedSearch } from "../pagedList.tsx";
import { PORTAL_PATHS } from "../paths.ts";
import { deliveryProgress, speciesWord } from "../rules.ts";

export const ProducerOrdersScreen = defineScreen({
  validateSearch: PagedSearch,
  loader: pagedLoader<LinkedOrder>("orders", linkedOrders),
  component: ({ data }) => (
    <PagedList<LinkedOrder> data={data} what="orders" href={PORTAL_PATHS.orders}>
      {(rows) => (
        <Table
          rows={rows}
          rowKey={(o) => o.livestockOrderId}
          empty="No order since the shared day."
          columns={[
            { header: "Order", cell: (o) => o.livestockOrderId },
            { header: "Ordered", cell: (o) => formatDate(o.orderedOn.slice(0, 10)), optional: true },
            {
              header: "Species",
              cell: (o) =>
                [speciesWord(o.speciesId), speciesCategoryName(o.speciesCategoryId)].filter(Boolean)
                  .join(", "),
            },
            { header: "Supplier", cell: (o) => `${o.supplierName}${o.pic ? ` (${o.pic})` : ""}` },
            { header: "Head", cell: (o) => formatHead(o.head), className: "num" },
            { header: "Delivery", cell: (o) => formatDate(o.deliveryDate) },
            { header: "Status", cell: (o) => orderStatusText(orderStatusName(o.orderStatus)) },
            { header: "Grid offered", cell: (o) => o.gridName ?? "No grid" },
          ]}
        />
      )}
    </PagedList>
  ),
});

export const ProducerDeliveriesScreen = defineScreen({
  validateSearch: PagedSearch,
  loader: pagedLoader<LinkedDelivery>("deliveries", linkedDeliveries),
  component: ({ data }) => (
    <PagedList<LinkedDelivery> data={data} what="deliveries" href={PORTAL_PATHS.deliveries}>
      {(rows) => (
        <Table
          rows={rows}
          rowKey={(d) => d.deliveryLoadId}
          empty="No delivery since the shared day."
          columns={[
            {
              header: "Arrived",
              cell: (d) =>
                `${formatDate(d.deliveryDate)} ${d.deliveryTime.slice(0, 5)}`,
            },
            {
              header: "Order",
              cell: (d) =>
                d.livestockOrderId,
            },
            {
              header: "Species",
              cell: (d) =>
                speciesWord(d.speciesId),
            },
            { header: "Supplier", cell: (d) => d.supplierName, optional: true },
            { header: "Head", cell: (d) => formatHead(d.head), className: "num" },
            { header: "Dead on arrival", cell: (d) => formatHead(d.doa), className: "num" },
            { header: "NVD", cell: (d) => d.nvd || "—" },
            {
              header: "Progress",
              cell: (d) =>
                `${deliveryProgress(d.orderStatus)}${
                  d.processedHead
                    ? ` (${formatHead(d.processedHead)} of ${formatHead(d.orderHead)} processed)`
                    : ""
                }`,
            },
          ]}
        />
      )}
    </PagedList>
  ),
});
