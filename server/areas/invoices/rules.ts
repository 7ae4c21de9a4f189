/**
 * Computing a reciprocal invoice (spec 2 §3 "Livestock invoice", §5 "publishable"; docs/decisions.md
 * "Invoices and skins"): carcass lines from pricing.ts, skin lines, additional line items, levies
 * (levies.ts), GST per line and the totals, with the reasons it cannot be published yet, in words.
 *
 * Deterministic and idempotent: the same inputs give the same invoice, to the cent. Every line is
 * rounded once, half away from zero; totals add the rounded lines. Pure: no I/O; the editor bundles it.
 */
import { formatCents } from "../../../kernel/money.ts";
import { type CarcassLine, carcassLines } from "./pricing.ts";
import { levyLines } from "./levies.ts";
import { unruledDefects } from "./unruledDefects.ts";
import type {
  AdditionalLine,
  AdditionalLineInput,
  CarcassSummary,
  InvoiceCarcassLine,
  InvoiceComputation,
  InvoiceInputs,
  PricedLine,
  SkinInput,
  SkinLine,
} from "./computation.ts";

export * from "./pricing.ts";
export * from "./levies.ts";
export * from "./unruledDefects.ts";
export type * from "./computation.ts";
// what the islands are sent and call (plain types and path constants)
export type { InvoiceSummary, InvoiceView, ToBeCreatedRow } from "./views.ts";
export { INVOICES_API, withId } from "./paths.ts";

/** GST (A New Tax System (Goods and Services Tax) Act 1999): 10 %. */
export const GST_RATE = 0.1;

/** GST on a line of whole cents: a tenth, rounded half away from zero. */
export function gstOf(cents: number): number {
  const tenth = Math.floor((Math.abs(cents) + 5) / 10);
  return cents < 0 ? -tenth : tenth;
}

/** Species without skins or hides to pay for (pigs are scalded with the skin on). */
export const SPECIES_WITHOUT_SKINS: readonly number[] = [3];

/** Spec 2 §5: an additional line item is valid with a quantity and a price (zero allowed); blank is ignored. */
export function isBlankLine(l: Pick<AdditionalLineInput, "description" | "quantity" | "pricePerUnitCents">) {
  return !l.description.trim() && l.quantity === null && l.pricePerUnitCents === null;
}
export function isValidLine(l: Pick<AdditionalLineInput, "quantity" | "pricePerUnitCents">) {
  return l.quantity !== null && Number.isFinite(l.quantity) && l.pricePerUnitCents !== null &&
    Number.isFinite(l.pricePerUnitCents);
}

/** Quantity × price per unit, whole cents, half away from zero (quantities may carry 3 decimals). */
export function additionalLineCents(quantity: number, pricePerUnitCents: number): number {
  const exact = Math.round(quantity * 1000) * pricePerUnitCents;
  const cents = Math.floor((Math.abs(exact) + 500) / 1000);
  return exact < 0 ? -cents : cents;
}

const priced = (totalCents: number, isApplyGst: boolean): PricedLine => ({
  totalCents,
  isApplyGst,
  gstCents: isApplyGst ? gstOf(totalCents) : 0,
});

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The skin lines: pieces by grade at the day's price; grades with no price are listed as problems. */
function skinLines(skins: SkinInput, applyGst: boolean): { lines: SkinLine[]; unpriced: string[] } {
  if (!skins.price || !skins.counts) return { lines: [], unpriced: [] };
  const prices = new Map(skins.price.grades.map((g) => [g.grade, g.centsPerPiece]));
  const unpriced: string[] = [];
  const lines = Object.entries(skins.counts).filter(([, n]) => n > 0).map(([grade, count]) => {
    const cents = prices.get(grade);
    if (cents === undefined) unpriced.push(grade);
    return { grade, count, centsPerPiece: cents ?? 0, ...priced(count * (cents ?? 0), applyGst) };
  });
  return { lines, unpriced };
}

