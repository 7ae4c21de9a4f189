import { describe, expect, it } from "vitest";
import { flatCodes, SPECIES_REFERENCE } from "./reference.ts";

describe("yield reference data", () => {
  for (const ref of Object.values(SPECIES_REFERENCE)) {
    const codes = flatCodes(ref);
    it(`${ref.productType}: product, bone, fat and trim close to 97–99 % of HSCW`, () => {
      const total = codes.reduce((s, c) => s + c.percent, 0);
      expect(total).toBeGreaterThanOrEqual(97);
      expect(total).toBeLessThanOrEqual(99);
      const saleable = codes.filter((c) => c.kind === "product").reduce((s, c) => s + c.percent, 0);
      expect(saleable).toBeGreaterThanOrEqual(68);
      expect(saleable).toBeLessThanOrEqual(76);
    });
    it(`${ref.productType}: codes unique, 1–4 a cut, bone fat and trim once each`, () => {
      expect(new Set(codes.map((c) => c.code)).size).toBe(codes.length);
      for (const s of ref.bodySegments) {
        for (const p of s.primals) for (const cu of p.cuts) expect(cu.codes.length).toBeLessThanOrEqual(4);
      }
      expect(ref.byproducts.map((b) => b.kind).sort()).toEqual(["bone", "fat", "trim"]);
    });
  }
});
