import { describe, expect, it } from "vitest";
import {
  boxedLotsIn,
  lotMatesIn,
  mergeView,
  neighbour,
  penDescription,
  refusal,
  viewBoxOf,
  type YardData,
  type YardMob,
  type YardPen,
} from "./model.ts";

const mob = (id: number, orderId: number, head = 10): YardMob => ({
  stockMobId: id,
  livestockOrderId: orderId,
  agendaLotReference: null,
  supplierId: 1,
  supplierName: "Karoola Grazing",
  speciesId: 1,
  speciesCategory: "Lamb",
  head,
  separatedHead: 0,
  mobStatus: 30,
  mobStatusName: "InYard",
  penId: null,
  stockyardId: null,
  pic: "NA123",
  applicableProductionDate: "2026-12-01",
  requirements: [],
  incompleteChecks: [],
  reasonSentToBin: null,
  isLinkedNvd: true,
  boxedLotRef: null,
  boxedLotSuppliers: [],
  lastModified: "t1",
});

const pen = (id: number, name: string, x: number, y: number, contents: YardMob[] = []): YardPen => ({
  id,
  name,
  x,
  y,
  width: 90,
  height: 70,
  angle: 0,
  capacity: 150,
  isOperational: true,
  livestockOrderReservedForId: null,
  reservedForLabel: null,
  isContentPendingKill: false,
  status: contents.length ? "stocked" : "empty",
  head: contents.reduce((n, m) => n + m.head, 0),
  contents: contents.map((m) => ({ ...m, penId: id })),
  lastModified: "p1",
});

// A1 A2 A3 / B1 B2 B3 (rows 80 apart)
const pens = [
  pen(1, "A1", 20, 20, [mob(11, 100)]),
  pen(2, "A2", 120, 20),
  pen(3, "A3", 220, 20, [mob(13, 200)]),
  pen(4, "B1", 20, 100),
  pen(5, "B2", 120, 100),
  pen(6, "B3", 220, 100),
];

const view = (p: YardPen[]): YardData => ({
  yard: {
    id: 1,
    name: "Sheep yards",
    tenantSiteId: 1,
    speciesId: 1,
    isAnySpeciesYard: false,
    speciesName: "Sheep",
    isPaddockGroup: false,
    isOperational: true,
    capacity: 1000,
    head: 20,
    pens: p.length,
    pensUsed: 2,
    isIncludeUnfitBin: true,
    hasMapImage: false,
    lastModified: "y1",
  },
  yards: [],
  pens: p,
  waiting: [],
  bin: [],
  binHead: 0,
  arriving: [],
  today: "2026-12-01",
});

describe("the yard drawing's model", () => {
  it("crops the view box to the pens unless a site map lies under them", () => {
    expect(viewBoxOf(pens, false)).toBe("8 8 314 174");
    expect(viewBoxOf(pens, true)).toBe("0 0 1200 800");
    expect(viewBoxOf([], false)).toBe("0 0 1200 800");
  });

  it("finds the pen an arrow key goes to", () => {
    expect(neighbour(pens, 1, "right")).toBe(2);
    expect(neighbour(pens, 2, "down")).toBe(5);
    expect(neighbour(pens, 6, "up")).toBe(3);
    expect(neighbour(pens, 4, "left")).toBeNull();
  });

  it("greys a pen that holds another order, not an empty one or the mob's own", () => {
    const a1 = pens[0].contents[0];
    expect(refusal(pens[2], a1)).toBe("Pen A3 holds another order's stock.");
    expect(refusal(pens[1], a1)).toBeNull();
    expect(refusal(pens[0], a1)).toBeNull();
  });

  it("keeps unchanged pens as the same objects, so only changed pens redraw", () => {
    const before = view(pens);
    const after = view(
      pens.map((p) => (p.id === 2 ? pen(2, "A2", 120, 20, [mob(12, 100)]) : structuredClone(p))),
    );
    const merged = mergeView(before, after);
    expect(merged.pens[0]).toBe(before.pens[0]);
    expect(merged.pens[1]).not.toBe(before.pens[1]);
    expect(merged.pens[1].head).toBe(10);
    expect(mergeView(before, structuredClone(before)).pens).toBe(before.pens);
  });

  it("says in words what a pen shows", () => {
    expect(penDescription(pens[0], "Stocked")).toBe("Pen A1, Stocked, 10 head, Order 100 Karoola Grazing");
    const noNvd = { ...pens[0], contents: pens[0].contents.map((m) => ({ ...m, isLinkedNvd: false })) };
    expect(penDescription(noNvd, "Stocked")).toBe(
      "Pen A1, Stocked, 10 head, Order 100 Karoola Grazing, no NVD",
    );
  });
});

describe("a boxed lot in the yard (several orders killed as one)", () => {
  const boxed = (id: number, orderId: number): YardMob => ({
    ...mob(id, orderId),
    boxedLotRef: "BOX-4",
    boxedLotSuppliers: ["Karoola Grazing", "Hill Farm"],
  });
  const lotPen = pen(1, "B8", 0, 0, [boxed(1, 4), boxed(2, 5), mob(3, 9)]);

  it("names the pen's lot once, with its suppliers, in the pen's accessible name", () => {
    expect(boxedLotsIn(lotPen).map((m) => m.boxedLotRef)).toEqual(["BOX-4"]);
    expect(penDescription(lotPen, "Stocked")).toContain("boxed lot BOX-4 of Karoola Grazing and Hill Farm");
  });

  it("a move offers the lot's other mobs left in the pen, not other orders' mobs", () => {
    const view = { pens: [lotPen] };
    expect(lotMatesIn(view, boxed(1, 4), 1).map((m) => m.stockMobId)).toEqual([2]);
    expect(lotMatesIn(view, mob(3, 9), 1)).toEqual([]);
  });
});
