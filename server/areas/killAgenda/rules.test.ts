import { describe, expect, test } from "vitest";
import { MOB_STATUS, ORDER_STATUS } from "../../../kernel/enums.ts";
import {
  assignLots,
  estimatedCarcasses,
  focusDayProblem,
  formatCarcasses,
  groupsOf,
  insertGroup,
  isUnscheduled,
  itemStatus,
  keepLotsTogether,
  lotMissing,
  lotReference,
  moveGroup,
  moveTo,
  planningDays,
  reconcile,
  refuseDrop,
  splitLot,
} from "./rules.ts";

const TODAY = "2026-11-23";
const mob = (mobStatus: number, planned: string | null, applicable: string | null) => ({
  mobStatus,
  plannedProductionDate: planned,
  applicableProductionDate: applicable,
});

describe("unscheduled mobs (spec 1 §4)", () => {
  test("in paddock or moving between yards without a planned day", () => {
    expect(isUnscheduled(mob(MOB_STATUS.InPaddock, null, null), TODAY)).toBe(true);
    expect(isUnscheduled(mob(MOB_STATUS.MovingBetweenYards, null, "2026-11-25"), TODAY)).toBe(true);
    expect(isUnscheduled(mob(MOB_STATUS.InPaddock, "2026-11-25", "2026-11-25"), TODAY)).toBe(false);
    expect(isUnscheduled(mob(MOB_STATUS.InYard, null, "2026-11-25"), TODAY)).toBe(false);
  });

  test("or its production day is before today, unless it was killed or condemned", () => {
    expect(isUnscheduled(mob(MOB_STATUS.InYard, null, "2026-11-22"), TODAY)).toBe(true);
    expect(isUnscheduled(mob(MOB_STATUS.ReadyToProcess, "2026-11-20", "2026-11-20"), TODAY)).toBe(true);
    expect(isUnscheduled(mob(MOB_STATUS.InYard, null, TODAY), TODAY)).toBe(false);
    expect(isUnscheduled(mob(MOB_STATUS.AtKillFloor, null, "2026-11-22"), TODAY)).toBe(false);
    expect(isUnscheduled(mob(MOB_STATUS.Unfit, null, "2026-11-22"), TODAY)).toBe(false);
  });
});

describe("the planner's drop rules (spec 1 §4)", () => {
  const drop = (mobStatus: number | null, isUnscheduled = false, to = "2026-11-24") =>
    refuseDrop({ mobStatus, isUnscheduled, lot: "S2311-01" }, to, TODAY);

  test("mobs at kill floor stage or later move", () => {
    for (const s of [MOB_STATUS.AtKillFloor, MOB_STATUS.PendingKillFloorMove, MOB_STATUS.ReadyToProcess]) {
      expect(drop(s)).toBeNull();
    }
  });

  test("unscheduled mobs and expected orders move", () => {
    expect(drop(MOB_STATUS.InPaddock, true)).toBeNull();
    expect(drop(MOB_STATUS.InYard, true)).toBeNull();
    expect(drop(null)).toBeNull();
  });

  test("earlier mobs are refused with the reason; unfit stock and past days too", () => {
    expect(drop(MOB_STATUS.InYard)).toMatch(/S2311-01 is still in the yard.*ready for the kill floor/);
    expect(drop(MOB_STATUS.InPaddock)).toMatch(/in the paddock/);
    expect(drop(MOB_STATUS.MovingBetweenYards)).toMatch(/moving between yards/);
    expect(drop(MOB_STATUS.Unfit)).toMatch(/unfit/);
    expect(drop(null, false, "2026-11-22")).toMatch(/today or later/);
  });
});

describe("estimated carcasses (spec 1 §5)", () => {
  test("beef and pig round to halves", () => {
    expect(estimatedCarcasses(50, 2)).toBe(49.5);
    expect(estimatedCarcasses(30, 2)).toBe(29.5);
    expect(estimatedCarcasses(10, 3)).toBe(10);
    expect(formatCarcasses(49.5)).toBe("49½");
    expect(formatCarcasses(2.5)).toBe("2½");
  });

  test("other species round a fraction above .5 up, and .5 or less down", () => {
    expect(estimatedCarcasses(100, 1)).toBe(99); // 99.5: not above .5
    expect(estimatedCarcasses(300, 1)).toBe(298); // 298.5
    expect(estimatedCarcasses(150, 1)).toBe(149); // 149.25 → 149
    expect(estimatedCarcasses(1000, 1)).toBe(995);
    expect(estimatedCarcasses(190, 1)).toBe(189); // 189.05
    expect(estimatedCarcasses(130, 1)).toBe(129); // 129.35
    expect(estimatedCarcasses(260, 4)).toBe(257); // 257.4
    expect(estimatedCarcasses(70, 4)).toBe(69); // 69.3
    expect(estimatedCarcasses(160, 4)).toBe(158); // 158.4
    expect(estimatedCarcasses(170, 4)).toBe(168); // 168.3
    expect(estimatedCarcasses(60, 5)).toBe(59); // 59.4
    expect(estimatedCarcasses(190, 5)).toBe(188); // 188.1
    expect(estimatedCarcasses(351, 4)).toBe(347); // 347.49
    expect(estimatedCarcasses(45, 4)).toBe(45); // 44.55: above .5 rounds up
    expect(formatCarcasses(1234)).toBe("1,234");
  });
});

