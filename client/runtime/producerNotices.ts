/**
 * The producer portal's notices on an open page (issue 44 §6; server/areas/producer/notices/): what a
 * processor relays over a link (a consignment processed, a remittance published: `producerNotice`) and a
 * link changed or ended (`producerLinkChanged`) show as a toast and in a bar at the top of the page with
 * how many came since it opened, and a button to show them (the page read again). No React.
 */
import type { PushClient } from "./push.ts";
import { toast } from "./toast.ts";

interface Notice {
  kind?: string;
  livestockOrderIds?: number[];
}

/** What a notice says (plain words: the home's notices list says the same, with names). */
export function noticeText(event: string, payload: unknown): string {
  if (event === "producerLinkChanged") return "A processor changed what it shares with you.";
  const { kind, livestockOrderIds = [] } = (payload ?? {}) as Notice;
  const lots = livestockOrderIds.length === 1
    ? `Lot ${livestockOrderIds[0]}`
    : `${livestockOrderIds.length} lots`;
  return kind === "remittancePublished"
    ? livestockOrderIds.length === 1
      ? `A remittance was published for ${lots.replace(/^Lot/, "lot")}.`
      : `Remittances were published for ${lots}.`
    : `${lots} ${livestockOrderIds.length === 1 ? "was" : "were"} processed: the kill feedback is in.`;
}

export function watchProducerNotices(push: PushClient, host: HTMLElement): void {
  const bar = document.createElement("div");
  bar.className = "producer-notice-bar";
  bar.dataset.producerNotices = "";
  bar.setAttribute("role", "status");
  bar.hidden = true;
  const text = document.createElement("span");
  const count = document.createElement("span");
  count.className = "producer-notice-count";
  count.dataset.noticeCount = "0";
  const show = document.createElement("button");
  show.type = "button";
  show.textContent = "Show";
  show.addEventListener("click", () => location.reload());
  bar.append(text, " ", count, " ", show);
  host.prepend(bar);
  let seen = 0;
  const told = (event: string) => (payload: unknown) => {
    const said = noticeText(event, payload);
    seen++;
    text.textContent = said;
    count.textContent = seen === 1 ? "(1 new notice)" : `(${seen} new notices)`;
    count.dataset.noticeCount = String(seen);
    bar.hidden = false;
    toast(event === "producerLinkChanged" ? "warning" : "info", said, "Notice");
  };
  push.on("producerNotice", told("producerNotice"));
  push.on("producerLinkChanged", told("producerLinkChanged"));
  // marked once the hub has the page in the group (what a test waits for before the processor acts)
  void push.register("ProducerPortal").then((joined) => {
    if (joined) bar.dataset.listening = "true";
  });
}
