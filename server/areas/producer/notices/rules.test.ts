import { describe, expect, it } from "vitest";
import { noticeKey, type RelayLink, relayTargets } from "./rules.ts";

const link = (over: Partial<RelayLink> = {}): RelayLink => ({
  id: 1,
  producerTenantId: 7,
  supplierIds: [11],
  scopes: ["feedback", "remittances"],
  visibleFrom: "2026-06-01",
  acceptedAt: "2026-06-01T00:00:00.000Z",
  revokedAt: null,
  ...over,
});
const lot = { livestockOrderId: 40, supplierId: 11, day: "2026-11-20" };

describe("relayTargets: who hears of a linked supplier's lot", () => {
  it("tells the producer of a linked supplier's lot", () => {
    expect(relayTargets([link()], [lot], "consignmentProcessed")).toEqual([
      { linkId: 1, producerTenantId: 7, livestockOrderIds: [40] },
    ]);
  });

  it("tells nobody of another supplier's lot, one before visible-from, or over an ended or unaccepted link", () => {
    expect(relayTargets([link()], [{ ...lot, supplierId: 12 }], "consignmentProcessed")).toEqual([]);
    expect(relayTargets([link()], [{ ...lot, day: "2026-05-31" }], "consignmentProcessed")).toEqual([]);
    expect(relayTargets([link({ revokedAt: "2026-11-01T00:00:00.000Z" })], [lot], "consignmentProcessed"))
      .toEqual([]);
    expect(relayTargets([link({ acceptedAt: null })], [lot], "remittancePublished")).toEqual([]);
    expect(relayTargets([link({ producerTenantId: null })], [lot], "remittancePublished")).toEqual([]);
  });

  it("needs the notice's scope: feedback for a processed consignment, remittances for a remittance", () => {
    expect(relayTargets([link({ scopes: ["remittances"] })], [lot], "consignmentProcessed")).toEqual([]);
    expect(relayTargets([link({ scopes: ["feedback"] })], [lot], "remittancePublished")).toEqual([]);
  });

  it("tells each link only of its own suppliers' lots, once per lot", () => {
    const other = link({ id: 2, producerTenantId: 8, supplierIds: [12] });
    const lots = [lot, lot, { livestockOrderId: 41, supplierId: 12, day: "2026-11-21" }];
    expect(relayTargets([link(), other], lots, "remittancePublished")).toEqual([
      { linkId: 1, producerTenantId: 7, livestockOrderIds: [40] },
      { linkId: 2, producerTenantId: 8, livestockOrderIds: [41] },
    ]);
  });
});

describe("noticeKey: what a read mark names", () => {
  const n = {
    kind: "remittancePublished",
    linkId: 3,
    livestockOrderId: 40,
    invoiceNumber: "RCTI-7",
    at: "2026-11-20T01:00:00.000Z",
  };
  it("differs by kind, lot, remittance version and moment, and is the same for the same notice", () => {
    expect(noticeKey(n)).toBe(noticeKey({ ...n }));
    const others = [
      { ...n, kind: "consignmentProcessed", invoiceNumber: null },
      { ...n, livestockOrderId: 41 },
      { ...n, invoiceNumber: "RCTI-7-2" },
      { ...n, at: "2026-11-21T01:00:00.000Z" },
      { ...n, kind: "linkEnded", livestockOrderId: null, invoiceNumber: null },
    ];
    expect(new Set([noticeKey(n), ...others.map(noticeKey)]).size).toBe(others.length + 1);
  });
});
