/**
 * The invoice manager's tables (InvoiceList.tsx holds the selection and the actions): killed mobs by
 * order, to be created; invoices of a tab, each with its editor and, once published, its PDF.
 */
import { formatDate, formatHead } from "../../../kernel/format.ts";
import { plural } from "../../ui/plural.ts";
import { withId } from "./paths.ts";
import { formatCents } from "../../../kernel/money.ts";
import type { InvoiceSummary, ToBeCreatedRow } from "../../../server/areas/invoices/rules.ts";
import { PaymentFileLine } from "./PaymentFile.tsx";
import { RemittanceStateLine } from "./RemittanceEmails.tsx";

/** The invoice manager's tabs. */
export type InvoiceTab = "tobecreated" | "created" | "corrections" | "published";

/** A list's header: a choose column, then the columns ("#…" for a number, right-aligned). */
function Head({ columns }: { columns: string[] }) {
  return (
    <thead>
      <tr>
        <th scope="col">
          <span className="sr-only">Choose</span>
        </th>
        {columns.map((c) =>
          c.startsWith("#")
            ? <th key={c} scope="col" className="num">{c.slice(1)}</th>
            : <th key={c} scope="col">{c}</th>
        )}
      </tr>
    </thead>
  );
}

export function Orders({ rows, selected, toggle }: {
  rows: ToBeCreatedRow[];
  selected: Set<number>;
  toggle: (ids: number[], on: boolean) => void;
}) {
  if (!rows.length) {
    return <p className="empty">Nothing to invoice: every killed mob of this species is on an invoice.</p>;
  }
  return (
    <table className="table table-compact">
      <Head columns={["Supplier", "Mobs", "Killed", "#Carcasses", "Kill floor data"]} />
      <tbody>
        {rows.map((o) => {
          const ids = o.stockMobs.map((m) => m.id);
          const on = ids.every((id) => selected.has(id));
          return (
            <tr key={o.livestockOrderId}>
              <td>
                <input
                  type="checkbox"
                  checked={on}
                  onChange={(e) => toggle(ids, e.target.checked)}
                  aria-label={`Order ${o.livestockOrderId} of ${o.supplierName}`}
                />
              </td>
              <td>
                {o.supplierName}
                <div className="muted small">Order {o.livestockOrderId} · {o.speciesCategoryName}</div>
              </td>
              <td>
                {o.stockMobs.length === 1
                  ? `Lot ${o.stockMobs[0].lotReference || "—"}`
                  : o.stockMobs.map((m) => (
                    <label key={m.id} className="check small nowrap">
                      <input
                        type="checkbox"
                        checked={selected.has(m.id)}
                        onChange={(e) => toggle([m.id], e.target.checked)}
                      />{" "}
                      Lot {m.lotReference || "—"} · {formatHead(m.carcasses)}
                    </label>
                  ))}
              </td>
              <td className="nowrap">{formatDate(o.productionDate, false)}</td>
              <td className="num">{formatHead(o.carcassCount)}</td>
              <td>
                <span className={o.isCarcassDataComplete ? "badge badge-success" : "badge badge-warning"}>
                  {o.isCarcassDataComplete ? "Complete" : "Not all in yet"}
                </span>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

export function Invoices({ rows, tab, selected, toggle, editHref, pdfHref, timeZone }: {
  rows: InvoiceSummary[];
  tab: InvoiceTab;
  selected: Set<number>;
  toggle: (ids: number[], on: boolean) => void;
  editHref: string;
  pdfHref: string;
  /** the plant's, for the day a remittance was emailed */
  timeZone: string;
}) {
  if (!rows.length) {
    return (
      <p className="empty">
        {tab === "published" ? "No invoices published in this period." : "No invoices here."}
      </p>
    );
  }
  return (
    <table className="table table-compact">
      <Head
        columns={[
          "Invoice",
          "Supplier",
          "Killed",
          "#Carcasses",
          "#Total",
          tab === "published" ? "Status" : "Ready?",
        ]}
      />
      <tbody>
        {rows.map((i) => {
          const canChoose = i.status !== "Finalised" && (tab !== "created" || i.isPublishable);
          return (
            <tr key={i.id}>
              <td>
                {canChoose && (
                  <input
                    type="checkbox"
                    checked={selected.has(i.id)}
                    onChange={(e) => toggle([i.id], e.target.checked)}
                    aria-label={`Invoice ${i.invoiceNumber ?? i.id} of ${i.supplierName}`}
                  />
                )}
              </td>
              <td className="nowrap">
                <a href={withId(editHref, i.id)}>{i.invoiceNumber ?? `Draft ${i.id}`}</a>
                {i.status !== "Draft" && (
                  <div className="small">
                    <a href={withId(pdfHref, i.id)} download>PDF</a>
                  </div>
                )}
              </td>
              <td>
                {i.supplierName}
                <div className="muted small">Order {i.livestockOrderId} · {i.speciesCategoryName}</div>
              </td>
              <td className="nowrap">
                {formatDate(i.productionDate, false)}
                {i.invoiceDueDate && (
                  <div className="muted small">due {formatDate(i.invoiceDueDate, false)}</div>
                )}
              </td>
              <td className="num">{formatHead(i.carcassCount)}</td>
              <td className="num nowrap">{formatCents(i.totalCents)}</td>
              <td>
                {tab === "published"
                  ? (
                    <>
                      <span
                        className={i.status === "Finalised" ? "badge badge-muted" : "badge badge-success"}
                      >
                        {i.status}
                      </span>
                      <RemittanceStateLine email={i.remittanceEmail} timeZone={timeZone} />
                      {i.paymentFile && <PaymentFileLine file={i.paymentFile} />}
                      {i.hasCorrections && <div className="muted small">kill data changed since</div>}
                    </>
                  )
                  : i.isPublishable
                  ? <span className="badge badge-success" title="Ready to publish">Ready</span>
                  : (
                    <details className="small">
                      <summary>
                        <span className="badge badge-warning">
                          {plural(i.unableToPublishReasons.length, "thing")} to fix
                        </span>
                      </summary>
                      <ul>{i.unableToPublishReasons.map((r) => <li key={r}>{r}</li>)}</ul>
                    </details>
                  )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
