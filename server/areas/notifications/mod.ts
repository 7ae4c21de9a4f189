/** Notifications: the area's record (server/areas/area.ts). */
import { defineArea } from "../area.ts";
import { notificationsApi } from "./api.ts";
import { NOTIFICATION_PAGES } from "./routes.ts";
import { NOTIFICATION_EVENTS } from "./events.ts";
import { NOTIFICATION_SOURCES } from "./sources.ts";

export const notificationsArea = defineArea({
  name: "notifications",
  api: [notificationsApi],
  pages: NOTIFICATION_PAGES,
  events: NOTIFICATION_EVENTS,
  // a load over its order, an NVD missing at unload, carcass data complete, an invoice published
  reactions: NOTIFICATION_SOURCES,
});
