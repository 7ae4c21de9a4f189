import { describe, expect, test } from "vitest";
import {
  additionalLineCents,
  bandIndexOf,
  computeInvoice,
  fatScoreOf,
  gstOf,
  type InvoiceInputs,
  isBlankLine,
  isValidLine,
  kgLineCents,
  levyLine,
  type PricingBasis,
} from "./rules.ts";
import type { GridCells } from "../pricing/cells.ts";
import { askedPeriod, periodOf } from "./period.ts";

const LAMB_GRID: GridCells = {
  weightBands: [
    { fromKg: 0, toKg: 16 },
    { fromKg: 16.1, toKg: 18 },
    { fromKg: 18.1, toKg: 20 },
    { fromKg: 20.1, toKg: null },
  ],
  fatScores: [2, 3, 4],
  prices: [
    [700, 720, 690],
    [800, 820, 790],
    [850, 860, 840],
    [830, null, 800],
  ],
};

const basis: PricingBasis = {
  speciesId: 1,
  grid: { reference: "L-NOV", cells: LAMB_GRID },
  isServiceKill: false,
  serviceKillFeeCents: null,
  offGrid: null,
};

const carcass = (
  bodyNumber: number,
  hscwKg: number,
  more: Partial<InvoiceInputs["carcasses"][number]> = {},
) => ({
  id: bodyNumber,
  bodyNumber,
  hscwKg,
  fatScore: 3,
  fatDepthMm: null,
  defects: [],
  condemned: "none",
  ...more,
});

const heads = {
  ordered: 6,
  delivered: 6,
  deadOnArrival: 0,
  unfitPreKillFloor: 0,
  sentToKillFloor: 6,
  processed: 6,
  condemned: 1,
  awaitingCarcassData: 0,
};

/** The worked example of docs/decisions.md "Invoices and skins", checked by hand. */
const worked: InvoiceInputs = {
  speciesId: 1,
  isGstExempt: false,
  carcasses: [
    carcass(1, 17.2), // 16.1–18, fat 3: 820 c/kg
    carcass(2, 17.8), // same line: 35.0 kg × $8.20 = $287.00
    carcass(3, 19.35, { fatScore: 2 }), // 18.1–20, fat 2: 19.35 × $8.50 = $164.475 → $164.48
    carcass(4, 21.0), // 20.1+, fat 3: a blank cell, priced by an adjustment of 780 c/kg: $163.80
    carcass(5, 18.05, { fatScore: null, fatDepthMm: 12, defects: ["bruise"] }), // GR 12 → fat 3; 18.05 → 16.1–18; 10 % off 820 = 738: $133.209 → $133.21
    carcass(6, 0, { condemned: "whole", fatScore: null }), // not paid
  ],
  basis,
  defectRules: [
    { code: "BRUISE", name: "Bruising", priceRule: "PercentOff", amount: 10 },
    { code: "CONDEMNED", name: "Condemned", priceRule: "NoPayment", amount: 0 },
  ],
  levies: [
    {
      levyType: "TransactionLevy",
      description: "",
      bands: [{ fromValueCents: 0, perHeadCents: 0, basisPoints: 0 }, {
        fromValueCents: 500,
        perHeadCents: 0,
        basisPoints: 200,
      }],
      maxPerHeadCents: null,
    },
    {
      levyType: "ProcessorCharge",
      description: "Effluent",
      bands: [{ fromValueCents: 0, perHeadCents: 50, basisPoints: 0 }],
      maxPerHeadCents: null,
    },
  ],
  leviesRemoved: false,
  skins: {
    price: {
      name: "Lamb skins",
      grades: [{ grade: "1", centsPerPiece: 450 }, { grade: "2", centsPerPiece: 300 }],
    },
    counts: { "1": 4, "2": 2 },
  },
  additionalLines: [
    { description: "Freight", quantity: 1, pricePerUnitCents: -15000, isApplyGst: true },
    { description: "", quantity: null, pricePerUnitCents: null, isApplyGst: false },
  ],
  adjustments: new Map([["Standard|20.1+ kg|3|kg", 780]]),
  headCounts: heads,
};

