/**
 * Count badges kept by the push hub, one chunk for all (the shell loads it on signed-in pages): the
 * header's notifications bell (server/pages/Shell.tsx), the side menu's Support entry (support replies the
 * caller has not read) and, for the support staff, the Super entry (unread messages across every
 * organisation's chats; the super home links the support desk). Each count is read once the page is
 * shown, and again on its push events (to the caller's own group), after a reconnect and when the hub
 * says events were missed. No React.
 */
import type { PushClient } from "./push.ts";

export interface PushedCount {
  /** the GET answering `{ unread }` */
  url: string;
  /** the push events after which the count may have changed */
  events: string[];
  /** the caller's own group those events come to */
  group: string;
  badge: HTMLElement;
  /** the control named by the count (its accessible name) and marked `data-unread` */
  named: HTMLElement | null;
  marked: HTMLElement;
  label: (unread: number) => string;
}

export function watchPushedCount(o: PushedCount, push: PushClient): void {
  let asked = 0;
  const read = async () => {
    const mine = ++asked;
    const res = await fetch(o.url, {
      credentials: "same-origin",
      headers: { accept: "application/json", "x-api-version": "1" },
    });
    // an answer not used is let go at once: an unread body keeps its request open in the browser
    if (!res.ok || mine !== asked) return void res.body?.cancel().catch(() => {});
    const { unread } = await res.json() as { unread: number };
    // nothing unread: no text either (a menu item reads "Support", not "Support0")
    o.badge.textContent = unread === 0 ? "" : unread > 99 ? "99+" : String(unread);
    o.badge.hidden = unread === 0;
    o.named?.setAttribute("aria-label", o.label(unread));
    o.marked.dataset.unread = String(unread);
  };
  const soon = () => void read().catch(() => {/* offline: the next push or page reads it again */});
  for (const event of [...o.events, "reconnected", "missed"]) push.on(event, soon);
  void push.register(o.group);
  soon();
}

/** The bell's unread count (`notificationsChanged` to `Notifications:<userId>`). */
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

/** Support replies not read (`supportChatMessage` / `supportChatRead` to `SupportChat:<userId>`). */
export function watchChatUnread(badge: HTMLElement, userId: string, push: PushClient): void {
  watchPushedCount({
    url: "/api/support/GetUnreadChatCount",
    events: ["supportChatMessage", "supportChatRead"],
    group: `SupportChat:${userId}`,
    badge,
    named: badge.closest("a"),
    marked: badge,
    label: (unread) => unread ? `Support: ${unread} unread chat replies` : "Support",
  }, push);
}

/** The support desk's unread messages (`supportDeskMessage` / `supportDeskRead` to `SupportDesk`). */
export function watchDeskUnread(badge: HTMLElement, push: PushClient): void {
  watchPushedCount({
    url: "/api/super/GetChatDeskUnread",
    events: ["supportDeskMessage", "supportDeskRead"],
    group: "SupportDesk",
    badge,
    named: badge.closest("a"),
    marked: badge,
    label: (unread) => unread ? `Super: ${unread} unread support chat messages` : "Super",
  }, push);
}
