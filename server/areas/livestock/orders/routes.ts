import { definePages, type Screen } from "../../../pages/screen.ts";
import type { OrderRouteName } from "./paths.ts";
import { OrderGroupNewGroupScreen, OrderGroupNewScreen, OrderGroupScreen } from "./pages/OrderGroups.tsx";
import { OrderNewScreen, OrderScreen, OrderSplitScreen } from "./pages/Orders.tsx";
import { DeliveriesScreen, UndeliveredOrdersScreen } from "./pages/Deliveries.tsx";

/** Order, order group and delivery screens by route name (server/access/routes/livestock.ts). */
export const ORDER_PAGES = definePages(
  {
    orderGroupNew: OrderGroupNewScreen,
    orderGroupNewGroup: OrderGroupNewGroupScreen,
    orderGroup: OrderGroupScreen,
    orderNew: OrderNewScreen,
    orderSplit: OrderSplitScreen,
    order: OrderScreen,
    deliveries: DeliveriesScreen,
    deliveriesFromDate: DeliveriesScreen,
    undeliveredorders: UndeliveredOrdersScreen,
    stockyardOrderEdit: OrderScreen,
    stockyardDeliveryEdit: OrderScreen,
    // deno-lint-ignore no-explicit-any
  } satisfies Record<OrderRouteName, Screen<any, any>>,
);
