/**
 * A part of a server-rendered page kept live by the push hub, without React (issue 39: the order page's
 * live figures). The page marks a status line `[data-live-part="<id of the part>"]` with the refresh
 * groups to join (`data-live-groups`, comma-separated), the push events that may change the part
 * (`data-live-events`) and, where the events name orders or days, the one shown (`data-live-order`,
 * `data-live-date`: events naming others are ignored). The server writes it with LiveStatus
 * (server/pages/LiveStatus.tsx). On such an event, after a reconnect or when the hub says events were missed,
 * it re-reads its own page and swaps the part's content in place; a burst of events is one read. The status
 * line says whether it is live.
 */
import type { PushClient } from "./push.ts";
import type { StartIslands } from "./folds.ts";

const COALESCE_MS = 150;

/** Whether an event's payload names orders, and the shown one is not among them. */
export function otherOrders(payload: unknown, orderId: number | null): boolean {
  if (orderId === null) return false;
  const ids = (payload as { livestockOrderIds?: unknown } | undefined)?.livestockOrderIds;
  return Array.isArray(ids) && !ids.includes(orderId);
}

/** Whether an event's payload names days and the shown one (null: the page does not filter) is not one. */
export function otherDays(payload: unknown, date: string | null): boolean {
  if (date === null) return false;
  const p = payload as { dates?: unknown; productionDates?: unknown } | undefined;
  const days = p?.dates ?? p?.productionDates;
  return Array.isArray(days) && !days.includes(date);
}

/**
 * Re-reads this page and puts the element `target`'s new content in place (counted in `data-refreshed`);
 * false when the read failed, was overtaken (`current` false by then) or the element is gone.
 */
export async function swapFromPage(
  target: string,
  current: () => boolean,
  startIslands?: StartIslands,
): Promise<boolean> {
  const res = await fetch(location.href, { credentials: "same-origin", headers: { accept: "text/html" } });
  if (!res.ok || !current()) return false;
  const next = new DOMParser().parseFromString(await res.text(), "text/html").getElementById(target);
  const here = document.getElementById(target);
  if (!next || !here) return false;
  here.replaceChildren(...Array.from(next.childNodes, (n) => document.importNode(n, true)));
  here.dataset.refreshed = String(Number(here.dataset.refreshed ?? 0) + 1);
  // the new content's islands start as a page's do (as a fold's content does): swapped in as server HTML,
  // a form or button would otherwise look right and do nothing
  if (startIslands && here.querySelector("[data-island]")) {
    await startIslands(here.querySelectorAll("[data-island-modules]"));
    here.dispatchEvent(new Event("islands:added", { bubbles: true }));
  }
  return true;
}

const list = (text: string | undefined) => (text ?? "").split(",").map((s) => s.trim()).filter(Boolean);

export function keepLive(status: HTMLElement, push: PushClient, startIslands?: StartIslands): void {
  const target = status.dataset.livePart!;
  // once the user has changed a field in the part (ticked an order to box, typed), it is not swapped under
  // them: their choices would go. The status says newer figures wait; the save's reload shows them.
  let inUse = false;
  const part = document.getElementById(target);
  for (const type of ["input", "change"]) part?.addEventListener(type, () => (inUse = true));
  const groups = list(status.dataset.liveGroups);
  const orderId = status.dataset.liveOrder ? Number(status.dataset.liveOrder) : null;
  const date = status.dataset.liveDate ?? null;
  const words = status.dataset.liveWords ?? "Live: the figures update as they change";
  let timer: ReturnType<typeof setTimeout> | undefined;
  let reading = 0;
  const refresh = async () => {
    if (inUse) {
      status.textContent = `${words} · newer figures show when you save or reload`;
      return;
    }
    const asked = ++reading;
    if (await swapFromPage(target, () => asked === reading, startIslands)) {
      status.textContent = `${words} · the figures were just updated`;
    }
  };
  const soon = (payload?: unknown) => {
    if (otherOrders(payload, orderId) || otherDays(payload, date)) return;
    clearTimeout(timer);
    timer = setTimeout(() => void refresh().catch(console.error), COALESCE_MS);
  };
  for (const event of [...list(status.dataset.liveEvents), "reconnected", "missed"]) push.on(event, soon);
  void Promise.all(groups.map((g) => push.register(g))).then((answers) => {
    const live = answers.some((ok) => ok !== null);
    status.textContent = live ? words : "Live updates: off";
    if (live) status.dataset.live = "";
  });
}
