/**
 * The status line of a part of a server-rendered page kept live without React: the page script
 * (client/runtime/livePart.ts, loaded by the shell when the page has one) joins `groups`, and on one of
 * `events` re-reads the page and swaps the element `target` in place. Where events name orders or days,
 * `order` or `date` keeps only the shown one's ("" for a page of no day: events naming days are not its).
 */
export const PROCESSING_EVENTS = [
  "deliveryStatusUpdated",
  "stockyardUpdated",
  "killAgendaUpdated",
  "killFloorDataReceived",
];

export function LiveStatus({
  target,
  groups,
  events = PROCESSING_EVENTS,
  order,
  date,
  words = "Live: the figures update as loads arrive, mobs move and carcasses come in",
}: {
  target: string;
  /** refresh groups the caller may join (each registered on its own) */
  groups: string[];
  events?: string[];
  order?: number;
  date?: string;
  words?: string;
}) {
  return (
    <p
      className="po-live muted small"
      role="status"
      data-live-part={target}
      data-live-groups={groups.join(",")}
      data-live-events={events.join(",")}
      data-live-order={order}
      data-live-date={date}
      data-live-words={words}
    >
      Live updates: connecting…
    </p>
  );
}
