/**
 * The report page's table: a DisplayReport (reports/roi/format.ts) as rows and columns, the classes of
 * client/styles/areas/roiWizard.css (font size, indent, bold, italic and red as classes: the pages carry no
 * inline style). Server-rendered only.
 */
import type { DisplayReport } from "../../../../../reports/roi/format.ts";

export function RoiReportTable({ report, caption }: { report: DisplayReport; caption: string }) {
  return (
    <div className="roi-grid-scroll" tabIndex={0} role="region" aria-label="The report">
      <table className="roi-grid">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Line</th>
            {report.columns.map((c) => (
              <th key={c.id} scope="col" className={`num${c.hasLineBefore ? " roi-col-line" : ""}`}>
                {c.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {report.rows.map((row) => (
            <tr
              key={row.key}
              className={[
                `roi-${row.kind}`,
                `roi-fs-${Math.min(30, Math.max(10, Math.round(row.fontSize)))}`,
                row.isBold ? "roi-bold" : "",
                row.isItalic ? "roi-italic" : "",
                row.isShaded ? "roi-shaded" : "",
                row.hasTotalsLine ? "roi-totals-line" : "",
                row.hasRowLine ? "roi-row-line" : "",
              ].filter(Boolean).join(" ")}
            >
              <th scope="row" className={`roi-indent-${Math.min(8, Math.max(0, row.level - 1))}`}>
                {row.label}
              </th>
              {report.columns.map((c, i) => {
                const cell = row.cells[i];
                return (
                  <td
                    key={c.id}
                    className={`num${c.hasLineBefore ? " roi-col-line" : ""}${
                      cell?.isRed ? " roi-negative" : ""
                    }`}
                  >
                    {cell?.text ?? ""}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
