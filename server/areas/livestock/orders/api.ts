import type { AccessRule } from "../../../access/apiAccess.ts";
import { z } from "@hono/zod-openapi";
import { areaApi } from "../../areaApi.ts";
import { pageOf } from "../../../http/params.ts";
import {
  cancelledBetween,
  deliveriesFrom,
  groupById,
  groupsBetween,
  groupsPage,
  orderDetail,
  orderHistory,
  ordersBetween,
  ordersBetweenPage,
  undelivered,
} from "./queries.ts";
import { upsertOrderAndGroup } from "./operations/save.ts";
import { cancelFutureRecurring, cancelOrder, reinstateOrder } from "./operations/status.ts";
import { deleteOrder } from "./operations/delete.ts";
import { splitOrder } from "./operations/split.ts";
import { addDeliveryLoad } from "./operations/deliveries.ts";
import { balanceHead, correctHead } from "./operations/headCounts.ts";
import {
  BalanceHeadBody,
  CancelOrderBody,
  CorrectHeadBody,
  DateRangeQuery,
  DeliveriesQuery,
  DeliveryDateQuery,
  DeliveryLoadBody,
  HistoryEntry,
  IdParam,
  Order,
  OrderAction,
  OrderDetail,
  OrderGroup,
  SplitOrderBody,
  UpsertOrderAndGroupBody,
} from "./schemas.ts";

/** The endpoints' paths by operation: the routes below and the pages' forms and buttons both use these. */
export const ORDERS_API = {
  GetLivestockOrderGroups: "/api/livestock/GetLivestockOrderGroups",
  GetLivestockOrderGroupsByDeliveryDate: "/api/livestock/GetLivestockOrderGroupsByDeliveryDate",
  GetLivestockOrderGroup: "/api/livestock/GetLivestockOrderGroup/{id}",
  GetLivestockOrders: "/api/livestock/GetLivestockOrders",
  GetLivestockOrdersByDeliveryDate: "/api/livestock/GetLivestockOrdersByDeliveryDate",
  GetCancelledLivestockOrders: "/api/livestock/GetCancelledLivestockOrders",
  GetLivestockOrder: "/api/livestock/GetLivestockOrder/{id}",
  GetLivestockOrderHistory: "/api/livestock/GetLivestockOrderHistory/{id}",
  GetUndeliveredOrders: "/api/livestock/GetUndeliveredOrders",
  UpsertLivestockOrderAndGroup: "/api/livestock/UpsertLivestockOrderAndGroup",
  CancelLivestockOrder: "/api/livestock/CancelLivestockOrder",
  ReinstateCancelledLivestockOrder: "/api/livestock/ReinstateCancelledLivestockOrder",
  DeleteLivestockOrder: "/api/livestock/DeleteLivestockOrder",
  CancelFutureRecurringLivestockOrders: "/api/livestock/CancelFutureRecurringLivestockOrders",
  SplitLivestockOrder: "/api/livestock/SplitLivestockOrder",
  GetDeliveries: "/api/livestock/GetDeliveries",
  AddDeliveryLoad: "/api/livestock/AddDeliveryLoad",
  CorrectNumberOfHeadInMobAndOrder: "/api/livestock/CorrectNumberOfHeadInMobAndOrder",
  BalanceNumberOfHeadInMobs: "/api/livestock/BalanceNumberOfHeadInMobs",
} as const;

// Who may call what: the pages that use each endpoint (server/access/routes/livestock.ts).
const ORDERS_READ: AccessRule = { pages: ["orderGroup", "deliveries", "undeliveredorders"] };
const ORDERS_WRITE: AccessRule = { pages: ["orderGroup"] };
const UNDELIVERED: AccessRule = { pages: ["undeliveredorders"] };
const DELIVERIES: AccessRule = { pages: ["deliveries"] };
const MOB_HEAD: AccessRule = { pages: ["order"] };

const DeliveryDay = z.object({
  fromDate: z.string(),
  toDate: z.string(),
  orders: z.array(Order.extend({ deliveryLoads: z.array(z.record(z.string(), z.unknown())) })),
});

/** Orders, order groups and deliveries (spec 1 §7 "Livestock (api/livestock/)"). Processor tenants. */
const api = areaApi(["Livestock: orders and deliveries"]);

api.page(
  ORDERS_API.GetLivestockOrderGroups,
  "Order groups delivering between two dates (at most 92 days), with their orders; paged, the total in X-Total-Count",
  { query: DateRangeQuery },
  OrderGroup,
  ORDERS_READ,
  (ctx, q) => groupsPage(ctx, q.fromDate, q.toDate, undefined, pageOf(q)),
);

api.get(
  ORDERS_API.GetLivestockOrderGroupsByDeliveryDate,
  "Order groups delivering on a date",
  { query: DeliveryDateQuery },
  z.array(OrderGroup),
  ORDERS_READ,
  (ctx, { deliveryDate }) => groupsBetween(ctx, deliveryDate, deliveryDate),
);

