/**
 * Demo invoices (issue 16 §6): last week's killed orders of sheep and cattle in every state: some left
 * to be created, drafts, a draft whose kill floor data was corrected after it was computed, published and
 * finalised ones. Lines that fall off the demo grids get the pricing adjustment a plant would agree
 * ($6.00/kg for sheep, $5.50/kg for cattle). Deterministic from "today"; the last two days' kills are
 * left to be created (their skins are still being counted).
 */
import { and, eq, gte, inArray, isNotNull, lt } from "drizzle-orm";
import {
  carcasses,
  invoiceMobs,
  invoicePriceAdjustments,
  invoices,
  livestockOrders,
} from "../../../db/tenant/schema.ts";
import type { DemoTenant } from "../area.ts";
import type { TenantTx } from "../context.ts";
import { addDays } from "../../../kernel/dates.ts";
import { markOrderInvoiceFinalised } from "../livestock/orders/writes.ts";
import { ensureOwnParty } from "../livestock/parties/writes.ts";
import { correctFirstCarcassWeight } from "../killFloor/writes.ts";
import { loadSources } from "./inputs.ts";
import { insertDraft, storeComputation } from "./drafts.ts";
import { buildInvoiceDocument } from "./documentOf.ts";
import { seedInvoiceHistory } from "./historySeed.ts";

const SPECIES_NAMES: Record<number, string> = { 1: "Sheep", 2: "Beef", 3: "Pig", 4: "Goat", 5: "Deer" };
const OFF_GRID_CENTS: Record<number, number> = { 1: 600, 2: 550 };
const STATES = ["toBeCreated", "Draft", "Published", "Finalised", "Corrected", "Published"] as const;
const WHO = "Demo seed";

export async function seedInvoices({ db, category, today, history }: DemoTenant) {
  if (category !== "processor") return;
  if ((await db.select({ id: invoices.id }).from(invoices).limit(1)).length) return;
  await db.transaction((tx) => ensureOwnParty({ tx }, PROCESSOR_PARTY));
  const orders = await db.select({
    id: livestockOrders.id,
    supplierId: livestockOrders.supplierId,
    speciesId: livestockOrders.speciesId,
    speciesCategoryId: livestockOrders.speciesCategoryId,
  }).from(livestockOrders).where(and(
    inArray(livestockOrders.speciesId, [1, 2]),
    isNotNull(livestockOrders.carcassDataCompleteAt),
  )).orderBy(livestockOrders.id);
  let n = 0;
  const numbering = { last: 0 };
  // a year of history first (the start command's demo: historySeed.ts), all paid
  if (history === "year") await seedInvoiceHistory(db, orders, today, numbering);
  for (const order of orders) {
    const killed = await db.select({ mobId: carcasses.stockMobId, day: carcasses.productionDate })
      .from(carcasses).where(and(
        eq(carcasses.livestockOrderId, order.id),
        gte(carcasses.productionDate, addDays(today, -9)),
        lt(carcasses.productionDate, addDays(today, -2)),
      ));
    if (!killed.length) continue;
    const state = STATES[n++ % STATES.length];
    if (state === "toBeCreated") continue;
    await writeDemoInvoice(db, order, killed, state, today, numbering);
  }
}

export type DemoOrder = {
  id: number;
  supplierId: number;
  speciesId: number;
  speciesCategoryId: number | null;
};
export type DemoInvoiceState = Exclude<(typeof STATES)[number], "toBeCreated">;

/** One order's invoice of its killed mobs, left in `state` (a draft, corrected, published or finalised). */
export async function writeDemoInvoice(
  db: DemoTenant["db"],
  order: DemoOrder,
  killed: { mobId: number; day: string }[],
  state: DemoInvoiceState,
  today: string,
  numbering: { last: number },
) {
  const mobIds = [...new Set(killed.map((k) => k.mobId))];
  const day = killed.reduce((d, k) => (k.day > d ? k.day : d), "");
  await db.transaction(async (tx) => {
    const at = `${day}T06:00:00.000Z`;
    const row = await insertDraft(tx, order, day, WHO, at);
    await tx.insert(invoiceMobs).values(mobIds.map((stockMobId) => ({ stockMobId, invoiceId: row.id })));
    const firstLook = await storeComputation(tx, row, await loadSources(tx, row));
    for (const line of firstLook.computation.carcassLines.filter((l) => l.pricePerUnitCents === null)) {
      await tx.insert(invoicePriceAdjustments).values({
        invoiceId: row.id,
        lineKey: line.key,
        centsPerUnit: OFF_GRID_CENTS[order.speciesId] ?? 500,
        reason: "Outside the grid: priced as agreed with the agent",
        createdAt: at,
        lastModified: at,
      });
    }
    const sources = await loadSources(tx, row);
    const { row: computed, computation } = await storeComputation(tx, row, sources);
    if (state === "Corrected") return await correctOne(tx, row.id, mobIds[0]);
    if (state === "Draft" || !computation.isPublishable) return;
    const invoiceNumber = `RCTI-${String(++numbering.last).padStart(6, "0")}`;
    const publishedAt = `${addDays(day, 1)}T09:30:00.000Z`;
    const frozen = { ...computed, status: "Published", invoiceNumber, publishedAt };
    const document = await buildInvoiceDocument(tx, { ...sources, invoice: frozen }, computation, {
      tenantName: "Demo Processing",
      speciesName: (id) => SPECIES_NAMES[id] ?? `Species ${id}`,
      showBank: true,
      condensedBeef: false,
      today,
      // the demo publishes at 09:30 UTC: the same calendar day in every Australian zone
      dayOf: (instant) => instant.slice(0, 10),
    });
    const finalised = state === "Finalised";
    await tx.update(invoices).set({
      status: finalised ? "Finalised" : "Published",
      invoiceNumber,
      publishedAt,
      publishedBy: WHO,
      publishedDocument: document,
      finalisedAt: finalised ? `${addDays(day, 3)}T10:00:00.000Z` : null,
      finalisedBy: finalised ? WHO : null,
    }).where(eq(invoices.id, row.id));
    // no one listens while the demo is seeded: nothing to announce
    if (finalised) await markOrderInvoiceFinalised({ tx, announce: () => {} }, order.id);
  });
}

/** A kill floor correction after the invoice was computed: the draft shows "with corrections". */
async function correctOne(tx: TenantTx, invoiceId: number, mobId: number) {
  if (!await correctFirstCarcassWeight({ tx }, mobId, 0.4)) return;
  // computed before the correction came in
  await tx.update(invoices).set({ computedAt: "2000-01-01T00:00:00.000Z" }).where(eq(invoices.id, invoiceId));
}

/** The demo plant's Property Identification Code (NSW: N + 7 characters). */
export const DEMO_PLANT_PIC = "NA123456";

/** The processor's own party (its ABN and address head every invoice it issues). */
const PROCESSOR_PARTY = {
  name: "Demo Processing Pty Ltd",
  stakeholderType: "Other",
  businessTaxIdentifier: "53004085616",
  // the plant's PIC: the NLIS kill file names the plant by it
  pic: DEMO_PLANT_PIC,
  companyIdentifier: "004085616",
  addressLine1: "1 Abattoir Road",
  city: "Wagga Wagga",
  state: "NSW",
  postcode: "2650",
  contactEmail: "accounts@demo.processor",
  contactPhone: "02 6900 1234",
};
