/**
 * A count badge kept by the push hub (the header's notifications bell, the Support entry's unread chat
 * replies): the count is read once the page is shown, and again on the named events, after a reconnect
 * and when the hub says events were missed. No React.
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
