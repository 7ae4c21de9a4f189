/**
 * An invoice as its document (document.ts): the computed figures with the parties, the order, how it was
 * priced and each carcass's feedback line. Used by the queries (draft preview, publish) and the demo seed,
 * so it is given what it needs of the caller (DocumentEnv) rather than the caller.
 */
import { eq } from "drizzle-orm";
import { stakeholders, suppliers } from "../../../db/tenant/schema.ts";
import type { TenantDb } from "../../../db/client.ts";
import type { TenantTx } from "../context.ts";
import { OFF_GRID_PRICE_PER_NAMES, speciesCategoryName } from "../../../kernel/enums.ts";
import { formatCents } from "../../../kernel/money.ts";
import { type InvoiceComputation, lineKeyOf, priceCarcass } from "./rules.ts";
import type { FeedbackCarcass, InvoiceDocument, InvoiceStatus, PartyOnDocument } from "./document.ts";
import type { InvoiceSources } from "./inputs.ts";
import { invoiceLot } from "./lots.ts";

export interface DocumentEnv {
  tenantName: string;
  speciesName: (speciesId: number) => string;
  /** the supplier-bank-details flag */
  showBank: boolean;
  /** the condensed beef invoice flag */
  condensedBeef: boolean;
  /** the plant's date: a draft's issue date */
  today: string;
  /** the plant's day of a stored moment (a published invoice's issue date) */
  dayOf: (instant: string) => string;
}

export async function buildInvoiceDocument(
  db: TenantDb | TenantTx,
  s: InvoiceSources,
  computation: InvoiceComputation,
  env: DocumentEnv,
): Promise<InvoiceDocument> {
  const { invoice, order, supplier } = s;
  const processor = await processorOf(db, env.tenantName);
  const showBank = env.showBank;
  const condensed = order.speciesId === 2 &&
    env.condensedBeef;
  const species = env.speciesName(order.speciesId);
  const isServiceKill = s.inputs.basis.isServiceKill;
  const off = s.inputs.basis.offGrid;
  const pricing = isServiceKill
    ? `Service kill (${s.grid?.groupName ?? "grid group"})`
    : off?.type === "Fixed"
    ? `Fixed ${formatCents(Math.round(off.price * 100))} ${OFF_GRID_PRICE_PER_NAMES[off.per]}`
    : s.grid
    ? `Grid ${s.grid.reference} (${s.grid.groupName})${
      off
        ? `, ${off.type === "OverGrid" ? "plus" : "less"} ${formatCents(Math.round(off.price * 100))} ${
          OFF_GRID_PRICE_PER_NAMES[off.per]
        }`
        : ""
    }`
    : "No price grid";
  const lineOf = new Map<number, { key: string; cents: number | null; unit: "kg" | "head" }>();
  const rules = s.inputs.defectRules;
  for (const c of s.inputs.carcasses) {
    const { price } = priceCarcass(c, s.inputs.basis, rules);
    const key = lineKeyOf(price);
    const line = computation.carcassLines.find((l) => l.key === key);
    lineOf.set(c.id, { key, cents: line?.pricePerUnitCents ?? null, unit: price.unit });
  }
  const feedback: FeedbackCarcass[] = s.carcasses.map((c) => {
    const l = lineOf.get(c.id)!;
    const value = l.cents === null ? 0 : l.unit === "kg" ? Math.round(c.hscwKg * l.cents) : l.cents;
    return {
      bodyNumber: c.bodyNumber,
      killSequence: c.killSequence,
      rfid: c.rfid,
      sex: c.sex,
      dentition: c.dentition,
      hscwKg: c.hscwKg,
      fatDepthMm: c.fatDepthMm,
      fatScore: c.fatScore,
      gradeCode: c.gradeCode,
      msaIndex: c.msaIndex,
      msaMarbling: c.msaMarbling,
      msaOssification: c.msaOssification,
      msaRibFatMm: c.msaRibFatMm,
      msaUltimatePh: c.msaUltimatePh,
      defects: c.defects,
      condemned: c.condemned,
      condemnedReason: c.condemnedReason,
      skinGrade: c.skinGrade,
      lineKey: l.key,
      pricePerUnitCents: l.cents,
      unitType: l.unit,
      valueCents: value,
    };
  });
  const address = (
    p: { addressLine1: string; addressLine2: string; city: string; state: string; postcode: string },
  ) =>
    [p.addressLine1, p.addressLine2, [p.city, p.state, p.postcode].filter(Boolean).join(" ")].filter(
      Boolean,
    );
  return {
    invoiceId: invoice.id,
    invoiceNumber: invoice.invoiceNumber,
    status: invoice.status as InvoiceStatus,
    title: isServiceKill
      ? "Service Kill Sheet"
      : supplier.isGstExempt
      ? "Remittance Advice"
      : "Recipient Created Tax Invoice",
    issueDate: invoice.publishedAt ? env.dayOf(invoice.publishedAt) : env.today,
    dueDate: invoice.dueDate,
    productionDate: s.productionDate,
    supplierReference: invoice.supplierReference,
    processor,
    supplier: {
      name: supplier.name,
      abn: supplier.businessTaxIdentifier,
      addressLines: address(supplier),
      email: supplier.contactEmail,
      phone: supplier.contactPhone || supplier.contactMobile,
      isGstExempt: supplier.isGstExempt,
      pic: order.pic || supplier.pic,
      bank: showBank && supplier.bankAccountNumber
        ? {
          accountName: supplier.bankAccountName,
          bsb: supplier.bsb,
          accountNumber: supplier.bankAccountNumber,
        }
        : null,
    },
    order: {
      id: order.id,
      lotReference: invoiceLot(s.mobs, order.agendaLotReference),
      pic: order.pic,
      nvd: order.nvd,
      speciesId: order.speciesId,
      speciesName: species,
      speciesCategoryName: speciesCategoryName(order.speciesCategoryId),
      deliveryDate: order.deliveryDate,
      pricing,
    },
    isServiceKill,
    condensed,
    computation,
    carcasses: feedback,
  };
}

/** The processor's own details: its party record marked as the tenant, else the tenant's name. */
async function processorOf(db: TenantDb | TenantTx, tenantName: string): Promise<PartyOnDocument> {
  const [own] = await db.select().from(stakeholders).where(eq(stakeholders.isTenant, true)).limit(
    1,
  );
  const [ownSupplier] = own ? [own] : await db.select().from(suppliers)
    .where(eq(suppliers.isTenant, true)).limit(1);
  const p = own ?? ownSupplier;
  if (!p) return { name: tenantName, abn: "", addressLines: [], email: "", phone: "" };
  return {
    name: p.name,
    abn: p.businessTaxIdentifier,
    addressLines: [p.addressLine1, p.addressLine2, [p.city, p.state, p.postcode].filter(Boolean).join(" ")]
      .filter(Boolean),
    email: p.contactEmail,
    phone: p.contactPhone || p.contactMobile,
  };
}
