/**
 * Keeps the processing overview live (server/areas/livestock/processOverview): joins the refresh groups
 * of the orders, the yard, the kill agenda and the kill floor the caller may join (each on its own, as the
 * hub refuses a whole registration holding a group the caller's modules do not allow), and when a load
 * arrives, a mob moves, the agenda changes or carcasses come in, re-reads its own page and swaps the
 * figures (`#po-figures`) in place. A burst of events is one read. Shows whether it is live.
 */
import { useEffect, useState } from "react";
import { push } from "../runtime/push.ts";
import { swapFromPage } from "../runtime/livePart.ts";

export interface ProcessOverviewLiveProps {
  /** refresh groups the page's caller may join (Deliveries, Stockyard, KillAgenda, KillFloor) */
  groups: string[];
  /** the day shown: kill floor and kill agenda events of other days are ignored */
  date: string;
  /** the id of the element swapped in place */
  target: string;
  /** the push events that re-read it (default: the processing overview's) */
  events?: string[];
  /** what "live" means here (default: the processing overview's words) */
  liveWords?: string;
}

const COALESCE_MS = 150;
const EVENTS = ["deliveryStatusUpdated", "stockyardUpdated", "killAgendaUpdated", "killFloorDataReceived"];
const LIVE_WORDS = "Live: the figures update as loads arrive, mobs move and carcasses come in";

/** Whether an event's payload names days, and the shown day is not one of them. */
function otherDays(payload: unknown, date: string): boolean {
  const p = payload as { dates?: string[]; productionDates?: string[] } | undefined;
  const days = p?.dates ?? p?.productionDates;
  return Array.isArray(days) && !days.includes(date);
}

export default function ProcessOverviewLive(
  { groups, date, target, events = EVENTS, liveWords = LIVE_WORDS }: ProcessOverviewLiveProps,
) {
  const [live, setLive] = useState<boolean | null>(null);
  // how many times the figures were re-read (no clock: the plant's time zone is not the browser's)
  const [updated, setUpdated] = useState(0);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let reading = 0;
    const refresh = async () => {
      const asked = ++reading;
      if (await swapFromPage(target, () => asked === reading)) setUpdated((n) => n + 1);
    };
    const soon = (payload?: unknown) => {
      if (otherDays(payload, date)) return;
      clearTimeout(timer);
      timer = setTimeout(() => void refresh().catch(console.error), COALESCE_MS);
    };
    void Promise.all(groups.map((g) => push.register(g))).then((answers) =>
      setLive(answers.some((ok) => ok !== null))
    );
    const offs = [...events, "reconnected", "missed"].map((e) => push.on(e, soon));
    return () => {
      clearTimeout(timer);
      offs.forEach((off) => off());
      if (groups.length) void push.deregister(...groups);
    };
  }, [groups.join(","), events.join(","), date, target]);

  return (
    <p className="po-live muted small" role="status" data-live={live ? "" : undefined}>
      {live ? liveWords : live === null ? "Live updates: connecting…" : "Live updates: off"}
      {updated > 0 && " · the figures were just updated"}
    </p>
  );
}
