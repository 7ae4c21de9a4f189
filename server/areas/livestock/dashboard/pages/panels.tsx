/**
 * What the dashboards' panels share: the streamed panel (a Suspense boundary over its figures' promise,
 * so the page's first panels reach the browser before the slowest is worked out), the links to the
 * orders behind a figure (the order report with its filter), the sortable table's header links and the
 * number formats.
 */
import { type ReactNode, Suspense, use } from "react";
import { href } from "../../../../access/routes.ts";
import { ApiError } from "../../../../http/errors.ts";
import { formatHead } from "../../../../../kernel/format.ts";
import { formatFixed } from "../../../../../kernel/money.ts";
import { afterGate } from "../panelGate.ts";

/** A panel's figures, or the sentence saying why they could not be worked out. */
export type Settled<T> = { ok: true; value: T } | { ok: false; message: string };

/** Starts a panel's work now; never rejects (a rejected promise nobody awaited yet would crash the page). */
export function settle<T>(work: () => Promise<T>): Promise<Settled<T>> {
  return Promise.resolve().then(work).then(
    (value) => ({ ok: true as const, value }),
    (error) => {
      if (!(error instanceof ApiError)) console.error("dashboard panel:", error);
      return {
        ok: false as const,
        message: error instanceof ApiError
          ? error.message
          : "This panel could not be worked out. Reload the page.",
      };
    },
  );
}

/**
 * Panels' work one after another, each once what React has written so far has gone to the client
 * (`sent`, the page's streamSent: the shell first, then each finished panel). The embedded database
 * answers synchronously, so a panel's query holds the event loop: started with the page, it held back
 * the shell's own chunks, and panels started together reached the browser at once with the slowest. In
 * turns, the shell goes first and each panel is written as soon as its own figures are done. A panel
 * held back by a test's gate waits outside the turns and holds no other.
 */
export function panelTurns(sent: () => Promise<void> = () => Promise.resolve()) {
  let last: Promise<unknown> = Promise.resolve();
  return <T,>(name: string, work: () => Promise<T>): Promise<Settled<T>> =>
    settle(() =>
      afterGate(name, () => {
        const run = last.then(sent).then(work);
        // the next panel waits for React to write this one (React renders a settled panel in a
        // setImmediate queued as it hears of it: our second comes after it), then for that to go (`sent`)
        last = run.then(immediate, immediate).then(immediate);
        return run;
      })
    );
}

const immediate = () => new Promise<void>((resolve) => setImmediate(resolve));

function Settle<T>(
  { promise, children }: { promise: Promise<Settled<T>>; children: (value: T) => ReactNode },
) {
  const settled = use(promise);
  if (!settled.ok) return <p className="alert alert-error">{settled.message}</p>;
  return <>{children(settled.value)}</>;
}

/** One streamed panel: its heading at once, its figures when they are ready. */
export function StreamedPanel<T>({ id, title, note, promise, children }: {
  id: string;
  title: string;
  note?: ReactNode;
  promise: Promise<Settled<T>>;
  children: (value: T) => ReactNode;
}) {
  return (
    <section className="panel dash-panel" aria-labelledby={`${id}-title`} data-panel={id}>
      <div className="panel-head">
        <h2 id={`${id}-title`} className="panel-title">{title}</h2>
      </div>
      <div className="panel-body">
        <Suspense
          fallback={
            <p className="muted dash-pending" data-pending={id} role="status">
              Working out the figures…
            </p>
          }
        >
          <Settle promise={promise}>
            {(value: T) => <div data-ready={id}>{children(value)}</div>}
          </Settle>
        </Suspense>
        {note && <p className="muted small">{note}</p>}
      </div>
    </section>
  );
}

/** The filter of the order report that lists the orders behind a figure. */
export interface OrdersFilter {
  dateField: "delivery" | "production";
  fromDate: string;
  toDate: string;
  speciesId?: number | null;
  supplierId?: number | null;
  tenantSiteId?: number | null;
}

/** The order report's address for a filter, or null when the caller cannot open the report. */
export type OrdersLink = (f: OrdersFilter) => string | null;

export function ordersLinkFor(canOpenReport: boolean): OrdersLink {
  if (!canOpenReport) return () => null;
  return (f) =>
    href("orderreporting", {}, {
      dateField: f.dateField,
      fromDate: f.fromDate,
      toDate: f.toDate,
      speciesId: f.speciesId ?? undefined,
      supplierId: f.supplierId ?? undefined,
      tenantSiteId: f.tenantSiteId ?? undefined,
    });
}

/** A figure that opens the orders behind it (plain text when the caller cannot open the report). */
export function Fig({ to, label, children }: { to: string | null; label?: string; children: ReactNode }) {
  return to ? <a className="dash-fig" href={to} aria-label={label}>{children}</a> : <>{children}</>;
}

export const head = (n: number) => formatHead(n);
export const percent = (n: number | null) => n === null ? "—" : `${formatFixed(n, 1)}%`;
export const decimal = (n: number | null, digits = 1) => n === null ? "—" : formatFixed(n, digits);
/** "$4.52/kg" from cents per kg */
export const perKg = (centsPerKg: number | null) =>
  centsPerKg === null ? "—" : `$${formatFixed(centsPerKg / 100, 2)}/kg`;

export interface SortColumn<T> {
  key: string;
  header: string;
  className?: string;
  cell: (row: T) => ReactNode;
}

/**
 * A table sorted on the server by a link in each header: the address carries the sort (`key` or `-key`),
 * so it needs no script, and a sorted table can be bookmarked or shared.
 */
export function SortableTable<T>({ caption, columns, rows, rowKey, sort, sortHref, empty }: {
  caption: string;
  columns: SortColumn<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
  sort: { key: string; descending: boolean };
  sortHref: (value: string) => string;
  empty: string;
}) {
  return (
    <div className="table-wrap">
      <table className="table table-compact">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => {
              const active = sort.key === c.key;
              const next = active && !sort.descending ? `-${c.key}` : c.key;
              return (
                <th
                  key={c.key}
                  className={c.className}
                  aria-sort={active ? (sort.descending ? "descending" : "ascending") : undefined}
                >
                  <a className="dash-sort" href={sortHref(next)}>
                    {c.header}
                    {active && <span aria-hidden="true">{sort.descending ? " ▼" : " ▲"}</span>}
                  </a>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((c) => <td key={c.key} className={c.className}>{c.cell(row)}</td>)}
            </tr>
          ))}
          {!rows.length && (
            <tr>
              <td colSpan={columns.length} className="muted">{empty}</td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

/** The page's address with one search value changed (the sort links keep the filter). */
export function withParam(url: URL, name: string, value: string, anchor: string): string {
  const q = new URLSearchParams(url.search);
  q.set(name, value);
  return `${url.pathname}?${q}#${anchor}`;
}
