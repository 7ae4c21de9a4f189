import { definePages } from "../../pages/screen.ts";
import { ProducerPortalScreen } from "./portal/pages/Portal.tsx";
import { ProducerLotScreen } from "./portal/pages/Lot.tsx";
import { SupplierPortalScreen } from "./portal/pages/SupplierLinks.tsx";
import { ProducerDeliveriesScreen, ProducerOrdersScreen } from "./portal/pages/Dealings.tsx";
import { ProducerRemittancesScreen } from "./portal/pages/Remittances.tsx";
import { ProducerTrendScreen } from "./portal/pages/Trend.tsx";

/** The producer portal's screens by route name (server/access/routes/producer.ts). */
export const PRODUCER_PAGES = definePages({
  producerportal: ProducerPortalScreen,
  producerLot: ProducerLotScreen,
  supplierPortal: SupplierPortalScreen,
  producerOrders: ProducerOrdersScreen,
  producerDeliveries: ProducerDeliveriesScreen,
  producerRemittances: ProducerRemittancesScreen,
  producerTrend: ProducerTrendScreen,
});
