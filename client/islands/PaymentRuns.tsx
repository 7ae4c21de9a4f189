/**
 * Paying suppliers by bank file: the invoices due, ticked (all that the file can pay), their total, the
 * processing date and "Create payment file", which makes the run and downloads its ABA file; below, the
 * files made, each downloadable, and cancellable (confirmed) while not sent. After each change the lists
 * are read again from the API and a toast says what happened.
 */
import { useMemo, useRef, useState } from "react";
import { api } from "../runtime/api.ts";
import { toast } from "../runtime/toast.ts";
import { formatCents } from "../../kernel/money.ts";
import { formatDate } from "../../kernel/format.ts";
import { Button } from "../ui/Button.tsx";
import { ConfirmDialog } from "../ui/ConfirmDialog.tsx";
import { type Column, Table } from "../ui/Table.tsx";
import { RunsTable } from "./payments/RunsTable.tsx";
import type { InvoiceToPay, PaymentPaths, PaymentRunRow } from "./payments/types.ts";

export interface PaymentRunsProps {
  dueBy: string;
  processingDate: string;
  invoices: InvoiceToPay[];
  setupProblems: string[];
  runs: PaymentRunRow[];
  paths: PaymentPaths;
  /** the invoice editor's path with `{id}`: each invoice number opens its invoice */
  editHref: string;
}

const payable = (list: InvoiceToPay[]) => list.filter((i) => !i.cannotPayReason).map((i) => i.invoiceId);
/** "062000" as people read it: "062-000". */
const bsbOf = (bsb: string) => (/^\d{6}$/.test(bsb) ? `${bsb.slice(0, 3)}-${bsb.slice(3)}` : bsb);
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

