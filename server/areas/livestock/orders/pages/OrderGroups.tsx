/**
 * Order groups (spec 1 §2 "Livestock routes"): the buy home's tab of groups by delivery date, a new
 * group with its first order, a group alone, and one group with its orders and their actions.
 */
import { Folded } from "../../../../pages/Folded.tsx";
import { Table } from "../../../../../client/ui/Table.tsx";
import { Facts } from "../../../../../client/ui/Facts.tsx";
import { formatDate, formatHead } from "../../../../../kernel/format.ts";
import type { PageContext } from "../../../../pages/context.ts";
import { DataForm } from "../../../../pages/islands.tsx";
import { defineScreen } from "../../../../pages/screen.ts";
import { ORDER_STATUS } from "../../../../../kernel/enums.ts";
import { ORDER_PATHS } from "../paths.ts";
import { groupFormValues } from "../mapping.ts";
import { addDays } from "../rules.ts";
import { formChoices, groupFields, orderFields, orderForm, OrderFormIsland } from "./OrderFormFields.tsx";
import { groupWithChoices } from "./loaders.ts";
import { pageAreaContext } from "../../../context.ts";
import { groupSummariesPage } from "../groupList.ts";
import { GROUP_PAGE_SIZE } from "../queries.ts";
import { listScope, ScopeNote } from "../../../../pages/ListScope.tsx";
import { Pager } from "../../../../../client/ui/Pager.tsx";
import { OrdersTable, StatusBadge } from "./OrderTables.tsx";

/**
 * The buy home's "Order groups" tab: groups delivering from a week ago to four weeks on, by default, of
 * the species and site chosen in the header, a page at a time.
 */
export async function orderGroupsPanel(
  context: PageContext,
  search: { from?: string; to?: string; start?: number },
) {
  const ctx = await pageAreaContext(context);
  const today = ctx.today;
  const from = search.from ?? addDays(today, -7);
  const to = search.to ?? addDays(today, 28);
  const scope = listScope(context);
  const offset = search.start ?? 0;
  const { rows: groups, total } = await groupSummariesPage(ctx, from, to, scope, {
    offset,
    limit: GROUP_PAGE_SIZE,
  });
  const pageLink = (start: number) =>
    `${ORDER_PATHS.buyHome}?${new URLSearchParams({ tab: "orders", from, to, start: String(start) })}`;
  return (
    <section className="panel" aria-label="Order groups">
      <div className="panel-head">
        <h2>Order groups</h2>
        <form method="get" className="inline-form">
          <input type="hidden" name="tab" value="orders" />
          <label>
            From <input type="date" name="from" defaultValue={from} />
          </label>
          <label>
            To <input type="date" name="to" defaultValue={to} />
          </label>
          <button className="btn" type="submit">Show</button>
        </form>
        <a className="btn btn-primary" href={ORDER_PATHS.orderGroupNew}>New order group</a>
        <a className="btn" href={ORDER_PATHS.orderGroupNewGroup}>Group only</a>
      </div>
      <ScopeNote scope={scope}>
        {formatHead(total)} order {total === 1 ? "group delivers" : "groups deliver"} between{" "}
        {formatDate(from)} and {formatDate(to)} for
      </ScopeNote>
      <Table
        rows={groups}
        rowKey={(g) => g.id}
        empty="None to show: choose other dates, or another species or site at the top of the page."
        columns={[
          {
            header: "Delivery",
            className: "nowrap",
            cell: (g) => formatDate(g.deliveryDate, false),
          },
          {
            header: "Supplier",
            cell: (g) => <a href={ORDER_PATHS.orderGroup(g.id)}>{g.supplierName}</a>,
          },
          { header: "Stock", cell: (g) => [g.species, g.speciesCategory].filter(Boolean).join(" · ") },
          { header: "Buyer", optional: true, cell: (g) => g.buyerName || "—" },
          { header: "Orders", cell: (g) => g.orders },
          {
            header: "Head ordered / delivered",
            cell: (g) => `${formatHead(g.ordered)} / ${formatHead(g.delivered)}`,
          },
          {
            header: "Status",
            cell: (g) => (
              <span className="actions">
                {g.statusNames.map((n) => <StatusBadge key={n} name={n} />)}
              </span>
            ),
          },
        ]}
      />
      <Pager offset={offset} pageSize={GROUP_PAGE_SIZE} total={total} link={pageLink} what="order groups" />
    </section>
  );
}

