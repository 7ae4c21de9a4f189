/** What the super area publishes on the push hub (to a tenant's every open page). */
import { z } from "zod";
import { areaEvents, pushEvent } from "../../push/catalogue.ts";

export const SUPER_EVENTS = areaEvents({}, {
  forceRefresh: pushEvent(
    "tenant",
    z.object({ reason: z.string() }),
    "reload all data (sent by a super user)",
  ),
  featureFlagUpdated: pushEvent(
    "tenant",
    z.object({ featureKey: z.string() }),
    "a feature flag changed; re-read the user model",
  ),
});

type SuperEvents = typeof SUPER_EVENTS.events;
declare module "../../push/catalogue.ts" {
  // the app's push typing gains this area's events (server/push/catalogue.ts AppPushEvents)
  interface AppPushEvents extends SuperEvents {}
}
