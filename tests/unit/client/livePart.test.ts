import { describe, expect, test } from "vitest";
import { otherOrders } from "../../../client/runtime/livePart.ts";

describe("a live part of a page", () => {
  test("an event naming other orders is not the shown order's; one naming none or it is", () => {
    expect(otherOrders({ livestockOrderIds: [3, 4] }, 7)).toBe(true);
    expect(otherOrders({ livestockOrderIds: [3, 7] }, 7)).toBe(false);
    expect(otherOrders({ deliveryDate: "2026-12-02" }, 7)).toBe(false);
    expect(otherOrders(undefined, 7)).toBe(false);
    expect(otherOrders({ livestockOrderIds: [3] }, null)).toBe(false);
  });
});
