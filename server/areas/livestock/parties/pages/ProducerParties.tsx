/**
 * A producer's own suppliers and buyers (/home/suppliers, /home/buyers: admin users on producer tenants,
 * spec 1 §6), with the same lists and forms as the processor's buyer area.
 */
import { defineScreen } from "../../../../pages/screen.ts";
import { PRODUCER_PATHS } from "../paths.ts";
import { partyEditScreen, PartyListPanel, partyTable, SearchParams } from "./Parties.tsx";

function listScreen(kind: "supplier" | "buyer") {
  return defineScreen({
    validateSearch: SearchParams,
    loader: async ({ context, search }) => ({
      table: await partyTable(kind, context, search.q, PRODUCER_PATHS[kind]),
    }),
    component: ({ data, search, context }) => (
      <PartyListPanel
        kind={kind}
        context={context}
        q={search.q}
        paths={PRODUCER_PATHS[kind]}
        table={data.table}
      />
    ),
  });
}

export const ProducerSuppliersScreen = listScreen("supplier");
export const ProducerBuyersScreen = listScreen("buyer");
export const ProducerSupplierEditScreen = partyEditScreen("supplier", () => PRODUCER_PATHS.supplier);
export const ProducerBuyerEditScreen = partyEditScreen("buyer", () => PRODUCER_PATHS.buyer);
