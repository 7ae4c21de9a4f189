/**
 * Benchmark of invoices (issue 16 targets): computing an invoice of 1,000 carcasses (≤ 100 ms), the
 * remittance PDF of 1,000 carcasses (≤ 1 s), and the invoice manager's draft list of 500 invoices (≤ 50 ms
 * server time; measured over loopback HTTP, so the figure includes the request). tests/bench/main.ts writes
 * the figures to docs/performance.md.
 */
import { computeInvoice, type InvoiceInputs } from "../../server/areas/invoices/rules.ts";
import { GRADING_SHAPES, type GridCells } from "../../server/areas/pricing/cells.ts";
import type { FeedbackCarcass, InvoiceDocument } from "../../server/areas/invoices/document.ts";
import { renderRemittancePdf } from "../../reports/invoices/remittance.tsx";
import { renderFeedbackPdf } from "../../reports/invoices/feedback.tsx";
import { eq } from "drizzle-orm";
import { auditLog, invoices, remittanceMailings } from "../../db/tenant/schema.ts";
import { INVOICE_ENTITY } from "../../server/areas/invoices/drafts.ts";
import { EMAILED, NOT_EMAILED } from "../../server/areas/invoices/queries/remittanceEmails.ts";
import type { TenantDb } from "../../db/client.ts";
import { INVOICES_API } from "../../server/areas/invoices/paths.ts";
import { time } from "./timing.ts";
import { serverNow } from "../../server/clock.ts";

export const INVOICE_CARCASSES = 1_000;
export const LIST_INVOICES = 500;

export function beefInputs(): InvoiceInputs {
  const shape = GRADING_SHAPES[2];
  const cells: GridCells = {
    ...shape,
    prices: shape.weightBands.map((_, b) =>
      shape.fatScores.map((f) => (f === 1 ? null : 600 + b * 20 - f * 5))
    ),
  };
  return {
    speciesId: 2,
    isGstExempt: false,
    carcasses: Array.from({ length: INVOICE_CARCASSES }, (_, i) => ({
      id: i + 1,
      bodyNumber: i + 1,
      hscwKg: 200 + ((i * 37) % 2300) / 10,
      fatScore: 2 + (i % 5),
      fatDepthMm: null,
      defects: i % 40 === 0 ? ["BRUISE"] : [],
      condemned: i % 333 === 0 ? "whole" : "none",
    })),
    basis: {
      speciesId: 2,
      grid: { reference: "STEER", cells },
      isServiceKill: false,
      serviceKillFeeCents: null,
      offGrid: null,
    },
    defectRules: [{ code: "BRUISE", name: "Bruising", priceRule: "PercentOff", amount: 10 }],
    levies: [{
      levyType: "TransactionLevy",
      description: "",
      bands: [{ fromValueCents: 0, perHeadCents: 500, basisPoints: 0 }],
      maxPerHeadCents: null,
    }],
    leviesRemoved: false,
    skins: {
      price: { name: "Hides", grades: [{ grade: "1", centsPerPiece: 3000 }] },
      counts: { "1": INVOICE_CARCASSES },
    },
    additionalLines: [{ description: "Freight", quantity: 4, pricePerUnitCents: -95000, isApplyGst: true }],
    adjustments: new Map(),
    headCounts: {
      ordered: INVOICE_CARCASSES,
      delivered: INVOICE_CARCASSES,
      deadOnArrival: 0,
      unfitPreKillFloor: 0,
      sentToKillFloor: INVOICE_CARCASSES,
      processed: INVOICE_CARCASSES,
      condemned: 3,
      awaitingCarcassData: 0,
    },
  };
}

export function documentOf(inputs: InvoiceInputs): InvoiceDocument {
  const party = {
    name: "Bench Pastoral Co",
    abn: "53004085616",
    addressLines: ["1 Bench Road", "Wagga Wagga NSW 2650"],
    email: "",
    phone: "",
  };
  return {
    invoiceId: 1,
    invoiceNumber: "RCTI-000001",
    status: "Published",
    title: "Recipient Created Tax Invoice",
    issueDate: "2026-11-20",
    dueDate: "2026-11-27",
    productionDate: "2026-11-19",
    supplierReference: "",
    processor: party,
    supplier: { ...party, isGstExempt: false, pic: "NA123456", bank: null },
    order: {
      id: 1,
      lotReference: "B101",
      pic: "NA123456",
      nvd: "",
      speciesId: 2,
      speciesName: "Beef",
      speciesCategoryName: "Steer",
      deliveryDate: "2026-11-18",
      pricing: "Grid STEER",
    },
    isServiceKill: false,
    condensed: false,
    computation: computeInvoice(inputs),
    carcasses: inputs.carcasses.map((c, i): FeedbackCarcass => ({
      bodyNumber: c.bodyNumber,
      killSequence: i + 1,
      rfid: `982 00012345${String(i).padStart(4, "0")}`,
      sex: i % 2 ? "F" : "M",
      dentition: i % 5,
      hscwKg: c.hscwKg,
      fatDepthMm: 4 + (i % 20),
      fatScore: c.fatScore,
      gradeCode: null,
      msaIndex: 55 + (i % 10),
      msaMarbling: i % 4,
      msaOssification: 140 + (i % 60),
      msaRibFatMm: 5 + (i % 8),
      msaUltimatePh: 5.6,
      defects: [...c.defects],
      condemned: c.condemned,
      condemnedReason: c.condemned === "whole" ? "Pleurisy" : null,
      skinGrade: "1",
      lineKey: "",
      pricePerUnitCents: 650,
      unitType: "kg",
      valueCents: Math.round(c.hscwKg * 650),
    })),
  };
}

