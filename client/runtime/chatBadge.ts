/**
 * The side menu's support chat badge (server/pages/Shell.tsx, on the Support entry): how many support
 * replies the caller has not read, read again when a reply comes or they read a chat
 * (`supportChatMessage` / `supportChatRead` to their `SupportChat:<userId>` group). For the support staff,
 * the menu's Super entry (the super home links the support desk): their unread messages across every
 * organisation's chats, read again when a message comes or a chat is read (`supportDeskMessage` /
 * `supportDeskRead` to `SupportDesk`).
 */
import type { PushClient } from "./push.ts";
import { watchPushedCount } from "./pushedCount.ts";

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
