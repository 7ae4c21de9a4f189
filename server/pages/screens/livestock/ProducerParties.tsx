/**
 * A producer's own suppliers and buyers (/home/suppliers, /home/buyers: admin users on producer tenants,
 * spec 1 §6), with the same lists and forms as the processor's buyer area.
 */
import { defineScreen } from "../../screen.ts";
import {
  partyEditScreen,
  type PartyKind,
  PartyListPanel,
  type PartyPaths,
  partyTable,
  SearchParams,
} from "./parties.tsx";

export const PRODUCER_PATHS: Record<"supplier" | "buyer", PartyPaths> = {
  supplier: { list: "/home/suppliers", edit: (id) => `/home/suppliers/${id}`, create: "/home/suppliers/new" },
  buyer: { list: "/home/buyers", edit: (id) => `/home/buyers/${id}`, create: "/home/buyers/new" },
};

function listScreen(kind: "supplier" | "buyer") {
  return defineScreen({
    validateSearch: SearchParams,
    loader: async ({ context, search }) => ({
      table: await partyTable(kind, context, search.q, PRODUCER_PATHS[kind]),
    }),
    component: ({ data, search, context }) => (
      <PartyListPanel
        kind={kind as PartyKind}
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
