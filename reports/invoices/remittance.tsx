/**
 * The remittance advice / recipient-created tax invoice as a PDF (@react-pdf/renderer, A4 portrait): the
 * processor (recipient) and the supplier with their ABNs, the invoice's number and dates, the carcass
 * lines (or, condensed, a line per category), skins, additional line items, GST, levies as deductions,
 * the total payable, the head counts, the bank details when shown, and the RCTI agreement when GST applies.
 */
import { Document, Page, renderToBuffer, Text, View } from "@react-pdf/renderer";
import { formatCents } from "../../kernel/money.ts";
import { formatDate, formatDecimal } from "../../kernel/format.ts";
import { levyLabel } from "../../server/areas/invoiceSettings/rules.ts";
import { formatBsb, type InvoiceDocument, RCTI_AGREEMENT } from "../../server/areas/invoices/document.ts";
import { levyBasis } from "../../server/areas/invoices/levies.ts";
import { Facts, Party, s, Table } from "./pdfParts.tsx";

export function RemittancePdf({ doc }: { doc: InvoiceDocument }) {
  const c = doc.computation;
  const unit = (cents: number | null, u: string) => (cents === null ? "—" : `${formatCents(cents)}/${u}`);
  const carcassRows = doc.condensed
    ? c.carcassSummaries.map((x) => [
      x.defectCategory || "Standard",
      String(x.count),
      formatDecimal(x.totalWeightInKilograms),
      x.averageCentsPerKg ? `${formatCents(x.averageCentsPerKg)}/kg avg` : "",
      formatCents(x.totalCents),
    ])
    : c.carcassLines.map((l) => [
      [l.defectCategory || "Standard", l.weightRange, l.fatDetails].filter(Boolean).join(" · "),
      String(l.count),
      l.unitType === "kg" ? formatDecimal(l.totalWeightInKilograms) : "—",
      unit(l.pricePerUnitCents, l.unitType),
      formatCents(l.totalCents),
    ]);
  const h = c.headCounts;
  // the carcasses' total hot standard carcass weight: what the supplier checks the kill sheet against
  const totalKg = c.carcassLines.reduce(
    (kg, l) => kg + (l.unitType === "kg" ? l.totalWeightInKilograms : 0),
    0,
  );
  const carcassTotal = [
    "Total",
    String(c.carcassLines.reduce((n, l) => n + l.count, 0)),
    formatDecimal(Math.round(totalKg * 10) / 10),
    "",
    formatCents(c.carcassLines.reduce((t, l) => t + l.totalCents, 0)),
  ];
  const payable = c.totalCents >= 0;
  return (
    <Document title={`${doc.title} ${doc.invoiceNumber ?? "draft"}`} author={doc.processor.name}>
      <Page size="A4" style={s.page}>
        {/* the footer first: a fixed element placed last can start a page of its own (react-pdf #2436) */}
        <View style={s.footer} fixed>
          <Text>{doc.processor.name} · {doc.title} {doc.invoiceNumber ?? "(draft)"}</Text>
          <Text render={({ pageNumber, totalPages }) => `Page ${pageNumber} of ${totalPages}`} />
        </View>
        <View style={s.head}>
          <View>
            <Text style={s.title}>{doc.title}</Text>
            {doc.supplier.isGstExempt && !doc.isServiceKill
              ? <Text>The supplier is not registered for GST.</Text>
              : null}
          </View>
          <View>
            {doc.status === "Draft"
              ? <Text style={s.draft}>DRAFT: not issued</Text>
              : <Text style={s.bold}>Invoice {doc.invoiceNumber}</Text>}
            <Text>Issued {formatDate(doc.issueDate)}</Text>
            <Text>Due {formatDate(doc.dueDate)}</Text>
          </View>
        </View>
        <View style={s.parties}>
          <Party title="Recipient (processor)" p={doc.processor} />
          <Party
            title="Supplier"
            p={doc.supplier}
            extra={[doc.supplier.pic ? `PIC ${doc.supplier.pic}` : ""].filter(Boolean)}
          />
        </View>
        <Facts
          facts={[
            ["Order", String(doc.order.id)],
            ["Lot", doc.order.lotReference || "—"],
            ["Killed", formatDate(doc.productionDate)],
            ["Delivered", formatDate(doc.order.deliveryDate)],
            ["Stock", `${doc.order.speciesName} · ${doc.order.speciesCategoryName}`],
            ["NVD", doc.order.nvd || "—"],
            ["Priced", doc.order.pricing],
            ["Your reference", doc.supplierReference || "—"],
          ]}
        />

        <Text style={s.h}>Carcasses</Text>
        <Table
          columns={[
            { label: doc.condensed ? "Category" : "Category · weight · fat", width: 46 },
            { label: "Head", width: 10, right: true },
            { label: "HSCW kg", width: 14, right: true },
            { label: "Price", width: 15, right: true },
            { label: "Amount", width: 15, right: true },
          ]}
          rows={carcassRows}
          total={carcassTotal}
        />
        {c.skinLines.length
          ? (
            <>
              <Text style={s.h}>Skins</Text>
              <Table
                columns={[
                  { label: "Grade", width: 46 },
                  { label: "Pieces", width: 24, right: true },
                  { label: "Price", width: 15, right: true },
                  { label: "Amount", width: 15, right: true },
                ]}
                rows={c.skinLines.map((l) => [
                  `Grade ${l.grade}`,
                  String(l.count),
                  formatCents(l.centsPerPiece),
                  formatCents(l.totalCents),
                ])}
              />
            </>
          )
          : null}
        {c.additionalLines.length
          ? (
            <>
              <Text style={s.h}>Other items</Text>
              <Table
                columns={[
                  { label: "Description", width: 46 },
                  { label: "Quantity", width: 24, right: true },
                  { label: "Price", width: 15, right: true },
                  { label: "Amount", width: 15, right: true },
                ]}
                rows={c.additionalLines.map((l) => [
                  `${l.description}${l.isApplyGst ? "" : " (no GST)"}`,
                  String(l.quantity),
                  formatCents(l.pricePerUnitCents),
                  formatCents(l.totalCents),
                ])}
              />
            </>
          )
          : null}

        <View style={s.totals} wrap={false}>
          <View style={s.totalRow}>
            <Text>Subtotal (excluding GST)</Text>
            <Text>{formatCents(c.subTotalCents)}</Text>
          </View>
          <View style={s.totalRow}>
            <Text>GST {Math.round(c.taxRate * 100)}%</Text>
            <Text>{formatCents(c.taxCents)}</Text>
          </View>
          {c.levyLines.map((l) => (
            <View key={l.levyType + l.description} style={s.totalRow}>
              <Text>Less {levyLabel(l)} ({levyBasis(l)})</Text>
              <Text>−{formatCents(l.totalCents)}</Text>
            </View>
          ))}
          <View style={[s.totalRow, s.grand]}>
            <Text>{payable ? "Total payable" : "Total owed by the supplier"}</Text>
            <Text>{formatCents(Math.abs(c.totalCents))}</Text>
          </View>
        </View>

        <Text style={s.h}>Head</Text>
        <Text>
          Ordered {h.ordered} · delivered {h.delivered} · dead on arrival {h.deadOnArrival} · unfit{" "}
          {h.unfitPreKillFloor} · sent to the kill floor {h.sentToKillFloor} · processed {h.processed}{" "}
          · condemned {h.condemned}
        </Text>
        {doc.supplier.bank
          ? (
            <Text style={{ marginTop: 6 }}>
              Paid to {doc.supplier.bank.accountName} · BSB {formatBsb(doc.supplier.bank.bsb)} · account{" "}
              {doc.supplier.bank.accountNumber}
            </Text>
          )
          : null}
        {!doc.supplier.isGstExempt && !doc.isServiceKill
          ? <Text style={s.small}>{RCTI_AGREEMENT}</Text>
          : null}
      </Page>
    </Document>
  );
}

export async function renderRemittancePdf(doc: InvoiceDocument): Promise<Uint8Array> {
  return new Uint8Array(await renderToBuffer(<RemittancePdf doc={doc} />));
}
