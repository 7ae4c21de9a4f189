/** What the volume targets area publishes on the push hub. */
import { z } from "zod";
import { areaEvents, payloadParts, pushEvent } from "../../../push/catalogue.ts";

export const VOLUME_TARGET_EVENTS = areaEvents({
  KillVolumeTargets: { module: "livestock", about: "kill volume targets" },
}, {
  killVolumeTargetUpdated: pushEvent(
    "KillVolumeTargets",
    z.object({ killVolumeTargetId: payloadParts.id }),
    "a kill volume target was added or changed",
  ),
});

type VolumeTargetEvents = typeof VOLUME_TARGET_EVENTS.events;
declare module "../../../push/catalogue.ts" {
  // the app's push typing gains this area's events (server/push/catalogue.ts AppPushEvents)
  interface AppPushEvents extends VolumeTargetEvents {}
}
