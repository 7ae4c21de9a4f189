/** What the producer portal publishes on the push hub (to the producer tenant's pages). */
import { z } from "zod";
import { areaEvents, payloadParts, pushEvent } from "../../push/catalogue.ts";

export const PRODUCER_EVENTS = areaEvents({
  ProducerPortal: { module: "farmer", about: "a producer's links to processors and what comes over them" },
}, {
  producerLinkChanged: pushEvent(
    "ProducerPortal",
    z.object({ linkId: payloadParts.id, lastUpdated: payloadParts.iso }),
    "a processor link was changed or ended: open portal pages reload",
  ),
  producerNotice: pushEvent(
    "ProducerPortal",
    z.object({
      linkId: payloadParts.id,
      kind: z.enum(["consignmentProcessed", "remittancePublished"]),
      /** the processed lot, or the lots of the published remittances */
      livestockOrderIds: payloadParts.ids,
    }),
    "a linked supplier's consignment was processed or its remittance published (relayed over the link)",
  ),
});

type ProducerEvents = typeof PRODUCER_EVENTS.events;
declare module "../../push/catalogue.ts" {
  // the app's push typing gains this area's events (server/push/catalogue.ts AppPushEvents)
  interface AppPushEvents extends ProducerEvents {}
}
