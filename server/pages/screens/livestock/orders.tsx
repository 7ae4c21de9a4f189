/**
 * The buyer area's order screens (spec 1 §2 "Livestock routes"): order groups by delivery date, a new
 * group with its first order, a group with its orders and their actions, an order with its loads,
 * mobs and history, adding and splitting orders. Lists are plain server HTML; forms are the data form
 * island and actions the ActionButton island.
 */
import { z } from "zod";
import { asc, eq } from "drizzle-orm";
import DataForm, { type DataFormProps, type FieldSpec } from "../../../../client/islands/DataForm.tsx";
import ActionButton from "../../../../client/islands/ActionButton.tsx";
import OrderForm from "../../../../client/islands/OrderForm.tsx";
import { Table } from "../../../../client/ui/Table.tsx";
import { formatDate, formatHead, formatPrice } from "../../../../client/ui/format.ts";
import { LIVESTOCK_PREFIX } from "../../../access/routes/livestock.ts";
import { type AreaContext, areaContext } from "../../../areas/context.ts";
import { OrderService } from "../../../areas/livestock/orders/service.ts";
import type { Order, OrderGroup } from "../../../areas/livestock/orders/schemas.ts";
import {
  addDays,
  whyNotCancel,
  whyNotDelete,
  whyNotReinstate,
  whyNotSplit,
} from "../../../areas/livestock/orders/rules.ts";
import {
  OFF_GRID_PRICE_PER,
  OFF_GRID_PRICE_PER_NAMES,
  OFF_GRID_PRICE_TYPES,
  ORDER_STATUS,
  RECURRENCE_FREQUENCIES,
  SPECIES_CATEGORIES,
} from "../../../areas/livestock/enums.ts";
import { buyers, stakeholders, suppliers, transportCompanies } from "../../../../db/tenant/schema.ts";
import { ApiError } from "../../../http/errors.ts";
import type { PageContext } from "../../context.ts";
import { Island } from "../../Island.tsx";
import { defineScreen } from "../../screen.ts";

const p = (rest: string) => `${LIVESTOCK_PREFIX}${rest}`;
export const ORDER_PATHS = {
  group: (id: number) => p(`/ordergroups/${id}`),
  order: (id: number) => p(`/orders/${id}`),
  newOrder: (groupId: number) => p(`/order/new/${groupId}`),
  split: (groupId: number, orderId: number) => p(`/ordersplit/${groupId}/${orderId}`),
  newGroup: p("/ordergroup/new"),
  newGroupOnly: p("/ordergroup/newGroup"),
};

function ctxOf(context: PageContext): Promise<AreaContext> {
  return areaContext(context.services, context.caller!);
}
const ordersOf = async (context: PageContext) => new OrderService(await ctxOf(context));

const STATUS_BADGE: Record<string, string> = {
  Cancelled: "badge-warning",
  Ordered: "badge-muted",
  Confirmed: "badge-info",
  PartiallyDelivered: "badge-info",
  Delivered: "badge-success",
  Verified: "badge-success",
  Unloaded: "badge-success",
};
const STATUS_TEXT: Record<string, string> = {
  PartiallyDelivered: "Partly delivered",
  InvoiceFinalised: "Invoice finalised",
  InProcessing: "In processing",
};

export function StatusBadge({ name }: { name: string }) {
  return (
    <span className={`badge ${STATUS_BADGE[name] ?? ""}`} data-status={name}>
      {STATUS_TEXT[name] ?? name}
    </span>
  );
}

// ---------- choices for the forms ----------

