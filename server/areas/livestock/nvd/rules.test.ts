import { describe, expect, test } from "vitest";
import {
  automaticMatch,
  type CandidateOrder,
  headDifference,
  headDifferenceWords,
  normalizeCode,
  nvdProblems,
  suggestOrders,
} from "./rules.ts";

const order = (over: Partial<CandidateOrder> & { id: number }): CandidateOrder => ({
  nvd: "",
  loadNvdNumbers: [],
  pic: "3ABCD123",
  deliveryDate: "2026-12-02",
  totalDelivered: 0,
  quantityOrdered: 40,
  isLinkedNvd: false,
  ...over,
});
const nvd = { serialNumber: "1234567A", pic: "3ABCD123", nvdDate: "2026-12-01", head: 40 };

describe("suggestions", () => {
  test("a serial number matching the order's NVD number comes first, whatever the PIC or date", () => {
    const got = suggestOrders(nvd, [
      order({ id: 1 }),
      order({ id: 2, nvd: "1234 567-a", pic: "NA999999", deliveryDate: "2026-11-01" }),
    ]);
    expect(got.map((s) => s.livestockOrderId)).toEqual([2, 1]);
    expect(got[0]).toMatchObject({
      score: 100,
      reason: "Serial number 1234567A matches the order's NVD number",
    });
  });

  test("a delivery load's NVD number matches too, just below the order's own", () => {
    const got = suggestOrders(nvd, [order({ id: 5, loadNvdNumbers: ["X", "1234567A"], pic: "" })]);
    expect(got).toEqual([{
      livestockOrderId: 5,
      score: 95,
      reason: "Serial number 1234567A matches a delivery load's NVD number",
    }]);
  });

  test("by PIC: within the window only, nearer first, the same head ranked up, the reason in words", () => {
    const got = suggestOrders(nvd, [
      order({ id: 1, deliveryDate: "2026-12-04" }), // 3 days
      order({ id: 2, deliveryDate: "2026-12-05" }), // 4 days: outside
      order({ id: 3, deliveryDate: "2026-12-01", quantityOrdered: 38 }), // same day, other head
      order({ id: 4, deliveryDate: "2026-12-02", totalDelivered: 40, quantityOrdered: 50 }), // 1 day, same head delivered
      order({ id: 6, pic: "3ABCD124" }), // another PIC
    ]);
    expect(got.map((s) => [s.livestockOrderId, s.score])).toEqual([[4, 65], [3, 60], [1, 55]]);
    expect(got[0].reason).toBe(
      "PIC 3ABCD123 matches; dated Tue 1 Dec 2026, 1 day from the delivery; 40 head as on the order",
    );
    expect(got[1].reason).toBe(
      "PIC 3ABCD123 matches; dated Tue 1 Dec 2026, the delivery day; 38 head on the order",
    );
  });

  test("an order already holding an NVD is never suggested; at most three are", () => {
    expect(suggestOrders(nvd, [order({ id: 1, nvd: "1234567A", isLinkedNvd: true })])).toEqual([]);
    const many = [1, 2, 3, 4, 5].map((id) => order({ id }));
    expect(suggestOrders(nvd, many).map((s) => s.livestockOrderId)).toEqual([1, 2, 3]);
  });

  test("an NVD without a PIC is suggested by serial only", () => {
    expect(suggestOrders({ ...nvd, pic: "" }, [order({ id: 1 })])).toEqual([]);
  });
});

describe("the automatic match", () => {
  test("only the one order whose NVD number is the serial", () => {
    expect(automaticMatch(nvd, [order({ id: 1 }), order({ id: 2, nvd: "1234567A" })]))
      .toMatchObject({ livestockOrderId: 2 });
    expect(automaticMatch(nvd, [order({ id: 1, nvd: "1234567A" }), order({ id: 2, nvd: "1234567a" })]))
      .toBeNull();
    expect(automaticMatch(nvd, [order({ id: 1 })])).toBeNull();
  });
});

describe("head counts and checks", () => {
  test("a difference only once something is delivered", () => {
    expect(headDifference(40, 0)).toBeNull();
    expect(headDifference(40, 40)).toBeNull();
    expect(headDifference(40, 38)).toBe(-2);
    expect(headDifferenceWords(40, 38)).toBe("NVD 40 head, delivered 38 (2 fewer)");
    expect(headDifferenceWords(40, 41)).toBe("NVD 40 head, delivered 41 (1 more)");
  });

  test("codes compare without case, spaces or dashes; a typed NVD needs a serial, an 8-character PIC and head", () => {
    expect(normalizeCode(" 3abc-d 123 ")).toBe("3ABCD123");
    expect(nvdProblems(nvd)).toEqual([]);
    expect(nvdProblems({ ...nvd, serialNumber: " - ", pic: "12", head: 0 }).map((p) => p.field))
      .toEqual(["serialNumber", "pic", "head"]);
  });
});
