import { describe, expect, test } from "vitest";
import { MOB_STATUS, ORDER_STATUS } from "../../../../kernel/enums.ts";
import {
  type CarcassCounts,
  daysOf,
  type MobRow,
  orderFigures,
  type OrderRow,
  percentProcessed,
  placeOf,
  progressWords,
  sumFigures,
  totalsBy,
} from "./rules.ts";

const order = (o: Partial<OrderRow> = {}): OrderRow => ({
  id: 1,
  speciesId: 1,
  supplierId: 7,
  supplierName: "Acacia Downs",
  orderStatus: ORDER_STATUS.InProcessing,
  quantityOrdered: 300,
  totalUnloaded: 0,
  ...o,
});
let nextMob = 100;
const mob = (head: number, mobStatus: number, penId: number | null, isInBin = false): MobRow => ({
  id: nextMob++,
  orderId: 1,
  head,
  mobStatus,
  penId,
  isInBin,
});

describe("where a mob's head is", () => {
  test("a load waits on the truck until unloaded to a pen; then the yard, the bin or the chain", () => {
    expect(placeOf(mob(10, MOB_STATUS.InYard, null))).toBe("truck");
    expect(placeOf(mob(10, MOB_STATUS.InYard, 4))).toBe("yard");
    expect(placeOf(mob(10, MOB_STATUS.ReadyToProcess, 4))).toBe("yard");
    expect(placeOf(mob(10, MOB_STATUS.PendingKillFloorMove, 4))).toBe("yard");
    expect(placeOf(mob(10, MOB_STATUS.MovingBetweenYards, null))).toBe("yard");
    expect(placeOf(mob(10, MOB_STATUS.InPaddock, null))).toBe("yard");
    expect(placeOf(mob(2, MOB_STATUS.Unfit, null, true))).toBe("bin");
    expect(placeOf(mob(10, MOB_STATUS.AtKillFloor, null))).toBe("killFloor");
  });
});

