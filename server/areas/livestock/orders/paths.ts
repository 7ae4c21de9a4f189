/**
 * The order and delivery pages' paths, taken from the route table (server/access/routes/livestock.ts)
 * by route name (`href`): the table is the one source, so a moved path moves every link.
 */
import { href, type RouteName } from "../../../access/routes.ts";

/** The orders area's page routes; routes.ts gives each its screen (and must name each once). */
export const ORDER_ROUTE_NAMES = [
  "orderGroupNew",
  "orderGroupNewGroup",
  "orderGroup",
  "orderNew",
  "orderSplit",
  "order",
  "deliveries",
  "deliveriesFromDate",
  "undeliveredorders",
  // the yard's children (spec 1 §2): the same order page, opened from a pen or a waiting load
  "stockyardOrderEdit",
  "stockyardDeliveryEdit",
] as const satisfies readonly RouteName[];
export type OrderRouteName = (typeof ORDER_ROUTE_NAMES)[number];

export const ORDER_PATHS = {
  /** the buy home (its first tab lists the order groups) */
  buyHome: href("livestock"),
  orderGroupNew: href("orderGroupNew"),
  orderGroupNewGroup: href("orderGroupNewGroup"),
  orderGroup: (id: number) => href("orderGroup", { id }),
  /** the data form's redirect after a new group's save: the page of the answer's id */
  groupOfAnswer: href("orderGroup", { id: "{id}" }),
  orderNew: (groupId: number) => href("orderNew", { livestockOrderGroupId: groupId }),
  orderSplit: (groupId: number, orderId: number) =>
    href("orderSplit", { livestockOrderGroupId: groupId, orderId }),
  order: (id: number) => href("order", { id }),
  deliveries: href("deliveries"),
  deliveriesFrom: (fromDate: string) => href("deliveriesFromDate", { fromDate }),
};
