/**
 * One invoice in the editor (home/invoicemanager/edit/{id}; spec 2 §2.1, §4, §5):
 * - a draft: due date, levies on or off, additional line items, pricing adjustments on carcass lines,
 *   recompute, publish (or why not, in words), delete;
 * - published: supplier reference and due date, unpublish, finalise; finalised: read-only;
 * - every save answers the recomputed invoice, toasts, and keeps the figures in step.
 * Another user's change to this invoice never overwrites what is on screen: a banner says so and offers
 * to load it (unsaved edits here stay until then; the page is marked dirty so a forced refresh waits).
 */
import { type FormEvent, useEffect, useRef, useState } from "react";
import { api, type ApiMethod } from "../runtime/api.ts";
import { toast } from "../runtime/toast.ts";
import { withPush } from "../runtime/pushLater.ts";
import { Button } from "../ui/Button.tsx";
import { Facts } from "../ui/Facts.tsx";
import { formatDate, formatHead } from "../../kernel/format.ts";
import { formatCents } from "../../kernel/money.ts";
import { levyLabel } from "../../server/areas/invoiceSettings/rules.ts";
import { type INVOICES_API, type InvoiceView, levyBasis } from "../../server/areas/invoices/rules.ts";
import { InvoiceLines } from "./invoice/InvoiceLines.tsx";
import { type DefectRuleLinks, UnruledDefects } from "./invoice/UnruledDefects.tsx";
import { cancelFileFirst, PaymentFileNote } from "./invoice/PaymentFile.tsx";
import { EmailRemittanceButton, mailState, RemittanceEmailLine } from "./invoice/RemittanceEmails.tsx";
import { invoiceHeading, managerHrefOf, withId } from "./invoice/paths.ts";

export interface InvoiceEditorProps {
  view: InvoiceView;
  api: typeof INVOICES_API;
  /** the invoice manager's address (its tab follows the invoice's status) */
  managerPath: string;
  /** the defect settings a draft's warning links to (null: the caller cannot open them) */
  defectLinks: DefectRuleLinks;
  /** Invoice Manager › Payments, for a caller who can open it (null otherwise) */
  paymentsPath: string | null;
  /** the plant's time zone, for when the remittance was emailed */
  timeZone: string;
}

