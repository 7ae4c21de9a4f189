/**
 * Feedback Sheets (spec 1 §2 reports feedBackSheets): the lots of a species (the header's) killed in a
 * period, each with its carcass feedback sheet as PDF or CSV, and the whole period in one file.
 * Server-rendered: no React in the browser.
 */
import { Table } from "../../../../../client/ui/Table.tsx";
import { formatDate } from "../../../../../kernel/format.ts";
import { defineScreen } from "../../../../pages/screen.ts";
import { REPORT_PATHS, REPORTS_API as API } from "../paths.ts";
import { pageAreaContext } from "../../../context.ts";
import { invoiceSpecies, invoicingSpecies } from "../../queries/species.ts";
import { feedbackSheets } from "../operations.ts";
import { Downloads, periodOf, PeriodSearch, query, ReportFilter } from "./parts.tsx";

const BEEF = 2;

/** feedBackSheets */
export const FeedbackSheetsScreen = defineScreen({
  validateSearch: PeriodSearch,
  loader: async ({ context, search }) => {
    const ctx = await pageAreaContext(context);
    const species = invoicingSpecies(ctx);
    // the species chosen in the header, as every list opens on (not always Beef)
    const speciesId = search.speciesId ?? (species.length ? invoiceSpecies(ctx) : undefined);
    const period = periodOf(context, search);
    const rows = speciesId ? await feedbackSheets(ctx, { speciesId, ...period }) : [];
    return { species, speciesId, ...period, rows };
  },
  component: ({ data }) => {
    const { species, speciesId, fromDate, toDate, rows } = data;
    const name = species.find((s) => s.id === speciesId)?.name ?? "";
    const whole = query({ speciesId, fromDate, toDate });
    return (
      <section className="panel" aria-label="Feedback sheets">
        <div className="panel-head">
          <h2>{name} feedback sheets, {formatDate(fromDate)} to {formatDate(toDate)}</h2>
          <ReportFilter
            id="feedback"
            fromDate={fromDate}
            toDate={toDate}
            species={species}
            speciesId={speciesId}
          />
        </div>
        <p className="muted small no-print">
          What the plant tells each supplier about their lot: every carcass's weight, fat, grade
          {speciesId === BEEF ? ", MSA grading" : ""}, defects and what it was paid. Drafts print as drafts.
        </p>
        {rows.length > 0 && (
          <Downloads
            links={[
              {
                label: rows.length === 1 ? "As PDF" : `All ${rows.length} in one PDF`,
                href: `${API.feedbackPdf}?${whole}`,
              },
              { label: rows.length === 1 ? "As CSV" : "All in one CSV", href: `${API.feedbackCsv}?${whole}` },
            ]}
          />
        )}
        <div className="table-wrap">
          <Table
            rows={rows}
            rowKey={(r) => r.invoiceId}
            empty="No lot of this species was invoiced in this period."
            columns={[
              { header: "Killed", cell: (r) => formatDate(r.productionDate) },
              { header: "Lot", cell: (r) => <span className="nowrap">{r.lotReference || "—"}</span> },
              { header: "Supplier", cell: (r) => r.supplierName },
              { header: "Category", cell: (r) => r.speciesCategory },
              { header: "Head", cell: (r) => r.carcassCount },
              {
                header: "Invoice",
                cell: (r) => (
                  <a href={REPORT_PATHS.invoice(r.invoiceId)}>
                    {r.status === "Draft" ? "Draft" : r.invoiceNumber}
                  </a>
                ),
              },
              {
                header: "Sheet",
                cell: (r) => (
                  <span className="nowrap">
                    <a
                      href={`${API.feedbackPdf}?invoiceId=${r.invoiceId}`}
                      download
                      aria-label={`PDF for lot ${r.lotReference}`}
                    >
                      PDF
                    </a>{" "}
                    ·{" "}
                    <a
                      href={`${API.feedbackCsv}?invoiceId=${r.invoiceId}`}
                      download
                      aria-label={`CSV for lot ${r.lotReference}`}
                    >
                      CSV
                    </a>
                  </span>
                ),
              },
            ]}
          />
        </div>
      </section>
    );
  },
});
