import { describe, expect, test } from "vitest";
import { type CarcassInput, readCarcassRow } from "./rules.ts";
import { type SimulatedMob, simulateKill } from "./simulator.ts";

const DAY = "2026-11-20";
let nextMobId = 1;
const mob = (speciesId: number, speciesCategoryId: number | null, head: number, isMsaEligible = false) =>
  ({
    stockMobId: nextMobId++,
    livestockOrderId: 7,
    speciesId,
    speciesCategoryId,
    head,
    pic: "NA123456",
    isMsaEligible,
    lot: `L${nextMobId}`,
  }) satisfies SimulatedMob;

/** A mixed day: every category, cattle with and without MSA, category left out. */
const DAY_MOBS: SimulatedMob[] = [
  mob(1, 11, 800),
  mob(1, 12, 120),
  mob(1, 13, 300),
  mob(1, 14, 20),
  mob(1, null, 150),
  mob(2, 21, 40, true),
  mob(2, 22, 60, true),
  mob(2, 23, 200, true),
  mob(2, 24, 150, false),
  mob(2, 25, 120, true),
  mob(2, 26, 15, true),
  mob(2, null, 50),
  mob(3, 31, 100, true),
  mob(3, 32, 300),
  mob(3, 33, 30),
  mob(3, 34, 5),
  mob(4, 41, 60),
  mob(4, 42, 90),
  mob(5, 51, 40),
  { ...mob(2, 23, 25, true), lot: null },
];
const totalHead = (mobs: readonly SimulatedMob[]) => mobs.reduce((n, m) => n + m.head, 0);

/** A record as a CSV row gives it: every value as text, blanks for null. */
function toCsvRow(c: CarcassInput): Record<string, string> {
  const row: Record<string, string> = {};
  for (const [key, value] of Object.entries(c)) {
    row[key] = value === null
      ? ""
      : Array.isArray(value)
      ? value.join(";")
      : typeof value === "boolean"
      ? (value ? "Y" : "N")
      : String(value);
  }
  return row;
}

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const sd = (xs: readonly number[]) => {
  const m = mean(xs);
  return Math.sqrt(xs.reduce((a, b) => a + (b - m) ** 2, 0) / (xs.length - 1));
};