describe("planning days and the focus day", () => {
  test("seven days from the focus day; not before today (spec 1 §5, §9)", () => {
    expect(planningDays("2026-11-30")).toEqual([
      "2026-11-30",
      "2026-12-01",
      "2026-12-02",
      "2026-12-03",
      "2026-12-04",
      "2026-12-05",
      "2026-12-06",
    ]);
    expect(focusDayProblem("2026-11-22", TODAY)).toMatch(/today or later/);
    expect(focusDayProblem(TODAY, TODAY)).toBeNull();
  });
});

describe("lot references", () => {
  const lotOf = (n: number) => lotReference(2, "2026-11-24", n, null);

  test("species letter, day and month, the site when there are several, the place", () => {
    expect(lotOf(3)).toBe("B2411-03");
    expect(lotReference(1, "2026-11-24", 12, 2)).toBe("S2411/2-12");
  });

  test("before printing they follow the kill order; an order's mobs share a lot with suffixes", () => {
    const items = [
      { livestockOrderId: 7, stockMobId: 70, lot: "B2411-02" },
      { livestockOrderId: 5, stockMobId: null, lot: null },
      { livestockOrderId: 7, stockMobId: 71, lot: "B2411-02" },
    ];
    expect(assignLots(items, lotOf, false)).toEqual([
      { lot: "B2411-01", suffix: "A" },
      { lot: "B2411-02", suffix: "" },
      { lot: "B2411-01", suffix: "B" },
    ]);
  });

  test("once printed a lot is kept and an order new to the day gets the next number", () => {
    const items = [
      { livestockOrderId: 5, stockMobId: null, lot: "B2411-02" },
      { livestockOrderId: 9, stockMobId: 90, lot: "S2011-04" },
      { livestockOrderId: 7, stockMobId: 70, lot: "B2411-01" },
    ];
    expect(assignLots(items, lotOf, true).map((l) => l.lot)).toEqual(["B2411-02", "B2411-03", "B2411-01"]);
  });

  test("once sent a mob keeps its suffix after a merge or a reorder; a mob new to the order takes a free letter", () => {
    // mob 71 (B) was merged away; 73 (D) moved first; 74 split off since
    const items = [
      { livestockOrderId: 7, stockMobId: 73, lot: "B2411-01", suffix: "D" },
      { livestockOrderId: 7, stockMobId: 70, lot: "B2411-01", suffix: "A" },
      { livestockOrderId: 7, stockMobId: 72, lot: "B2411-01", suffix: "C" },
      { livestockOrderId: 7, stockMobId: 74, lot: "B2411-01", suffix: "D" },
      { livestockOrderId: 8, stockMobId: 80, lot: "B2411-02", suffix: "" },
    ];
    expect(assignLots(items, lotOf, true)).toEqual([
      { lot: "B2411-01", suffix: "D" },
      { lot: "B2411-01", suffix: "A" },
      { lot: "B2411-01", suffix: "C" },
      { lot: "B2411-01", suffix: "B" },
      { lot: "B2411-02", suffix: "" },
    ]);
  });
});

describe("a day's items against what is planned (reconcile)", () => {
  test("kept items keep their place; gone ones leave; new ones go last", () => {
    const existing = [
      { id: 1, livestockOrderId: 10, stockMobId: 100 },
      { id: 2, livestockOrderId: 20, stockMobId: 200 },
      { id: 3, livestockOrderId: 30, stockMobId: 300 },
    ];
    const next = reconcile(existing, [
      { livestockOrderId: 30, stockMobId: 300 },
      { livestockOrderId: 10, stockMobId: 100 },
      { livestockOrderId: 40, stockMobId: 400 },
    ]);
    expect(next.map((s) => s.id ?? s.stockMobId)).toEqual([1, 3, 400]);
  });

  test("a delivered order hands its place to its mobs; an order's new mob follows it", () => {
    const existing = [
      { id: 1, livestockOrderId: 10, stockMobId: null },
      { id: 2, livestockOrderId: 20, stockMobId: 200 },
      { id: 3, livestockOrderId: 30, stockMobId: 300 },
    ];
    const next = reconcile(existing, [
      { livestockOrderId: 10, stockMobId: 101 },
      { livestockOrderId: 10, stockMobId: 102 },
      { livestockOrderId: 20, stockMobId: 200 },
      { livestockOrderId: 20, stockMobId: 201 },
      { livestockOrderId: 30, stockMobId: 300 },
    ]);
    expect(next.map((s) => s.id ?? s.stockMobId)).toEqual([101, 102, 2, 201, 3]);
  });

  test("moveTo puts an element at a place", () => {
    expect(moveTo(["a", "b", "c", "d"], 0, 2)).toEqual(["b", "c", "a", "d"]);
    expect(moveTo(["a", "b", "c"], 2, 0)).toEqual(["c", "a", "b"]);
    expect(moveTo(["a", "b"], 0, 9)).toEqual(["b", "a"]);
  });
});

