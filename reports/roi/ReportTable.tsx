/**
 * The ONE table of an ROI report (issue 42 items 4 and 5): a DisplayReport (./format.ts) as rows and
 * columns, rendered by the display page on the server and by the layout designer's live preview in the
 * browser. Pure (no state, no effects); font size, indent, weight, italic and red are classes of
 * client/styles/areas/roiLayout.css (the pages carry no inline style).
 */
import type { DisplayReport, DisplayRow } from "./format.ts";

const clamp = (n: number, low: number, high: number) => Math.min(high, Math.max(low, Math.round(n)));

function rowClass(row: DisplayRow): string {
  return [
    `roi-${row.kind}`,
    row.isShaded ? "roi-shaded" : "",
    row.hasTotalsLine ? "roi-totals-line" : "",
    row.hasRowLine ? "roi-row-line" : "",
    `roi-fs-${clamp(row.fontSize, 8, 30)}`,
    row.isBold ? "roi-bold" : "roi-normal",
    row.isItalic ? "roi-italic" : "",
  ].filter(Boolean).join(" ");
}

export function RoiReportTable(
  { report, caption, label }: { report: DisplayReport; caption: string; label: string },
) {
  return (
    <div className="roi-grid-scroll" tabIndex={0} role="region" aria-label={label}>
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
            <tr key={row.key} className={rowClass(row)}>
              <th scope="row" className={`roi-level-${clamp(row.level, 0, 9)}`}>{row.label}</th>
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
