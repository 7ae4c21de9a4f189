import { describe, expect, test } from "vitest";
import { otherDays, otherOrders } from "../../../client/runtime/livePart.ts";

describe("a live part of a page", () => {
  test("an event naming other orders is not the shown order's; one naming none or it is", () => {
    expect(otherOrders({ livestockOrderIds: [3, 4] }, 7)).toBe(true);
    expect(otherOrders({ livestockOrderIds: [3, 7] }, 7)).toBe(false);
    expect(otherOrders({ deliveryDate: "2026-12-02" }, 7)).toBe(false);
    expect(otherOrders(undefined, 7)).toBe(false);
    expect(otherOrders({ livestockOrderIds: [3] }, null)).toBe(false);
  });

  test("an event naming other days is not the shown day's; a page of no day ('') takes only dateless ones", () => {
    expect(otherDays({ dates: ["2026-12-01"] }, "2026-12-02")).toBe(true);
    expect(otherDays({ productionDates: ["2026-12-02"] }, "2026-12-02")).toBe(false);
    expect(otherDays({ livestockOrderIds: [3] }, "2026-12-02")).toBe(false);
    expect(otherDays({ dates: ["2026-12-02"] }, "")).toBe(true);
    expect(otherDays({ dates: ["2026-12-01"] }, null)).toBe(false);
  });
});
