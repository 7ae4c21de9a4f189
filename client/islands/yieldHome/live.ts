/**
 * "Segments today" kept live (spec 3 §2.1): the tab joins the Yield refresh group and, when the summaries
 * of today and its species are rebuilt (`yieldDataChanged`, server/areas/yield/events.ts: cartons
 * arrived), re-reads its own page and swaps the tab in place. A burst of events is one read.
 */
import { withPush } from "../../runtime/pushLater.ts";

const COALESCE_MS = 150;

export function wireLive(tab: HTMLElement) {
  const species = Number(tab.dataset.species);
  const today = tab.dataset.today ?? "";
  let timer: ReturnType<typeof setTimeout> | undefined;

  const refresh = async () => {
    const res = await fetch(location.href, { credentials: "same-origin", headers: { accept: "text/html" } });
    if (!res.ok) return;
    const next = new DOMParser().parseFromString(await res.text(), "text/html").getElementById("yield-tab");
    if (!next) return;
    tab.replaceChildren(...Array.from(next.childNodes, (n) => document.importNode(n, true)));
    tab.dataset.refreshed = String(Number(tab.dataset.refreshed ?? 0) + 1);
  };
  const soon = () => {
    clearTimeout(timer);
    timer = setTimeout(() => void refresh().catch(console.error), COALESCE_MS);
  };

  // (for the page's life: the tab is never taken away while the page is shown)
  withPush((push) => {
    void push.register("Yield").then((joined) => {
      if (joined) tab.setAttribute("data-live", "");
    });
    const offs = [
      push.on("yieldDataChanged", (payload) => {
        const p = payload as { productionDates?: string[]; speciesIds?: number[] } | undefined;
        if (p?.productionDates && !p.productionDates.includes(today)) return;
        if (p?.speciesIds?.length && !p.speciesIds.includes(species)) return;
        soon();
      }),
      push.on("reconnected", soon),
    ];
    return () => offs.forEach((off) => off());
  });
}
