/**
 * One order (spec 1 §2 "Livestock routes"): adding one to a group, the order with its loads, mobs,
 * head-count corrections, edit form and history, and splitting it.
 */
import { Folded } from "../../../../pages/Folded.tsx";
import { LiveStatus } from "../../../../pages/LiveStatus.tsx";
import { Table } from "../../../../../client/ui/Table.tsx";
import { Facts } from "../../../../../client/ui/Facts.tsx";
import { formatDate, formatHead } from "../../../../../kernel/format.ts";
import { ActionButton, DataForm } from "../../../../pages/islands.tsx";
import { defineScreen } from "../../../../pages/screen.ts";
import { ApiError } from "../../../../http/errors.ts";
import { ORDER_STATUS } from "../../../../../kernel/enums.ts";
import { ORDER_PATHS } from "../paths.ts";
import { ORDERS_API } from "../api.ts";
import { groupFormValues, orderFormValues } from "../mapping.ts";
import { undeliveredHead } from "../rules.ts";
import { formChoices, orderFields, orderForm, OrderFormIsland } from "./OrderFormFields.tsx";
import { groupWithChoices, recordId } from "./loaders.ts";
import { pageAreaContext } from "../../../context.ts";
import { groupById, orderDetail } from "../queries.ts";
import { orderActions, StatusBadge } from "./OrderTables.tsx";
import { HeadCountForms } from "./HeadCountForms.tsx";
import { OrderHistory } from "./OrderHistory.tsx";

const ORDER_FACTS_ID = "order-facts";

export const OrderNewScreen = defineScreen({
  loader: ({ context, params }) => groupWithChoices(context, params.livestockOrderGroupId),
  component: ({ data }) => {
    const g = data.group;
    return (
      <section className="panel">
        <p className="muted">Order group: {g.supplierName} · {g.species} {g.speciesCategory}</p>
        <OrderFormIsland
          form={orderForm({
            id: "order-new",
            title: "New order",
            fields: orderFields(data.choices, { editing: false }),
            initial: {
              livestockOrderGroupDto: groupFormValues(g),
              livestockOrderDto: {
                deliveryDate: g.deliveryDate,
                speciesCategoryId: g.speciesCategoryId,
                recurrenceFrequency: "None",
                stakeholderIds: [],
              },
            },
            cancelHref: ORDER_PATHS.orderGroup(g.id),
            redirectTo: ORDER_PATHS.orderGroup(g.id),
            successToast: "The order was saved.",
          })}
          choices={data.choices}
          group={{ speciesId: g.speciesId, speciesCategoryId: g.speciesCategoryId }}
        />
      </section>
    );
  },
});

