/** Livestock orders: the area's record (server/areas/area.ts). */
import { defineArea } from "../../area.ts";
import { ordersApi } from "./api.ts";
import { ORDER_PAGES } from "./routes.ts";
import { ORDER_EVENTS } from "./events.ts";
import { seedOrders } from "./seed.ts";
import { FIND_ORDERS } from "./find.ts";

export const ordersArea = defineArea({
  name: "livestock orders",
  api: [ordersApi],
  pages: ORDER_PAGES,
  events: ORDER_EVENTS,
  seed: seedOrders,
  finds: [FIND_ORDERS],
});
