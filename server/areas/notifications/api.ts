/** The user's notifications (spec 1 §2 home/notifications): read them, mark them read. */
import type { Context } from "hono";
import { z } from "@hono/zod-openapi";
import type { AccessRule } from "../../access/apiAccess.ts";
import type { AppEnv } from "../../env.ts";
import { type ApiRouter, apiRouter, areaRoutes } from "../../http/openapi.ts";
import { apiService } from "../context.ts";
import { NotificationService } from "./service.ts";
import { MarkReadAnswer, MarkReadBody, Notification, NotificationsQuery } from "./schemas.ts";

export const NOTIFICATIONS_API = {
  list: "/api/notifications/GetNotifications",
  markRead: "/api/notifications/MarkNotificationsRead",
} as const;

const { get, post } = areaRoutes(["Notifications"]);
const NOTIFICATIONS: AccessRule = { pages: ["notifications"] };
const service = (c: Context<AppEnv>) => apiService(c, NotificationService);

export const notificationsApi: ApiRouter = apiRouter()
  .openapi(
    get(
      NOTIFICATIONS_API.list,
      "The caller's notifications, newest first (at most 100); integration errors while their flag is on",
      { query: NotificationsQuery },
      z.array(Notification),
      NOTIFICATIONS,
    ),
    async (c) => c.json(await (await service(c)).list(c.req.valid("query").unreadOnly === "true"), 200),
  )
  .openapi(
    post(
      NOTIFICATIONS_API.markRead,
      "Mark notifications read: the caller's own by id, integration errors by id, or all of them",
      MarkReadBody,
      MarkReadAnswer,
      NOTIFICATIONS,
    ),
    async (c) => c.json(await (await service(c)).markRead(c.req.valid("json")), 200),
  );
