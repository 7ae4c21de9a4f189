import { describe, expect, test } from "vitest";
import { noticeText } from "../../../client/runtime/producerNotices.ts";

describe("what a producer's open page says of a relayed notice", () => {
  test("a processed consignment, one lot or several", () => {
    expect(noticeText("producerNotice", { kind: "consignmentProcessed", livestockOrderIds: [42] }))
      .toBe("Lot 42 was processed: the kill feedback is in.");
    expect(noticeText("producerNotice", { kind: "consignmentProcessed", livestockOrderIds: [42, 43] }))
      .toBe("2 lots were processed: the kill feedback is in.");
  });

  test("a published remittance, and a changed or ended link", () => {
    expect(noticeText("producerNotice", { kind: "remittancePublished", livestockOrderIds: [42] }))
      .toBe("A remittance was published for lot 42.");
    expect(noticeText("producerNotice", { kind: "remittancePublished", livestockOrderIds: [1, 2, 3] }))
      .toBe("Remittances were published for 3 lots.");
    expect(noticeText("producerLinkChanged", { linkId: 1 })).toBe(
      "A processor changed what it shares with you.",
    );
  });
});