async function choices(context: PageContext) {
  const { db } = await ctxOf(context);
  const [supplierRows, buyerRows, transportRows, gridRows, stakeholderRows] = await Promise.all([
    db.select({ id: suppliers.id, name: suppliers.name, location: suppliers.location }).from(suppliers)
      .orderBy(asc(suppliers.name)),
    db.select({ id: buyers.id, name: buyers.name }).from(buyers).where(eq(buyers.isSoftDeleted, false))
      .orderBy(asc(buyers.name)),
    db.select({ id: transportCompanies.id, name: transportCompanies.name }).from(transportCompanies).orderBy(
      asc(transportCompanies.name),
    ),
    new OrderService(await ctxOf(context)).pricingGroups(),
    db.select({ id: stakeholders.id, name: stakeholders.name, type: stakeholders.stakeholderType }).from(
      stakeholders,
    ).orderBy(asc(stakeholders.name)),
  ]);
  const caller = context.caller!;
  const opt = (id: number, label: string) => ({ value: String(id), label });
  return {
    suppliers: supplierRows.map((s) => opt(s.id, s.location ? `${s.name} (${s.location})` : s.name)),
    buyers: buyerRows.map((b) => opt(b.id, b.name)),
    transport: transportRows.map((t) => opt(t.id, t.name)),
    stakeholders: stakeholderRows.map((s) => opt(s.id, `${s.name} (${s.type})`)),
    species: caller.species.map((s) => opt(s.id, s.name)),
    categories: SPECIES_CATEGORIES.filter((c) => caller.species.some((s) => s.id === c.speciesId))
      .map((c) => opt(c.id, `${caller.species.find((s) => s.id === c.speciesId)!.name}: ${c.name}`)),
    sites: caller.sites.map((s) => opt(s.id, s.name)),
    /** the order form (OrderForm island) works out which of these apply to the order's dates */
    pricingGroups: gridRows,
  };
}
type Choices = Awaited<ReturnType<typeof choices>>;

const select = (
  name: string,
  label: string,
  options: { value: string; label: string }[],
  extra: Partial<FieldSpec> = {},
): FieldSpec => ({
  name,
  label,
  type: "select",
  options,
  valueType: "number",
  ...extra,
});
const words = (values: readonly string[], names: Record<string, string> = {}) =>
  values.map((v) => ({ value: v, label: names[v] ?? v.replace(/([a-z])([A-Z])/g, "$1 $2") }));

function groupFields(c: Choices, opts: { speciesLocked: boolean }): FieldSpec[] {
  const g = (name: string) => `livestockOrderGroupDto.${name}`;
  return [
    select(g("supplierId"), "Supplier", c.suppliers, { required: true, section: "Order group" }),
    select(g("speciesId"), "Species", c.species, { required: true, readOnly: opts.speciesLocked }),
    select(g("speciesCategoryId"), "Category", c.categories),
    {
      name: g("quantityRequired"),
      label: "Head required",
      type: "number",
      help: "The whole purchase; its orders may deliver it in parts.",
    },
    select(g("buyerId"), "Buyer", c.buyers, { help: "Without a buyer there is no order date." }),
    { name: g("orderDate"), label: "Order date", type: "date" },
    { name: g("deliveryDate"), label: "Delivery date", type: "date" },
    select(g("transportCompanyId"), "Transport company", c.transport),
  ];
}

function orderFields(c: Choices, opts: { editing: boolean }): FieldSpec[] {
  const o = (name: string) => `livestockOrderDto.${name}`;
  return [
    { name: o("quantityOrdered"), label: "Head ordered", type: "number", required: true, section: "Order" },
    { name: o("deliveryDate"), label: "Delivery date", type: "date", required: true },
    { name: o("deliveryTime"), label: "Delivery time", type: "time" },
    { name: o("productionDate"), label: "Production date", type: "date" },
    select(o("speciesCategoryId"), "Category", c.categories, { help: "Blank: the group's category." }),
    select(o("tenantSiteId"), "Site", c.sites),
    { name: o("orderConfirmed"), label: "Confirmed with the supplier", type: "checkbox" },
    { name: o("declaredQuantity"), label: "Head declared (NVD)", type: "number" },
    { name: o("nvd"), label: "NVD number", type: "text" },
    { name: o("pic"), label: "PIC", type: "text", help: "Blank: the supplier's PIC." },
    { name: o("agendaLotReference"), label: "Lot reference", type: "text" },
    { name: o("isMsaEligible"), label: "MSA eligible", type: "checkbox" },
    { name: o("isSaleyardOrder"), label: "Saleyard purchase", type: "checkbox" },
    select(o("transportCompanyId"), "Transport company", c.transport, { help: "Blank: the group's." }),
    {
      name: o("stakeholderIds"),
      label: "Stakeholders",
      type: "multiselect",
      options: c.stakeholders,
      valueType: "number",
    },
    select(o("pricingGridGroupId"), "Pricing grid", [], {
      section: "Price",
      help: "Groups whose period covers the delivery or production date.",
    }),
    { name: o("offGridPrice"), label: "Off-grid price ($)", type: "number" },
    {
      name: o("offGridPricePer"),
      label: "Off-grid price per",
      type: "select",
      options: words(OFF_GRID_PRICE_PER, OFF_GRID_PRICE_PER_NAMES),
      requiredWhen: undefined,
    },
    {
      name: o("offGridPriceType"),
      label: "Off-grid price type",
      type: "select",
      options: words(OFF_GRID_PRICE_TYPES),
    },
    ...(opts.editing ? [] : [
      {
        name: o("recurrenceFrequency"),
        label: "Repeat",
        type: "select",
        options: words(RECURRENCE_FREQUENCIES, { None: "Does not repeat", FourWeekly: "Every four weeks" }),
        section: "Recurring",
      } as FieldSpec,
      {
        name: o("recurrenceEndDate"),
        label: "Repeat until",
        type: "date",
        help: "Creates the future orders now, one per interval.",
      } as FieldSpec,
    ]),
    { name: o("notes"), label: "Notes", type: "textarea", section: opts.editing ? "Notes" : undefined },
  ];
}

