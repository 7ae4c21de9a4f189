import { describe, expect, it, test } from "vitest";
import { MOB_STATUS } from "../../../kernel/enums.ts";
import {
  mergeQuestion,
  normalisePen,
  normaliseRfid,
  overCapacity,
  PEN_MIN_SIZE,
  penStatus,
  refuseHead,
  refuseLoad,
  rfidDiscrepancies,
  settleSeparatedHead,
  statusInYard,
  statusWhenMarkedPending,
  statusWhenUnmarkedPending,
  yardTakes,
} from "./rules.ts";

const mob = (over: Partial<Parameters<typeof penStatus>[0]["contents"][0]> = {}) => ({
  stockMobId: 1,
  livestockOrderId: 7,
  head: 20,
  separatedHead: 0,
  mobStatus: MOB_STATUS.InYard,
  incompleteChecks: [] as string[],
  ...over,
});
const pen = (over: Partial<Parameters<typeof penStatus>[0]> & { isOperational?: boolean } = {}) => ({
  name: "A1",
  isOperational: true,
  livestockOrderReservedForId: null,
  isContentPendingKill: false,
  contents: [],
  ...over,
});

describe("pen status (spec 1 §4, derived)", () => {
  it("is pending, reserved, stocked, ready to empty or empty, in that order", () => {
    expect(penStatus(pen())).toBe("empty");
    expect(penStatus(pen({ contents: [mob({ incompleteChecks: ["NVD checked"] })] }))).toBe("stocked");
    expect(penStatus(pen({ contents: [mob()] }))).toBe("readyToEmpty");
    expect(penStatus(pen({ contents: [mob({ separatedHead: 2 })] }))).toBe("stocked");
    expect(penStatus(pen({ livestockOrderReservedForId: 7 }))).toBe("reserved");
    expect(penStatus(pen({ livestockOrderReservedForId: 7, contents: [mob()] }))).toBe("reserved");
    expect(penStatus(pen({ isContentPendingKill: true, livestockOrderReservedForId: 7, contents: [mob()] })))
      .toBe("pending");
    // the mark means nothing once the pen is empty
    expect(penStatus(pen({ isContentPendingKill: true }))).toBe("empty");
  });
});

