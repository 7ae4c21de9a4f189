/**
 * An order's MSA results on the kill floor's day (a cattle mob chosen): the order's msaDetails (eligible,
 * registered supplier, compliance), each carcass's grading with its verdict, the re-query button when the
 * tenant has the flag msaDataRequery, and what the last re-query changed, before and after.
 */
import { ActionButton } from "../../../pages/islands.tsx";
import { Facts } from "../../../../client/ui/Facts.tsx";
import { type Column, Table } from "../../../../client/ui/Table.tsx";
import { formatDate, formatHead } from "../../../../kernel/format.ts";
import { plural } from "../../../../client/ui/plural.ts";
import type { orderMsa } from "../msa/operations.ts";
import { MSA_API } from "../msa/api.ts";
import { msaValueText, msaVerdict } from "../msa/rules.ts";

type Data = Awaited<ReturnType<typeof orderMsa>>;
type Row = Data["carcasses"][number];

const num = (v: number | null, places = 0) => (v === null ? "—" : v.toFixed(places));

const COLUMNS: Column<Row>[] = [
  { header: "Body", cell: (c) => c.bodyNumber },
  { header: "Index", cell: (c) => num(c.msaIndex, 2) },
  { header: "Ossif.", cell: (c) => num(c.msaOssification) },
  { header: "Marbling", cell: (c) => num(c.msaMarbling) },
  { header: "Rib fat", cell: (c) => num(c.msaRibFatMm) },
  {
    header: "pH, loin °C",
    cell: (c) => <span className="nowrap">{num(c.msaUltimatePh, 2)} · {num(c.msaLoinTempC, 1)}</span>,
  },
  {
    header: "Hump, hang",
    cell: (c) => <span className="nowrap">{num(c.msaHumpMm)} · {c.msaHangMethod ?? "—"}</span>,
  },
  { header: "EMA cm²", cell: (c) => num(c.msaEyeMuscleAreaCm2) },
  {
    header: "Verdict",
    cell: (c) => {
      const v = msaVerdict(c);
      return v.compliant === null
        ? <span className="muted">Not graded</span>
        : v.compliant
        ? <span className="badge badge-success">Compliant</span>
        : (
          <>
            <span className="badge badge-warning">Not compliant</span>
            <div className="muted small">{v.reason}</div>
          </>
        );
    },
  },
];

export function MsaPanel({ data, canRequery }: { data: Data; canRequery: boolean }) {
  const d = data.msaDetails;
  const last = data.lastRequery;
  return (
    <section id="msa" aria-labelledby="msa-title">
      <div className="panel-head">
        <h3 id="msa-title">MSA grading · order {data.livestockOrderId} · {data.supplierName}</h3>
        {canRequery && d.killed > 0 && (
          <nav className="actions no-print" aria-label="MSA">
            <ActionButton
              label="Re-query MSA data"
              url={MSA_API.requery}
              body={{ livestockOrderId: data.livestockOrderId }}
              confirm="Ask the plant's MSA grader again for this order's carcasses? What it holds replaces the grading shown here."
              successToast="The MSA grader answered: see what changed below."
            />
          </nav>
        )}
      </div>
      <Facts
        items={[
          ["MSA eligible", d.isMsaEligible ? "Yes" : "No"],
          ["Supplier MSA registration", d.isRegisteredSupplier ? d.msaNumber ?? "Yes" : "Not registered"],
          ["Graded", `${d.graded} of ${d.killed}`],
          ["Compliance", d.compliancePercent === null ? "—" : `${d.compliancePercent}% (${d.compliant})`],
          ["Average MSA index", num(d.averageMsaIndex, 2)],
        ]}
      />
      {last && (
        <details open={last.changed.length > 0} className="msa-requery">
          <summary>
            Last re-query {formatDate(last.at.slice(0, 10))} by {last.by}: {last.changed.length
              ? `${formatHead(last.changed.length)} of ${
                plural(last.carcassesAsked, "carcass", "carcasses")
              } changed`
              : `no change in ${plural(last.carcassesAsked, "carcass", "carcasses")}`}
          </summary>
          {last.changed.length > 0 && (
            <div className="compact-table">
              <Table
                columns={[
                  {
                    header: "Body",
                    cell: (c) => c.bodyNumber,
                  },
                  { header: "Field", cell: (c) => c.label },
                  { header: "Before", cell: (c) => msaValueText(c.before) },
                  { header: "After", cell: (c) => msaValueText(c.after) },
                ]}
                rows={last.changed.flatMap((c) =>
                  c.changes.map((f) => ({ ...f, bodyNumber: c.bodyNumber, key: `${c.carcassId}-${f.field}` }))
                ).slice(0, 300)}
                rowKey={(r) => r.key}
                empty="No change."
              />
            </div>
          )}
        </details>
      )}
      <div className="compact-table">
        <Table
          columns={COLUMNS}
          rows={data.carcasses}
          rowKey={(c) => c.carcassId}
          empty="No carcass of this order is recorded yet."
        />
      </div>
    </section>
  );
}
