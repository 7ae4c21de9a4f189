/**
 * The header's notifications bell (server/pages/Shell.tsx): its unread count, read again whenever the
 * caller's notifications change (the `notificationsChanged` push to the `Notifications:<userId>` group).
 */
import type { PushClient } from "./push.ts";
import { watchPushedCount } from "./pushedCount.ts";

export function watchNotifications(bell: HTMLElement, push: PushClient): void {
  const badge = bell.querySelector<HTMLElement>("[data-notification-count]");
  if (!badge) return;
  watchPushedCount({
    url: "/api/notifications/GetUnreadNotificationsCount",
    events: ["notificationsChanged"],
    group: `Notifications:${bell.dataset.notificationBell}`,
    badge,
    named: bell,
    marked: bell,
    label: (unread) => unread ? `Notifications: ${unread} unread` : "Notifications",
  }, push);
}