const newGroupData = async (context: PageContext) => ({
  choices: await formChoices(context),
  today: (await pageAreaContext(context)).today,
});
const newGroupValues = (context: PageContext, today: string) => ({
  speciesId: listScope(context).speciesId,
  deliveryDate: today,
});

export const OrderGroupNewScreen = defineScreen({
  loader: ({ context }) => newGroupData(context),
  component: ({ data, context }) => (
    <section className="panel">
      <OrderFormIsland
        form={orderForm({
          id: "order-group",
          title: "New order group",
          fields: [
            ...groupFields(data.choices, { speciesLocked: false }),
            ...orderFields(data.choices, { editing: false }),
          ],
          initial: {
            livestockOrderGroupDto: newGroupValues(context, data.today),
            livestockOrderDto: { deliveryDate: data.today, recurrenceFrequency: "None", stakeholderIds: [] },
          },
          cancelHref: ORDER_PATHS.buyHome,
          redirectTo: ORDER_PATHS.groupOfAnswer,
          successToast: "The order group was saved.",
        })}
        choices={data.choices}
        group={{ speciesId: null, speciesCategoryId: null }}
      />
    </section>
  ),
});

export const OrderGroupNewGroupScreen = defineScreen({
  loader: ({ context }) => newGroupData(context),
  component: ({ data, context }) => (
    <section className="panel">
      <DataForm
        {...orderForm({
          id: "order-group-only",
          title: "New order group (orders added later)",
          fields: groupFields(data.choices, { speciesLocked: false }),
          initial: { livestockOrderGroupDto: newGroupValues(context, data.today) },
          cancelHref: ORDER_PATHS.buyHome,
          redirectTo: ORDER_PATHS.groupOfAnswer,
          successToast: "The order group was saved.",
        })}
      />
    </section>
  ),
});

export const OrderGroupScreen = defineScreen({
  loader: ({ context, params }) => groupWithChoices(context, params.id),
  component: ({ data }) => {
    const g = data.group;
    const active = g.livestockOrders.filter((o) => o.orderStatus !== ORDER_STATUS.Cancelled);
    const cancelled = g.livestockOrders.filter((o) => o.orderStatus === ORDER_STATUS.Cancelled);
    return (
      <>
        <section className="panel">
          <div className="panel-head">
            <h2>{g.supplierName} · {[g.species, g.speciesCategory].filter(Boolean).join(" ")}</h2>
            <a className="btn btn-primary" href={ORDER_PATHS.orderNew(g.id)}>Add order</a>
          </div>
          <Facts
            items={[
              ["Buyer", g.buyerName || "—"],
              ["Order date", formatDate(g.orderDate)],
              ["Delivery", formatDate(g.deliveryDate)],
              ["Head required", formatHead(g.quantityRequired)],
              ["Ordered", formatHead(active.reduce((s, o) => s + o.quantityOrdered, 0))],
              ["Transport", g.transportCompanyName || "—"],
            ]}
          />
        </section>
        <section className="panel" aria-label="Orders">
          <h2>Orders</h2>
          <OrdersTable orders={active} groupId={g.id} empty="No orders in this group yet." />
        </section>
        {cancelled.length > 0 && (
          <section className="panel" aria-label="Cancelled orders">
            <h2>Cancelled orders</h2>
            <OrdersTable orders={cancelled} groupId={g.id} empty="" />
          </section>
        )}
        <Folded name="edit-group" className="panel" summary="Edit the group">
          <DataForm
            {...orderForm({
              id: "order-group-edit",
              fields: groupFields(data.choices, { speciesLocked: g.livestockOrders.length > 0 }),
              initial: { id: g.id, livestockOrderGroupDto: groupFormValues(g) },
              redirectTo: ORDER_PATHS.orderGroup(g.id),
              successToast: "The order group was saved.",
            })}
          />
        </Folded>
      </>
    );
  },
});
