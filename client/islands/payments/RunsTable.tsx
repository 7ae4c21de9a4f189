/** The payment files made: when, how many, how much, who; download one, or cancel one not sent. */
import { formatCents } from "../../../kernel/money.ts";
import { formatDate } from "../../../kernel/format.ts";
import { type Column, Table } from "../../ui/Table.tsx";
import type { PaymentRunRow } from "./types.ts";

export function RunsTable({ runs, fileHref, onCancel }: {
  runs: PaymentRunRow[];
  fileHref: (id: number) => string;
  onCancel: (run: PaymentRunRow) => void;
}) {
  const columns: Column<PaymentRunRow>[] = [
    { header: "File", className: "num", cell: (r) => r.id },
    { header: "Processing date", className: "nowrap", cell: (r) => formatDate(r.processingDate) },
    { header: "Invoices", className: "num", cell: (r) => r.invoiceCount },
    { header: "Total", className: "num", cell: (r) => formatCents(r.totalCents) },
    { header: "Made by", cell: (r) => r.createdBy },
    {
      header: "Actions",
      srOnly: true,
      cell: (r) => (
        <span className="actions u-nowrap">
          <a className="btn" href={fileHref(r.id)} download>Download</a>
          {r.status === "created"
            ? <button type="button" className="btn btn-danger" onClick={() => onCancel(r)}>Cancel</button>
            : <span className="muted">Cancelled{r.cancelledBy ? ` by ${r.cancelledBy}` : ""}</span>}
        </span>
      ),
    },
  ];
  return (
    <Table
      columns={columns}
      rows={runs}
      rowKey={(r) => r.id}
      empty="No payment files yet."
    />
  );
}
