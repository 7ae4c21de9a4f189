import { definePages, type Screen } from "../../../pages/screen.ts";
import type { PartyRouteName } from "./paths.ts";
import { BUYER_AREA_EDIT_SCREENS } from "./pages/Parties.tsx";
import {
  ProducerBuyerEditScreen,
  ProducerBuyersScreen,
  ProducerSupplierEditScreen,
  ProducerSuppliersScreen,
} from "./pages/ProducerParties.tsx";

/**
 * The party screens by route name (the buy home that shows them is server/areas/livestock/pages) (server/access/routes/livestock.ts, and home.ts
 * for a producer's own suppliers and buyers).
 */
export const PARTY_PAGES = definePages(
  {
    supplierNew: BUYER_AREA_EDIT_SCREENS.supplier,
    supplier: BUYER_AREA_EDIT_SCREENS.supplier,
    buyerNew: BUYER_AREA_EDIT_SCREENS.buyer,
    buyer: BUYER_AREA_EDIT_SCREENS.buyer,
    transportCompanyNew: BUYER_AREA_EDIT_SCREENS.transportCompany,
    transportCompany: BUYER_AREA_EDIT_SCREENS.transportCompany,
    stakeholderNew: BUYER_AREA_EDIT_SCREENS.stakeholder,
    stakeholder: BUYER_AREA_EDIT_SCREENS.stakeholder,
    suppliers: ProducerSuppliersScreen,
    producerSupplierNew: ProducerSupplierEditScreen,
    producerSupplier: ProducerSupplierEditScreen,
    buyers: ProducerBuyersScreen,
    producerBuyerNew: ProducerBuyerEditScreen,
    producerBuyer: ProducerBuyerEditScreen,
    // deno-lint-ignore no-explicit-any
  } satisfies Record<Exclude<PartyRouteName, "livestock">, Screen<any, any>>,
);
