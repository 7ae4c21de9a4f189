/**
 * The order report as a PDF (@react-pdf/renderer, rendered on the server): A4 landscape, the filter in
 * words on top, the chosen columns (widths shared out by each column's weight), the totals row, and
 * "Page x of y" on every page. The columns and cells come from the report's rules, as the screen and CSV.
 */
import { Document, Page, renderToBuffer, StyleSheet, Text, View } from "@react-pdf/renderer";
import type { Column, ReportRow, ReportTotals } from "../server/areas/livestock/orderReport/rules.ts";

export interface OrderReportDocument {
  columns: readonly Column[];
  rows: readonly ReportRow[];
  totals: ReportTotals;
  /** the filter in words, one part a line ("Delivery date 28/10/2026 to 27/11/2026") */
  filters: readonly string[];
  /** when the report was made, in the plant's words */
  printedAt: string;
  /** the most rows a PDF lists */
  maxRows: number;
}

const s = StyleSheet.create({
  page: { padding: 24, paddingBottom: 40, fontSize: 7.5, fontFamily: "Helvetica", color: "#111" },
  title: { fontSize: 14, fontFamily: "Helvetica-Bold" },
  filters: { fontSize: 8.5, color: "#333", marginTop: 3, marginBottom: 8 },
  row: { flexDirection: "row", borderBottomWidth: 0.5, borderBottomColor: "#aaa", paddingVertical: 2 },
  th: { fontFamily: "Helvetica-Bold", backgroundColor: "#e8e8e8" },
  total: { fontFamily: "Helvetica-Bold", borderTopWidth: 1, borderTopColor: "#333" },
  note: { marginTop: 6, fontSize: 8, color: "#444" },
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

function OrderReportPdf({ doc }: { doc: OrderReportDocument }) {
  const weight = doc.columns.reduce((n, c) => n + c.width, 0) || 1;
  const cell = (c: Column) => ({
    width: `${(c.width / weight) * 100}%`,
    paddingHorizontal: 2,
    textAlign: c.numeric ? "right" as const : "left" as const,
  });
  const t = doc.totals;
  return (
    <Document title="Order report" author="Abattoir Manager">
      <Page size="A4" orientation="landscape" style={s.page}>
        <Text style={s.title}>Order report</Text>
        <Text style={s.filters}>{doc.filters.join("  ·  ")}</Text>
        <View style={[s.row, s.th]} fixed>
          {doc.columns.map((c) => <Text key={c.key} style={cell(c)}>{c.label}</Text>)}
        </View>
        {doc.rows.map((r) => (
          <View key={r.id} style={s.row} wrap={false}>
            {doc.columns.map((c) => <Text key={c.key} style={cell(c)}>{c.text(r)}</Text>)}
          </View>
        ))}
        <View style={[s.row, s.total]} wrap={false}>
          {doc.columns.map((c, i) => (
            <Text key={c.key} style={cell(c)}>
              {c.total ? c.total(t) : i === 0 ? "Total" : ""}
            </Text>
          ))}
        </View>
        <Text style={s.note}>
          {doc.rows.length ? `Totals of ${t.orders} orders.` : "No order matches the filter."}
        </Text>
        {t.orders > doc.rows.length && (
          <Text style={s.note}>
            The first {doc.rows.length} of {t.orders}{" "}
            orders are listed (the totals count them all): the CSV has every order.
          </Text>
        )}
        <View style={s.footer} fixed>
          <Text>Printed {doc.printedAt}</Text>
          <Text render={({ pageNumber, totalPages }) => `Page ${pageNumber} of ${totalPages}`} />
        </View>
      </Page>
    </Document>
  );
}

/** The report as PDF bytes. */
export function renderOrderReportPdf(doc: OrderReportDocument): Promise<Uint8Array> {
  return renderToBuffer(<OrderReportPdf doc={doc} />);
}
