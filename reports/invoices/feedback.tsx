/**
 * Carcass feedback sheets as a PDF (@react-pdf/renderer, A4 landscape): a sheet per lot (invoice) with the
 * processor and supplier, the lot's summary, and a line per carcass (reports/invoices/feedbackModel.ts).
 * Several lots print as one file, each starting on its own page.
 */
import { Document, Page, renderToBuffer, Text, View } from "@react-pdf/renderer";
import { formatCents } from "../../kernel/money.ts";
import { formatDate, formatKg } from "../../kernel/format.ts";
import type { FeedbackCarcass, InvoiceDocument } from "../../server/areas/invoices/document.ts";
import { type FeedbackColumn, feedbackColumns, feedbackSummary } from "./feedbackModel.ts";
import { cell, Facts, Party, s } from "./pdfParts.tsx";

/**
 * Carcass lines per page, first page (under the parties and facts) and the rest. The sheet is paged here,
 * not by the renderer: letting it break a 1,000-line table itself costs time that grows with the square
 * of the lines (20 s for 1,000 carcasses), paged here it grows in step with them.
 */
export const LINES_PER_PAGE = { first: 18, rest: 30 };

export function linePages<T>(lines: readonly T[]): T[][] {
  const pages: T[][] = [lines.slice(0, LINES_PER_PAGE.first)];
  for (let i = LINES_PER_PAGE.first; i < lines.length; i += LINES_PER_PAGE.rest) {
    pages.push(lines.slice(i, i + LINES_PER_PAGE.rest));
  }
  return pages;
}

/** Landscape A4 inside the margins, in points: a column of `width` % holds about this many characters. */
const ROW_POINTS = 778;
const fitting = (text: string, widthPercent: number) => {
  const max = Math.floor((ROW_POINTS * widthPercent) / 100 / 4.4);
  return text.length > max ? `${text.slice(0, Math.max(1, max - 1))}…` : text;
};

/**
 * A page of carcass lines drawn a column at a time (one text of lines per column, cut to fit so every
 * line stays one line high and the columns stay level): 16 texts a page instead of 16 a line, which keeps
 * a 1,000-carcass sheet to about a second.
 */
function LineColumns({ columns, lines }: { columns: FeedbackColumn[]; lines: readonly FeedbackCarcass[] }) {
  return (
    <View>
      <View style={[s.row, s.th]}>
        {columns.map((c) => <Text key={c.label} style={cell(c.width, c.right)}>{c.label}</Text>)}
      </View>
      <View style={{ flexDirection: "row", paddingTop: 2 }}>
        {columns.map((c) => (
          <Text key={c.label} style={[cell(c.width, c.right), { lineHeight: "14pt" }]}>
            {lines.map((l) => fitting(c.text(l), c.width) || " ").join("\n")}
          </Text>
        ))}
      </View>
    </View>
  );
}

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
    ["HSCW", `${formatKg(sum.totalKg)} (average ${formatKg(sum.averageKg)})`],
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
  const pages = linePages(doc.carcasses);
  const lot = doc.order.lotReference || String(doc.order.id);
  return (
    <>
      {pages.map((lines, p) => (
        <Page key={p} size="A4" orientation="landscape" style={s.page}>
          {/* the footer first: a fixed element placed last can start a page of its own (react-pdf #2436) */}
          <View style={s.footer} fixed>
            <Text>{doc.processor.name} · feedback for lot {lot}</Text>
            <Text>Page {p + 1} of {pages.length}</Text>
          </View>
          <View style={s.head}>
            <Text style={s.title}>
              Carcass feedback: {doc.supplier.name}
              {p > 0 ? ` (lot ${lot}, continued)` : ""}
            </Text>
            {doc.status === "Draft" ? <Text style={s.draft}>DRAFT: prices may change</Text> : null}
          </View>
          {p === 0 && (
            <>
              <View style={s.parties}>
                <Party title="Processor" p={doc.processor} />
                <Party
                  title="Supplier"
                  p={doc.supplier}
                  extra={[doc.supplier.pic ? `PIC ${doc.supplier.pic}` : ""].filter(Boolean)}
                />
              </View>
              <Facts facts={facts} />
            </>
          )}
          <LineColumns columns={columns} lines={lines} />
          {p === pages.length - 1 && (
            <Text style={s.small}>
              HSCW: hot standard carcass weight (AUS-MEAT standard trim). Fat score from the fat depth at the
              {" "}
              {cattle ? "P8 site" : "GR site"}. A value is the carcass's own price; the invoice rounds each
              line once, so their sum may differ by a few cents.
            </Text>
          )}
        </Page>
      ))}
    </>
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