const groupDtoOf = (g: OrderGroup) => ({
  id: g.id,
  speciesId: g.speciesId,
  speciesCategoryId: g.speciesCategoryId,
  quantityRequired: g.quantityRequired,
  supplierId: g.supplierId,
  transportCompanyId: g.transportCompanyId,
  buyerId: g.buyerId,
  deliveryDate: g.deliveryDate,
  orderDate: g.orderDate,
  lastModified: g.lastModified,
});

const orderDtoOf = (o: Order) => ({
  id: o.id,
  quantityOrdered: o.quantityOrdered,
  declaredQuantity: o.declaredQuantity,
  deliveryDate: o.deliveryDate,
  deliveryTime: o.deliveryTime,
  productionDate: o.productionDate,
  tenantSiteId: o.tenantSiteId,
  speciesCategoryId: o.speciesCategoryId,
  agendaLotReference: o.agendaLotReference,
  pic: o.pic,
  nvd: o.nvd,
  isMsaEligible: o.isMsaEligible,
  isSaleyardOrder: o.isSaleyardOrder,
  orderConfirmed: o.orderConfirmed,
  transportCompanyId: o.transportCompanyId,
  stakeholderIds: o.stakeholderIds,
  tags: o.tags,
  notes: o.notes,
  pricingGridGroupId: o.pricingGridGroupId,
  offGridPrice: o.offGridPrice,
  offGridPricePer: o.offGridPricePer,
  offGridPriceType: o.offGridPriceType,
  lastModified: o.lastModified,
});

/** The order form island with the pricing groups that may apply (those of the group's species). */
function OrderFormIsland({ form, choices, group }: {
  form: DataFormProps;
  choices: Choices;
  group: { speciesId: number | null; speciesCategoryId: number | null };
}) {
  const pricingGroups = choices.pricingGroups.filter((g) =>
    group.speciesId === null || g.speciesId === group.speciesId
  );
  return <Island name="OrderForm" component={OrderForm} props={{ form, pricingGroups, group }} />;
}

const orderForm = (props: Omit<DataFormProps, "submit">): DataFormProps => ({
  ...props,
  submit: { method: "POST", url: "/api/livestock/UpsertLivestockOrderAndGroup" },
});

// ---------- the order groups tab ----------

export const OrdersTabSearch = z.object({
  from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
  to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
});

