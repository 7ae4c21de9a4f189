/**
 * The notifications area's writes other areas call (it owns the notifications table): each joins the
 * caller's unit of work.
 */
import { notifications } from "../../../db/tenant/schema.ts";
import type { Unit } from "../unit.ts";
import "./events.ts";

export interface NewNotification {
  type: string;
  title: string;
  message?: string;
  /** a path of this app */
  route?: string;
}

/** A notification for some users of the organisation: it shows on each one's notifications page. */
export async function notifyUsers(unit: Unit, userIds: number[], n: NewNotification): Promise<void> {
  if (!userIds.length) return;
  const createdAt = new Date().toISOString();
  await unit.tx.insert(notifications).values(userIds.map((userId) => ({
    userId,
    type: n.type,
    title: n.title.slice(0, 200),
    message: (n.message ?? "").slice(0, 2000),
    // only a path of this app opens from a notification
    route: n.route && /^\/[^/\\]/.test(n.route) ? n.route : "",
    createdAt,
  })));
  // each user's open pages re-read their unread count (the header's bell)
  for (const userId of new Set(userIds)) {
    unit.announce("notificationsChanged", { userId }, { qualifier: userId });
  }
}
