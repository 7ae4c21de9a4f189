/** The history panel: the audit trail of a record, newest first, each entry as a sentence. */
import type { z } from "@hono/zod-openapi";
import type { HistoryEntry } from "../schemas.ts";
import { historyDetail, historyTitle } from "../historyWords.ts";
import { formatDateTime } from "../../../../../kernel/format.ts";

/** `timeZone`: the plant's (a change is read in plant time, wherever the server runs). */
export function OrderHistory(
  { entries, timeZone }: { entries: z.output<typeof HistoryEntry>[]; timeZone: string },
) {
  return (
    <section className="panel" aria-label="History">
      <h2>History</h2>
      {entries.length === 0 && <p className="muted">No changes recorded since the order was made.</p>}
      <ol className="history">
        {entries.map((h, i) => {
          const detail = historyDetail(h);
          return (
            <li key={i}>
              <time dateTime={h.at}>{formatDateTime(h.at, timeZone)}</time> · {historyTitle(h)}
              {detail ? <div className="muted small">{detail}</div> : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