describe("simulateKill", () => {
  const records = simulateKill(DAY_MOBS, { productionDate: DAY, seed: 42, firstBodyNumber: 101 });

  test("one record per head, mobs in order, body numbers consecutive", () => {
    expect(records).toHaveLength(totalHead(DAY_MOBS));
    records.forEach((r, i) => {
      expect(r.bodyNumber).toBe(101 + i);
      expect(r.killSequence).toBe(r.bodyNumber);
      expect(r.productionDate).toBe(DAY);
    });
    const mobOrder = records.map((r) => r.stockMobId).filter((id, i, all) => id !== all[i - 1]);
    expect(mobOrder).toEqual(DAY_MOBS.map((m) => m.stockMobId));
    for (const m of DAY_MOBS) {
      const own = records.filter((r) => r.stockMobId === m.stockMobId);
      expect(own).toHaveLength(m.head);
      expect(own.every((r) => r.lot === m.lot)).toBe(true);
    }
    expect(simulateKill(DAY_MOBS.slice(0, 1), { productionDate: DAY, seed: 1 })[0].bodyNumber).toBe(1);
  });

  test("every record passes the validator, as a CSV row and as JSON", () => {
    records.forEach((r, i) => {
      expect(readCarcassRow(toCsvRow(r), i + 1)).toEqual({ carcass: r });
      expect(readCarcassRow(r as unknown as Record<string, unknown>, i + 1)).toEqual({ carcass: r });
    });
  });

  test("deterministic for a seed, different for another", () => {
    const opts = { productionDate: DAY, seed: 42, firstBodyNumber: 101 };
    expect(simulateKill(DAY_MOBS, opts)).toEqual(records);
    const other = simulateKill(DAY_MOBS, { ...opts, seed: 43 });
    expect(other).toHaveLength(records.length);
    expect(other.map((r) => r.hscwKg)).not.toEqual(records.map((r) => r.hscwKg));
  });

  test("categories, left-out categories and the fields each species has", () => {
    const byMob = (i: number) => records.filter((r) => r.stockMobId === DAY_MOBS[i].stockMobId);
    expect(new Set(byMob(4).map((r) => r.category))).toEqual(new Set(["Lamb"]));
    expect(new Set(byMob(11).map((r) => r.category))).toEqual(new Set(["Steer"]));
    expect(byMob(0).every((r) => r.dentition === 0 && r.rfid === null && r.skinGrade !== null)).toBe(true);
    expect(byMob(7).every((r) => r.sex === "C" && [0, 2, 4].includes(r.dentition!))).toBe(true);
    expect(byMob(9).every((r) => r.sex === "F" && r.dentition! >= 6)).toBe(true);
    expect(byMob(13).every((r) => r.skinGrade === null && r.dentition === null)).toBe(true);
    const cattle = records.filter((r) => r.rfid !== null);
    expect(cattle).toHaveLength(DAY_MOBS.filter((m) => m.speciesId === 2).reduce((n, m) => n + m.head, 0));
    expect(cattle.every((r) => /^982 \d{12}$/.test(r.rfid!))).toBe(true);
    expect(new Set(cattle.map((r) => r.rfid)).size).toBe(cattle.length);
    const graded = byMob(0).filter((r) => r.condemned !== "whole");
    expect(graded.every((r) => r.gradeCode === `L${r.fatScore}`)).toBe(true);
    expect(byMob(7).filter((r) => r.gradeCode).every((r) => /^(V|Y|YG|YP)[1-6]$/.test(r.gradeCode!))).toBe(
      true,
    );
  });

  test("MSA fields only on cattle of MSA-eligible mobs", () => {
    const eligible = new Set(
      DAY_MOBS.filter((m) => m.speciesId === 2 && m.isMsaEligible).map((m) => m.stockMobId),
    );
    for (const r of records) {
      if (r.msaOssification !== null) {
        expect(eligible.has(r.stockMobId!)).toBe(true);
        expect(r.sex).not.toBe("M");
      } else {
        expect([r.msaHumpMm, r.msaHangMethod, r.msaHgp, r.msaMarbling, r.msaUltimatePh, r.msaIndex])
          .toEqual([null, null, null, null, null, null]);
      }
    }
    const steers = records.filter((r) => r.stockMobId === DAY_MOBS[7].stockMobId && r.condemned !== "whole");
    expect(steers.every((r) => r.msaOssification !== null && r.msaMarbling !== null)).toBe(true);
    const graded = steers.filter((r) => r.msaIndex !== null).map((r) => r.msaIndex!);
    expect(mean(graded)).toBeGreaterThan(55);
    expect(mean(graded)).toBeLessThan(65);
  });

  test("distributions: steer weights, lamb fat, condemnations, defects, MSA pH", () => {
    const big = simulateKill([mob(2, 23, 5_000, true), mob(1, 11, 20_000)], { productionDate: DAY, seed: 7 });
    const steers = big.filter((r) => r.category === "Steer" && r.condemned !== "whole").map((r) => r.hscwKg);
    expect(Math.abs(mean(steers) - 300) / 300).toBeLessThan(0.03);
    expect(Math.abs(sd(steers) - 35) / 35).toBeLessThan(0.15);
    const lambs = big.filter((r) => r.category === "Lamb" && r.fatScore !== null);
    const midFat = lambs.filter((r) => r.fatScore! >= 2 && r.fatScore! <= 4).length / lambs.length;
    expect(midFat).toBeGreaterThan(0.85);
    const rate = (f: (r: CarcassInput) => boolean) => big.filter(f).length / big.length;
    expect(rate((r) => r.condemned === "whole")).toBeGreaterThan(0.0005);
    expect(rate((r) => r.condemned === "whole")).toBeLessThan(0.01);
    expect(rate((r) => r.condemned === "part")).toBeGreaterThan(0.01);
    expect(rate((r) => r.condemned === "part")).toBeLessThan(0.03);
    expect(rate((r) => r.defects.length > 0)).toBeGreaterThan(0.03);
    expect(rate((r) => r.defects.length > 0)).toBeLessThan(0.07);
    expect(big.filter((r) => r.condemned === "whole").every((r) => r.hscwKg === 0 && r.condemnedReason)).toBe(
      true,
    );
    const parts = big.filter((r) => r.condemned === "part");
    expect(parts.every((r) => r.trimKg >= 0.5 && r.trimKg <= 15 && r.condemnedReason && r.defects.length))
      .toBe(true);
    const ph = big.filter((r) => r.msaUltimatePh !== null).map((r) => r.msaUltimatePh!);
    expect(Math.abs(mean(ph) - 5.58)).toBeLessThan(0.02);
    const dark = ph.filter((x) => x > 5.7).length / ph.length;
    expect(dark).toBeGreaterThan(0.01);
    expect(dark).toBeLessThan(0.1);
    expect(rate((r) => r.skinGrade === "1")).toBeGreaterThan(0.7);
  });

  // its speed is measured by `deno task bench`, never asserted here (timings swing with the machine)
  test("a day of 20,000 head gives one record per head", () => {
    const mobs = [mob(1, 11, 12_000), mob(2, 23, 6_000, true), mob(3, 32, 2_000)];
    const out = simulateKill(mobs, { productionDate: DAY, seed: 5 });
    expect(out).toHaveLength(20_000);
    expect(new Set(out.map((r) => r.bodyNumber)).size).toBe(20_000);
  });

  test("an unknown species is refused", () => {
    expect(() => simulateKill([mob(9, null, 1)], { productionDate: DAY, seed: 1 })).toThrow(RangeError);
  });
});