describe("boxed lots: several orders killed as one", () => {
  // items named by letter; b1, b2 (and b3) are one boxed lot "BOX-2"
  const lot = (x: string) => (x.startsWith("b") ? "BOX-2" : null);

  test("a lot's consecutive items are one card; apart, they are two", () => {
    expect(groupsOf(["a", "b1", "b2", "c"], lot)).toEqual([["a"], ["b1", "b2"], ["c"]]);
    expect(groupsOf(["b1", "a", "b2"], lot)).toEqual([["b1"], ["a"], ["b2"]]);
  });

  test("a sync gathers a lot's items to where its first one is; the rest keep their order", () => {
    expect(keepLotsTogether(["a", "b1", "c", "b2", "d"], lot)).toEqual(["a", "b1", "b2", "c", "d"]);
    expect(keepLotsTogether(["a", "c"], lot)).toEqual(["a", "c"]);
  });

  test("moving a lot within a day moves all its items, up or down; without lots it is moveTo", () => {
    const day = ["a", "b1", "b2", "c", "d"];
    expect(moveGroup(day, lot, 1, 3)).toEqual(["a", "c", "b1", "b2", "d"]);
    expect(moveGroup(day, lot, 1, 0)).toEqual(["b1", "b2", "a", "c", "d"]);
    expect(moveGroup(day, lot, 1, 9)).toEqual(["a", "c", "d", "b1", "b2"]);
    // a lone item dropped on the lot's second item goes before or after the whole lot, never inside it
    expect(moveGroup(day, lot, 0, 2)).toEqual(["b1", "b2", "a", "c", "d"]);
    expect(moveGroup(day, lot, 4, 2)).toEqual(["a", "d", "b1", "b2", "c"]);
    expect(moveGroup(["a", "b", "c"], () => null, 0, 2)).toEqual(moveTo(["a", "b", "c"], 0, 2));
  });

  test("a lot dropped on another day goes whole before the card dropped on, or last", () => {
    expect(insertGroup(["x", "y"], lot, ["b1", "b2"], 1)).toEqual(["x", "b1", "b2", "y"]);
    expect(insertGroup(["x", "y"], lot, ["b1", "b2"], 5)).toEqual(["x", "y", "b1", "b2"]);
    expect(insertGroup(["x", "b3"], lot, ["a"], 1)).toEqual(["x", "a", "b3"]);
  });

  test("a kill order that cuts a lot in two is found", () => {
    expect(splitLot(["a", "b1", "b2", "c"], lot)).toBeNull();
    expect(splitLot(["b1", "a", "b2"], lot)).toBe("BOX-2");
  });

  test("what a day's lot is missing, in words", () => {
    const members = [
      { livestockOrderId: 2, supplierName: "Hill Farm", productionDates: ["2026-11-23"] },
      { livestockOrderId: 5, supplierName: "Ridge Co", productionDates: [] },
      { livestockOrderId: 7, supplierName: "Vale", productionDates: ["2026-11-26"] },
    ];
    expect(lotMissing(members, new Set([2]))).toEqual([
      "Order 5 (Ridge Co) is not delivered yet",
      "Order 7 (Vale) is planned for Thu 26 Nov",
    ]);
    expect(lotMissing(members, new Set([2, 5, 7]))).toEqual([]);
  });
});

describe("an item's status on the agenda (itemStatus)", () => {
  test("an order not yet delivered is expected; a mob reads as where it stands", () => {
    expect(itemStatus(null, ORDER_STATUS.Ordered)).toBe("Expected");
    expect(itemStatus(null, ORDER_STATUS.Confirmed)).toBe("Expected (confirmed)");
    expect(itemStatus(MOB_STATUS.PendingKillFloorMove, ORDER_STATUS.Unloaded)).toBe("Going to kill floor");
    expect(itemStatus(MOB_STATUS.ReadyToProcess, ORDER_STATUS.Unloaded)).toBe("Ready");
    expect(itemStatus(99, ORDER_STATUS.Unloaded)).toBe("In yard");
  });
});