export const OrderScreen = defineScreen({
  loader: async ({ context, params }) => {
    const id = recordId(params.id);
    const ctx = await pageAreaContext(context);
    const order = await orderDetail(ctx, id);
    const [group, choices] = await Promise.all([
      groupById(ctx, order.livestockOrderGroupId),
      formChoices(context),
    ]);
    // a load, a boxing or an NVD match in another window is announced to Deliveries: the facts re-read
    const liveGroups = context.caller!.subject.modules.includes("livestock") ? ["Deliveries"] : [];
    return { order, group, choices, liveGroups };
  },
  component: ({ data, context }) => {
    const o = data.order;
    const cancelled = o.orderStatus === ORDER_STATUS.Cancelled;
    return (
      <>
        <section className="panel">
          <div className="panel-head">
            <h2>
              Order #{o.id} · {o.supplierName} <StatusBadge name={o.orderStatusName} />
            </h2>
            <a className="btn" href={ORDER_PATHS.orderGroup(o.livestockOrderGroupId)}>Order group</a>
            {orderActions(o, o.livestockOrderGroupId, true)}
            {o.recurrenceSeriesId && o.recurrenceFrequencyName !== "None" && (
              <ActionButton
                label="End series after this"
                url={ORDERS_API.CancelFutureRecurringLivestockOrders}
                body={{ livestockOrderId: o.id }}
                reason={{ label: "Reason for ending the series" }}
                successToast="Future orders of the series were cancelled."
              />
            )}
          </div>
          {o.cancelReason && <p className="banner banner-warning">Cancelled: {o.cancelReason}</p>}
          {data.liveGroups.length > 0 && (
            <LiveStatus
              target={ORDER_FACTS_ID}
              groups={data.liveGroups}
              events={["deliveryStatusUpdated"]}
              order={o.id}
              words="Live: the figures update as loads arrive"
            />
          )}
          <div id={ORDER_FACTS_ID}>
            <Facts
              items={[
                ["Delivery", `${formatDate(o.deliveryDate)} ${o.deliveryTime ?? ""}`],
                ["Production", formatDate(o.productionDate)],
                ["Stock", `${o.species} ${o.speciesCategory}`],
                ["Ordered", formatHead(o.quantityOrdered)],
                ["Delivered", formatHead(o.totalDelivered)],
                ["DOA", formatHead(o.totalDoa)],
                ["Live delivered", formatHead(o.liveDelivered)],
                ["Unloaded", formatHead(o.totalUnloaded)],
                ["To unload", formatHead(o.remainderToUnload)],
                ["PIC / NVD", `${o.pic || "—"} / ${o.nvd || "—"}`],
                [
                  "NVD document",
                  o.isLinkedNvd
                    ? (o.nvdPdfUrl
                      ? <a key="nvd" href={o.nvdPdfUrl}>View the NVD</a>
                      : "Matched (sent without a file)")
                    : <span key="nvd" className="badge badge-warning">No NVD</span>,
                ],
                ...(o.boxedLotRef ? [["Boxed lot", o.boxedLotRef] as const] : []),
                [
                  "Repeats",
                  o.recurrenceFrequencyName === "None"
                    ? "No"
                    : `${o.recurrenceFrequencyName} until ${formatDate(o.recurrenceEndDate)}`,
                ],
              ]}
            />
          </div>
        </section>
        <section className="panel" aria-label="Delivery loads">
          <h2>Delivery loads</h2>
          <Table
            rows={o.deliveryLoads}
            rowKey={(l) => l.id}
            empty="Nothing delivered yet."
            columns={[
              { header: "Date", cell: (l) => `${formatDate(l.deliveryDate, false)} ${l.deliveryTime}` },
              { header: "Head", cell: (l) => formatHead(l.head) },
              { header: "DOA", cell: (l) => formatHead(l.doa) },
              { header: "NVD", cell: (l) => l.nvdNumber || "—" },
              { header: "Truck", cell: (l) => l.truckRego || "—" },
              { header: "Driver", cell: (l) => l.driverName || "—" },
              { header: "Recorded by", optional: true, cell: (l) => l.createdBy },
            ]}
          />
          <h3>Mobs</h3>
          <Table
            rows={o.deliveredMobs.filter((m) => m.head > 0)}
            rowKey={(m) => m.id}
            empty="No mobs yet."
            columns={[
              { header: "Mob", cell: (m) => `#${m.id}` },
              { header: "Head", cell: (m) => formatHead(m.head) },
              { header: "Status", cell: (m) => m.mobStatusName.replace(/([a-z])([A-Z])/g, "$1 $2") },
              { header: "Pen", cell: (m) => m.penId ?? "—" },
            ]}
          />
          {o.deliveredMobs.length > 0 && <HeadCountForms order={o} />}
        </section>
        {!cancelled && (
          <Folded name="edit-order" className="panel" summary="Edit the order">
            <OrderFormIsland
              form={orderForm({
                id: "order-edit",
                fields: orderFields(data.choices, { editing: true }),
                initial: {
                  id: o.id,
                  livestockOrderGroupDto: groupFormValues(data.group),
                  livestockOrderDto: orderFormValues(o),
                },
                redirectTo: ORDER_PATHS.order(o.id),
                successToast: "The order was saved.",
              })}
              choices={data.choices}
              group={{ speciesId: data.group.speciesId, speciesCategoryId: data.group.speciesCategoryId }}
            />
          </Folded>
        )}
        <OrderHistory entries={o.history} timeZone={context.timeZone} />
      </>
    );
  },
});

export const OrderSplitScreen = defineScreen({
  loader: async ({ context, params }) => {
    const id = recordId(params.orderId);
    const order = await orderDetail(await pageAreaContext(context), id);
    if (String(order.livestockOrderGroupId) !== params.livestockOrderGroupId) throw ApiError.notFound();
    return { order };
  },
  component: ({ data }) => {
    const o = data.order;
    const open = undeliveredHead(o);
    return (
      <section className="panel">
        <p>
          Order #{o.id} · {o.supplierName}: {formatHead(o.quantityOrdered)} head ordered, {formatHead(open)}
          {" "}
          not yet delivered.
        </p>
        <DataForm
          id="order-split"
          title="Split the order"
          fields={[
            { name: "quantity", label: "Head to move to a new order", type: "number", required: true },
            {
              name: "deliveryDate",
              label: "New order's delivery date",
              type: "date",
              help: "Blank: the same day.",
            },
          ]}
          initial={{ livestockOrderId: o.id, lastModified: o.lastModified, deliveryDate: o.deliveryDate }}
          submit={{ method: "POST", url: ORDERS_API.SplitLivestockOrder }}
          submitLabel="Split"
          cancelHref={ORDER_PATHS.orderGroup(o.livestockOrderGroupId)}
          redirectTo={ORDER_PATHS.orderGroup(o.livestockOrderGroupId)}
          successToast="The order was split."
        />
      </section>
    );
  },
});
