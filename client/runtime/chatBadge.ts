/**
 * The side menu's support chat badge (server/pages/Shell.tsx, on the Support entry): how many support
 * replies the caller has not read, read again when a reply comes or they read a chat
 * (`supportChatMessage` / `supportChatRead` to their `SupportChat:<userId>` group).
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