describe("the worked example invoice", () => {
  const inv = computeInvoice(worked);

  test("carcass lines by defect category, band and fat score, each rounded once", () => {
    expect(
      inv.carcassLines.map((l) => [l.defectCategory, l.weightRange, l.fatDetails, l.count, l.totalCents]),
    ).toEqual([
      ["", "16.1–18 kg", "Fat 3", 2, 28700],
      ["", "18.1–20 kg", "Fat 2", 1, 16448],
      ["", "20.1+ kg", "Fat 3", 1, 16380],
      ["Bruising", "16.1–18 kg", "Fat 3", 1, 13321],
      ["Condemned", "", "", 1, 0],
    ]);
    expect(inv.carcassCents).toBe(74849);
  });

  test("skins, the additional line (the blank one ignored), GST per line, levies and the total", () => {
    expect(inv.skinLines.map((l) => l.totalCents)).toEqual([1800, 600]);
    expect(inv.additionalLines).toHaveLength(1);
    expect(inv.subTotalCents).toBe(74849 + 2400 - 15000);
    // 2870 + 1645 + 1638 + 1332 + 0 + 180 + 60 − 1500
    expect(inv.taxCents).toBe(6225);
    // 2 % of $748.484 = $14.96968 → $14.97; Effluent 5 paid head × 50 c
    expect(inv.levyLines.map((l) => [l.levyType, l.head, l.totalCents])).toEqual([
      ["TransactionLevy", 5, 1497],
      ["ProcessorCharge", 5, 250],
    ]);
    expect(inv.totalCents).toBe(62249 + 6225 - 1747); // $667.27
    expect(inv.isPublishable).toBe(true);
    expect(inv.unableToPublishReasons).toEqual([]);
  });

  test("recomputing gives the same invoice", () => {
    expect(computeInvoice(worked)).toEqual(inv);
  });

  test("without the adjustment the blank cell stops publishing, in words", () => {
    const bare = computeInvoice({ ...worked, adjustments: new Map() });
    expect(bare.isPublishable).toBe(false);
    expect(bare.unableToPublishReasons).toEqual([
      "1 carcass falls outside the price grid (20.1+ kg Fat 3): give those lines a pricing adjustment or fix the grid.",
    ]);
  });

  test("levies removed, a GST-exempt supplier", () => {
    const exempt = computeInvoice({ ...worked, isGstExempt: true, leviesRemoved: true });
    expect(exempt.levyCents).toBe(0);
    expect(exempt.isLeviesRemovable).toBe(true);
    expect(exempt.taxCents).toBe(-1500); // only the freight line asks for GST
  });
});

describe("the publishable rule (spec 2 §5)", () => {
  test("no skins counted, no skin price, nothing delivered, invalid data: each reason in words", () => {
    const inv = computeInvoice({
      ...worked,
      carcasses: [...worked.carcasses, carcass(7, 0)],
      skins: { price: null, counts: null },
      headCounts: { ...heads, delivered: 0, awaitingCarcassData: 2 },
    });
    expect(inv.unableToPublishReasons).toEqual([
      "No head delivered on the order.",
      "2 head of these mobs have no carcass record yet.",
      "No skin or hide price applies on the production day: add one in Settings › Skin/Hide price.",
      "Skins are not counted yet: record them in Skin Grade.",
      "1 carcass with invalid data (body 7: no carcass weight): correct them on the kill floor page.",
    ]);
    expect(inv.hasInvalidCarcassData).toBe(true);
  });

  test("a service kill: the fee per head, GST on it, no skins, no levies", () => {
    const inv = computeInvoice({
      ...worked,
      isGstExempt: true,
      basis: { ...basis, isServiceKill: true, serviceKillFeeCents: 1200 },
      skins: { price: null, counts: null },
      additionalLines: [],
    });
    expect(inv.carcassLines).toHaveLength(1);
    expect(inv.carcassLines[0]).toMatchObject({
      defectCategory: "Service kill",
      count: 6,
      totalCents: -7200,
    });
    expect(inv.taxCents).toBe(-720);
    expect(inv.levyCents).toBe(0);
    expect(inv.totalCents).toBe(-7920);
    expect(inv.isPublishable).toBe(true);
  });

  test("pigs need no skins", () => {
    const inv = computeInvoice({ ...worked, speciesId: 3, skins: { price: null, counts: null } });
    expect(inv.hasSkinPriceInfo).toBe(true);
  });
});

