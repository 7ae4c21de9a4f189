/** The history panel: the audit trail of a record, newest first, with what each change changed. */
import type { z } from "@hono/zod-openapi";
import type { HistoryEntry } from "../schemas.ts";

export function OrderHistory({ entries }: { entries: z.output<typeof HistoryEntry>[] }) {
  return (
    <section className="panel" aria-label="History">
      <h2>History</h2>
      <ol className="history">
        {entries.map((h, i) => (
          <li key={i}>
            <time dateTime={h.at}>{new Date(h.at).toLocaleString("en-AU")}</time> ·{" "}
            <strong>{h.userName}</strong> · {h.action}
            {h.reason ? ` · “${h.reason}”` : null}
            {h.after && typeof h.after === "object" && Object.keys(h.after).length > 0 &&
                h.action !== "create"
              ? <div className="muted small">{describeChange(h.before, h.after)}</div>
              : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** "quantityOrdered 300 → 280; deliveryDate …" for a history line (a creation lists its values). */
function describeChange(before: unknown, after: unknown) {
  const b = (before && typeof before === "object" ? before : {}) as Record<string, unknown>;
  const a = after as Record<string, unknown>;
  const show = (
    v: unknown,
  ) => (v === null || v === undefined ? "—" : typeof v === "object" ? JSON.stringify(v) : String(v));
  return Object.keys(a).map((k) => (k in b ? `${k} ${show(b[k])} → ${show(a[k])}` : `${k} ${show(a[k])}`))
    .join("; ");
}
