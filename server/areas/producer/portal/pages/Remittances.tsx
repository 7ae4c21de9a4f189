/**
 * Remittances from each processor (/producerportal/remittances; issue 44 §3): the published remittance
 * advice of the linked suppliers, with totals, levies, GST and due date in AUD, and the PDF exactly as the
 * processor sent it. A corrected remittance lists each version it was sent as, the newest marked current.
 * Drafts are never shown. Server-rendered, printable, no React in the browser.
 */
import { defineScreen } from "../../../../pages/screen.ts";
import { Table } from "../../../../../client/ui/Table.tsx";
import { formatDate, formatHead } from "../../../../../kernel/format.ts";
import { formatCents } from "../../../../../kernel/money.ts";
import type { LinkedRemittance } from "../../door.ts";
import { linkedRemittances } from "../dealings.ts";
import { FEEDBACK_API } from "../../feedback/api.ts";
import { PagedList, pagedLoader, PagedSearch } from "../pagedList.tsx";
import { PORTAL_PATHS } from "../paths.ts";
import { speciesWord } from "../rules.ts";

const pdfHref = (linkId: number, invoiceId: number, version: string) =>
  `${FEEDBACK_API.remittancePdf}?linkId=${linkId}&invoiceId=${invoiceId}&version=${version}`;

export const ProducerRemittancesScreen = defineScreen({
  validateSearch: PagedSearch,
  loader: pagedLoader<LinkedRemittance>("remittances", linkedRemittances),
  component: ({ data }) => (
    <PagedList<LinkedRemittance> data={data} what="remittances" href={PORTAL_PATHS.remittances}>
      {(rows) => (
        <Table
          rows={rows}
          rowKey={(r) => r.invoiceId}
          empty="No remittance has been published since the shared day."
          columns={[
            {
              header: "Remittance",
              cell: (r) =>
                r.invoiceNumber ?? "—",
            },
            {
              header: "Killed",
              cell: (r) =>
                formatDate(r.productionDate),
            },
            {
              header: "Lot",
              cell: (r) =>
                `${r.livestockOrderId} · ${speciesWord(r.speciesId)}`,
            },
            { header: "Head", cell: (r) => formatHead(r.carcassCount), className: "num", optional: true },
            {
              header: "Before GST",
              cell: (r) => formatCents(r.subTotalCents),
              className: "num",
              optional: true,
            },
            { header: "Levies", cell: (r) => formatCents(r.levyCents), className: "num" },
            { header: "GST", cell: (r) => formatCents(r.taxCents), className: "num" },
            { header: "Total", cell: (r) => <strong>{formatCents(r.totalCents)}</strong>, className: "num" },
            {
              header: "Due",
              cell: (r) => (
                <>
                  {formatDate(r.dueDate)}
                  {r.paymentDate && (
                    <div className="muted small">bank payment {formatDate(r.paymentDate)}</div>
                  )}
                </>
              ),
            },
            { header: "PDF", cell: (r) => <Versions linkId={data.choice.chosen!} r={r} /> },
          ]}
        />
      )}
    </PagedList>
  ),
});

function Versions({ linkId, r }: { linkId: number; r: LinkedRemittance }) {
  if (!r.versions.length) return <span className="muted">Not kept yet</span>;
  return (
    <span data-remittance-versions>
      {r.versions.map((v, i) => {
        // "Current" only beside an earlier version: a remittance sent once is just its PDF
        const label = r.versions.length === 1
          ? "Download"
          : i === 0
          ? "Current"
          : `Earlier, ${formatDate(v.publishedAt.slice(0, 10), false)}`;
        return (
          <span key={v.version} className="nowrap">
            {i > 0 && " · "}
            <a
              href={pdfHref(linkId, r.invoiceId, v.version)}
              download
              aria-label={`${label}: remittance ${r.invoiceNumber ?? ""} PDF`}
            >
              {label}
            </a>
          </span>
        );
      })}
    </span>
  );
}
