import { route, type RouteDef } from "./define.ts";

/**
 * Producer portal (spec 1 §1): for users of the farmer module, and the home
 * page of that module (first in the home selection order).
 */
export const PRODUCER_ROUTES = [
  route("/producerportal", "Producer Portal", "producerportal", {
    modules: ["farmer"],
    icon: "farmer",
    inHomeMenu: true,
    canBeHomePage: true,
    homeModule: "farmer",
    tenantCategory: "producer",
    children: [
      // ours (issue 44 §3): one lot's kill feedback through a processor link
      route("/producerportal/lots/$id", "Kill Feedback", "producerLot", {
        icon: "farmer",
        search: ["link", "sort", "dir"],
      }),
      // ours (issue 44 §3): read-only orders and deliveries through a processor link, paged
      route("/producerportal/orders", "Orders", "producerOrders", {
        icon: "farmer",
        search: ["link", "offset"],
      }),
      route("/producerportal/deliveries", "Deliveries", "producerDeliveries", {
        icon: "farmer",
        search: ["link", "offset"],
      }),
      route("/producerportal/remittances", "Remittances", "producerRemittances", {
        icon: "farmer",
        search: ["link", "offset"],
      }),
      route("/producerportal/trend", "Trend", "producerTrend", {
        icon: "farmer",
        search: ["link", "species"],
      }),
    ],
  }),
] as const satisfies readonly RouteDef[];
