/**
 * Levy Report (spec 1 §2 reports levyreporting): the levies published and finalised invoices deducted in a
 * period (by kill day), by species, category and levy, with the totals the plant remits to each levy body.
 * A document that prints; CSV for the return. Server-rendered.
 */
import { formatDate, formatHead } from "../../../../../kernel/format.ts";
import { formatCents } from "../../../../../kernel/money.ts";
import { defineScreen } from "../../../../pages/screen.ts";
import { REPORTS_API as API } from "../paths.ts";
import { pageAreaContext } from "../../../context.ts";
import { invoicingSpecies } from "../../queries/species.ts";
import { levyReport } from "../operations.ts";
import { Downloads, periodOf, PeriodSearch, query, ReportFilter } from "./parts.tsx";

/** levyreporting */
export const LevyReportScreen = defineScreen({
  validateSearch: PeriodSearch,
  loader: async ({ context, search }) => {
    const ctx = await pageAreaContext(context);
    const period = periodOf(context, search);
    const report = await levyReport(ctx, { ...period, speciesId: search.speciesId });
    return { species: invoicingSpecies(ctx), speciesId: search.speciesId, report };
  },
  component: ({ data }) => {
    const { species, speciesId, report } = data;
    const { fromDate, toDate } = report;
    return (
      <section className="panel report" aria-label="Levy report">
        <div className="panel-head">
          <h2>Levies deducted, kills {formatDate(fromDate)} to {formatDate(toDate)}</h2>
          <ReportFilter
            id="levies"
            fromDate={fromDate}
            toDate={toDate}
            species={species}
            speciesId={speciesId}
            allSpecies
          />
        </div>
        <Downloads
          links={[{ label: "CSV", href: `${API.levyCsv}?${query({ fromDate, toDate, speciesId })}` }]}
        />
        {report.draftsNotCounted > 0 && (
          <p className="banner banner-info">
            {report.draftsNotCounted} {report.draftsNotCounted === 1 ? "invoice" : "invoices"} of this period
            {" "}
            {report.draftsNotCounted === 1 ? "is" : "are"} still a draft: nothing is deducted until published.
          </p>
        )}
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th>Species</th>
                <th>Category</th>
                <th>Levy</th>
                <th className="num">Invoices</th>
                <th className="num">Head</th>
                <th className="num">Amount</th>
              </tr>
            </thead>
            <tbody>
              {report.rows.map((r) => (
                <tr key={`${r.species}|${r.speciesCategory}|${r.levy}`}>
                  <td>{r.species}</td>
                  <td>{r.speciesCategory}</td>
                  <td>{r.levy}</td>
                  <td className="num">{r.invoices}</td>
                  <td className="num">{formatHead(r.head)}</td>
                  <td className="num">{formatCents(r.cents)}</td>
                </tr>
              ))}
              {!report.rows.length && (
                <tr>
                  <td colSpan={6} className="muted">No published invoice of this period deducted a levy.</td>
                </tr>
              )}
            </tbody>
            {report.rows.length > 0 && (
              <tfoot>
                {report.totals.map((t) => (
                  <tr key={t.levy}>
                    <th colSpan={4}>{t.levy}</th>
                    <td className="num">{formatHead(t.head)}</td>
                    <td className="num">{formatCents(t.cents)}</td>
                  </tr>
                ))}
                <tr>
                  <th colSpan={5}>Total deducted</th>
                  <td className="num">
                    <strong>{formatCents(report.totalCents)}</strong>
                  </td>
                </tr>
              </tfoot>
            )}
          </table>
        </div>
      </section>
    );
  },
});