export async function orderGroupsPanel(context: PageContext, search: { from?: string; to?: string }) {
  const ctx = await ctxOf(context);
  const from = search.from ?? addDays(ctx.today, -7);
  const to = search.to ?? addDays(ctx.today, 28);
  const groups = await new OrderService(ctx).groupsBetween(from, to);
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
        <a className="btn btn-primary" href={ORDER_PATHS.newGroup}>New order group</a>
        <a className="btn" href={ORDER_PATHS.newGroupOnly}>Group only</a>
      </div>
      <Table
        rows={groups}
        rowKey={(g) => g.id}
        empty={`No order groups deliver between ${formatDate(from)} and ${formatDate(to)}.`}
        columns={[
          {
            header: "Delivery",
            cell: (g) => formatDate(g.deliveryDate ?? g.livestockOrders[0]?.deliveryDate, false),
          },
          { header: "Supplier", cell: (g) => <a href={ORDER_PATHS.group(g.id)}>{g.supplierName}</a> },
          { header: "Stock", cell: (g) => [g.species, g.speciesCategory].filter(Boolean).join(" · ") },
          { header: "Buyer", cell: (g) => g.buyerName || "—" },
          {
            header: "Orders",
            cell: (g) => g.livestockOrders.filter((o) => o.orderStatus !== ORDER_STATUS.Cancelled).length,
          },
          {
            header: "Head (ordered / delivered)",
            cell: (g) => {
              const live = g.livestockOrders.filter((o) => o.orderStatus !== ORDER_STATUS.Cancelled);
              return `${formatHead(live.reduce((s, o) => s + o.quantityOrdered, 0))} / ${
                formatHead(live.reduce((s, o) => s + o.totalDelivered, 0))
              }`;
            },
          },
          {
            header: "Status",
            cell: (g) => (
              <span className="actions">
                {[...new Set(g.livestockOrders.map((o) => o.orderStatusName))].map((n) => (
                  <StatusBadge key={n} name={n} />
                ))}
              </span>
            ),
          },
        ]}
      />
    </section>
  );
}

// ---------- new group ----------

export const OrderGroupNewScreen = defineScreen({
  loader: async ({ context }) => ({ choices: await choices(context), today: (await ctxOf(context)).today }),
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
            livestockOrderGroupDto: {
              speciesId: context.caller!.species[0]?.id ?? null,
              deliveryDate: data.today,
            },
            livestockOrderDto: { deliveryDate: data.today, recurrenceFrequency: "None", stakeholderIds: [] },
          },
          cancelHref: LIVESTOCK_PREFIX,
          redirectTo: p("/ordergroups/{id}"),
          successToast: "The order group was saved.",
        })}
        choices={data.choices}
        group={{ speciesId: null, speciesCategoryId: null }}
      />
    </section>
  ),
});

export const OrderGroupNewGroupScreen = defineScreen({
  loader: async ({ context }) => ({ choices: await choices(context), today: (await ctxOf(context)).today }),
  component: ({ data, context }) => (
    <section className="panel">
      <Island
        name="DataForm"
        component={DataForm}
        props={orderForm({
          id: "order-group-only",
          title: "New order group (orders added later)",
          fields: groupFields(data.choices, { speciesLocked: false }),
          initial: {
            livestockOrderGroupDto: {
              speciesId: context.caller!.species[0]?.id ?? null,
              deliveryDate: data.today,
            },
          },
          cancelHref: LIVESTOCK_PREFIX,
          redirectTo: p("/ordergroups/{id}"),
          successToast: "The order group was saved.",
        })}
      />
    </section>
  ),
});

// ---------- one group ----------

function orderActions(o: Order, groupId: number) {
  const body = { livestockOrderId: o.id, lastModified: o.lastModified };
  const parts = [];
  parts.push(<a key="open" className="btn btn-ghost" href={ORDER_PATHS.order(o.id)}>Open</a>);
  if (!whyNotSplit(o, 1)) {
    parts.push(<a key="split" className="btn btn-ghost" href={ORDER_PATHS.split(groupId, o.id)}>Split</a>);
  }
  if (!whyNotCancel(o)) {
    parts.push(
      <Island
        key="cancel"
        name="ActionButton"
        component={ActionButton}
        props={{
          label: "Cancel order",
          url: "/api/livestock/CancelLivestockOrder",
          body,
          variant: "danger",
          reason: { label: "Reason for cancelling" },
          successToast: "The order was cancelled.",
        }}
      />,
    );
  }
  if (!whyNotReinstate(o)) {
    parts.push(
      <Island
        key="reinstate"
        name="ActionButton"
        component={ActionButton}
        props={{
          label: "Reinstate",
          url: "/api/livestock/ReinstateCancelledLivestockOrder",
          body,
          successToast: "The order was reinstated.",
        }}
      />,
    );
  }
  if (!whyNotDelete(o, o.totalDelivered)) {
    parts.push(
      <Island
        key="delete"
        name="ActionButton"
        component={ActionButton}
        props={{
          label: "Delete",
          url: "/api/livestock/DeleteLivestockOrder",
          body,
          variant: "ghost",
          confirm: "Delete this order for good?",
          successToast: "The order was deleted.",
        }}
      />,
    );
  }
  return <div className="actions">{parts}</div>;
}

