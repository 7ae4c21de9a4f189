/**
 * The report as the display page shows it, from the same rules (reports/roi/format.ts): the preview and
 * RoiLayoutDisplay render one DisplayReport. Shared with the display page: `RoiReportTable`.
 */
import type { DisplayReport } from "../../../reports/roi/format.ts";

export function RoiReportTable({ report, caption }: { report: DisplayReport; caption: string }) {
  return (
    <div className="roi-grid-scroll" tabIndex={0} role="region" aria-label="Preview of the report">
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
                row.isShaded ? "roi-shaded" : "",
                row.hasTotalsLine ? "roi-totals-line" : "",
                row.hasRowLine ? "roi-row-line" : "",
                `roi-fs-${Math.max(8, Math.min(30, row.fontSize))}`,
                row.isBold ? "roi-bold" : "roi-normal",
                row.isItalic ? "roi-italic" : "",
              ].filter(Boolean).join(" ")}
            >
              <th scope="row" className={`roi-level-${Math.min(row.level, 9)}`}>
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
