import { describe, expect, test } from "vitest";
import {
  addRuleHref,
  carcassDefectRows,
  categoryOfCode,
  type LiveDefectRule,
  paidWords,
  ruleFor,
  shareWords,
} from "./rules.ts";

const SHEEP = 1;
const CATTLE = 2;
const rules: LiveDefectRule[] = [
  { id: 1, code: "BRUISE", name: "Bruising", speciesId: null, priceRule: "PercentOff", amount: 10 },
  { id: 2, code: "BRUISE", name: "Lamb bruising", speciesId: SHEEP, priceRule: "CentsPerKgOff", amount: 40 },
  { id: 3, code: "CONDEMNED", name: "Condemned", speciesId: null, priceRule: "PercentOff", amount: 50 },
  { id: 4, code: "GRASS-SEED", name: "Grass seed", speciesId: SHEEP, priceRule: "CentsPerKgOff", amount: 30 },
  { id: 5, code: "PLEURISY", name: "Pleurisy", speciesId: null, priceRule: "GridPrice", amount: 0 },
];
const seen = (speciesId: number, code: string, carcasses: number) => ({
  speciesId,
  code,
  carcasses,
  firstDay: "2026-09-01",
  lastDay: "2026-11-20",
});

describe("which rule prices a code", () => {
  test("a species' own rule beats the every-species one; another species' rule does not apply", () => {
    expect(ruleFor(rules, SHEEP, "BRUISE")?.id).toBe(2);
    expect(ruleFor(rules, CATTLE, "BRUISE")?.id).toBe(1);
    expect(ruleFor(rules, CATTLE, "GRASS-SEED")).toBeNull();
  });

  test("the words say how it is paid, a whole condemnation paid a fixed amount or nothing", () => {
    expect(paidWords("ABSCESS", null)).toBe("No rule: paid at the grid price");
    expect(paidWords("PART_CONDEMNED", null)).toBe("No rule: paid at the grid price");
    expect(paidWords("CONDEMNED", null)).toBe("No rule: not paid");
    expect(paidWords("CONDEMNED", { priceRule: "PercentOff", amount: 50 })).toBe("Not paid");
    expect(paidWords("CONDEMNED", { priceRule: "FixedPerHead", amount: 1500 })).toBe("$15.00 a head");
    expect(paidWords("BRUISE", { priceRule: "PercentOff", amount: 10 })).toBe("10 % off the grid price");
  });
});

describe("a species' rows", () => {
  const rows = carcassDefectRows(
    CATTLE,
    [
      seen(CATTLE, "BRUISE", 30),
      seen(CATTLE, "ABSCESS", 2),
      seen(CATTLE, "GRASS-SEED", 5),
      seen(SHEEP, "ZZZ", 9),
      seen(CATTLE, "CONDEMNED", 1),
    ],
    400,
    rules,
  );

  test("codes without a rule first, then ruled codes by count, then rules nothing carried", () => {
    expect(rows.map((r) => [r.code, r.status])).toEqual([
      ["GRASS-SEED", "noRule"],
      ["ABSCESS", "noRule"],
      ["BRUISE", "ruled"],
      ["CONDEMNED", "ruled"],
      ["PLEURISY", "unused"],
    ]);
  });

  test("each reads its count, share, days and payment", () => {
    expect(rows[0]).toMatchObject({
      ruleId: null,
      name: "",
      carcasses: 5,
      sharePercent: 1.25,
      paid: "No rule: paid at the grid price",
      firstDay: "2026-09-01",
    });
    expect(rows[2]).toMatchObject({ ruleId: 1, name: "Bruising", everySpecies: true, sharePercent: 7.5 });
    expect(rows[3].paid).toBe("Not paid");
    expect(rows[4]).toMatchObject({
      ruleId: 5,
      carcasses: 0,
      firstDay: null,
      paid: "Paid at the grid price",
    });
  });

  test("a species' own rules nothing carried are listed once, by their own rule", () => {
    const sheep = carcassDefectRows(SHEEP, [], 0, rules);
    expect(sheep.map((r) => [r.code, r.ruleId])).toEqual([
      ["BRUISE", 2],
      ["CONDEMNED", 3],
      ["GRASS-SEED", 4],
      ["PLEURISY", 5],
    ]);
    expect(sheep[0].sharePercent).toBeNull();
  });
});

test("shares and suggested categories read plainly", () => {
  expect(shareWords(null)).toBe("—");
  expect(shareWords(0.004)).toBe("< 0.01 %");
  expect(shareWords(1.25)).toBe("1.25 %");
  expect(shareWords(12.345)).toBe("12.3 %");
  expect(categoryOfCode("GRASS-SEED")).toBe("Grass seed");
  expect(categoryOfCode("PART_CONDEMNED")).toBe("Part condemned");
});

describe("the link that adds a rule", () => {
  const form = "/settings/invoicesettings/newDefectDetail";
  test("fills in the code and species and returns to the tab, or to the draft that opened it", () => {
    expect(addRuleHref(form, { code: "GRASS-SEED", speciesId: SHEEP }))
      .toBe(`${form}?code=GRASS-SEED&speciesId=1&back=carcassDefects`);
    expect(addRuleHref(form, { code: "GRASS-SEED", speciesId: SHEEP }, 42))
      .toBe(`${form}?code=GRASS-SEED&speciesId=1&back=invoice&invoiceId=42`);
  });
  test("leaves out a code the form cannot take from its address", () => {
    expect(addRuleHref(form, { code: "GRASS SEED", speciesId: CATTLE }))
      .toBe(`${form}?speciesId=2&back=carcassDefects`);
  });
});