function OrdersTable({ orders, groupId, empty }: { orders: Order[]; groupId: number; empty: string }) {
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
        { header: "DOA", cell: (o) => formatHead(o.totalDoa) },
        { header: "Live", cell: (o) => formatHead(o.liveDelivered) },
        { header: "To unload", cell: (o) => formatHead(o.remainderToUnload) },
        { header: "Status", cell: (o) => <StatusBadge name={o.orderStatusName} /> },
        {
          header: "Price",
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

export const OrderGroupScreen = defineScreen({
  loader: async ({ context, params }) => {
    const id = Number(params.id);
    if (!Number.isSafeInteger(id) || id <= 0) throw ApiError.notFound();
    const [group, c] = await Promise.all([(await ordersOf(context)).group(id), choices(context)]);
    return { group, choices: c };
  },
  component: ({ data }) => {
    const g = data.group;
    const active = g.livestockOrders.filter((o) => o.orderStatus !== ORDER_STATUS.Cancelled);
    const cancelled = g.livestockOrders.filter((o) => o.orderStatus === ORDER_STATUS.Cancelled);
    return (
      <>
        <section className="panel">
          <div className="panel-head">
            <h2>{g.supplierName} · {[g.species, g.speciesCategory].filter(Boolean).join(" ")}</h2>
            <a className="btn btn-primary" href={ORDER_PATHS.newOrder(g.id)}>Add order</a>
          </div>
          <dl className="facts">
            <div>
              <dt>Buyer</dt>
              <dd>{g.buyerName || "—"}</dd>
            </div>
            <div>
              <dt>Order date</dt>
              <dd>{formatDate(g.orderDate)}</dd>
            </div>
            <div>
              <dt>Delivery</dt>
              <dd>{formatDate(g.deliveryDate)}</dd>
            </div>
            <div>
              <dt>Head required</dt>
              <dd>{formatHead(g.quantityRequired)}</dd>
            </div>
            <div>
              <dt>Ordered</dt>
              <dd>{formatHead(active.reduce((s, o) => s + o.quantityOrdered, 0))}</dd>
            </div>
            <div>
              <dt>Transport</dt>
              <dd>{g.transportCompanyName || "—"}</dd>
            </div>
          </dl>
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
        <details className="panel">
          <summary>Edit the group</summary>
          <Island
            name="DataForm"
            component={DataForm}
            props={orderForm({
              id: "order-group-edit",
              fields: groupFields(data.choices, { speciesLocked: g.livestockOrders.length > 0 }),
              initial: { id: g.id, livestockOrderGroupDto: groupDtoOf(g) },
              redirectTo: ORDER_PATHS.group(g.id),
              successToast: "The order group was saved.",
            })}
          />
        </details>
      </>
    );
  },
});

// ---------- new order in a group ----------

export const OrderNewScreen = defineScreen({
  loader: async ({ context, params }) => {
    const id = Number(params.livestockOrderGroupId);
    if (!Number.isSafeInteger(id) || id <= 0) throw ApiError.notFound();
    const [group, c] = await Promise.all([(await ordersOf(context)).group(id), choices(context)]);
    return { group, choices: c };
  },
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
              livestockOrderGroupDto: groupDtoOf(g),
              livestockOrderDto: {
                deliveryDate: g.deliveryDate,
                speciesCategoryId: g.speciesCategoryId,
                recurrenceFrequency: "None",
                stakeholderIds: [],
              },
            },
            cancelHref: ORDER_PATHS.group(g.id),
            redirectTo: ORDER_PATHS.group(g.id),
            successToast: "The order was saved.",
          })}
          choices={data.choices}
          group={{ speciesId: g.speciesId, speciesCategoryId: g.speciesCategoryId }}
        />
      </section>
    );
  },
});

// ---------- one order ----------

