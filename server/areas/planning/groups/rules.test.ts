import { describe, expect, test } from "vitest";
import {
  adjustmentProblem,
  applyAdjustments,
  baseGroups,
  dayGroups,
  fatFactor,
  type PlannableCarcass,
  splitGroup,
} from "./rules.ts";

const carcass = (id: number, hscwKg: number, fatMm: number | null, specs: number[], day = "2026-12-02") =>
  ({ id, dateValue: day, hscwKg, fatMm, specificationIds: specs }) satisfies PlannableCarcass;

const day = [
  carcass(1, 18, 8, [2, 1]),
  carcass(2, 22, 14, [1, 2]),
  carcass(3, 24, 16, [1]),
  carcass(4, 19, null, []),
  carcass(5, 21, 10, [1], "2026-12-03"),
];

describe("carcass groups", () => {
  test("group by the set of specifications met, per day, in order", () => {
    const groups = baseGroups(day);
    expect(groups.map((g) => [g.id, g.head, g.hscwKg])).toEqual([
      ["2026-12-02:1", 1, 24],
      ["2026-12-02:1.2", 2, 40],
      ["2026-12-02:none", 1, 19],
      ["2026-12-03:1", 1, 21],
    ]);
    expect(groups[1].averageFatMm).toBe(11);
    expect(groups[1].isPredicted).toBe(false);
    expect(baseGroups([carcass(-1, 20, 12, [1])])[0].isPredicted).toBe(true);
  });

  test("fat factor: standard at the reference, less for fatter carcasses, bounded", () => {
    expect(fatFactor(12, 12)).toBe(1);
    expect(fatFactor(null, 12)).toBe(1);
    expect(fatFactor(17, 12)).toBeCloseTo(0.96);
    expect(fatFactor(80, 12)).toBe(0.9);
    expect(fatFactor(0, 60)).toBe(1.1);
  });

  test("split by weight keeps every carcass on one side, limits say where", () => {
    const [group] = baseGroups(day.filter((c) => c.specificationIds.length === 2));
    const [under, over] = splitGroup(group, "weight", 20);
    expect(under.id).toBe("2026-12-02:1.2|w<=20");
    expect(over.id).toBe("2026-12-02:1.2|w>20");
    expect([under.head, over.head]).toEqual([1, 1]);
    expect(under.limits).toEqual(["HSCW ≤ 20 kg"]);
    expect(under.hscwKg + over.hscwKg).toBe(group.hscwKg);
    const [lean, fat] = splitGroup(group, "fat", 14);
    expect([lean.head, fat.head]).toEqual([2, 0]);
    expect(fat.limits).toEqual(["fat > 14 mm"]);
  });

  test("adjustments replay in order: split, then move one half; a stale one is skipped", () => {
    const groups = applyAdjustments(baseGroups(day), [
      { kind: "split", groupId: "2026-12-02:1.2", by: "weight", at: 20 },
      { kind: "move", groupId: "2026-12-02:1.2|w>20", toDate: "2026-12-03" },
      { kind: "move", groupId: "gone", toDate: "2026-12-04" },
    ]);
    expect(groups.map((g) => `${g.id}@${g.dateValue}`)).toEqual([
      "2026-12-02:1@2026-12-02",
      "2026-12-02:1.2|w<=20@2026-12-02",
      "2026-12-02:1.2|w>20@2026-12-03",
      "2026-12-02:none@2026-12-02",
      "2026-12-03:1@2026-12-03",
    ]);
    const days = dayGroups(groups, 1, 7);
    expect(days.map((d) => [d.processingDateValue, d.totalCount, d.totalWeight])).toEqual([
      ["2026-12-02", 3, 61],
      ["2026-12-03", 2, 43],
    ]);
    expect("members" in days[0].groups[0]).toBe(false);
  });

  test("adjustment problems", () => {
    const groups = baseGroups(day);
    expect(adjustmentProblem(groups, { kind: "split", groupId: "x", by: "fat", at: 3 })).toMatch(/no longer/);
    expect(adjustmentProblem(groups, { kind: "split", groupId: "2026-12-02:1", by: "fat", at: 3 })).toMatch(
      /fewer/,
    );
    expect(adjustmentProblem(groups, { kind: "split", groupId: "2026-12-02:1.2", by: "fat", at: 0 })).toMatch(
      /above/,
    );
    expect(adjustmentProblem(groups, { kind: "move", groupId: "2026-12-02:1", toDate: "2026-12-02" }))
      .toMatch(/already/);
    expect(adjustmentProblem(groups, { kind: "move", groupId: "2026-12-02:1", toDate: "2026-12-05" }))
      .toBeNull();
  });
});