export default function InvoiceEditor(
  { view: first, api: paths, managerPath, defectLinks, paymentsPath, timeZone }: InvoiceEditorProps,
) {
  const [view, setView] = useState(first);
  const [newer, setNewer] = useState<InvoiceView | null>(null);
  const [dueDate, setDueDate] = useState(first.invoiceDueDate ?? "");
  const [reference, setReference] = useState(first.supplierReference);
  const [lineDirty, setLineDirty] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const busyRef = useRef(false);
  const viewRef = useRef(view);
  viewRef.current = view;

  const managerHref = managerHrefOf(managerPath, view);
  const doc = view.document;
  const c = doc.computation;
  const isDraft = view.status === "Draft";
  const isPublished = view.status === "Published";
  const detailsDirty = (dueDate || null) !== view.invoiceDueDate ||
    (isPublished && reference !== view.supplierReference);
  const dirty = detailsDirty || lineDirty;

  const show = (next: InvoiceView) => {
    setView(next);
    setNewer(null);
    setDueDate(next.invoiceDueDate ?? "");
    setReference(next.supplierReference);
  };

  useEffect(() => {
    /** Shows the banner when the invoice on the server is newer than the one shown. */
    const compare = async () => {
      if (busyRef.current) return;
      try {
        const latest = await api<InvoiceView>("GET", withId(paths.invoice, viewRef.current.id), undefined, {
          silent: true,
        });
        if (latest.lastModified !== viewRef.current.lastModified) setNewer(latest);
        // an email sent or tried (by hand elsewhere, or by itself) changes no field: shown as it is
        else setView((shown) => ({ ...shown, ...mailState(latest) }));
      } catch { /* deleted or gone: the banner below says so on the next action */ }
    };
    const check = (payload: unknown) => {
      const ids = (payload as { invoiceIds?: number[] } | undefined)?.invoiceIds ?? [];
      if (ids.includes(viewRef.current.id)) void compare();
    };
    return withPush((push) => {
      const offs = ["invoiceUpdated", "invoicePublished", "invoiceUnpublished"].map((e) => push.on(e, check));
      // an invoice event between the page's render and this editor joining the group (it starts after the
      // page is shown), or while the connection was down: compared once (the hub says so, changeLog.ts)
      offs.push(push.on("missed", compare));
      void push.register("Invoices");
      return () => {
        offs.forEach((off) => off());
        void push.deregister("Invoices");
      };
    });
  }, []);

  /** One call that answers the invoice: busy, toast, show it. */
  const act = async (label: string, method: ApiMethod, path: string, body: unknown, done: string) => {
    busyRef.current = true;
    setBusy(label);
    try {
      const next = await api<InvoiceView>(method, path, body);
      show(next);
      toast("success", done);
      return true;
    } catch {
      return false; // the api client toasted why
    } finally {
      busyRef.current = false;
      setBusy(null);
    }
  };
  const stamp = { lastModified: view.lastModified };

  const saveDetails = (e: FormEvent) => {
    e.preventDefault();
    if (isPublished) {
      void act("Saving", "POST", paths.updatePublished, {
        id: view.id,
        ...stamp,
        supplierReference: reference,
        invoiceDueDate: dueDate || null,
      }, "The invoice was saved.");
    } else {
      void act(
        "Saving",
        "POST",
        paths.update,
        { id: view.id, ...stamp, invoiceDueDate: dueDate || null },
        "The invoice was saved.",
      );
    }
  };

  const simple = async (label: string, path: string, body: unknown, done: string, question?: string) => {
    if (question && !globalThis.confirm(question)) return;
    busyRef.current = true;
    setBusy(label);
    try {
      await api("POST", path, body);
      toast("success", done);
      show(await api<InvoiceView>("GET", withId(paths.invoice, view.id)));
    } catch {
      /* toasted */
    } finally {
      busyRef.current = false;
      setBusy(null);
    }
  };

  const deleteDraft = async () => {
    if (!globalThis.confirm("Delete this draft? Its mobs go back to the invoices to be created.")) return;
    try {
      await api("POST", paths.deleteDraft, { id: view.id, ...stamp });
      sessionStorage.setItem("flash", JSON.stringify({ kind: "success", message: "The draft was deleted." }));
      location.assign(managerHref);
    } catch { /* toasted */ }
  };

  return (
    <div className="invoice-editor" data-dirty={dirty ? "" : undefined}>
      {/* the heading is the island's: it follows the invoice through publish and unpublish */}
      <div className="panel-head no-print">
        <h2 id="invoice-title">{invoiceHeading(view)} · {view.supplierName}</h2>
        <a className="btn" href={managerHref}>Back to the invoice manager</a>
      </div>
      <h2 className="print-only">
        {doc.title} {view.invoiceNumber ?? "(draft, not issued)"} · {doc.supplier.name}
        {view.invoiceDueDate ? ` · due ${formatDate(view.invoiceDueDate)}` : ""}
      </h2>
      {newer && (
        <div className="banner banner-info no-print" role="status">
          Someone else changed this invoice{newer.status !== view.status
            ? ` (now ${newer.status.toLowerCase()})`
            : ""}.
          {dirty ? " Your unsaved changes here are kept until you load theirs." : ""}{" "}
          <Button onClick={() => show(newer)}>Load their changes</Button>
        </div>
      )}
      <div className="toolbar no-print" role="group" aria-label="Invoice actions">
        <span
          className={isDraft
            ? "badge badge-warning"
            : isPublished
            ? "badge badge-success"
            : "badge badge-muted"}
        >
          {view.status}
        </span>
        {view.invoiceNumber && <strong className="nowrap">{view.invoiceNumber}</strong>}
        {isDraft && (
          <>
            <Button
              variant="primary"
              disabled={!!busy || !view.isPublishable || dirty}
              title={dirty ? "Save your changes first" : undefined}
              onClick={() => {
                const question = `Publish this invoice to ${doc.supplier.name}? ` +
                  "It is numbered and issued, and its figures are then fixed.";
                if (!globalThis.confirm(question)) return;
                void act(
                  "Publishing",
                  "POST",
                  paths.publish,
                  { id: view.id, ...stamp },
                  "The invoice was published.",
                );
              }}
            >
              Publish
            </Button>
            <Button
              disabled={!!busy}
              onClick={() =>
                act("Recomputing", "POST", paths.compute, { id: view.id }, "The invoice was recomputed.")}
            >
              Recompute
            </Button>
          </>
        )}
        {isPublished && (
          <>
            <Button
              disabled={!!busy || !!view.paymentFile}
              title={view.paymentFile ? cancelFileFirst(view.paymentFile) : undefined}
              onClick={() =>
                simple(
                  "Unpublishing",
                  paths.unpublish,
                  { ids: [view.id] },
                  "The invoice was unpublished.",
                  "Unpublish this invoice? It goes back to a draft.",
                )}
            >
              Unpublish
            </Button>
            <Button
              variant="primary"
              disabled={!!busy}
              onClick={() =>
                simple(
                  "Finalising",
                  paths.finalise,
                  { ids: [view.id] },
                  "The invoice was finalised.",
                  "Finalise this invoice? It can no longer change.",
                )}
            >
              Finalise
            </Button>
          </>
        )}
        <a className="btn" href={withId(paths.remittancePdf, view.id)} download>
          {isDraft ? "Draft PDF" : "PDF"}
        </a>
        {!isDraft && (
          <EmailRemittanceButton
            email={doc.supplier.email}
            sentBefore={view.remittanceEmails.some((e) => e.sent)}
            disabled={!!busy}
            send={(question) =>
              simple(
                "Emailing",
                paths.emailRemittance,
                { id: view.id },
                `The remittance was emailed to ${doc.supplier.email}.`,
                question,
              )}
          />
        )}
        <Button onClick={() => globalThis.print()}>Print</Button>
        {isDraft && <Button variant="danger" disabled={!!busy} onClick={deleteDraft}>Delete draft</Button>}
        <span className="muted" role="status" aria-live="polite">{busy ? `${busy}…` : ""}</span>
      </div>

      {isDraft && !view.isPublishable && (
        <div className="banner banner-warning no-print" role="note">
          <strong>Not ready to publish:</strong>
          <ul>{view.unableToPublishReasons.map((r) => <li key={r}>{r}</li>)}</ul>
        </div>
      )}
      {isDraft && (
        <UnruledDefects
          unruled={view.unruledDefects}
          invoiceId={view.id}
          speciesId={view.speciesId}
          links={defectLinks}
        />
      )}
      {!isDraft && (
        <RemittanceEmailLine
          emails={view.remittanceEmails}
          queued={view.remittanceQueued}
          supplierEmail={doc.supplier.email}
          timeZone={timeZone}
        />
      )}
      {view.paymentFile && <PaymentFileNote file={view.paymentFile} paymentsPath={paymentsPath} />}
      {view.hasCorrections && (
        <div className="banner banner-info" role="note">
          Kill floor data changed since this invoice was {isDraft ? "computed: recompute it" : "published"}.
        </div>
      )}

      <form className="inline-form invoice-details no-print" onSubmit={saveDetails}>
        <label>
          Due date{" "}
          <input
            type="date"
            value={dueDate}
            onChange={(e) => setDueDate(e.target.value)}
            disabled={view.status === "Finalised"}
          />
        </label>
        {!isDraft && (
          <label>
            Supplier reference{" "}
            <input
              type="text"
              maxLength={60}
              value={reference}
              onChange={(e) => setReference(e.target.value)}
              disabled={view.status === "Finalised"}
            />
          </label>
        )}
        {view.status !== "Finalised" && (
          <Button type="submit" variant="primary" disabled={!detailsDirty || !!busy}>Save</Button>
        )}
      </form>

      <Facts
        items={[
          ["Supplier", doc.supplier.name],
          ["Order", `${doc.order.id} · ${doc.order.speciesCategoryName}`],
          ["Killed", formatDate(doc.productionDate)],
          ["Priced", doc.order.pricing],
          [
            "Head",
            `${formatHead(c.headCounts.delivered)} delivered · ${
              formatHead(c.headCounts.deadOnArrival)
            } DOA · ${formatHead(c.headCounts.processed)} processed · ${
              formatHead(c.headCounts.condemned)
            } condemned`,
          ],
        ]}
      />

      <InvoiceLines
        view={view}
        api={paths}
        disabled={!isDraft || !!busy}
        act={act}
        onDirty={setLineDirty}
      />

      <table className="table invoice-totals">
        <tbody>
          <tr>
            <th scope="row">Subtotal</th>
            <td className="num">{formatCents(c.subTotalCents)}</td>
          </tr>
          <tr>
            <th scope="row">GST ({Math.round(c.taxRate * 100)}%)</th>
            <td className="num">{formatCents(c.taxCents)}</td>
          </tr>
          {c.levyLines.map((l) => (
            <tr key={l.levyType + l.description}>
              <th scope="row">{levyLabel(l)} ({levyBasis(l)})</th>
              <td className="num">−{formatCents(l.totalCents)}</td>
            </tr>
          ))}
          <tr className="total">
            <th scope="row">{c.totalCents < 0 ? "Owed by the supplier" : "Total payable"}</th>
            <td className="num">{formatCents(Math.abs(c.totalCents))}</td>
          </tr>
        </tbody>
      </table>
      {isDraft && c.isLeviesRemovable && (
        <label className="check no-print">
          <input
            type="checkbox"
            checked={view.leviesRemoved}
            disabled={!!busy}
            onChange={(e) =>
              act(
                "Saving",
                "POST",
                paths.update,
                { id: view.id, ...stamp, leviesRemoved: e.target.checked },
                e.target.checked ? "Levies taken off." : "Levies put back.",
              )}
          />{" "}
          Take the levies off this invoice (the supplier pays them elsewhere)
        </label>
      )}
    </div>
  );
}
