import { describe, expect, test } from "vitest";
import { ORDER_STATUS } from "../../../../kernel/enums.ts";
import {
  isUnloaded,
  liveDelivered,
  orderDateFor,
  recurrenceDates,
  remainderToUnload,
  statusForDelivered,
  whyNotBalance,
  whyNotCancel,
  whyNotDelete,
  whyNotSplit,
} from "./rules.ts";

// the counts every rule reads, and the confirmation statusForDelivered reads too
const order = (over: Partial<Parameters<typeof statusForDelivered>[0]> = {}) => ({
  orderStatus: ORDER_STATUS.Ordered,
  quantityOrdered: 100,
  totalDelivered: 0,
  totalDoa: 0,
  totalUnloaded: 0,
  orderConfirmed: false,
  ...over,
});

describe("derived values (spec 1 §3)", () => {
  test("live delivered = delivered − DOA; remainder = live − unloaded", () => {
    const o = order({ totalDelivered: 120, totalDoa: 3, totalUnloaded: 100 });
    expect(liveDelivered(o)).toBe(117);
    expect(remainderToUnload(o)).toBe(17);
  });

  test("unloaded only when the remainder is 0 and the status is at least Verified", () => {
    const done = { totalDelivered: 100, totalDoa: 2, totalUnloaded: 98 };
    expect(isUnloaded(order({ ...done, orderStatus: ORDER_STATUS.Verified }))).toBe(true);
    expect(isUnloaded(order({ ...done, orderStatus: ORDER_STATUS.Processed }))).toBe(true);
    expect(isUnloaded(order({ ...done, orderStatus: ORDER_STATUS.Delivered }))).toBe(false);
    expect(isUnloaded(order({ ...done, totalUnloaded: 97, orderStatus: ORDER_STATUS.Verified }))).toBe(false);
    expect(isUnloaded(order({ ...done, orderStatus: ORDER_STATUS.Cancelled }))).toBe(false);
  });
});

describe("status after deliveries", () => {
  test("follows the counts below Verified, stays from Verified on", () => {
    expect(statusForDelivered(order({ totalDelivered: 40 }))).toBe(ORDER_STATUS.PartiallyDelivered);
    expect(statusForDelivered(order({ totalDelivered: 100 }))).toBe(ORDER_STATUS.Delivered);
    expect(statusForDelivered(order({ totalDelivered: 110 }))).toBe(ORDER_STATUS.Delivered);
    expect(statusForDelivered(order({ totalDelivered: 0, orderConfirmed: true }))).toBe(
      ORDER_STATUS.Confirmed,
    );
    expect(statusForDelivered(order({ totalDelivered: 40, orderStatus: ORDER_STATUS.Verified }))).toBe(
      ORDER_STATUS.Verified,
    );
  });
});

describe("what may be done to an order", () => {
  test("cancel only with nothing delivered and not twice", () => {
    expect(whyNotCancel(order())).toBeNull();
    expect(whyNotCancel(order({ totalDelivered: 1 }))).toMatch(/correct the head count/);
    expect(whyNotCancel(order({ orderStatus: ORDER_STATUS.Cancelled }))).toMatch(/already cancelled/);
  });

  test("delete only with no head and no load", () => {
    expect(whyNotDelete(order(), 0)).toBeNull();
    expect(whyNotDelete(order(), 1)).not.toBeNull();
    expect(whyNotDelete(order({ totalDelivered: 3 }), 0)).not.toBeNull();
  });

  test("split between 1 and the undelivered head (leaving at least one)", () => {
    expect(whyNotSplit(order(), 99)).toBeNull();
    expect(whyNotSplit(order(), 100)).toMatch(/between 1 and 99/);
    expect(whyNotSplit(order({ totalDelivered: 70 }), 31)).toMatch(/between 1 and 30/);
    expect(whyNotSplit(order({ totalDelivered: 70 }), 30)).toBeNull();
    expect(whyNotSplit(order({ orderStatus: ORDER_STATUS.Verified }), 1)).toMatch(/in the yards/);
  });

  test("balancing keeps the total", () => {
    expect(whyNotBalance([60, 40], [55, 45])).toBeNull();
    expect(whyNotBalance([60, 40], [50, 40])).toMatch(/100 head in total/);
    expect(whyNotBalance([60, 40], [60, 40])).toMatch(/already/);
  });
});

describe("dates", () => {
  test("order date cleared without a buyer (spec 1 §5), today when none given", () => {
    expect(orderDateFor(null, "2026-11-01", "2026-11-22")).toBeNull();
    expect(orderDateFor(3, null, "2026-11-22")).toBe("2026-11-22");
    expect(orderDateFor(3, "2026-11-01", "2026-11-22")).toBe("2026-11-01");
  });

  test("recurrences up to and including the end date, across months", () => {
    expect(recurrenceDates("2026-11-25", "Weekly", "2026-12-16")).toEqual([
      "2026-12-02",
      "2026-12-09",
      "2026-12-16",
    ]);
    expect(recurrenceDates("2026-11-25", "Fortnightly", "2026-12-22")).toEqual(["2026-12-09"]);
    expect(recurrenceDates("2026-11-25", "FourWeekly", "2027-01-20")).toEqual(["2026-12-23", "2027-01-20"]);
    expect(recurrenceDates("2026-11-25", "None", "2027-01-20")).toEqual([]);
    expect(recurrenceDates("2026-01-01", "Weekly", "2030-01-01")).toHaveLength(52);
  });
});
