/**
 * An ROI report as a PDF (@react-pdf/renderer, on the server): the display page's rows and columns
 * (reports/roi/format.ts displayReport), A4 portrait up to 8 value columns and landscape past them, the
 * line names in the first column, font sizes by level, negatives red where the layout says, shaded totals,
 * totals, row and column lines, and "Page x of y" on every page.
 *
 * Why a canvas: laid out as a View per row and a Text per cell, a 40-line × 26-column report is ~1,300
 * text nodes, each measured and laid out by Yoga and fontkit (4–8 s, plus a second pass for the page
 * numbers). The table is instead drawn straight onto each page (pdfkit's text at computed positions,
 * ~0.2 s) and paginated here, so the page count is known without a render pass.
 */
import { Canvas, Document, Page, renderToBuffer, StyleSheet, Text, View } from "@react-pdf/renderer";
import type { DisplayColumn, DisplayReport, DisplayRow } from "./format.ts";

export interface RoiPdfDocument {
  report: DisplayReport;
  title: string;
  /** "Jan 2026 – Dec 2026" */
  period: string;
  printedAt: string;
}

/** Past this many value columns the page turns landscape. */
export const PORTRAIT_MAX_COLUMNS = 8;

const A4 = { short: 595.28, long: 841.89 };
const MARGIN = 24;
/** the title and period above the table, and the footer band below it */
const HEAD_SPACE = 34;
const FOOT_SPACE = 40;
const PAD = 3;
const INDENT = 8;

const s = StyleSheet.create({
  page: { paddingTop: MARGIN, paddingHorizontal: MARGIN, fontFamily: "Helvetica", color: "#111" },
  title: { fontSize: 14, fontFamily: "Helvetica-Bold" },
  period: { fontSize: 9, color: "#333", marginTop: 2, marginBottom: 8 },
  // in the flow right under the table's fixed-height canvas (an absolute footer sat inside the table)
  footer: {
    marginTop: 8,
    flexDirection: "row",
    justifyContent: "space-between",
    fontSize: 7.5,
    color: "#555",
  },
});

interface Geometry {
  landscape: boolean;
  width: number;
  tableHeight: number;
  /** the page's text shrinks as columns are added; a row's own size (16 + level) scales with it */
  scale: number;
  nameWidth: number;
  valueWidth: number;
}

function geometryOf(columnCount: number): Geometry {
  const n = Math.max(columnCount, 1);
  const landscape = columnCount > PORTRAIT_MAX_COLUMNS;
  const pageWidth = landscape ? A4.long : A4.short;
  const pageHeight = landscape ? A4.short : A4.long;
  const width = pageWidth - 2 * MARGIN;
  const nameWidth = width * (columnCount > 12 ? 0.18 : 0.26);
  return {
    landscape,
    width,
    tableHeight: pageHeight - MARGIN - HEAD_SPACE - FOOT_SPACE,
    scale: Math.max(0.4, Math.min(0.6, 6.5 / n) * (landscape ? 1.1 : 1)),
    nameWidth,
    valueWidth: (width - nameWidth) / n,
  };
}

const rowHeight = (fontSize: number) => fontSize * 1.25 + 2 * PAD;
/** Helvetica's characters average ~0.55 em: enough to tell a name that needs a second line. */
const roughWidth = (text: string, fontSize: number) => text.length * fontSize * 0.55;

function headerHeight(columns: DisplayColumn[], g: Geometry): number {
  const size = 16 * g.scale;
  const wraps = columns.some((c) => roughWidth(c.name, size) > g.valueWidth - 2);
  return rowHeight(size) + (wraps ? size * 1.25 : 0);
}

/** The rows of each page: as many as fit under the repeated header. */
export function paginate(rows: DisplayRow[], columns: DisplayColumn[], g: Geometry): DisplayRow[][] {
  const room = g.tableHeight - headerHeight(columns, g);
  const pages: DisplayRow[][] = [[]];
  let used = 0;
  for (const row of rows) {
    const h = rowHeight(row.fontSize * g.scale);
    if (used + h > room && pages.at(-1)!.length) {
      pages.push([]);
      used = 0;
    }
    pages.at(-1)!.push(row);
    used += h;
  }
  return pages;
}

