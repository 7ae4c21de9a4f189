/**
 * The kill agenda as PDF documents (@react-pdf/renderer, rendered on the server): the report for the office
 * and the floor, and the controlled document (number, version, issue date, sign-off lines, page x of y on
 * every page). Landscape A4: the lot table fits without wrapping the supplier names. A boxed lot is a bold
 * line with its orders' lines indented beneath it.
 */
import { Document, Page, renderToBuffer, StyleSheet, Text, View } from "@react-pdf/renderer";
import { type AgendaReport, type ControlBlock, REPORT_COLUMNS, type ReportGroup } from "./model.ts";

const s = StyleSheet.create({
  page: { padding: 28, paddingBottom: 44, fontSize: 9, fontFamily: "Helvetica", color: "#111" },
  head: { flexDirection: "row", justifyContent: "space-between", marginBottom: 10 },
  title: { fontSize: 15, fontFamily: "Helvetica-Bold" },
  sub: { fontSize: 10, color: "#444", marginTop: 2 },
  control: { borderWidth: 1, borderColor: "#333", padding: 6, fontSize: 8.5, minWidth: 190 },
  group: { marginTop: 10 },
  groupTitle: { fontSize: 11, fontFamily: "Helvetica-Bold", marginBottom: 4 },
  row: { flexDirection: "row", borderBottomWidth: 0.5, borderBottomColor: "#999", paddingVertical: 3 },
  th: { fontFamily: "Helvetica-Bold", backgroundColor: "#e8e8e8" },
  boxedLot: { borderBottomWidth: 0.5, borderBottomColor: "#999" },
  boxed: { fontFamily: "Helvetica-Bold", borderBottomWidth: 0 },
  boxedOrder: { color: "#333", borderBottomWidth: 0, paddingVertical: 1.5 },
  indent: { paddingLeft: 10 },
  missing: { paddingLeft: 44, color: "#8a4b00" },
  total: { flexDirection: "row", justifyContent: "flex-end", marginTop: 4, fontFamily: "Helvetica-Bold" },
  signs: { flexDirection: "row", justifyContent: "space-between", marginTop: 28 },
  sign: { width: "31%", borderTopWidth: 1, borderTopColor: "#333", paddingTop: 4, fontSize: 8.5 },
  footer: {
    position: "absolute",
    bottom: 18,
    left: 28,
    right: 28,
    flexDirection: "row",
    justifyContent: "space-between",
    fontSize: 8,
    color: "#555",
  },
});

const cell = (width: number, align?: "right") => ({
  width: `${width}%`,
  paddingHorizontal: 2,
  textAlign: align === "right" ? "right" as const : "left" as const,
});

function Group({ group }: { group: ReportGroup }) {
  return (
    <View style={s.group}>
      <Text style={s.groupTitle}>
        {group.species}
        {group.killFloor ? ` · ${group.killFloor}` : ""}
      </Text>
      <View style={[s.row, s.th]} fixed>
        {REPORT_COLUMNS.map((c) => <Text key={c.key} style={cell(c.width, c.align)}>{c.label}</Text>)}
      </View>
      {group.rows.map((row, i) =>
        row.orders
          ? (
            // a boxed lot: its line and its orders' lines beneath, on one page
            <View key={i} style={s.boxedLot} wrap={false}>
              <View style={[s.row, s.boxed]}>
                {REPORT_COLUMNS.map((c) => (
                  <Text key={c.key} style={cell(c.width, c.align)}>{row[c.key]}</Text>
                ))}
              </View>
              {row.orders.map((order, j) => (
                <View key={j} style={[s.row, s.boxedOrder]}>
                  {REPORT_COLUMNS.map((c) => (
                    <Text key={c.key} style={[cell(c.width, c.align), c.key === "lot" ? s.indent : {}]}>
                      {order[c.key]}
                    </Text>
                  ))}
                </View>
              ))}
              {(row.missing ?? []).map((text) => (
                <Text key={text} style={[s.row, s.boxedOrder, s.missing]}>{text}</Text>
              ))}
            </View>
          )
          : (
            <View key={i} style={s.row} wrap={false}>
              {REPORT_COLUMNS.map((c) => <Text key={c.key} style={cell(c.width, c.align)}>{row[c.key]}
              </Text>)}
            </View>
          )
      )}
      <View style={s.total}>
        <Text>
          {group.species}: {group.lots} lots · {group.head} head · {group.carcasses} est. carcasses · target
          {" "}
          {group.target}
        </Text>
      </View>
    </View>
  );
}

function AgendaPdf({ report, control }: { report: AgendaReport; control?: ControlBlock }) {
  return (
    <Document title={`${report.title} ${report.date}`} author="Abattoir Manager">
      <Page size="A4" orientation="landscape" style={s.page}>
        <View style={s.head}>
          <View>
            <Text style={s.title}>{report.title}</Text>
            <Text style={s.sub}>
              Production day {report.date}
              {report.site ? ` · ${report.site}` : ""}
            </Text>
          </View>
          {control && (
            <View style={s.control}>
              <Text>Document no. {control.documentNumber}</Text>
              <Text>Version {control.version}</Text>
              <Text>Issued {control.issueDate}</Text>
            </View>
          )}
        </View>
        {report.groups.length
          ? report.groups.map((g) => <Group key={g.species} group={g} />)
          : <Text>Nothing is planned for this day.</Text>}
        <View style={s.total}>
          <Text>
            Day total: {report.totalLots} lots · {report.totalHead} head
          </Text>
        </View>
        {control && (
          <View style={s.signs} wrap={false}>
            {control.approvals.map((a) => (
              <Text key={a} style={s.sign}>
                {a}
                {"\n\n"}Name / signature / date
              </Text>
            ))}
          </View>
        )}
        <View style={s.footer} fixed>
          <Text>
            {control ? `${control.documentNumber} v${control.version} · ` : ""}Printed {report.generatedAt}
          </Text>
          <Text render={({ pageNumber, totalPages }) => `Page ${pageNumber} of ${totalPages}`} />
        </View>
      </Page>
    </Document>
  );
}

/** The document as PDF bytes. */
export function renderAgendaPdf(report: AgendaReport, control?: ControlBlock): Promise<Uint8Array> {
  return renderToBuffer(<AgendaPdf report={report} control={control} />);
}
