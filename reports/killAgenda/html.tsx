/**
 * The kill agenda documents as print-ready HTML (server-rendered, no script): the same model and columns as
 * the PDF (pdf.tsx). On paper the page chrome, pickers and buttons disappear (the print stylesheet), table
 * headers repeat on each page and a lot never breaks across pages. A boxed lot is its line followed by a
 * line per order, indented, kept on one page with it.
 */
import { type AgendaReport, type ControlBlock, REPORT_COLUMNS } from "./model.ts";

const cellClass = (c: (typeof REPORT_COLUMNS)[number]) =>
  [c.align === "right" ? "num" : "", c.narrow === false ? "col-wide" : ""].join(" ").trim() || undefined;

export function AgendaDocument({ report, control }: { report: AgendaReport; control?: ControlBlock }) {
  return (
    <article className="document" aria-labelledby="document-title">
      <header className="document-head">
        <div>
          <h2 id="document-title">{report.title}</h2>
          <p className="muted">
            Production day {report.date}
            {report.site ? ` · ${report.site}` : ""} · printed {report.generatedAt}
          </p>
        </div>
        {control && (
          <dl className="document-control">
            <dt>Document no.</dt>
            <dd>{control.documentNumber}</dd>
            <dt>Version</dt>
            <dd>{control.version}</dd>
            <dt>Issued</dt>
            <dd>{control.issueDate}</dd>
          </dl>
        )}
      </header>
      {report.groups.length === 0 && <p className="empty">Nothing is planned for this day.</p>}
      {report.groups.map((g) => (
        <section key={g.species} className="document-group" aria-label={g.species}>
          <h3>
            {g.species}
            {g.killFloor ? <span className="muted">· {g.killFloor}</span> : null}
          </h3>
          <div className="table-wrap">
            <table className="table table-compact document-table">
              <thead>
                <tr>
                  {REPORT_COLUMNS.map((c) => (
                    <th key={c.key} scope="col" className={cellClass(c)}>
                      {c.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {g.rows.flatMap((row) => [
                  <tr
                    key={`${row.killOrder}-${row.lot}`}
                    className={row.orders ? "document-boxed" : undefined}
                  >
                    {REPORT_COLUMNS.map((c) => <td key={c.key} className={cellClass(c)}>{row[c.key]}</td>)}
                  </tr>,
                  ...(row.orders ?? []).map((order) => (
                    <tr key={`${row.lot}-${order.supplier}`} className="document-boxed-order">
                      {REPORT_COLUMNS.map((c) => <td key={c.key} className={cellClass(c)}>{order[c.key]}
                      </td>)}
                    </tr>
                  )),
                  ...(row.missing ?? []).map((text) => (
                    <tr key={`${row.lot}-${text}`} className="document-boxed-order document-boxed-missing">
                      <td />
                      <td colSpan={2}>{text}</td>
                      {REPORT_COLUMNS.slice(3).map((c) => <td key={c.key} className={cellClass(c)} />)}
                    </tr>
                  )),
                ])}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row" colSpan={3}>{g.species}: {g.lots} lots</th>
                  <td className="col-wide"></td>
                  <td className="num">{g.head}</td>
                  <td className="num">{g.carcasses}</td>
                  <td colSpan={4}>Target {g.target}</td>
                </tr>
              </tfoot>
            </table>
          </div>
        </section>
      ))}
      <p className="document-total">
        Day total: {report.totalLots} lots · {report.totalHead} head
      </p>
      {control && (
        <div className="document-signs">
          {control.approvals.map((a) => (
            <div key={a} className="document-sign">
              <span>{a}</span>
              <span className="muted">Name / signature / date</span>
            </div>
          ))}
        </div>
      )}
    </article>
  );
}
