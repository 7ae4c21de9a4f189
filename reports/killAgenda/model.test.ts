/**
 * The kill agenda documents' model with a boxed lot whose other order is on another day: the lot is one
 * line over the order it has here, and the page and the PDF name the order that is not (the API test
 * tests/api/killAgendaBoxedDocuments.test.ts covers a whole lot through the app).
 */
import { describe, expect, test } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { agendaReport } from "./model.ts";
import { AgendaDocument } from "./html.tsx";
import { renderAgendaPdf } from "./pdf.tsx";
import { pdfText } from "../../tests/helpers/pdf.ts";

const item = (n: number, orderId: number, boxedLotRef: string | null) => ({
  id: n,
  livestockOrderId: orderId,
  agendaLotReference: `S0312-0${n}`,
  agendaLotReferenceSuffix: "",
  supplierName: `Supplier ${orderId}`,
  pic: `PIC${orderId}`,
  numberOfHead: 100 * n,
  estimatedCarcasses: 100 * n,
  status: "In yard",
  isMsaEligible: false,
  isPartiallyDelivered: false,
  killAgendaOrderNumber: n,
  deliveryDate: "2026-12-02",
  pens: [`B${n}`],
  boxedLotRef,
});
const missing = "Order 42 (Hill Farm) is planned for Fri 4 Dec";
const agenda = {
  species: "Sheep",
  siteName: "Wagga Wagga",
  siteLocationName: "Small stock chain",
  items: [item(1, 40, null), item(2, 41, "BOX-41")],
  boxedLots: [{
    boxedLotRef: "BOX-41",
    livestockOrderIds: [41, 42],
    suppliers: [],
    head: 200,
    missing: [missing],
  }],
  totals: { head: 300, estimatedCarcasses: 300, target: 0, difference: 0 },
};

describe("a boxed lot with an order on another day", () => {
  // deno-lint-ignore no-explicit-any
  const report = agendaReport("Kill Agenda", [agenda as any], "2026-12-03", "2 Dec 2026, 12:00 pm");

  test("is one line over the order it has, naming the order that is not here", () => {
    const [plain, lot] = report.groups[0].rows;
    expect(plain).toMatchObject({ lot: "S0312-01", supplier: "Supplier 40" });
    expect(lot).toMatchObject({
      killOrder: "2",
      lot: "BOX-41",
      supplier: "Boxed lot of 1 order",
      head: "200",
    });
    expect(lot.orders).toEqual([
      expect.objectContaining({ lot: "S0312-02", supplier: "Supplier 41 · order 41" }),
    ]);
    expect(lot.missing).toEqual([missing]);
    expect(report.totalLots).toBe(2);
  });

  test("the page shows the missing order on its own line beneath the lot's orders", () => {
    const html = renderToStaticMarkup(AgendaDocument({ report }));
    const rows = [...html.matchAll(/<tr[^>]*>.*?<\/tr>/gs)].map(([r]) => r);
    const at = rows.findIndex((r) => r.includes(`class="document-boxed"`));
    expect(rows[at + 1]).toContain("Supplier 41 · order 41");
    expect(rows[at + 2]).toContain(`class="document-boxed-order document-boxed-missing"`);
    expect(rows[at + 2]).toContain(missing);
  });

  test("the PDF too: the missing order's line follows the lot's order", async () => {
    const lines = (await pdfText(await renderAgendaPdf(report))).split("\n");
    const at = lines.findIndex((l) => l.includes("BOX-41"));
    expect(lines[at + 1]).toContain("Supplier 41 · order 41");
    expect(lines[at + 2]).toContain(missing);
  });
});
