/**
 * What the kill floor publishes on the push hub: new or corrected carcass records for some days. An order
 * whose carcass data became complete is announced by the invoices' `carcassDataComplete`; the interchange
 * clients' state by the platform's `integrationUpdate`.
 */
import { z } from "zod";
import { areaEvents, pushEvent } from "../../push/catalogue.ts";

export const KILL_FLOOR_EVENTS = areaEvents({
  KillFloor: { module: "livestock", about: "carcass records from the kill floor" },
}, {
  killFloorDataReceived: pushEvent(
    "KillFloor",
    z.object({
      productionDates: z.array(z.string()).min(1),
      reason: z.enum(["import", "correction", "simulation"]),
    }),
    "carcass records of these days arrived or were corrected: re-read them",
  ),
});

type KillFloorEvents = typeof KILL_FLOOR_EVENTS.events;
declare module "../../push/catalogue.ts" {
  // the app's push typing gains this area's events (server/push/catalogue.ts AppPushEvents)
  interface AppPushEvents extends KillFloorEvents {}
}