export const OrderScreen = defineScreen({
  loader: async ({ context, params }) => {
    const id = Number(params.id);
    if (!Number.isSafeInteger(id) || id <= 0) throw ApiError.notFound();
    const service = await ordersOf(context);
    const order = await service.order(id);
    const [group, c] = await Promise.all([service.group(order.livestockOrderGroupId), choices(context)]);
    return { order, group, choices: c };
  },
  component: ({ data }) => {
    const o = data.order;
    const cancelledOrDone = o.orderStatus === ORDER_STATUS.Cancelled;
    return (
      <>
        <section className="panel">
          <div className="panel-head">
            <h2>
              Order #{o.id} · {o.supplierName} <StatusBadge name={o.orderStatusName} />
            </h2>
            <a className="btn" href={ORDER_PATHS.group(o.livestockOrderGroupId)}>Order group</a>
            {orderActions(o, o.livestockOrderGroupId)}
            {o.recurrenceSeriesId && o.recurrenceFrequencyName !== "None" && (
              <Island
                name="ActionButton"
                component={ActionButton}
                props={{
                  label: "End series after this",
                  url: "/api/livestock/CancelFutureRecurringLivestockOrders",
                  body: { livestockOrderId: o.id },
                  reason: { label: "Reason for ending the series" },
                  successToast: "Future orders of the series were cancelled.",
                }}
              />
            )}
          </div>
          {o.cancelReason && <p className="banner banner-warning">Cancelled: {o.cancelReason}</p>}
          <dl className="facts">
            <div>
              <dt>Delivery</dt>
              <dd>{formatDate(o.deliveryDate)} {o.deliveryTime ?? ""}</dd>
            </div>
            <div>
              <dt>Production</dt>
              <dd>{formatDate(o.productionDate)}</dd>
            </div>
            <div>
              <dt>Stock</dt>
              <dd>{o.species} {o.speciesCategory}</dd>
            </div>
            <div>
              <dt>Ordered</dt>
              <dd>{formatHead(o.quantityOrdered)}</dd>
            </div>
            <div>
              <dt>Delivered</dt>
              <dd>{formatHead(o.totalDelivered)}</dd>
            </div>
            <div>
              <dt>DOA</dt>
              <dd>{formatHead(o.totalDoa)}</dd>
            </div>
            <div>
              <dt>Live delivered</dt>
              <dd>{formatHead(o.liveDelivered)}</dd>
            </div>
            <div>
              <dt>Unloaded</dt>
              <dd>{formatHead(o.totalUnloaded)}</dd>
            </div>
            <div>
              <dt>To unload</dt>
              <dd>{formatHead(o.remainderToUnload)}</dd>
            </div>
            <div>
              <dt>PIC / NVD</dt>
              <dd>{o.pic || "—"} / {o.nvd || "—"}</dd>
            </div>
            <div>
              <dt>Repeats</dt>
              <dd>
                {o.recurrenceFrequencyName === "None"
                  ? "No"
                  : `${o.recurrenceFrequencyName} until ${formatDate(o.recurrenceEndDate)}`}
              </dd>
            </div>
          </dl>
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
              { header: "Recorded by", cell: (l) => l.createdBy },
            ]}
          />
          <h3>Mobs</h3>
          <Table
            rows={o.deliveredMobs}
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
        {!cancelledOrDone && (
          <details className="panel">
            <summary>Edit the order</summary>
            <OrderFormIsland
              form={orderForm({
                id: "order-edit",
                fields: orderFields(data.choices, { editing: true }),
                initial: {
                  id: o.id,
                  livestockOrderGroupDto: groupDtoOf(data.group),
                  livestockOrderDto: orderDtoOf(o),
                },
                redirectTo: ORDER_PATHS.order(o.id),
                successToast: "The order was saved.",
              })}
              choices={data.choices}
              group={{ speciesId: data.group.speciesId, speciesCategoryId: data.group.speciesCategoryId }}
            />
          </details>
        )}
        <section className="panel" aria-label="History">
          <h2>History</h2>
          <ol className="history">
            {o.history.map((h, i) => (
              <li key={i}>
                <time dateTime={h.at}>{new Date(h.at).toLocaleString("en-AU")}</time> ·{" "}
                <strong>{h.userName}</strong> · {h.action}
                {h.reason ? ` · “${h.reason}”` : null}
                {h.after && typeof h.after === "object" && Object.keys(h.after).length > 0 &&
                    h.action !== "create"
                  ? <div className="muted small">{describeChange(h.before, h.after)}</div>
                  : null}
              </li>
            ))}
          </ol>
        </section>
      </>
    );
  },
});

