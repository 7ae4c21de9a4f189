/** The user's notifications (spec 1 §2 home/notifications): read them, mark them read. */
import { z } from "@hono/zod-openapi";
import type { AccessRule } from "../../access/apiAccess.ts";
import { areaApi } from "../areaApi.ts";
import { listNotifications, markRead, unreadCount } from "./operations.ts";
import { MarkReadAnswer, MarkReadBody, Notification, NotificationsQuery, UnreadCount } from "./schemas.ts";

export const NOTIFICATIONS_API = {
  list: "/api/notifications/GetNotifications",
  markRead: "/api/notifications/MarkNotificationsRead",
  unreadCount: "/api/notifications/GetUnreadNotificationsCount",
} as const;

const NOTIFICATIONS: AccessRule = { pages: ["notifications"] };
const api = areaApi(["Notifications"]);

api.get(
  NOTIFICATIONS_API.list,
  "The caller's notifications, newest first (at most 100); integration errors while their flag is on",
  { query: NotificationsQuery },
  z.array(Notification),
  NOTIFICATIONS,
  (ctx, q) => listNotifications(ctx, q.unreadOnly === "true"),
);

api.post(
  NOTIFICATIONS_API.markRead,
  "Mark notifications read: the caller's own by id, integration errors by id, or all of them",
  MarkReadBody,
  MarkReadAnswer,
  NOTIFICATIONS,
  markRead,
);

api.get(
  NOTIFICATIONS_API.unreadCount,
  "How many of the caller's notifications are unread (the header's bell; it re-reads on notificationsChanged)",
  {},
  UnreadCount,
  NOTIFICATIONS,
  unreadCount,
);

export const notificationsApi = api.router();