describe("loading a pen (spec 1 §5)", () => {
  it("takes an empty pen, one reserved for the order, or one holding the order", () => {
    expect(refuseLoad(pen(), 7)).toBeNull();
    expect(refuseLoad(pen({ livestockOrderReservedForId: 7 }), 7)).toBeNull();
    expect(refuseLoad(pen({ contents: [mob()] }), 7)).toBeNull();
  });
  it("refuses another order's pen, a pen reserved for another order and a pen not in use", () => {
    expect(refuseLoad(pen({ contents: [mob({ livestockOrderId: 8 })] }), 7)).toMatch(/another order's stock/);
    expect(refuseLoad(pen({ livestockOrderReservedForId: 8 }), 7)).toMatch(/reserved for another order/);
    expect(refuseLoad(pen({ isOperational: false }), 7)).toMatch(/not in use/);
  });
  it("a pen's emptied mobs (head 0) bind it to no order", () => {
    expect(refuseLoad(pen({ contents: [mob({ livestockOrderId: 8, head: 0 })] }), 7)).toBeNull();
  });
  it("a boxed lot's orders may share a pen, and only theirs", () => {
    const lotMate = mob({ livestockOrderId: 8, boxedLotRef: "BOX-8" });
    expect(refuseLoad(pen({ contents: [lotMate] }), 7, "BOX-8")).toBeNull();
    expect(
      refuseLoad(
        pen({ contents: [lotMate, mob({ livestockOrderId: 9, boxedLotRef: "BOX-8" })] }),
        7,
        "BOX-8",
      ),
    )
      .toBeNull();
    // another lot, an order not boxed, or a mob of no lot coming in: refused as before
    expect(refuseLoad(pen({ contents: [lotMate] }), 7, "BOX-9")).toMatch(/another order's stock/);
    expect(refuseLoad(pen({ contents: [lotMate, mob({ livestockOrderId: 9 })] }), 7, "BOX-8"))
      .toMatch(/another order's stock/);
    expect(refuseLoad(pen({ contents: [lotMate] }), 7)).toMatch(/another order's stock/);
    // a pen reserved for an order outside the lot stays that order's
    expect(refuseLoad(pen({ contents: [lotMate], livestockOrderReservedForId: 10 }), 7, "BOX-8"))
      .toMatch(/reserved for another order/);
  });
});

describe("separated head (spec 1 §5)", () => {
  it("resets to 0 above the pen's head or when the last animal is ungrouped", () => {
    expect(settleSeparatedHead(3, 10)).toBe(3);
    expect(settleSeparatedHead(11, 10)).toBe(0);
    expect(settleSeparatedHead(10, 10)).toBe(0);
    expect(settleSeparatedHead(1, 0)).toBe(0);
    expect(settleSeparatedHead(-1, 5)).toBe(0);
  });
});

describe("mob status levels (spec 1 §4)", () => {
  it("pending raises to PendingKillFloorMove only if lower; unmarking returns ReadyToProcess", () => {
    expect(statusWhenMarkedPending(MOB_STATUS.InYard)).toBe(MOB_STATUS.PendingKillFloorMove);
    expect(statusWhenMarkedPending(MOB_STATUS.ReadyToProcess)).toBe(MOB_STATUS.ReadyToProcess);
    expect(statusWhenUnmarkedPending(MOB_STATUS.PendingKillFloorMove)).toBe(MOB_STATUS.ReadyToProcess);
    expect(statusWhenUnmarkedPending(MOB_STATUS.InYard)).toBe(MOB_STATUS.InYard);
  });
  it("a mob landing in a paddock group is InPaddock, in a yard InYard, keeping a kill-floor readiness", () => {
    expect(statusInYard({ isPaddockGroup: true }, MOB_STATUS.MovingBetweenYards)).toBe(MOB_STATUS.InPaddock);
    expect(statusInYard({ isPaddockGroup: false }, MOB_STATUS.InPaddock)).toBe(MOB_STATUS.InYard);
    expect(statusInYard({ isPaddockGroup: false }, MOB_STATUS.ReadyToProcess)).toBe(
      MOB_STATUS.ReadyToProcess,
    );
  });
});

describe("head taken from a mob and pen geometry", () => {
  it("is whole, at least 1 and at most what is there", () => {
    expect(refuseHead(0, 5)).toMatch(/at least one/);
    expect(refuseHead(1.5, 5)).toMatch(/at least one/);
    expect(refuseHead(6, 5)).toMatch(/Only 5/);
    expect(refuseHead(5, 5)).toBeNull();
  });
  it("pens are at least 10 × 10, on the grid, inside the layout, angles 0–359", () => {
    const p = normalisePen({ x: -12, y: 3, width: 4, height: 52, angle: -90 });
    expect(p).toEqual({ x: 0, y: 5, width: PEN_MIN_SIZE, height: 50, angle: 270 });
  });
});

describe("which yards take a mob", () => {
  it("a yard of the species or an any-species yard; not one of another species", () => {
    expect(yardTakes({ isAnySpeciesYard: false, speciesId: 2 }, 2)).toBe(true);
    expect(yardTakes({ isAnySpeciesYard: true, speciesId: null }, 2)).toBe(true);
    expect(yardTakes({ isAnySpeciesYard: false, speciesId: 1 }, 2)).toBe(false);
  });
});

describe("RFID devices", () => {
  test("device numbers read in one spelling; anything else is not one", () => {
    expect(normaliseRfid("982 000123456789")).toBe("982000123456789");
    expect(normaliseRfid("3abcd123xba00001")).toBe("3ABCD123XBA00001");
    expect(normaliseRfid("98200012345678")).toBeNull();
    expect(normaliseRfid("hello")).toBeNull();
  });

  test("count difference, killed but never read, read but not killed once the kill is complete", () => {
    const input = {
      liveHead: 3,
      scanned: ["A", "B", "C", "D"],
      killed: ["A", "B", "E"],
      killComplete: false,
    };
    expect(rfidDiscrepancies(input)).toEqual({ countDifference: 1, killedNotRead: ["E"], readNotKilled: [] });
    expect(rfidDiscrepancies({ ...input, killComplete: true }).readNotKilled).toEqual(["C", "D"]);
  });
});

describe("capacity and merges ask first (issue 36)", () => {
  it("warns with the numbers above a pen's capacity; a pen without one never warns", () => {
    expect(overCapacity({ name: "B3", capacity: 150 }, 0, 570)).toBe(
      "Pen B3 holds 150 head: 570 more would make 570 (420 over).",
    );
    expect(overCapacity({ name: "B3", capacity: 150 }, 100, 50)).toBeNull();
    expect(overCapacity({ name: "B3", capacity: 150 }, 100, 51)).toContain("1 over");
    expect(overCapacity({ name: "B3", capacity: 0 }, 900, 900)).toBeNull();
  });

  it("names both mobs and their head", () => {
    expect(mergeQuestion({ id: 4, head: 470, whole: true }, { id: 9, head: 80 }, "C2")).toBe(
      "Merge mob 4 (470 head) into mob 9 (80 head) in pen C2?",
    );
    expect(mergeQuestion({ id: 4, head: 10, whole: false }, { id: 9, head: 80 }, "C2")).toBe(
      "Merge 10 head of mob 4 into mob 9 (80 head) in pen C2?",
    );
  });
});
