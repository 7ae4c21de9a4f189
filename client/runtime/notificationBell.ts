/**
 * The header's notifications bell (server/pages/Shell.tsx): reads the caller's unread count once the page
 * is shown, and again whenever their notifications change (the `notificationsChanged` push to the
 * `Notifications:<userId>` group), after a reconnect and when the hub says events were missed. No React.
 */
import type { PushClient } from "./push.ts";

const COUNT_URL = "/api/notifications/GetUnreadNotificationsCount";

export function watchNotifications(bell: HTMLElement, push: PushClient): void {
  const badge = bell.querySelector<HTMLElement>("[data-notification-count]");
  if (!badge) return;
  let asked = 0;
  const read = async () => {
    const mine = ++asked;
    const res = await fetch(COUNT_URL, {
      credentials: "same-origin",
      headers: { accept: "application/json", "x-api-version": "1" },
    });
    if (!res.ok || mine !== asked) return;
    const { unread } = await res.json() as { unread: number };
    badge.textContent = unread > 99 ? "99+" : String(unread);
    badge.hidden = unread === 0;
    bell.setAttribute("aria-label", unread ? `Notifications: ${unread} unread` : "Notifications");
    bell.dataset.unread = String(unread);
  };
  const soon = () => void read().catch(() => {/* offline: the next push or page reads it again */});
  for (const event of ["notificationsChanged", "reconnected", "missed"]) push.on(event, soon);
  void push.register(`Notifications:${bell.dataset.notificationBell}`);
  soon();
}
