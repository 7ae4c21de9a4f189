import { describe, expect, test } from "vitest";
import { historyDetail, historyTitle } from "./historyWords.ts";

const entry = (over: Partial<Parameters<typeof historyTitle>[0]>) => ({
  userName: "Ann Lee",
  action: "update",
  before: null,
  after: null,
  reason: null,
  ...over,
});

describe("order history in words", () => {
  test("who did what and why, as a sentence", () => {
    expect(historyTitle(entry({ action: "cancel", reason: "weather" }))).toBe(
      "Cancelled by Ann Lee: weather",
    );
    expect(historyTitle(entry({ action: "reinstate" }))).toBe("Reinstated by Ann Lee");
    expect(historyTitle(entry({ action: "something new" }))).toBe("Something new by Ann Lee");
  });

  test("status changes read as statuses, not codes", () => {
    const d = historyDetail(entry({
      action: "cancel",
      before: { orderStatus: "Ordered" },
      after: { orderStatus: "Cancelled" },
    }));
    expect(d).toBe("Status ordered → cancelled");
  });

  test("a delivery load reads as head, dead on arrival and NVD, never JSON", () => {
    const d = historyDetail(entry({
      action: "delivery load",
      before: { totalDelivered: 150, totalDoa: 0, orderStatus: "Confirmed" },
      after: {
        totalDelivered: 300,
        totalDoa: 2,
        orderStatus: "Delivered",
        load: { head: 150, doa: 2, nvdNumber: "N123", time: "07:30" },
      },
    }))!;
    expect(d).toBe(
      "150 head, 2 dead on arrival, NVD N123, at 07:30; Head delivered 150 → 300; Dead on arrival 0 → 2; Status confirmed → delivered",
    );
    expect(d).not.toMatch(/[{}"]/);
  });

  test("edits name their fields in words and dates as dates", () => {
    const d = historyDetail(entry({
      before: { quantityOrdered: 300, deliveryDate: "2026-12-01" },
      after: { quantityOrdered: 280, deliveryDate: "2026-12-02" },
    }));
    expect(d).toBe("Head ordered 300 → 280; Delivery date Tue 1 Dec 2026 → Wed 2 Dec 2026");
    expect(historyDetail(entry({ action: "create", after: { quantityOrdered: 5 } }))).toBeNull();
  });
});
