/** Notifications at the API boundary (spec 1 §3 "Notification"; the paths are not shown: ours). */
import { z } from "@hono/zod-openapi";
import { idNumber } from "../../http/params.ts";

export const Notification = z.object({
  /** "app-12" (the user's own) or "integration-7" (an error a plant system reported) */
  id: z.string(),
  type: z.string(),
  timestamp: z.string(),
  title: z.string(),
  message: z.string(),
  /** a page of this app to open, or "" */
  routeName: z.string(),
  isRead: z.boolean(),
}).openapi("Notification");

export const NotificationsQuery = z.object({
  unreadOnly: z.enum(["true", "false"]).optional(),
});

export const MarkReadBody = z.object({
  /** the user's own notifications */
  ids: z.array(idNumber()).max(500).default([]),
  /** integration error notifications (their flag must be on) */
  integrationErrorIds: z.array(idNumber()).max(500).default([]),
  /** every one of the user's own, and every open integration error shown to them */
  all: z.boolean().default(false),
}).openapi("MarkNotificationsReadBody");

export const MarkReadAnswer = z.object({ marked: z.number().int() }).openapi("MarkNotificationsReadAnswer");

export const UnreadCount = z.object({
  /** the caller's unread notifications (integration errors included while their flag is on) */
  unread: z.number().int(),
}).openapi("UnreadNotificationsCount");
