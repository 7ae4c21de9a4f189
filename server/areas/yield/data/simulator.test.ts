import { describe, expect, it } from "vitest";
import { boneRun, pack, simulatedHscw } from "./simulator.ts";
import { BEEF, flatCodes, LAMB } from "./reference.ts";
import { shareOf } from "./rebuild.ts";
import { massBalance, type ProductKind } from "../rules.ts";
import { seeded } from "../../seeded.ts";
import { driftFactor, runFactors, SEASON_DAYS } from "./seed.ts";

const byKind = (cartons: ReturnType<typeof boneRun>, codes: ReturnType<typeof flatCodes>) => {
  const kind = new Map(codes.map((c) => [c.code, c.kind]));
  const out: Partial<Record<ProductKind, number>> = {};
  for (const c of cartons) out[kind.get(c.code)!] = (out[kind.get(c.code)!] ?? 0) + c.netKg;
  return out;
};

describe("the boning simulator", () => {
  const codes = flatCodes(BEEF);
  const run = { hscwKg: 300 * 80, codes, seed: 42, serialPrefix: "T" };

  it("is deterministic for a seed", () => {
    expect(boneRun(run)).toEqual(boneRun(run));
    expect(boneRun({ ...run, seed: 43 })).not.toEqual(boneRun(run));
  });

  it("makes each code near its standard and closes the balance near the standard's total", () => {
    const cartons = boneRun(run);
    const kinds = byKind(cartons, codes);
    const lines = massBalance(kinds, run.hscwKg);
    const product = lines.find((l) => l.kind === "product")!.percent;
    expect(product).toBeGreaterThan(69);
    expect(product).toBeLessThan(71);
    const unaccounted = lines.find((l) => l.kind === "unaccounted")!.percent;
    expect(unaccounted).toBeGreaterThan(0.5);
    expect(unaccounted).toBeLessThan(3.5);
    expect(lines.reduce((s, l) => s + l.percent, 0)).toBeCloseTo(100, 6);
  });

  it("packs product in 10–27 kg cartons, bins for bone, fat and trim, with unique serials", () => {
    const cartons = boneRun(run);
    const kind = new Map(codes.map((c) => [c.code, c.kind]));
    for (const c of cartons.filter((c) => kind.get(c.code) === "product")) {
      expect(c.netKg).toBeLessThanOrEqual(27);
    }
    const full = cartons.filter((c) => kind.get(c.code) === "product" && c.netKg >= 10);
    expect(full.length / cartons.length).toBeGreaterThan(0.9);
    expect(new Set(cartons.map((c) => c.serial)).size).toBe(cartons.length);
  });

  it("a run under standard makes less product and more trim; a drifting code drops alone", () => {
    const lamb = flatCodes(LAMB);
    const base = { hscwKg: 24 * 600, codes: lamb, seed: 7, serialPrefix: "L" };
    const normal = byKind(boneRun(base), lamb);
    const short = byKind(boneRun({ ...base, runFactor: 0.95 }), lamb);
    expect(short.product! / normal.product!).toBeCloseTo(0.95, 2);
    expect(short.trim!).toBeGreaterThan(normal.trim!);
    const kgOf = (cartons: ReturnType<typeof boneRun>, code: string) =>
      cartons.filter((c) => c.code === code).reduce((s, c) => s + c.netKg, 0);
    const drifted = boneRun({ ...base, drift: { "L-RACK-FR": 0.9 } });
    expect(kgOf(drifted, "L-RACK-FR") / kgOf(boneRun(base), "L-RACK-FR")).toBeCloseTo(0.9, 2);
    expect(kgOf(drifted, "L-LOIN")).toBeCloseTo(kgOf(boneRun(base), "L-LOIN"), 6);
  });

  it("pack keeps the total to the rounding and the sizes near the target", () => {
    const sizes = pack(1000, [18, 27], seeded(1).next);
    expect(sizes.reduce((s, k) => s + k, 0)).toBeCloseTo(1000, 0);
    for (const k of sizes) expect(k > 15 && k <= 27).toBe(true);
    expect(pack(0.2, [18, 27], seeded(1).next)).toEqual([]);
    expect(pack(6, [18, 27], seeded(1).next)).toEqual([6]);
  });

  it("HSCW of runs without carcasses follows the species' profile", () => {
    const kg = simulatedHscw(1, 1000, 3);
    expect(kg / 1000).toBeGreaterThan(23);
    expect(kg / 1000).toBeLessThan(25);
    expect(simulatedHscw(1, 1000, 3)).toBe(kg);
  });
});

describe("a mob boned in several runs", () => {
  it("is shared by the kg each run weighed, equally while none has", () => {
    expect(shareOf(1, [1], new Map())).toBe(1);
    expect(shareOf(1, [1, 2], new Map())).toBe(0.5);
    expect(shareOf(1, [1, 2], new Map([[1, 300], [2, 100]]))).toBe(0.75);
    expect(shareOf(2, [1, 2], new Map([[1, 300]]))).toBe(0);
  });
});

describe("the demo season's centring", () => {
  const today = "2026-12-02";
  const runs = ["2026-11-20", "2026-11-27", "2026-11-30", "2026-12-01", "2026-12-02"].flatMap((
    productionDate,
  ) =>
    [1, 2].flatMap((speciesId) =>
      (["day", "day", "night", "night"] as const).map((shift, i) => ({
        speciesId,
        tenantSiteId: 7,
        productionDate,
        shift,
        hscwKg: 1000 + 100 * i,
      }))
    )
  );

  it("one run and one night shift a species below; the plant's week around standard", () => {
    const factors = runFactors(runs, today);
    for (const speciesId of [1, 2]) {
      const pick = (f: (x: number) => boolean) =>
        runs.filter((r, i) => r.speciesId === speciesId && f(factors[i]))
          .map(({ productionDate, shift }) => ({ productionDate, shift }));
      // the first day run of the last boning day before today
      expect(pick((f) => f === 0.95)).toEqual([{ productionDate: "2026-12-01", shift: "day" }]);
      // the night shift of the boning day before that
      expect(pick((f) => f === 0.97)).toEqual([
        { productionDate: "2026-11-30", shift: "night" },
        { productionDate: "2026-11-30", shift: "night" },
      ]);
      // outside the week and today: at standard; in it the others make up the loss
      expect(pick((f) => f === 1).map((r) => r.productionDate).sort()).toEqual([
        ...Array(4).fill("2026-11-20"),
        ...Array(4).fill("2026-12-02"),
      ]);
      const week = runs.map((r, i) => ({ r, f: factors[i] }))
        .filter(({ r }) =>
          r.speciesId === speciesId && r.productionDate >= "2026-11-25" && r.productionDate < today
        );
      const product = week.reduce((sum, { r, f }) => sum + r.hscwKg * f, 0);
      expect(product / week.reduce((sum, { r }) => sum + r.hscwKg, 0)).toBeCloseTo(1, 9);
    }
  });

  it("drifts one code down through standard halfway through the season", () => {
    expect(driftFactor(0)).toBeGreaterThan(1);
    expect(driftFactor(SEASON_DAYS / 2)).toBe(1);
    expect(driftFactor(SEASON_DAYS)).toBeLessThan(1);
    expect(driftFactor(0) - 1).toBeCloseTo(1 - driftFactor(SEASON_DAYS), 9);
  });
});