/** Cuts a label to about the width it has. */
function fitted(text: string, width: number, fontSize: number): string {
  const max = Math.floor(width / (fontSize * 0.55));
  return text.length <= max ? text : `${text.slice(0, Math.max(1, max - 1))}…`;
}

type Painter = Parameters<NonNullable<React.ComponentProps<typeof Canvas>["paint"]>>[0];

function paintTable(
  p: Painter,
  g: Geometry,
  columns: DisplayColumn[],
  rows: DisplayRow[],
  negativeColour: string,
) {
  const line = (x1: number, y1: number, x2: number, y2: number, width: number, colour: string) =>
    p.moveTo(x1, y1).lineTo(x2, y2).lineWidth(width).strokeColor(colour).stroke();
  const cellX = (i: number) => g.nameWidth + i * g.valueWidth;

  // the header row, repeated on every page; a column name wraps onto a second line where it must
  const headSize = 16 * g.scale;
  const headHeight = headerHeight(columns, g);
  p.rect(0, 0, g.width, headHeight).fill("#e8e8e8");
  line(0, headHeight, g.width, headHeight, 0.5, "#888888");
  p.font("Helvetica-Bold").fontSize(headSize).fillColor("#111111");
  p.text("Line", 0, PAD, { width: g.nameWidth, lineBreak: false });
  columns.forEach((c, i) =>
    p.text(c.name, cellX(i), PAD, {
      width: g.valueWidth - 2,
      height: headHeight - PAD,
      align: "right",
      ellipsis: true,
    })
  );

  let y = headHeight;
  for (const row of rows) {
    const size = row.fontSize * g.scale;
    const h = rowHeight(size);
    if (row.isShaded) p.rect(0, y, g.width, h).fill("#eeeeee");
    if (row.hasTotalsLine) line(0, y, g.width, y, 0.75, "#333333");
    if (row.hasRowLine) line(0, y + h, g.width, y + h, 0.4, "#bbbbbb");
    columns.forEach((c, i) => {
      if (c.hasLineBefore) line(cellX(i), y, cellX(i), y + h, 0.4, "#888888");
    });
    p.font(row.isBold ? "Helvetica-Bold" : row.isItalic ? "Helvetica-Oblique" : "Helvetica").fontSize(size);
    const indent = Math.max(0, row.level - 1) * INDENT;
    p.fillColor("#111111").text(fitted(row.label, g.nameWidth - indent, size), indent, y + PAD, {
      width: g.nameWidth - indent,
      lineBreak: false,
    });
    row.cells.forEach((cell, i) => {
      p.fillColor(cell.isRed ? negativeColour : "#111111");
      p.text(cell.text, cellX(i), y + PAD, { width: g.valueWidth - 2, align: "right", lineBreak: false });
    });
    y += h;
  }
  return null;
}

function RoiPdf({ doc }: { doc: RoiPdfDocument }) {
  const { report } = doc;
  const g = geometryOf(report.columns.length);
  const pages = paginate(report.rows, report.columns, g);
  return (
    <Document title={doc.title} author="Abattoir Manager">
      {pages.map((rows, i) => (
        <Page
          key={i}
          size="A4"
          orientation={g.landscape ? "landscape" : "portrait"}
          style={s.page}
          wrap={false}
        >
          <Text style={s.title}>{doc.title}</Text>
          <Text style={s.period}>{doc.period}</Text>
          <Canvas
            style={{ width: g.width, height: g.tableHeight }}
            paint={(p) => paintTable(p, g, report.columns, rows, report.negativeColour)}
          />
          <View style={s.footer}>
            <Text>Printed {doc.printedAt}</Text>
            <Text>Page {i + 1} of {pages.length}</Text>
          </View>
        </Page>
      ))}
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