export default function PaymentRuns(props: PaymentRunsProps) {
  const [invoices, setInvoices] = useState(props.invoices);
  const [setupProblems, setSetupProblems] = useState(props.setupProblems);
  const [runs, setRuns] = useState(props.runs);
  const [ticked, setTicked] = useState(() => new Set(payable(props.invoices)));
  const [processingDate, setProcessingDate] = useState(props.processingDate);
  const [busy, setBusy] = useState(false);
  const [cancelling, setCancelling] = useState<PaymentRunRow | null>(null);
  const download = useRef<HTMLAnchorElement>(null);
  const fileHref = (id: number) => props.paths.runFile.replace("{id}", String(id));

  const canPay = invoices.filter((i) => !i.cannotPayReason);
  const cannot = invoices.filter((i) => i.cannotPayReason);
  const chosen = canPay.filter((i) => ticked.has(i.invoiceId));
  const total = useMemo(() => chosen.reduce((s, i) => s + i.totalCents, 0), [chosen]);

  const reload = async () => {
    const [list, made] = await Promise.all([
      api<{ invoices: InvoiceToPay[]; setupProblems: string[] }>("GET", props.paths.toPay, undefined, {
        query: { dueBy: props.dueBy },
      }),
      api<PaymentRunRow[]>("GET", props.paths.runs),
    ]);
    setInvoices(list.invoices);
    setSetupProblems(list.setupProblems);
    setTicked(new Set(payable(list.invoices)));
    setRuns(made);
  };

  const create = async () => {
    setBusy(true);
    try {
      const run = await api<PaymentRunRow>("POST", props.paths.createRun, {
        invoiceIds: chosen.map((i) => i.invoiceId),
        processingDate,
      });
      const a = download.current!;
      a.href = fileHref(run.id);
      a.click();
      toast(
        "success",
        `Payment file ${run.id} made: ${plural(run.invoiceCount, "invoice")}, ${
          formatCents(run.totalCents)
        }. Upload it to your bank.`,
      );
      await reload();
    } catch {
      // the api client has toasted why
    } finally {
      setBusy(false);
    }
  };

  const cancel = async (run: PaymentRunRow) => {
    setBusy(true);
    try {
      await api("POST", props.paths.cancelRun, { id: run.id, lastModified: run.lastModified });
      toast("success", `Payment file ${run.id} cancelled: its invoices can be paid again.`);
      setCancelling(null);
      await reload();
    } catch {
      setCancelling(null);
    } finally {
      setBusy(false);
    }
  };

  const toggle = (id: number, on: boolean) => {
    const next = new Set(ticked);
    if (on) next.add(id);
    else next.delete(id);
    setTicked(next);
  };
  const allTicked = canPay.length > 0 && chosen.length === canPay.length;

  const columns: Column<InvoiceToPay>[] = [
    {
      header: "Pay",
      srOnly: true,
      cell: (i) => (
        <input
          type="checkbox"
          aria-label={`Pay ${i.invoiceNumber}`}
          checked={ticked.has(i.invoiceId)}
          onChange={(e) => toggle(i.invoiceId, e.currentTarget.checked)}
        />
      ),
    },
    {
      header: "Invoice",
      className: "nowrap",
      cell: (i) => <a href={props.editHref.replace("{id}", String(i.invoiceId))}>{i.invoiceNumber}</a>,
    },
    { header: "Supplier", cell: (i) => i.supplierName },
    { header: "Due", className: "nowrap", cell: (i) => formatDate(i.dueDate) },
    { header: "Account", className: "nowrap", cell: (i) => `${bsbOf(i.bsb)} ${i.accountNumber}` },
    { header: "Amount", className: "num", cell: (i) => formatCents(i.totalCents) },
  ];

  return (
    <div className="stack">
      {setupProblems.length > 0 && (
        <div className="notice is-warning" role="status">
          <p>Before you can make a payment file:</p>
          <ul>{setupProblems.map((p) => <li key={p}>{p}</li>)}</ul>
        </div>
      )}
      <section aria-labelledby="pay-due">
        <h3 id="pay-due">To pay, due by {formatDate(props.dueBy)}</h3>
        {canPay.length > 0 && (
          <label className="check">
            <input
              type="checkbox"
              checked={allTicked}
              onChange={(e) => setTicked(new Set(e.currentTarget.checked ? payable(invoices) : []))}
            />{" "}
            <span>Tick all</span>
          </label>
        )}
        <Table
          columns={columns}
          rows={canPay}
          rowKey={(i) => i.invoiceId}
          empty="Nothing to pay by file: every published invoice due by then is in a payment file."
        />
        <form
          className="inline-form toolbar"
          onSubmit={(e) => {
            e.preventDefault();
            if (chosen.length && !busy) void create();
          }}
        >
          <strong aria-live="polite">
            {plural(chosen.length, "invoice")} ticked, {formatCents(total)}
          </strong>
          <label>
            Processing date{" "}
            <input
              type="date"
              value={processingDate}
              required
              onChange={(e) => setProcessingDate(e.currentTarget.value)}
            />
          </label>
          <Button
            type="submit"
            variant="primary"
            busy={busy}
            disabled={!chosen.length || setupProblems.length > 0}
          >
            Create payment file
          </Button>
        </form>
        {/* the new file is fetched as a download: the page stays */}
        <a ref={download} hidden download aria-hidden="true" tabIndex={-1} />
      </section>
      {cannot.length > 0 && (
        <section aria-labelledby="pay-other">
          <h3 id="pay-other">Pay another way</h3>
          <ul>
            {cannot.map((i) => (
              <li key={i.invoiceId}>
                <a href={props.editHref.replace("{id}", String(i.invoiceId))}>{i.invoiceNumber}</a>,{" "}
                {i.supplierName}, {formatCents(i.totalCents)}: {i.cannotPayReason}
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="pay-runs">
        <h3 id="pay-runs">Payment files</h3>
        <RunsTable runs={runs} fileHref={fileHref} onCancel={setCancelling} />
      </section>
      {cancelling && (
        <ConfirmDialog
          title={`Cancel payment file ${cancelling.id}?`}
          confirmLabel={`Yes, cancel file ${cancelling.id}`}
          busy={busy}
          onConfirm={() => void cancel(cancelling)}
          onCancel={() => setCancelling(null)}
        >
          <p>
            Only cancel a file you have not uploaded to your bank. Its{" "}
            {plural(cancelling.invoiceCount, "invoice")}{" "}
            ({formatCents(cancelling.totalCents)}) can then be paid again.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}
