/**
 * What the yield area publishes on the push hub: the daily summaries of some days were rebuilt (cartons
 * arrived, a kill floor correction or import landed, reference data changed, a reprocessing ran). Open
 * yield screens of those days and species re-read their figures; "segments today" updates from it live.
 */
import { z } from "zod";
import { areaEvents, pushEvent } from "../../push/catalogue.ts";

export const YIELD_REASONS = ["cartons", "killFloor", "reprocess", "settings", "simulation"] as const;
export type YieldReason = (typeof YIELD_REASONS)[number];

export const YIELD_EVENTS = areaEvents({
  Yield: { module: "yieldReporting", about: "yield summaries of the boning room" },
}, {
  yieldDataChanged: pushEvent(
    "Yield",
    z.object({
      productionDates: z.array(z.string()).min(1),
      speciesIds: z.array(z.number().int()),
      reason: z.enum(YIELD_REASONS),
    }),
    "the yield summaries of these days and species were rebuilt: re-read them",
  ),
});

type YieldEvents = typeof YIELD_EVENTS.events;
declare module "../../push/catalogue.ts" {
  // the app's push typing gains this area's events (server/push/catalogue.ts AppPushEvents)
  interface AppPushEvents extends YieldEvents {}
}
