/**
 * The party pages' paths, taken from the route table (server/access/routes/livestock.ts and home.ts)
 * by route name (`href`): the table is the one source, so a moved path moves every link.
 */
import { href, type RouteName } from "../../../access/routes.ts";

/** The parties area's page routes (with the buy home); routes.ts gives each its screen, once each. */
export const PARTY_ROUTE_NAMES = [
  "livestock",
  "supplierNew",
  "supplier",
  "buyerNew",
  "buyer",
  "transportCompanyNew",
  "transportCompany",
  "stakeholderNew",
  "stakeholder",
  "suppliers",
  "producerSupplierNew",
  "producerSupplier",
  "buyers",
  "producerBuyerNew",
  "producerBuyer",
] as const satisfies readonly RouteName[];
export type PartyRouteName = (typeof PARTY_ROUTE_NAMES)[number];

export type PartyKind = "supplier" | "buyer" | "transportCompany" | "stakeholder";

/** The buy home's tabs (its `?tab=`): the order groups, then one per kind of party. */
export type BuyHomeTab = "orders" | "suppliers" | "buyers" | "transport" | "stakeholders";
export const buyHomeTab = (tab: BuyHomeTab) => href("livestock", {}, { tab });

/** Where a kind's list and forms live: the buy home's tabs, or the producer's own pages. */
export interface PartyPaths {
  list: string;
  edit: (id: number) => string;
  create: string;
}

const partyPaths = (list: string, edit: PartyRouteName, create: PartyRouteName): PartyPaths => ({
  list,
  edit: (id) => href(edit, { id }),
  create: href(create),
});

/** The buyer area's master data (spec 1 §2 "Livestock routes"): lists are the buy home's tabs. */
export const BUYER_AREA_PATHS: Record<PartyKind, PartyPaths> = {
  supplier: partyPaths(buyHomeTab("suppliers"), "supplier", "supplierNew"),
  buyer: partyPaths(buyHomeTab("buyers"), "buyer", "buyerNew"),
  transportCompany: partyPaths(buyHomeTab("transport"), "transportCompany", "transportCompanyNew"),
  stakeholder: partyPaths(buyHomeTab("stakeholders"), "stakeholder", "stakeholderNew"),
};

/** A producer's own suppliers and buyers (spec 1 §6). */
export const PRODUCER_PATHS: Record<"supplier" | "buyer", PartyPaths> = {
  supplier: partyPaths(href("suppliers"), "producerSupplier", "producerSupplierNew"),
  buyer: partyPaths(href("buyers"), "producerBuyer", "producerBuyerNew"),
};