/** 500 drafts copied from a demo one (the list reads stored figures, so copies cost what real ones do). */
async function fillDrafts(db: TenantDb) {
  const [model] = await db.select().from(invoices).limit(1);
  if (!model) return;
  const { id: _id, ...row } = model;
  const now = serverNow().toISOString(); // the app's clock: pinned where the app's is
  const rows = Array.from(
    { length: LIST_INVOICES },
    () => ({ ...row, status: "Draft", speciesId: 1, createdAt: now }),
  );
  for (let i = 0; i < rows.length; i += 100) await db.insert(invoices).values(rows.slice(i, i + 100));
}

/**
 * 500 published copies of a demo one, its document and all, each with a remittance email attempt in its audit trail (half sent, half not) and
 * every tenth queued: the published list reads where each one's email stands.
 */
async function fillPublished(db: TenantDb) {
  // a demo invoice as published: its frozen document (every carcass) is most of the row's bytes
  const [model] = await db.select().from(invoices).where(eq(invoices.status, "Published")).limit(1);
  if (!model) return;
  const { id: _id, ...row } = model;
  const now = serverNow();
  const made: number[] = [];
  for (let i = 0; i < LIST_INVOICES; i += 100) {
    const batch = Array.from({ length: Math.min(100, LIST_INVOICES - i) }, () => ({
      ...row,
      status: "Published",
      speciesId: 1,
      publishedAt: now.toISOString(),
      createdAt: now.toISOString(),
    }));
    made.push(...(await db.insert(invoices).values(batch).returning({ id: invoices.id })).map((r) => r.id));
  }
  for (let i = 0; i < made.length; i += 100) {
    await db.insert(auditLog).values(
      made.slice(i, i + 100).map((id, k) => ({
        at: now,
        userId: 1,
        userName: "Bench",
        entity: INVOICE_ENTITY,
        entityId: String(id),
        action: (i + k) % 2 ? EMAILED : NOT_EMAILED,
        after: { to: "bench@farm.test" },
      })),
    );
  }
  await db.insert(remittanceMailings).values(
    made.filter((_, i) => i % 10 === 0).map((invoiceId) => ({
      invoiceId,
      requestedBy: 1,
      nextAttemptAt: new Date(now.getTime() + 86_400_000).toISOString(),
      createdAt: now.toISOString(),
    })),
  );
}

export async function benchInvoices(origin: string, token: string, db: TenantDb) {
  const inputs = beefInputs();
  const compute = await time(50, () => computeInvoice(inputs));
  const doc = documentOf(inputs);
  const pdfBytes = (await renderRemittancePdf(doc)).byteLength;
  const pdf = await time(5, () => renderRemittancePdf(doc), 2);
  const feedbackBytes = (await renderFeedbackPdf([doc])).byteLength;
  const feedback = await time(3, () => renderFeedbackPdf([doc]), 1);
  await fillDrafts(db);
  const url = `${origin}${INVOICES_API.created}?speciesId=1`;
  const headers = { authorization: `Bearer ${token}` };
  const listed = (await (await fetch(url, { headers })).json()).length;
  const list = await time(30, async () => await (await fetch(url, { headers })).text());
  await fillPublished(db);
  const publishedUrl = `${origin}${INVOICES_API.published}?speciesId=1`;
  const published = (await (await fetch(publishedUrl, { headers })).json()) as { remittanceEmail: unknown }[];
  const publishedList = await time(30, async () => await (await fetch(publishedUrl, { headers })).text());
  return {
    compute,
    pdf,
    pdfBytes,
    feedback,
    feedbackBytes,
    list,
    listed,
    publishedList,
    publishedListed: published.length,
    publishedWithEmail: published.filter((p) => p.remittanceEmail).length,
  };
}