function summaries(lines: readonly CarcassLine[]): CarcassSummary[] {
  const by = new Map<
    string,
    { count: number; hundredths: number; cents: number; kgCents: number; kgHundredths: number }
  >();
  for (const l of lines) {
    const s = by.get(l.defectCategory) ?? { count: 0, hundredths: 0, cents: 0, kgCents: 0, kgHundredths: 0 };
    const h = Math.round(l.totalWeightInKilograms * 100);
    s.count += l.count;
    s.hundredths += h;
    s.cents += l.totalCents;
    if (l.unitType === "kg") {
      s.kgCents += l.totalCents;
      s.kgHundredths += h;
    }
    by.set(l.defectCategory, s);
  }
  return [...by.entries()].map(([defectCategory, s]) => ({
    defectCategory,
    count: s.count,
    totalWeightInKilograms: s.hundredths / 100,
    averageWeightInKilograms: s.count ? Math.round(s.hundredths / s.count) / 100 : 0,
    totalCents: s.cents,
    averageCentsPerKg: s.kgHundredths ? Math.round((s.kgCents * 100) / s.kgHundredths) : 0,
  }));
}

/** The whole invoice from its inputs. */
export function computeInvoice(input: InvoiceInputs): InvoiceComputation {
  const { basis, headCounts } = input;
  const supplierGst = !input.isGstExempt;
  const { lines, problems } = carcassLines(input.carcasses, basis, input.defectRules, input.adjustments);

  // an over- or under-grid price per head is its own line on every carcass paid by kg
  const off = basis.offGrid;
  if (off && off.per === "PerHead" && off.type !== "Fixed" && !basis.isServiceKill) {
    const head = sum(
      lines.filter((l) => l.unitType === "kg" && l.pricePerUnitCents !== null).map((l) => l.count),
    );
    if (head) {
      const cents = Math.round(off.price * 100) * (off.type === "OverGrid" ? 1 : -1);
      const key = `${off.type === "OverGrid" ? "Over-grid premium" : "Under-grid discount"}|-|-|head`;
      const adjustment = input.adjustments.get(key) ?? 0;
      lines.push({
        key,
        defectCategory: key.split("|")[0],
        weightRange: "",
        fatDetails: "",
        bandIndex: null,
        fatScore: null,
        count: head,
        totalWeightInKilograms: 0,
        unitType: "head",
        purchasePricePerUnitType: "Off grid",
        basePricePerUnitCents: cents,
        adjustmentCents: adjustment,
        pricePerUnitCents: cents + adjustment,
        totalCents: head * (cents + adjustment),
        bodyNumbers: [],
        carcassValues: [],
      });
    }
  }

  // a service kill fee is the plant's own taxable supply: GST applies whoever the owner is
  const carcassGst = basis.isServiceKill || supplierGst;
  const carcassLinesOut: InvoiceCarcassLine[] = lines.map(({ carcassValues: _, ...l }) => ({
    ...l,
    ...priced(l.totalCents, carcassGst),
  }));
  const skins = basis.isServiceKill ? { lines: [], unpriced: [] } : skinLines(input.skins, supplierGst);
  const additional: AdditionalLine[] = input.additionalLines
    .filter((l) => !isBlankLine(l) && isValidLine(l))
    .map((l) => ({
      ...l,
      quantity: l.quantity!,
      pricePerUnitCents: l.pricePerUnitCents!,
      ...priced(additionalLineCents(l.quantity!, l.pricePerUnitCents!), l.isApplyGst),
    }));
  // levies are on what the supplier sold: none on a service kill, none when a user took them off
  const carcassValues = lines.flatMap((l) => l.carcassValues);
  const allLevies = basis.isServiceKill ? [] : levyLines(input.levies, carcassValues);
  const levies = input.leviesRemoved ? [] : allLevies;

  const carcassCents = sum(carcassLinesOut.map((l) => l.totalCents));
  const skinCents = sum(skins.lines.map((l) => l.totalCents));
  const additionalCents = sum(additional.map((l) => l.totalCents));
  const subTotalCents = carcassCents + skinCents + additionalCents;
  const taxCents = sum([...carcassLinesOut, ...skins.lines, ...additional].map((l) => l.gstCents));
  const levyCents = sum(levies.map((l) => l.totalCents));
  const carcassCount = input.carcasses.length;
  const totalHundredths = sum(input.carcasses.map((c) => Math.round(c.hscwKg * 100)));
  const paidCarcasses = input.carcasses.filter((c) => c.condemned !== "whole").length;

  const unpricedLines = carcassLinesOut.filter((l) => l.pricePerUnitCents === null);
  const hasPriceInfo = carcassCount > 0 && unpricedLines.length === 0 &&
    !problems.some((p) => p.message.startsWith("the order"));
  const skinsNeeded = !basis.isServiceKill && !SPECIES_WITHOUT_SKINS.includes(input.speciesId);
  const skinTotal = input.skins.counts ? sum(Object.values(input.skins.counts)) : 0;
  const hasSkinPriceInfo = !skinsNeeded ||
    (input.skins.price !== null && input.skins.counts !== null && skinTotal >= headCounts.processed &&
      skins.unpriced.length === 0);
  const invalid = problems.filter((p) => !p.message.startsWith("the order"));

  const reasons: string[] = [];
  if (!carcassCount) reasons.push("No carcass records: the kill floor has sent nothing for these mobs yet.");
  if (headCounts.delivered <= 0) reasons.push("No head delivered on the order.");
  if (headCounts.awaitingCarcassData > 0) {
    reasons.push(
      `${plural(headCounts.awaitingCarcassData, "head", "head")} of these mobs have no carcass record yet.`,
    );
  }
  const orderProblem = problems.find((p) => p.message.startsWith("the order"));
  if (orderProblem) reasons.push(`No price: ${orderProblem.message}.`);
  if (basis.isServiceKill && basis.serviceKillFeeCents === null) {
    reasons.push("No service kill fee applies on the production day: add one in Settings › Invoicing.");
  }
  // lines unpriced only because their carcasses' data is invalid are reported as invalid data
  const invalidBodies = new Set(problems.map((p) => p.bodyNumber));
  const offGrid = unpricedLines.filter((l) => l.bodyNumbers.some((b) => !invalidBodies.has(b)));
  const offGridCount = sum(offGrid.map((l) => l.count));
  if (!orderProblem && offGridCount && !basis.isServiceKill) {
    const where = offGrid.map((l) =>
      [l.weightRange, l.fatDetails].filter(Boolean).join(" ") || l.defectCategory
    )
      .filter(Boolean).slice(0, 3).join("; ");
    reasons.push(
      `${
        offGridCount === 1 ? "1 carcass falls" : `${offGridCount} carcasses fall`
      } outside the price grid (${where}): give those lines a pricing adjustment or fix the grid.`,
    );
  }
  if (skinsNeeded) {
    if (!input.skins.price) {
      reasons.push(
        "No skin or hide price applies on the production day: add one in Settings › Skin/Hide price.",
      );
    }
    if (!input.skins.counts) reasons.push("Skins are not counted yet: record them in Skin Grade.");
    else if (skinTotal < headCounts.processed) {
      reasons.push(`${skinTotal} of ${headCounts.processed} skins counted: finish the count in Skin Grade.`);
    }
    if (skins.unpriced.length) reasons.push(`No skin price for grade ${skins.unpriced.join(", ")}.`);
  }
  if (invalid.length) {
    const shown = invalid.slice(0, 3).map((p) => `body ${p.bodyNumber}: ${p.message}`).join("; ");
    reasons.push(
      `${plural(invalid.length, "carcass", "carcasses")} with invalid data (${shown}${
        invalid.length > 3 ? "; …" : ""
      }): correct them on the kill floor page.`,
    );
  }

  return {
    carcassLines: carcassLinesOut,
    skinLines: skins.lines,
    additionalLines: additional,
    levyLines: levies,
    carcassSummaries: summaries(lines),
    headCounts,
    carcassCount,
    totalWeightInKilograms: totalHundredths / 100,
    averageWeightInKilograms: paidCarcasses ? Math.round(totalHundredths / paidCarcasses) / 100 : 0,
    totalSkinCount: skinTotal,
    carcassCents,
    skinCents,
    additionalCents,
    subTotalCents,
    taxCents,
    taxRate: GST_RATE,
    levyCents,
    totalCents: subTotalCents + taxCents - levyCents,
    isApplyGst: carcassGst,
    isLeviesRemovable: allLevies.length > 0,
    hasPriceInfo,
    hasSkinPriceInfo,
    hasInvalidCarcassData: invalid.length > 0,
    invalidCarcasses: invalid,
    isPublishable: reasons.length === 0,
    unableToPublishReasons: reasons,
    // a warning, not a reason: a plant may mean to pay a code at the grid price (a service kill is a fee)
    unruledDefects: basis.isServiceKill ? [] : unruledDefects(input.carcasses, input.defectRules),
  };
}

/** "$1,234.56" of whole cents (the one money formatter). */
export const money = formatCents;

/** The storage folder a published remittance PDF is kept in (the producer portal reads it back). */
export const PUBLISHED_CATEGORY = "invoices";
