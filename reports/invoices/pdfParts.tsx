/**
 * The parts the invoice PDFs share (@react-pdf/renderer): the styles, a party block with its ABN, a table
 * whose header repeats on every page, and kilograms as they print.
 */
import { StyleSheet, Text, View } from "@react-pdf/renderer";
import { formatAbn, type PartyOnDocument } from "../../server/areas/invoices/document.ts";

export const s = StyleSheet.create({
  page: { padding: 32, paddingBottom: 48, fontSize: 9, fontFamily: "Helvetica", color: "#111" },
  head: { flexDirection: "row", justifyContent: "space-between", marginBottom: 12 },
  title: { fontSize: 15, fontFamily: "Helvetica-Bold" },
  draft: { fontSize: 12, fontFamily: "Helvetica-Bold", color: "#b00" },
  parties: { flexDirection: "row", justifyContent: "space-between", marginBottom: 10 },
  party: { width: "48%" },
  label: { fontSize: 7.5, color: "#555", textTransform: "uppercase", marginBottom: 2 },
  bold: { fontFamily: "Helvetica-Bold" },
  facts: { flexDirection: "row", flexWrap: "wrap", marginBottom: 10 },
  fact: { width: "25%", marginBottom: 4 },
  h: { fontSize: 10.5, fontFamily: "Helvetica-Bold", marginTop: 8, marginBottom: 3 },
  row: { flexDirection: "row", borderBottomWidth: 0.5, borderBottomColor: "#aaa", paddingVertical: 2.5 },
  th: { fontFamily: "Helvetica-Bold", backgroundColor: "#e8e8e8" },
  totals: { marginTop: 8, marginLeft: "36%" },
  totalRow: { flexDirection: "row", justifyContent: "space-between", paddingVertical: 2 },
  grand: {
    fontFamily: "Helvetica-Bold",
    fontSize: 11,
    borderTopWidth: 1,
    borderTopColor: "#333",
    paddingTop: 3,
  },
  small: { fontSize: 7.5, color: "#444", marginTop: 10 },
  footer: {
    position: "absolute",
    bottom: 20,
    left: 32,
    right: 32,
    flexDirection: "row",
    justifyContent: "space-between",
    fontSize: 7.5,
    color: "#555",
  },
});

export const cell = (width: number, right = false) => ({
  width: `${width}%`,
  paddingHorizontal: 2,
  textAlign: right ? "right" as const : "left" as const,
});

export function Party({ title, p, extra }: { title: string; p: PartyOnDocument; extra?: string[] }) {
  return (
    <View style={s.party}>
      <Text style={s.label}>{title}</Text>
      <Text style={s.bold}>{p.name}</Text>
      {p.abn ? <Text>ABN {formatAbn(p.abn)}</Text> : null}
      {p.addressLines.map((l) => <Text key={l}>{l}</Text>)}
      {[p.phone, p.email].filter(Boolean).map((l) => <Text key={l}>{l}</Text>)}
      {(extra ?? []).map((l) => <Text key={l}>{l}</Text>)}
    </View>
  );
}

export function Table({ columns, rows, total, repeatHeader = true }: {
  columns: readonly { label: string; width: number; right?: boolean }[];
  rows: readonly (readonly string[])[];
  /** a closing row in bold (the totals of the columns that add up) */
  total?: readonly string[];
  /** repeat the header on each page the table runs onto (off when the caller pages it itself) */
  repeatHeader?: boolean;
}) {
  const styles = columns.map((c) => cell(c.width, c.right)); // one style object per column, not per cell
  return (
    <View>
      <View style={[s.row, s.th]} fixed={repeatHeader}>
        {columns.map((c, j) => <Text key={c.label} style={styles[j]}>{c.label}</Text>)}
      </View>
      {rows.map((r, i) => (
        <View key={i} style={s.row} wrap={repeatHeader ? false : undefined}>
          {r.map((v, j) => <Text key={j} style={styles[j]}>{v}</Text>)}
        </View>
      ))}
      {total
        ? (
          <View style={[s.row, s.bold]} wrap={false}>
            {total.map((v, j) => <Text key={j} style={styles[j]}>{v}</Text>)}
          </View>
        )
        : null}
    </View>
  );
}

/** Labelled facts in a grid of four a row (order, lot, dates…). */
export function Facts({ facts }: { facts: readonly (readonly [string, string])[] }) {
  return (
    <View style={s.facts}>
      {facts.map(([label, value]) => (
        <View key={label} style={s.fact}>
          <Text style={s.label}>{label}</Text>
          <Text>{value}</Text>
        </View>
      ))}
    </View>
  );
}
