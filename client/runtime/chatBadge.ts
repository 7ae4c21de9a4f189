/**
 * The side menu's support chat badge (server/pages/Shell.tsx, on the Support entry): reads how many
 * support replies the caller has not read once the page is shown, and again when a reply comes or they
 * read a chat (`supportChatMessage` / `supportChatRead` to their `SupportChat:<userId>` group), after a
 * reconnect and when the hub says events were missed. No React.
 */
import type { PushClient } from "./push.ts";

const COUNT_URL = "/api/support/GetUnreadChatCount";

export function watchChatUnread(badge: HTMLElement, userId: string, push: PushClient): void {
  const link = badge.closest("a");
  let asked = 0;
  const read = async () => {
    const mine = ++asked;
    const res = await fetch(COUNT_URL, {
      credentials: "same-origin",
      headers: { accept: "application/json", "x-api-version": "1" },
    });
    if (!res.ok || mine !== asked) return;
    const { unread } = await res.json() as { unread: number };
    // nothing unread: no text either (the menu item reads "Support", not "Support0")
    badge.textContent = unread === 0 ? "" : unread > 99 ? "99+" : String(unread);
    badge.hidden = unread === 0;
    link?.setAttribute("aria-label", unread ? `Support: ${unread} unread chat replies` : "Support");
    badge.dataset.unread = String(unread);
  };
  const soon = () => void read().catch(() => {/* offline: the next push or page reads it again */});
  for (const event of ["supportChatMessage", "supportChatRead", "reconnected", "missed"]) {
    push.on(event, soon);
  }
  void push.register(`SupportChat:${userId}`);
  soon();
}
