import { describe, expect, test } from "vitest";
import { unruledDefects, unruledMessage, unruledPaidWords } from "./unruledDefects.ts";
import { computeInvoice, type InvoiceInputs } from "./rules.ts";
import { type DefectDetailRow, speciesDefectRules } from "../invoiceSettings/rules.ts";
import { paidWords } from "../invoiceSettings/defects/rules.ts";

const SHEEP = 1;
const CATTLE = 2;
const rule = (
  code: string,
  speciesId: number | null,
  more: Partial<DefectDetailRow> = {},
): DefectDetailRow => ({
  code,
  name: code,
  speciesId,
  priceRule: "PercentOff",
  amount: 10,
  isArchived: false,
  ...more,
});
const carcass = (defects: string[], condemned = "none") => ({ defects, condemned });
const codes = (xs: { code: string; carcasses: number }[]) => xs.map((x) => [x.code, x.carcasses]);

describe("defect codes no rule prices", () => {
  test("codes without a rule are counted per carcass, most first; codes with one are not", () => {
    const rules = speciesDefectRules([rule("BRUISE", SHEEP)], SHEEP);
    const found = unruledDefects([
      carcass(["BRUISE", "GRASS-SEED"]),
      carcass(["GRASS-SEED", "grass-seed"]),
      carcass(["ARTHRITIS"]),
      carcass([]),
    ], rules);
    expect(codes(found)).toEqual([["GRASS-SEED", 2], ["ARTHRITIS", 1]]);
    expect(found[0].message).toBe(
      "2 carcasses carry GRASS-SEED, which has no price rule: they are paid at the grid price.",
    );
    expect(found[1].message).toBe(
      "1 carcass carries ARTHRITIS, which has no price rule: it is paid at the grid price.",
    );
  });

  test("codes and rules match upper case", () => {
    const rules = speciesDefectRules([rule("bruise", null)], SHEEP);
    expect(unruledDefects([carcass(["Bruise", " grass-seed "])], rules).map((u) => u.code)).toEqual([
      "GRASS-SEED",
    ]);
  });

  test("an every-species rule prices every species; another species' own rule does not", () => {
    const rows = [rule("BRUISE", null), rule("GRASS-SEED", CATTLE)];
    const sheep = speciesDefectRules(rows, SHEEP);
    expect(unruledDefects([carcass(["BRUISE", "GRASS-SEED"])], sheep).map((u) => u.code)).toEqual([
      "GRASS-SEED",
    ]);
    expect(unruledDefects([carcass(["BRUISE", "GRASS-SEED"])], speciesDefectRules(rows, CATTLE))).toEqual([]);
  });

  test("an archived rule counts as none", () => {
    const rows = [
      rule("GRASS-SEED", SHEEP, { isArchived: true }),
      rule("BRUISE", null, { isArchived: true }),
    ];
    expect(codes(unruledDefects([carcass(["GRASS-SEED", "BRUISE"])], speciesDefectRules(rows, SHEEP))))
      .toEqual([["BRUISE", 1], ["GRASS-SEED", 1]]);
  });

  test("a rule paying the grid price is a rule", () => {
    const rules = speciesDefectRules([rule("PLEURISY", null, { priceRule: "GridPrice", amount: 0 })], SHEEP);
    expect(unruledDefects([carcass(["PLEURISY"])], rules)).toEqual([]);
  });

  test("a whole condemnation without a CONDEMNED rule is not paid; its other codes do not matter", () => {
    const found = unruledDefects([carcass(["GRASS-SEED"], "whole"), carcass([], "whole")], []);
    expect(codes(found)).toEqual([["CONDEMNED", 2]]);
    expect(found[0].message).toBe(
      "2 carcasses are condemned whole (CONDEMNED), which has no price rule: they are not paid.",
    );
    const ruled = speciesDefectRules([rule("CONDEMNED", null, { priceRule: "NoPayment" })], SHEEP);
    expect(unruledDefects([carcass(["GRASS-SEED"], "whole")], ruled)).toEqual([]);
  });

  test("a part condemnation is looked up as PART_CONDEMNED, beside the carcass's codes", () => {
    const found = unruledDefects([carcass(["BRUISE"], "part")], []);
    expect(codes(found)).toEqual([["BRUISE", 1], ["PART_CONDEMNED", 1]]);
    expect(found[1].message).toBe(
      "1 carcass is part condemned (PART_CONDEMNED), which has no price rule: it is paid at the grid price.",
    );
  });

  test("Settings › Carcass Defects says how an unruled code is paid in the same words", () => {
    for (const code of ["GRASS-SEED", "CONDEMNED", "PART_CONDEMNED"]) {
      expect(paidWords(code, null)).toBe(`No rule: ${unruledPaidWords(code)}`);
      expect(unruledMessage(code, 3)).toContain(unruledPaidWords(code));
    }
  });

  test("the invoice carries them as a warning: it stays publishable", () => {
    const inputs: InvoiceInputs = {
      speciesId: 3, // pigs: no skins to price
      isGstExempt: false,
      carcasses: [{
        id: 1,
        bodyNumber: 1,
        hscwKg: 70,
        fatScore: 2,
        fatDepthMm: null,
        defects: ["GRASS-SEED"],
        condemned: "none",
      }],
      basis: { speciesId: 3, grid: null, isServiceKill: false, serviceKillFeeCents: null, offGrid: null },
      defectRules: [],
      levies: [],
      leviesRemoved: false,
      skins: { price: null, counts: null },
      additionalLines: [],
      adjustments: new Map(),
      headCounts: {
        ordered: 1,
        delivered: 1,
        deadOnArrival: 0,
        unfitPreKillFloor: 0,
        sentToKillFloor: 1,
        processed: 1,
        condemned: 0,
        awaitingCarcassData: 0,
      },
    };
    const fixed = {
      ...inputs,
      basis: { ...inputs.basis, offGrid: { price: 5, per: "PerKgCarcass", type: "Fixed" } },
    } as InvoiceInputs;
    const inv = computeInvoice(fixed);
    expect(codes(inv.unruledDefects)).toEqual([["GRASS-SEED", 1]]);
    expect(inv.isPublishable).toBe(true);
    expect(inv.unableToPublishReasons.join(" ")).not.toContain("GRASS-SEED");
    // a service kill is charged a fee a head: no code changes it
    const serviceKill = {
      ...fixed,
      basis: { ...fixed.basis, isServiceKill: true, serviceKillFeeCents: 500 },
    };
    expect(computeInvoice(serviceKill).unruledDefects).toEqual([]);
  });
});
