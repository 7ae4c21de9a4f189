/**
 * What the notifications area publishes on the push hub: a user's notifications changed (one arrived,
 * some were marked read), to the `Notifications:<userId>` group their pages join for the header's unread
 * count. The payload is the user's id only; the page reads its count through the API, where access is
 * checked again.
 */
import { z } from "zod";
import { areaEvents, payloadParts, pushEvent } from "../../push/catalogue.ts";

export const NOTIFICATION_EVENTS = areaEvents({
  Notifications: { module: null, about: "a user's notifications (qualified by the user's id)" },
}, {
  notificationsChanged: pushEvent(
    "Notifications",
    z.object({ userId: payloadParts.id }),
    "a user's notifications changed: one arrived or some were marked read",
  ),
});

type NotificationEvents = typeof NOTIFICATION_EVENTS.events;
declare module "../../push/catalogue.ts" {
  // the app's push typing gains this area's events (server/push/catalogue.ts AppPushEvents)
  interface AppPushEvents extends NotificationEvents {}
}
