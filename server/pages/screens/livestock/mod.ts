import type { Screen } from "../../screen.ts";
import { BUYER_AREA_PATHS, LivestockHomeScreen } from "./LivestockHome.tsx";
import { partyEditScreen } from "./parties.tsx";
import {
  OrderGroupNewGroupScreen,
  OrderGroupNewScreen,
  OrderGroupScreen,
  OrderNewScreen,
  OrderScreen,
  OrderSplitScreen,
} from "./orders.tsx";
import { DeliveriesScreen, UndeliveredOrdersScreen } from "./deliveries.tsx";
import {
  ProducerBuyerEditScreen,
  ProducerBuyersScreen,
  ProducerSupplierEditScreen,
  ProducerSuppliersScreen,
} from "./ProducerParties.tsx";

const buyerArea = (kind: keyof typeof BUYER_AREA_PATHS) =>
  partyEditScreen(kind, () => BUYER_AREA_PATHS[kind]);
const supplierEdit = buyerArea("supplier");
const buyerEdit = buyerArea("buyer");
const transportEdit = buyerArea("transportCompany");
const stakeholderEdit = buyerArea("stakeholder");

/** Livestock screens by route name (server/access/routes/livestock.ts and home.ts). */
// deno-lint-ignore no-explicit-any
export const LIVESTOCK_SCREENS: Record<string, Screen<any, any>> = {
  livestock: LivestockHomeScreen,
  orderGroupNew: OrderGroupNewScreen,
  orderGroupNewGroup: OrderGroupNewGroupScreen,
  orderGroup: OrderGroupScreen,
  orderNew: OrderNewScreen,
  orderSplit: OrderSplitScreen,
  order: OrderScreen,
  deliveries: DeliveriesScreen,
  deliveriesFromDate: DeliveriesScreen,
  undeliveredorders: UndeliveredOrdersScreen,
  supplierNew: supplierEdit,
  supplier: supplierEdit,
  buyerNew: buyerEdit,
  buyer: buyerEdit,
  transportCompanyNew: transportEdit,
  transportCompany: transportEdit,
  stakeholderNew: stakeholderEdit,
  stakeholder: stakeholderEdit,
  suppliers: ProducerSuppliersScreen,
  producerSupplierNew: ProducerSupplierEditScreen,
  producerSupplier: ProducerSupplierEditScreen,
  buyers: ProducerBuyersScreen,
  producerBuyerNew: ProducerBuyerEditScreen,
  producerBuyer: ProducerBuyerEditScreen,
};
