/**
 * Carcass feedback sheets as a PDF (@react-pdf/renderer, A4 landscape): a sheet per lot (invoice) with the
 * processor and supplier, the lot's summary, and a line per carcass (reports/invoices/feedbackModel.ts).
 * Several lots print as one file, each starting on its own page.
 */
import { Document, Page, renderToBuffer, Text, View } from "@react-pdf/renderer";
import { formatCents } from "../../server/areas/money.ts";
import { formatDate } from "../../client/ui/format.ts";
import type { InvoiceDocument } from "../../server/areas/invoices/document.ts";
import { feedbackColumns, feedbackSummary } from "./feedbackModel.ts";
import { Facts, kg, Party, s, Table } from "./pdfParts.tsx";

function Sheet({ doc }: { doc: InvoiceDocument }) {
  const columns = feedbackColumns(doc.order.speciesId);
  const sum = feedbackSummary(doc.carcasses);
  const cattle = doc.order.speciesId === 2;
  const facts: [string, string][] = [
    ["Lot", doc.order.lotReference || "—"],
    ["Killed", formatDate(doc.productionDate)],
    ["Stock", `${doc.order.speciesName} · ${doc.order.speciesCategoryName}`],
    ["Invoice", doc.invoiceNumber ?? "Draft"],
    ["Head", String(sum.head)],
    ["HSCW", `${kg(sum.totalKg)} kg (average ${kg(sum.averageKg)} kg)`],
    [
      cattle ? "Average P8" : "Average GR",
      sum.averageFatMm === null ? "—" : `${sum.averageFatMm.toFixed(1)} mm`,
    ],
    ["Condemned", String(sum.condemned)],
    ...(cattle
      ? [[
        "MSA graded",
        sum.msaGraded ? `${sum.msaGraded} (average index ${sum.averageMsaIndex!.toFixed(1)})` : "None",
      ] as [string, string]]
      : []),
    ["Carcass value", formatCents(sum.valueCents)],
  ];
  return (
    <Page size="A4" orientation="landscape" style={s.page}>
      <View style={s.head}>
        <Text style={s.title}>Carcass feedback: {doc.supplier.name}</Text>
        {doc.status === "Draft" ? <Text style={s.draft}>DRAFT: prices may change</Text> : null}
      </View>
      <View style={s.parties}>
        <Party title="Processor" p={doc.processor} />
        <Party
          title="Supplier"
          p={doc.supplier}
          extra={[doc.supplier.pic ? `PIC ${doc.supplier.pic}` : ""].filter(Boolean)}
        />
      </View>
      <Facts facts={facts} />
      <Table columns={columns} rows={doc.carcasses.map((c) => columns.map((col) => col.text(c)))} />
      <Text style={s.small}>
        HSCW: hot standard carcass weight (AUS-MEAT standard trim). Fat score from the fat depth at the{" "}
        {cattle ? "P8 site" : "GR site"}. A value is the carcass's own price; the invoice rounds each line
        once, so their sum may differ by a few cents.
      </Text>
      <View style={s.footer} fixed>
        <Text>{doc.processor.name} · feedback for lot {doc.order.lotReference || doc.order.id}</Text>
        <Text render={({ pageNumber, totalPages }) => `Page ${pageNumber} of ${totalPages}`} />
      </View>
    </Page>
  );
}

export function FeedbackPdf({ docs }: { docs: readonly InvoiceDocument[] }) {
  return (
    <Document title="Carcass feedback" author={docs[0]?.processor.name ?? ""}>
      {docs.map((d) => <Sheet key={d.invoiceId} doc={d} />)}
    </Document>
  );
}

export async function renderFeedbackPdf(docs: readonly InvoiceDocument[]): Promise<Uint8Array> {
  return new Uint8Array(await renderToBuffer(<FeedbackPdf docs={docs} />));
}
