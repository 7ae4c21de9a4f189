/**
 * Invoice Report (spec 1 §2 reports invoicereporting; FilterLivestockInvoiceData): invoices of a period by
 * kill or publish day, status and supplier, with their subtotal, GST, levies and total, and the period's
 * totals; CSV for the accounts system. A document that prints. Server-rendered.
 */
import { z } from "zod";
import { formatDate, formatHead } from "../../../../../kernel/format.ts";
import { plural } from "../../../../../client/ui/plural.ts";
import { formatCents } from "../../../../../kernel/money.ts";
import { defineScreen } from "../../../../pages/screen.ts";
import { REPORT_PATHS, REPORTS_API as API } from "../paths.ts";
import { INVOICE_STATUSES } from "../schemas.ts";
import { pageAreaContext } from "../../../context.ts";
import { invoicingSpecies } from "../../queries/species.ts";
import { invoiceReport, MAX_REPORT_ROWS } from "../operations.ts";
import { Downloads, periodOf, PeriodSearch, query, ReportFilter } from "./parts.tsx";
import { FilterInput, FilterSelect } from "../../../../../client/ui/FilterControls.tsx";

const Search = PeriodSearch.extend({
  dateField: z.enum(["killed", "published"]).optional(),
  status: z.enum(INVOICE_STATUSES).optional(),
  supplier: z.string().trim().max(100).optional(),
});

const STATUS_BADGE: Record<string, string> = { Draft: "muted", Published: "info", Finalised: "success" };

/** invoicereporting */
export const InvoiceReportScreen = defineScreen({
  validateSearch: Search,
  loader: async ({ context, search }) => {
    const ctx = await pageAreaContext(context);
    const period = periodOf(context, search);
    const filter = {
      ...period,
      dateField: search.dateField ?? "killed" as const,
      speciesId: search.speciesId,
      statuses: search.status ? [search.status] : [],
      supplier: search.supplier ?? "",
    };
    return {
      species: invoicingSpecies(ctx),
      filter,
      status: search.status,
      report: await invoiceReport(ctx, filter),
    };
  },
  component: ({ data }) => {
    const { species, filter, status, report } = data;
    const { fromDate, toDate } = filter;
    const t = report.totals;
    const csv = query({
      fromDate,
      toDate,
      dateField: filter.dateField,
      speciesId: filter.speciesId,
      statuses: status,
      supplier: filter.supplier,
    });
    return (
      <section className="panel report" aria-label="Invoice report">
        <div className="panel-head">
          <h2>
            Invoices {filter.dateField === "published" ? "published" : "for kills"} {formatDate(fromDate)} to
            {" "}
            {formatDate(toDate)}
          </h2>
          <Downloads links={[{ label: "CSV", href: `${API.filterCsv}?${csv}` }]} />
        </div>
        <ReportFilter
          id="invoices"
          fromDate={fromDate}
          toDate={toDate}
          species={species}
          speciesId={filter.speciesId}
          allSpecies
        >
          <FilterSelect
            id="invoices-by"
            label="By"
            name="dateField"
            defaultValue={filter.dateField}
            options={[["killed", "Kill day"], ["published", "Publish day"]]}
          />
          <FilterSelect
            id="invoices-status"
            label="Status"
            name="status"
            defaultValue={status ?? ""}
            empty="All"
            options={INVOICE_STATUSES.map((s) => [s, s])}
          />
          <FilterInput
            id="invoices-supplier"
            label="Supplier"
            name="supplier"
            type="search"
            maxLength={100}
            placeholder="Part of a name"
            defaultValue={filter.supplier}
          />
        </ReportFilter>
        {report.truncated && (
          <p className="banner banner-info">
            Only the latest {MAX_REPORT_ROWS} invoices are listed: choose a shorter period.
          </p>
        )}
        <div className="table-wrap">
          <table className="table table-compact">
            <thead>
              <tr>
                <th>Invoice</th>
                <th>Supplier</th>
                <th className="num col-optional">Subtotal</th>
                <th className="num">GST</th>
                <th className="num">Levies</th>
                <th className="num">Total</th>
              </tr>
            </thead>
            <tbody>
              {report.rows.map((r) => (
                <tr key={r.id}>
                  <td>
                    <a className="nowrap" href={REPORT_PATHS.invoice(r.id)}>{r.invoiceNumber ?? "Open"}</a>
                    <div>
                      <span className={`badge badge-${STATUS_BADGE[r.status] ?? "muted"}`}>{r.status}</span>
                    </div>
                  </td>
                  <td>
                    {r.supplierName}
                    <div className="muted small">
                      {r.lotReference} · {r.carcassCount} {r.speciesCategory.toLowerCase()} killed{" "}
                      {formatDate(r.productionDate, false)}
                      {r.publishedDate && `, issued ${formatDate(r.publishedDate, false)}`}
                    </div>
                  </td>
                  <td className="num col-optional">{formatCents(r.subTotalCents)}</td>
                  <td className="num">{formatCents(r.taxCents)}</td>
                  <td className="num">{r.levyCents ? `−${formatCents(r.levyCents)}` : formatCents(0)}</td>
                  <td className="num">{formatCents(r.totalCents)}</td>
                </tr>
              ))}
              {!report.rows.length && (
                <tr>
                  <td colSpan={6} className="muted">No invoice matches.</td>
                </tr>
              )}
            </tbody>
            {report.rows.length > 0 && (
              <tfoot>
                <tr>
                  <th colSpan={2}>
                    Total ({plural(t.invoices, "invoice")}, {formatHead(t.carcassCount)} head)
                  </th>
                  <td className="num col-optional">{formatCents(t.subTotalCents)}</td>
                  <td className="num">{formatCents(t.taxCents)}</td>
                  <td className="num">−{formatCents(t.levyCents)}</td>
                  <td className="num">{formatCents(t.totalCents)}</td>
                </tr>
              </tfoot>
            )}
          </table>
        </div>
      </section>
    );
  },
});