api.get(
  ORDERS_API.GetLivestockOrderGroup,
  "One order group with its orders",
  { params: IdParam },
  OrderGroup,
  ORDERS_READ,
  (ctx, { id }) => groupById(ctx, id),
);

api.page(
  ORDERS_API.GetLivestockOrders,
  "Orders delivering between two dates, at most 92 days (cancelled ones with includeCancelled=true); paged, the total in X-Total-Count",
  { query: DateRangeQuery },
  Order,
  ORDERS_READ,
  (ctx, q) => ordersBetweenPage(ctx, q.fromDate, q.toDate, q.includeCancelled === "true", pageOf(q)),
);

api.get(
  ORDERS_API.GetLivestockOrdersByDeliveryDate,
  "Orders delivering on a date",
  { query: DeliveryDateQuery },
  z.array(Order),
  ORDERS_READ,
  (ctx, { deliveryDate }) => ordersBetween(ctx, deliveryDate, deliveryDate),
);

api.page(
  ORDERS_API.GetCancelledLivestockOrders,
  "Cancelled orders between two dates, at most 92 days (listed apart); paged, the total in X-Total-Count",
  { query: DateRangeQuery },
  Order,
  ORDERS_READ,
  (ctx, q) => cancelledBetween(ctx, q.fromDate, q.toDate, pageOf(q)),
);

api.get(
  ORDERS_API.GetLivestockOrder,
  "One order with its loads, mobs and history",
  { params: IdParam },
  OrderDetail,
  ORDERS_READ,
  (ctx, { id }) => orderDetail(ctx, id),
);

api.get(
  ORDERS_API.GetLivestockOrderHistory,
  "Who did what to an order, newest first",
  { params: IdParam },
  z.array(HistoryEntry),
  ORDERS_READ,
  (ctx, { id }) => orderHistory(ctx, id),
);

api.get(
  ORDERS_API.GetUndeliveredOrders,
  "Orders due in the last 92 days and by today (X-Local-Date) not yet fully delivered",
  { query: z.object({}) },
  z.array(Order),
  UNDELIVERED,
  (ctx) => undelivered(ctx),
);

api.post(
  ORDERS_API.UpsertLivestockOrderAndGroup,
  "Add or edit an order group and one of its orders (a recurring order creates its future orders)",
  UpsertOrderAndGroupBody,
  OrderGroup,
  ORDERS_WRITE,
  upsertOrderAndGroup,
);

api.post(
  ORDERS_API.CancelLivestockOrder,
  "Cancel an order with nothing delivered, with a reason",
  CancelOrderBody,
  Order,
  ORDERS_WRITE,
  cancelOrder,
);

api.post(
  ORDERS_API.ReinstateCancelledLivestockOrder,
  "Reinstate a cancelled order to its status before",
  OrderAction,
  Order,
  ORDERS_WRITE,
  reinstateOrder,
);

api.post(
  ORDERS_API.DeleteLivestockOrder,
  "Delete an order entered by mistake (only when nothing was delivered)",
  OrderAction,
  z.object({ livestockOrderId: z.number(), livestockOrderGroupId: z.number() }),
  ORDERS_WRITE,
  deleteOrder,
);

api.post(
  ORDERS_API.CancelFutureRecurringLivestockOrders,
  "End a recurring series after this order: later undelivered orders are cancelled",
  CancelOrderBody,
  z.object({ cancelledOrderIds: z.array(z.number()) }),
  ORDERS_WRITE,
  cancelFutureRecurring,
);

api.post(
  ORDERS_API.SplitLivestockOrder,
  "Move undelivered head of an order into a new order of the group",
  SplitOrderBody,
  z.object({ livestockOrderId: z.number(), newLivestockOrderId: z.number() }),
  ORDERS_WRITE,
  splitOrder,
);

api.get(
  ORDERS_API.GetDeliveries,
  "Orders due from a date (default today) for some days (default 7), with their loads",
  { query: DeliveriesQuery },
  DeliveryDay,
  DELIVERIES,
  (ctx, { fromDate, days }) => deliveriesFrom(ctx, fromDate, days),
);

api.post(
  ORDERS_API.AddDeliveryLoad,
  "Record a delivery load (head, DOA, NVD, time): creates the stock mob of its live head",
  DeliveryLoadBody,
  z.object({
    deliveryLoad: z.record(z.string(), z.unknown()),
    stockMobId: z.number().nullable(),
    stockMobTempId: z.number().nullable(),
    livestockOrder: Order,
  }),
  DELIVERIES,
  addDeliveryLoad,
);

api.post(
  ORDERS_API.CorrectNumberOfHeadInMobAndOrder,
  "Correct a mob's head count (and its order's), with a reason",
  CorrectHeadBody,
  OrderDetail,
  MOB_HEAD,
  correctHead,
);

api.post(
  ORDERS_API.BalanceNumberOfHeadInMobs,
  "Move head between an order's mobs (the total stays), with a reason",
  BalanceHeadBody,
  OrderDetail,
  MOB_HEAD,
  balanceHead,
);

export const ordersApi = api.router();
