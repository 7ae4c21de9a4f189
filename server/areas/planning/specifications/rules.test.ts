import { describe, expect, it } from "vitest";
import {
  carcassTypesMet,
  type JudgedCarcass,
  meetsSpecification,
  ruleProblem,
  ruleSummary,
} from "./rules.ts";

const carcass = (over: Partial<JudgedCarcass> = {}): JudgedCarcass => ({
  hscwKg: 21,
  fatDepthMm: 10,
  fatScore: 3,
  dentition: 2,
  sex: "F",
  msaIndex: 58,
  msaMarbling: 300,
  msaOssification: 150,
  ...over,
});
const hscw = { id: 1, metric: "hscwKg", minValue: 18, maxValue: 24, textValue: null };
const gr = { id: 2, metric: "fatDepthMm", minValue: 6, maxValue: 15, textValue: null };

describe("carcass specifications", () => {
  it("takes both bounds as inside (HSCW 18–24 kg) and refuses just outside", () => {
    expect(meetsSpecification(carcass({ hscwKg: 18 }), hscw)).toBe(true);
    expect(meetsSpecification(carcass({ hscwKg: 24 }), hscw)).toBe(true);
    expect(meetsSpecification(carcass({ hscwKg: 17.99 }), hscw)).toBe(false);
    expect(meetsSpecification(carcass({ hscwKg: 24.01 }), hscw)).toBe(false);
  });
  it("fails a carcass without the field, and reads open bounds", () => {
    expect(meetsSpecification(carcass({ fatDepthMm: null }), gr)).toBe(false);
    expect(meetsSpecification(carcass({ fatDepthMm: 40 }), { ...gr, maxValue: null })).toBe(true);
    expect(meetsSpecification(carcass({ fatDepthMm: 1 }), { ...gr, minValue: null })).toBe(true);
  });
  it("judges sex by the allowed letters", () => {
    const male = { id: 3, metric: "sex", minValue: null, maxValue: null, textValue: "M" };
    expect(meetsSpecification(carcass({ sex: "m" }), male)).toBe(true);
    expect(meetsSpecification(carcass({ sex: "F" }), male)).toBe(false);
    expect(meetsSpecification(carcass({ sex: null }), male)).toBe(false);
  });
  it("meets a type only when every rule passes", () => {
    const types = [{ id: 10, rules: [hscw, gr] }, { id: 11, rules: [hscw] }, { id: 12, rules: [] }];
    expect(carcassTypesMet(carcass(), types)).toEqual([10, 11, 12]);
    expect(carcassTypesMet(carcass({ fatDepthMm: 16 }), types)).toEqual([11, 12]);
    expect(carcassTypesMet(carcass({ hscwKg: 30 }), types)).toEqual([12]);
  });
  it("says a rule in plain words and refuses rules that cannot work", () => {
    expect(ruleSummary(hscw)).toBe("HSCW 18–24 kg");
    expect(ruleSummary({ ...gr, maxValue: null })).toBe("GR fat depth ≥ 6 mm");
    expect(ruleProblem({ ...hscw, minValue: 25 })).toMatch(/minimum is above/);
    expect(ruleProblem({ ...hscw, minValue: null, maxValue: null })).toMatch(/minimum, a maximum/);
    expect(ruleProblem({ ...hscw, metric: "colour" })).toMatch(/kill floor field/);
    expect(ruleProblem({ metric: "sex", minValue: null, maxValue: null, textValue: "X" })).toMatch(/M, F/);
    expect(ruleProblem(hscw)).toBeNull();
  });
});