/** Head-count corrections (with a reason, audited): one mob re-counted, or head moved between mobs. */
function HeadCountForms({ order: o }: { order: Awaited<ReturnType<OrderService["order"]>> }) {
  const mobs = o.deliveredMobs;
  const reason = { name: "reason", label: "Reason", type: "text", required: true } as const;
  return (
    <>
      <details>
        <summary>Correct a mob's head count</summary>
        <Island
          name="DataForm"
          component={DataForm}
          props={{
            id: "correct-head",
            fields: [
              {
                name: "stockMobId",
                label: "Mob",
                type: "select",
                required: true,
                valueType: "number",
                options: mobs.map((m) => ({
                  value: String(m.id),
                  label: `Mob #${m.id}: ${formatHead(m.head)} head`,
                })),
              },
              { name: "correctedHead", label: "Correct head count", type: "number", required: true },
              { ...reason },
            ],
            initial: { stockMobId: mobs.length === 1 ? mobs[0].id : null },
            submit: { method: "POST", url: "/api/livestock/CorrectNumberOfHeadInMobAndOrder" },
            submitLabel: "Correct",
            successToast: "The head count was corrected.",
            redirectTo: ORDER_PATHS.order(o.id),
            undo: false,
          }}
        />
      </details>
      {mobs.length > 1 && (
        <details>
          <summary>Balance head between mobs</summary>
          <Island
            name="DataForm"
            component={DataForm}
            props={{
              id: "balance-head",
              fields: [
                ...mobs.map((m, i) => ({
                  name: `mobs.${i}.head`,
                  label: `Mob #${m.id} (now ${formatHead(m.head)})`,
                  type: "number" as const,
                  required: true,
                })),
                { ...reason },
              ],
              initial: {
                livestockOrderId: o.id,
                mobs: mobs.map((m) => ({ stockMobId: m.id, head: m.head })),
              },
              submit: { method: "POST", url: "/api/livestock/BalanceNumberOfHeadInMobs" },
              submitLabel: "Balance",
              successToast: "The head were balanced between the mobs.",
              redirectTo: ORDER_PATHS.order(o.id),
            }}
          />
        </details>
      )}
    </>
  );
}

/** "quantityOrdered 300 → 280; deliveryDate …" for a history line. */
function describeChange(before: unknown, after: unknown) {
  const b = (before && typeof before === "object" ? before : {}) as Record<string, unknown>;
  const a = after as Record<string, unknown>;
  const show = (
    v: unknown,
  ) => (v === null || v === undefined ? "—" : typeof v === "object" ? JSON.stringify(v) : String(v));
  return Object.keys(a).map((k) => (k in b ? `${k} ${show(b[k])} → ${show(a[k])}` : `${k} ${show(a[k])}`))
    .join("; ");
}

// ---------- split ----------

export const OrderSplitScreen = defineScreen({
  loader: async ({ context, params }) => {
    const id = Number(params.orderId);
    if (!Number.isSafeInteger(id) || id <= 0) throw ApiError.notFound();
    const order = await (await ordersOf(context)).order(id);
    if (String(order.livestockOrderGroupId) !== params.livestockOrderGroupId) throw ApiError.notFound();
    return { order };
  },
  component: ({ data }) => {
    const o = data.order;
    const open = Math.max(0, o.quantityOrdered - o.totalDelivered);
    return (
      <section className="panel">
        <p>
          Order #{o.id} · {o.supplierName}: {formatHead(o.quantityOrdered)} head ordered, {formatHead(open)}
          {" "}
          not yet delivered.
        </p>
        <Island
          name="DataForm"
          component={DataForm}
          props={{
            id: "order-split",
            title: "Split the order",
            fields: [
              { name: "quantity", label: "Head to move to a new order", type: "number", required: true },
              {
                name: "deliveryDate",
                label: "New order's delivery date",
                type: "date",
                help: "Blank: the same day.",
              },
            ],
            initial: { livestockOrderId: o.id, lastModified: o.lastModified, deliveryDate: o.deliveryDate },
            submit: { method: "POST", url: "/api/livestock/SplitLivestockOrder" },
            submitLabel: "Split",
            cancelHref: ORDER_PATHS.group(o.livestockOrderGroupId),
            redirectTo: ORDER_PATHS.group(o.livestockOrderGroupId),
            successToast: "The order was split.",
          }}
        />
      </section>
    );
  },
});
