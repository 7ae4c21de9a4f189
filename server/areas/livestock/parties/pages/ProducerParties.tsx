/**
 * A producer's own suppliers and buyers (/home/suppliers, /home/buyers: admin users on producer tenants,
 * spec 1 §6), with the same lists and forms as the processor's buyer area; the Buyers page also holds the
 * farm's processor links (the producer area's panel).
 */
import { defineScreen } from "../../../../pages/screen.ts";
import { PRODUCER_PATHS } from "../paths.ts";
import { partyEditScreen, PartyListPanel, partyTable, SearchParams } from "./Parties.tsx";
import { pageAreaContext } from "../../../context.ts";
import { processorLinksOf, ProcessorLinksPanel } from "../../../producer/panels.tsx";

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

/** The farm's buyers, and the processors it is linked to (issue 44 §5: accept, the farm's code, leave). */
export const ProducerBuyersScreen = defineScreen({
  validateSearch: SearchParams,
  loader: async ({ context, search }) => ({
    table: await partyTable("buyer", context, search.q, PRODUCER_PATHS.buyer),
    links: await processorLinksOf(await pageAreaContext(context)),
  }),
  component: ({ data, search, context }) => (
    <>
      <PartyListPanel
        kind="buyer"
        context={context}
        q={search.q}
        paths={PRODUCER_PATHS.buyer}
        table={data.table}
      />
      <ProcessorLinksPanel {...data.links} redirectTo={PRODUCER_PATHS.buyer.list} />
    </>
  ),
});
export const ProducerSupplierEditScreen = partyEditScreen("supplier", () => PRODUCER_PATHS.supplier);
export const ProducerBuyerEditScreen = partyEditScreen("buyer", () => PRODUCER_PATHS.buyer);