describe("off-grid prices", () => {
  test("fixed per kg carcass ignores the grid's cells", () => {
    const inv = computeInvoice({
      ...worked,
      basis: { ...basis, offGrid: { price: 7.2, per: "PerKgCarcass", type: "Fixed" } },
    });
    expect(inv.carcassLines[0]).toMatchObject({
      purchasePricePerUnitType: "Off grid",
      pricePerUnitCents: 720,
    });
  });
  test("over the grid per kg adds to every cell; per head adds a premium line", () => {
    const perKg = computeInvoice({
      ...worked,
      basis: { ...basis, offGrid: { price: 0.3, per: "PerKgCarcass", type: "OverGrid" } },
    });
    expect(perKg.carcassLines[0].pricePerUnitCents).toBe(850);
    const perHead = computeInvoice({
      ...worked,
      basis: { ...basis, offGrid: { price: 5, per: "PerHead", type: "OverGrid" } },
    });
    expect(perHead.carcassLines.at(-1)).toMatchObject({
      defectCategory: "Over-grid premium",
      count: 5,
      totalCents: 2500,
    });
  });
  test("per kg live weight cannot be applied: a reason, not a guess", () => {
    const inv = computeInvoice({
      ...worked,
      basis: { ...basis, offGrid: { price: 4, per: "PerKgLive", type: "Fixed" } },
    });
    expect(inv.unableToPublishReasons[0]).toBe(
      "No price: the order is priced per kg live weight, and live weights are not recorded.",
    );
  });
});

describe("rounding, GST and lookups", () => {
  test("half away from zero at the cent", () => {
    expect(kgLineCents(1935, 850)).toBe(16448); // 164.475
    expect(kgLineCents(-1935, 850)).toBe(-16448);
    expect(gstOf(16448)).toBe(1645);
    expect(gstOf(16444)).toBe(1644);
    expect(gstOf(-15)).toBe(-2);
    expect(additionalLineCents(2.5, 333)).toBe(833); // 832.5
    expect(additionalLineCents(0.001, 100)).toBe(0);
  });
  test("weights between a band's end and the next start belong to the lower band", () => {
    expect(bandIndexOf(LAMB_GRID, 16.05)).toBe(0);
    expect(bandIndexOf(LAMB_GRID, 16.1)).toBe(1);
    expect(bandIndexOf(LAMB_GRID, 99)).toBe(3);
    expect(bandIndexOf({ ...LAMB_GRID, weightBands: [{ fromKg: 10, toKg: 20 }] }, 25)).toBe(null);
    expect(bandIndexOf({ ...LAMB_GRID, weightBands: [{ fromKg: 10, toKg: 20 }] }, 9)).toBe(null);
  });
  test("fat score from depth: GR for sheep, P8 for cattle", () => {
    expect(fatScoreOf(1, { fatScore: null, fatDepthMm: 5 })).toBe(1);
    expect(fatScoreOf(1, { fatScore: null, fatDepthMm: 21 })).toBe(5);
    expect(fatScoreOf(2, { fatScore: null, fatDepthMm: 7 })).toBe(3);
    expect(fatScoreOf(2, { fatScore: 4, fatDepthMm: 7 })).toBe(4);
    expect(fatScoreOf(2, { fatScore: null, fatDepthMm: null })).toBe(null);
  });
  test("a levy band by carcass value, capped per head", () => {
    const rule = {
      levyType: "TransactionLevy",
      description: "",
      bands: [{ fromValueCents: 0, perHeadCents: 100, basisPoints: 100 }],
      maxPerHeadCents: 250,
    };
    // 100 + 1 % of $100 = 200; 100 + 1 % of $300 = 400 → capped 250; unpaid carcasses carry none
    expect(levyLine(rule, [10000, 30000, 0])).toEqual({
      levyType: "TransactionLevy",
      description: "",
      head: 2,
      totalCents: 450,
      // a banded levy's basis is the paid carcasses' value; it has no single rate to print
      valueCents: 40000,
      basisPoints: null,
      perHeadCents: null,
    });
  });
  test("an additional line needs a quantity and a price (zero allowed); a blank one is ignored", () => {
    expect(isValidLine({ quantity: 0, pricePerUnitCents: 0 })).toBe(true);
    expect(isValidLine({ quantity: 1, pricePerUnitCents: null })).toBe(false);
    expect(isBlankLine({ description: " ", quantity: null, pricePerUnitCents: null })).toBe(true);
  });
});

describe("the period an invoice list asks for", () => {
  test("defaults to the days before today, or before the end asked", () => {
    expect(askedPeriod({}, "2026-03-18", 14)).toEqual({ from: "2026-03-04", to: "2026-03-18" });
    expect(askedPeriod({ toDate: "2026-03-10" }, "2026-03-18", 13)).toEqual({
      from: "2026-02-25",
      to: "2026-03-10",
    });
    expect(askedPeriod({ fromDate: "2026-01-01" }, "2026-03-18", 14).from).toBe("2026-01-01");
  });
  test("is put in order and kept to a year", () => {
    expect(periodOf("2026-03-18", "2026-03-01")).toEqual(["2026-03-01", "2026-03-18"]);
    expect(periodOf("2024-01-01", "2026-03-18")).toEqual(["2025-03-17", "2026-03-18"]);
  });
});