describe("an order's figures: every head accounted for", () => {
  // worked by hand: 2 trucks of 150 and 148 head with 3 DOA → 295 live; 250 unloaded (45 still on a
  // truck); of them 100 in pen 4, 2 in the unfit bin, 148 sent; 140 carcasses (1 condemned) so far
  const mobs = [
    mob(45, MOB_STATUS.InYard, null),
    mob(100, MOB_STATUS.ReadyToProcess, 4),
    mob(2, MOB_STATUS.Unfit, null, true),
    mob(148, MOB_STATUS.AtKillFloor, null),
  ];
  const killed = new Map<number, CarcassCounts>([[mobs[3].id, { processed: 140, condemned: 1 }]]);
  const f = orderFigures(order({ totalUnloaded: 250 }), { loads: 2, head: 298, doa: 3 }, mobs, killed);

  test("the figures", () => {
    expect(f).toEqual({
      ordered: 300,
      loads: 2,
      delivered: 298,
      doa: 3,
      live: 295,
      toDeliver: 0,
      unloaded: 250,
      toUnload: 45,
      inYard: 100,
      unfit: 2,
      sentToKillFloor: 148,
      processed: 140,
      condemned: 1,
      awaitingRecords: 8,
      toProcess: 153,
      unaccounted: 0,
    });
  });

  test("delivered = DOA + unloaded + to unload; unloaded = yard + bin + sent; sent = processed + awaiting", () => {
    expect(f.delivered).toBe(f.doa + f.unloaded + f.toUnload);
    expect(f.unloaded).toBe(f.inYard + f.unfit + f.sentToKillFloor + f.unaccounted);
    expect(f.sentToKillFloor).toBe(f.processed + f.awaitingRecords);
    // the live head ends processed, unfit or still to process
    expect(f.live).toBe(f.processed + f.unfit + f.toProcess);
    expect(percentProcessed(f)).toBe(48); // 140 of 293
    expect(progressWords(f)).toBe("8 awaiting carcass records");
  });

  test("while loads are still due, the ordered head (less the DOA so far) is still to process", () => {
    const due = orderFigures(
      order({ orderStatus: ORDER_STATUS.PartiallyDelivered, totalUnloaded: 119 }),
      { loads: 1, head: 120, doa: 1 },
      [mob(119, MOB_STATUS.InYard, 3)],
      new Map(),
    );
    expect(due).toMatchObject({ live: 119, toDeliver: 180, toUnload: 0, inYard: 119, toProcess: 299 });
    expect(progressWords(due)).toBe("119 in the yard");
  });

  test("an order not yet delivered: everything ordered is still to process", () => {
    const none = orderFigures(order({ orderStatus: ORDER_STATUS.Confirmed }), undefined, [], new Map());
    expect(none).toMatchObject({ delivered: 0, toDeliver: 300, toProcess: 300, unaccounted: 0 });
    expect(progressWords(none)).toBe("Not delivered yet");
  });

  test("every carcass in: processed, nothing to do", () => {
    const m = mob(50, MOB_STATUS.AtKillFloor, null);
    const done = orderFigures(
      order({ quantityOrdered: 50, orderStatus: ORDER_STATUS.Processed, totalUnloaded: 50 }),
      { loads: 1, head: 50, doa: 0 },
      [m],
      new Map([[m.id, { processed: 50, condemned: 0 }]]),
    );
    expect(done).toMatchObject({ toProcess: 0, awaitingRecords: 0 });
    expect(progressWords(done)).toBe("Processed");
    expect(percentProcessed(done)).toBe(100);
  });

  test("mobs that do not add up to the unloaded head are shown, not hidden", () => {
    const gap = orderFigures(
      order({ orderStatus: ORDER_STATUS.Unloaded, totalUnloaded: 100 }),
      { loads: 1, head: 100, doa: 0 },
      [mob(97, MOB_STATUS.InYard, 1)],
      new Map(),
    );
    expect(gap.unaccounted).toBe(3);
    expect(progressWords(gap)).toBe("3 head unloaded but not in the yard: check the mobs");
  });
});

describe("totals", () => {
  const a = orderFigures(order(), { loads: 1, head: 100, doa: 1 }, [], new Map());
  const b = orderFigures(order({ quantityOrdered: 50 }), { loads: 1, head: 50, doa: 0 }, [], new Map());
  test("add up figure by figure", () => {
    const t = sumFigures([a, b]);
    expect(t.delivered).toBe(150);
    expect(t.doa).toBe(1);
    expect(t.ordered).toBe(350);
  });
  test("per supplier, largest ordered first", () => {
    const rows = [
      { supplierId: 1, name: "Bega", figures: b },
      { supplierId: 2, name: "Acacia", figures: a },
      { supplierId: 1, name: "Bega", figures: b },
    ];
    const t = totalsBy(rows, (r) => r.supplierId, (r) => r.name);
    expect(t.map((g) => [g.name, g.orders, g.figures.ordered])).toEqual([["Acacia", 1, 300], [
      "Bega",
      2,
      100,
    ]]);
  });
});

describe("an order across its days", () => {
  test("each production day's mobs and carcass records, in date order", () => {
    const days = daysOf(
      [
        { head: 80, place: "killFloor", productionDate: "2026-12-03" },
        { head: 70, place: "yard", productionDate: "2026-12-04" },
        { head: 0, place: "yard", productionDate: "2026-12-04" }, // merged away
        { head: 10, place: "truck", productionDate: null },
      ],
      [{ date: "2026-12-03", mobId: 1, processed: 79, condemned: 2 }],
    );
    expect(days).toEqual([
      { date: "2026-12-03", mobs: 1, inYard: 0, sentToKillFloor: 80, processed: 79, condemned: 2 },
      { date: "2026-12-04", mobs: 1, inYard: 70, sentToKillFloor: 0, processed: 0, condemned: 0 },
    ]);
  });
});
