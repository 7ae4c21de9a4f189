import type { AccessRule } from "../../../access/apiAccess.ts";
import { z } from "@hono/zod-openapi";
import { areaApi } from "../../areaApi.ts";
import {
  deleteSalesOrder,
  getSalesOrder,
  listCustomers,
  listSalesOrders,
  listSalespersons,
  moveSalesOrder,
  saveSalesOrder,
} from "./operations.ts";
import {
  Customer,
  DeleteBody,
  IdParam,
  MoveStatusBody,
  OrdersQuery,
  SalesOrder,
  Salesperson,
  UpsertSalesOrderBody,
} from "./schemas.ts";

export const SALES_ORDERS_API = {
  upsert: "/api/planning/UpsertSalesOrder",
  move: "/api/planning/MoveSalesOrderStatus",
  delete: "/api/planning/DeleteSalesOrder",
} as const;

// Super only with the scheduleBuilder module (the sales orders page's rule), reads and writes alike.
const ORDERS: AccessRule = { pages: ["salesorders"] };

const api = areaApi(["Planning: sales orders"]);

api.page(
  "/api/planning/SalesOrders",
  "Sales orders, latest etd first, optionally by status and etd period",
  { query: OrdersQuery },
  SalesOrder,
  ORDERS,
  listSalesOrders,
);
api.get(
  "/api/planning/SalesOrder/{id}",
  "One sales order with its lines",
  { params: IdParam },
  SalesOrder,
  ORDERS,
  (ctx, { id }) => getSalesOrder(ctx, id),
);
api.get(
  "/api/planning/Customers",
  "Customers (domestic and export)",
  {},
  z.array(Customer),
  ORDERS,
  listCustomers,
);
api.get("/api/planning/Salespersons", "Salespersons", {}, z.array(Salesperson), ORDERS, listSalespersons);
api.post(
  SALES_ORDERS_API.upsert,
  "Add (as Pending) or edit a pending sales order; etd is an API date. A catch weight product is ordered in " +
    "cartons (planned at nominal kg, valued on packed kg). Editing an order that is not pending: 409",
  UpsertSalesOrderBody,
  SalesOrder,
  ORDERS,
  saveSalesOrder,
);
api.post(
  SALES_ORDERS_API.move,
  "Move a sales order's status: Pending → Confirmed → Fulfilled, Pending or Confirmed → Cancelled (others 409)",
  MoveStatusBody,
  SalesOrder,
  ORDERS,
  moveSalesOrder,
);
api.post(
  SALES_ORDERS_API.delete,
  "Delete a pending or cancelled sales order (others 409)",
  DeleteBody,
  z.object({ id: z.number() }),
  ORDERS,
  deleteSalesOrder,
);

export const salesOrdersApi = api.router();
