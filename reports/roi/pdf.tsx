/**
 * An ROI report as a PDF (@react-pdf/renderer, on the server): the display page's rows and columns
 * (reports/roi/format.ts displayReport), A4 portrait up to 8 value columns and landscape past them, the
 * line names in the first column, font sizes by level, negatives red where the layout says, totals
 * lines, and "Page x of y" on every page.
 */
import { Document, Page, renderToBuffer, StyleSheet, Text, View } from "@react-pdf/renderer";
import type { DisplayReport } from "./format.ts";

export interface RoiPdfDocument {
  report: DisplayReport;
  title: string;
  /** "Jan 2026 – Dec 2026" */
  period: string;
  printedAt: string;
}

/** Past this many value columns the page turns landscape. */
export const PORTRAIT_MAX_COLUMNS = 8;

const s = StyleSheet.create({
  page: { padding: 24, paddingBottom: 40, fontFamily: "Helvetica", color: "#111" },
  title: { fontSize: 14, fontFamily: "Helvetica-Bold" },
  period: { fontSize: 9, color: "#333", marginTop: 2, marginBottom: 8 },
  row: { flexDirection: "row", paddingVertical: 1.5 },
  head: {
    fontFamily: "Helvetica-Bold",
    backgroundColor: "#e8e8e8",
    borderBottomWidth: 0.5,
    borderBottomColor: "#888",
  },
  footer: {
    position: "absolute",
    bottom: 16,
    left: 24,
    right: 24,
    flexDirection: "row",
    justifyContent: "space-between",
    fontSize: 7.5,
    color: "#555",
  },
});

function RoiPdf({ doc }: { doc: RoiPdfDocument }) {
  const { report } = doc;
  const n = report.columns.length;
  const landscape = n > PORTRAIT_MAX_COLUMNS;
  // the page's text shrinks as columns are added; the row's own size (16 + level) scales with it
  const scale = Math.max(0.4, Math.min(0.6, 6.5 / Math.max(n, 1)) * (landscape ? 1.1 : 1));
  const nameWidth = n > 12 ? 18 : 26;
  const valueWidth = `${(100 - nameWidth) / Math.max(n, 1)}%`;
  return (
    <Document title={doc.title} author="Abattoir Manager">
      <Page size="A4" orientation={landscape ? "landscape" : "portrait"} style={s.page}>
        <Text style={s.title}>{doc.title}</Text>
        <Text style={s.period}>{doc.period}</Text>
        <View style={[s.row, s.head, { fontSize: 16 * scale }]} fixed>
          <Text style={{ width: `${nameWidth}%` }}>Line</Text>
          {report.columns.map((c) => (
            <Text key={c.id} style={{ width: valueWidth, textAlign: "right" }}>{c.name}</Text>
          ))}
        </View>
        {report.rows.map((row) => (
          <View
            key={row.key}
            wrap={false}
            style={[
              s.row,
              {
                fontSize: row.fontSize * scale,
                fontFamily: row.isBold ? "Helvetica-Bold" : row.isItalic ? "Helvetica-Oblique" : "Helvetica",
              },
              row.isShaded ? { backgroundColor: "#eeeeee" } : {},
              row.hasTotalsLine ? { borderTopWidth: 0.75, borderTopColor: "#333" } : {},
              row.hasRowLine ? { borderBottomWidth: 0.4, borderBottomColor: "#bbb" } : {},
            ]}
          >
            <Text style={{ width: `${nameWidth}%`, paddingLeft: Math.max(0, row.level - 1) * 8 }}>
              {row.label}
            </Text>
            {report.columns.map((c, i) => {
              const cell = row.cells[i];
              return (
                <Text
                  key={c.id}
                  style={{
                    width: valueWidth,
                    textAlign: "right",
                    color: cell?.isRed ? report.negativeColour : "#111",
                  }}
                >
                  {cell?.text ?? ""}
                </Text>
              );
            })}
          </View>
        ))}
        <View style={s.footer} fixed>
          <Text>Printed {doc.printedAt}</Text>
          <Text render={({ pageNumber, totalPages }) => `Page ${pageNumber} of ${totalPages}`} />
        </View>
      </Page>
    </Document>
  );
}

export function renderRoiPdf(doc: RoiPdfDocument): Promise<Uint8Array> {
  return renderToBuffer(<RoiPdf doc={doc} />);
}

/** The report as CSV: a header of the shown columns, a line a row, numbers plain (no $ or grouping). */
export function roiCsv(report: DisplayReport): string {
  const quote = (t: string) => /[",\n]/.test(t) ? `"${t.replaceAll('"', '""')}"` : t;
  const head = ["Line", ...report.columns.map((c) => c.name)].map(quote).join(",");
  const lines = report.rows.map((row) =>
    [
      quote(row.label),
      ...row.cells.map((c) => c.value === null ? "" : String(Math.round(c.value * 100) / 100)),
    ].join(",")
  );
  return [head, ...lines].join("\r\n") + "\r\n";
}
