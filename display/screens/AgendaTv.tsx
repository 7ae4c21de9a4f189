/**
 * Today's kill agenda on a TV across the floor: the species and day, a progress bar of head killed against
 * the day's target, and the lots in kill order with head, supplier and state in colour (done, at the
 * kill floor, waiting) and in the kill agenda's words; a day with nothing on it (a weekend) says when the
 * next kill is. Server-rendered; nothing to click.
 */
import { formatDate, formatHead } from "../../kernel/format.ts";
import { type AgendaTv as Agenda, progressPercent } from "./model.ts";
import { pctClass } from "../../client/ui/inlineFree.ts";

/** At most this many lots fit a 1080p screen; the rest are summed in a line. */
const ROWS = 12;

export function AgendaTv({ agenda }: { agenda: Agenda }) {
  const pct = progressPercent(agenda);
  // the lots still to come first after the one on the floor, so the screen shows what matters now
  const firstOpen = agenda.lots.findIndex((l) => l.state !== "done");
  const start = Math.max(
    0,
    Math.min(firstOpen < 0 ? agenda.lots.length : firstOpen - 1, agenda.lots.length - ROWS),
  );
  const shown = agenda.lots.slice(start, start + ROWS);
  const hiddenDone = start;
  const hiddenAfter = agenda.lots.length - start - shown.length;
  return (
    <section className="tv-screen tv-agenda" aria-label={`${agenda.species} kill agenda`}>
      <header className="tv-head">
        <h1>{agenda.species} kill</h1>
        <p>{formatDate(agenda.date)}{agenda.site ? ` · ${agenda.site}` : ""}</p>
      </header>
      {agenda.lots.length > 0 && (
        <div
          className="tv-progress"
          role="img"
          aria-label={`${agenda.killed} of ${agenda.target || agenda.head} head killed`}
        >
          <div className={`tv-progress-bar ${pctClass(pct)}`} />
          <span className="tv-progress-text">
            {formatHead(agenda.killed)} of {formatHead(agenda.head)} head killed
            {agenda.target ? ` · target ${formatHead(agenda.target)}` : ""}
          </span>
        </div>
      )}
      {agenda.lots.length === 0
        ? (
          <p className="tv-empty">
            Nothing on today's agenda.
            {agenda.next && (
              <>
                <br />
                Next kill: <strong>{formatDate(agenda.next.date)}</strong>, {formatHead(agenda.next.head)}
                {" "}
                head in {agenda.next.lots} {agenda.next.lots === 1 ? "lot" : "lots"}.
              </>
            )}
          </p>
        )
        : (
          <table className="tv-table">
            <thead>
              <tr>
                <th className="num">#</th>
                <th>Lot</th>
                <th>Supplier</th>
                <th className="num">Head</th>
                <th>State</th>
              </tr>
            </thead>
            <tbody>
              {hiddenDone > 0 && (
                <tr className="tv-more">
                  <td colSpan={5}>{hiddenDone} {hiddenDone === 1 ? "lot" : "lots"} done</td>
                </tr>
              )}
              {shown.map((l) => (
                <tr key={`${l.order}-${l.lot}`} className={`is-${l.state}`} data-lot={l.lot}>
                  <td className="num">{l.order}</td>
                  <td className="tv-lot">{l.lot || "—"}</td>
                  <td>{l.supplier}</td>
                  <td className="num">
                    {l.state === "floor" && l.killed ? `${l.killed} / ${l.head}` : l.head}
                  </td>
                  <td>
                    <span className={`tv-state is-${l.state}`}>{l.status}</span>
                  </td>
                </tr>
              ))}
              {hiddenAfter > 0 && (
                <tr className="tv-more">
                  <td colSpan={5}>and {hiddenAfter} more {hiddenAfter === 1 ? "lot" : "lots"} waiting</td>
                </tr>
              )}
            </tbody>
          </table>
        )}
    </section>
  );
}
