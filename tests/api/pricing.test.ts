/** api/livestock pricing grid groups and grids over real HTTP and real db files, with the push hub. */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { and, eq } from "drizzle-orm";
import type { HubConnection } from "@microsoft/signalr";
import { serveTestApp } from "../helpers/app.ts";
import { plantDay } from "../helpers/clock.ts";
import { assetUrl } from "../helpers/assets.ts";
import { hubClient, recordEvents } from "../helpers/hub.ts";
import { auditLog, livestockOrders, pricingGrids } from "../../db/tenant/schema.ts";
import { tenants } from "../../db/control/schema.ts";
import { DEMO_PROCESSOR } from "../../server/demo.ts";
import { seedPricing } from "../../server/areas/pricing/seed.ts";
import type { TenantDb } from "../../db/client.ts";

let t: Awaited<ReturnType<typeof serveTestApp>>;
let db: TenantDb;
let hub: HubConnection;
let pushed: { name: string; payload: unknown }[] = [];
const tokens: Record<string, string> = {};
const today = plantDay(); // the test app's pinned day

beforeAll(async () => {
  t = await serveTestApp();
  for (const who of ["admin", "user", "display", "super"]) {
    tokens[who] = await t.login(`${who}@demo.processor`);
  }
  tokens.farm = await t.login("producer@demo.farm");
  const tenantId = async (name: string) =>
    (await t.services.db.control.query.tenants.findFirst({ where: eq(tenants.name, name) }))!.id;
  db = await t.services.db.tenantDb(await tenantId(DEMO_PROCESSOR));
  await seedPricing({ db, today, category: "processor" });
  hub = hubClient(t.origin, tokens.user);
  await hub.start();
  await hub.invoke("RegisterRefreshInterest", "PricingGrids");
  pushed = recordEvents(hub, [
    "pricingGridGroupUpdated",
    "pricingGridGroupDeleted",
    "pricingGridUpdated",
    "pricingGridDeleted",
  ]);
});
afterAll(async () => {
  await hub?.stop();
  await t?.close();
});

const get = async (path: string, who = "admin") => {
  const res = await t.request(path, { token: tokens[who] });
  return { status: res.status, body: await res.json() };
};
const post = async (path: string, json: unknown, who = "admin") => {
  const res = await t.request(path, { method: "POST", token: tokens[who], json });
  return { status: res.status, body: await res.json() };
};
const L = (name: string) => `/api/livestock/${name}`;

interface Grid {
  id: number;
  pricingGridGroupId: number;
  speciesCategoryId: number;
  reference: string;
  bestPrice: number | null;
  priority: number;
  cells: { weightBands: unknown[]; fatScores: number[]; prices: (number | null)[][] } | null;
  lastModified: string;
}
interface Group {
  id: number;
  name: string;
  speciesId: number;
  startDate: string;
  endDate: string | null;
  isServiceKill: boolean;
  isDefaultGroup: boolean;
  orderCount: number;
  pricingGrids: Grid[];
  lastModified: string;
}

const groups = async (speciesId?: number): Promise<Group[]> =>
  (await get(L(`GetPricingGridGroups${speciesId ? `?speciesId=${speciesId}` : ""}`))).body;

let n = 0;
/** A fresh group (distinct name) for a test: sheep, December of next year by default. */
async function newGroup(over: Record<string, unknown> = {}): Promise<Group> {
  const res = await post(L("UpsertPricingGridGroup"), {
    name: `Test group ${++n}`,
    speciesId: 1,
    startDate: "2030-12-01",
    endDate: "2030-12-31",
    ...over,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

const LAMB_TEXT = "kg\t1\t2\t3\n0-18\t760\t820\t840\n18.1-22\t800\t905.5\t880\n22.1+\t780\t850\t-";

async function newGrid(groupId: number, over: Record<string, unknown> = {}): Promise<Grid> {
  const res = await post(L("UpsertPricingGrid"), {
    pricingGridGroupId: groupId,
    speciesCategoryId: 11,
    reference: `G${++n}`,
    cells: LAMB_TEXT,
    ...over,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** The push hub told the PricingGrids interest (events arrive after the answer, in any test's order). */
const told = (name: string, payload: unknown) =>
  expect.poll(() => pushed, { timeout: 3000 }).toContainEqual({ name, payload });

const audits = (entity: string, id: number) =>
  db.select().from(auditLog).where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(id))));

describe("reading groups", () => {
  test("the demo groups per species: grids in priority order, one default each, best price from the cells", async () => {
    const sheep = await groups(1);
    expect(sheep.map((g) => g.speciesId).every((s) => s === 1)).toBe(true);
    expect(sheep.filter((g) => g.isDefaultGroup)).toHaveLength(1);
    expect(sheep.length).toBeGreaterThanOrEqual(4);
    const beef = await groups(2);
    expect(beef.filter((g) => g.isDefaultGroup)).toHaveLength(1);
    expect(beef.filter((g) => g.isServiceKill)).toHaveLength(1);
    for (const g of [...sheep, ...beef]) {
      expect(g.pricingGrids.map((grid) => grid.priority)).toEqual(g.pricingGrids.map((_, i) => i + 1));
      for (const grid of g.pricingGrids.filter((x) => x.cells)) {
        const top = Math.max(...grid.cells!.prices.flat().filter((p): p is number => p !== null));
        expect(grid.bestPrice).toBe(top / 100);
      }
    }
    const lamb = sheep.find((g) => !g.isDefaultGroup)!.pricingGrids.find((g) => g.speciesCategoryId === 11)!;
    expect(lamb.bestPrice).toBeGreaterThanOrEqual(8);
    expect(lamb.bestPrice).toBeLessThanOrEqual(10);
    // newest period first, all species without the filter
    const all = await groups();
    expect(all.length).toBe(sheep.length + beef.length);
    expect(all.map((g) => g.startDate)).toEqual(all.map((g) => g.startDate).sort().reverse());
  });

  test("one group and one grid by id; unknown ids are 404", async () => {
    const [g] = await groups(2);
    const one = await get(L(`GetPricingGridGroup/${g.id}`), "user");
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: g.id, name: g.name, species: "Beef", pricingGrids: g.pricingGrids });
    const grid = await get(L(`GetPricingGrid/${g.pricingGrids[0].id}`), "user");
    expect(grid.body).toMatchObject({ id: g.pricingGrids[0].id, speciesCategory: expect.any(String) });
    expect((await get(L("GetPricingGridGroup/99999"))).status).toBe(404);
    expect((await get(L("GetPricingGrid/99999"))).status).toBe(404);
    expect((await get(L("GetPricingGridGroups?speciesId=abc"))).status).toBe(400);
  });
});

describe("who may read and write", () => {
  test("a display user is refused both", async () => {
    const [g] = await groups(1);
    expect((await get(L("GetPricingGridGroups"), "display")).status).toBe(403);
    expect((await get(L(`GetPricingGridGroup/${g.id}`), "display")).status).toBe(403);
    const write = await post(L("UpsertPricingGridGroup"), {
      name: "Display's",
      speciesId: 1,
      startDate: "2031-01-01",
    }, "display");
    expect(write.status).toBe(403);
    expect(write.body.title).toBe("Unauthorised");
  });

  test("a producer's organisation (it holds the livestock module) reaches no grid, read or write; nothing changes", async () => {
    const [g] = await groups(1);
    // its modules count for nothing on a plant's API (another processor's reach is walked by
    // tests/security/authorization.test.ts)
    expect((await get(L("GetPricingGridGroups"), "farm")).status).toBe(403);
    expect((await get(L(`GetPricingGridGroup/${g.id}`), "farm")).status).toBe(403);
    expect((await get(L(`GetPricingGrid/${g.pricingGrids[0].id}`), "farm")).status).toBe(403);
    const writes = [
      post(L("UpsertPricingGridGroup"), { name: "Farm", speciesId: 1, startDate: "2031-01-01" }, "farm"),
      post(L("UpsertPricingGridGroup"), { ...g, name: "Hijacked" }, "farm"),
      post(L("DeletePricingGridGroup"), { pricingGridGroupId: g.id }, "farm"),
      post(
        L("CopyPricingGridGroup"),
        { pricingGridGroupId: g.id, name: "x", startDate: "2031-01-01" },
        "farm",
      ),
      post(
        L("UpsertPricingGrid"),
        { pricingGridGroupId: g.id, speciesCategoryId: 11, reference: "x" },
        "farm",
      ),
      post(L("CopyPricingGrid"), { pricingGridId: g.pricingGrids[0].id }, "farm"),
      post(L("DeletePricingGrid"), { pricingGridId: g.pricingGrids[0].id }, "farm"),
      post(L("ReorderPricingGrids"), { pricingGridGroupId: g.id, gridIds: [g.pricingGrids[0].id] }, "farm"),
    ];
    for (const res of await Promise.all(writes)) {
      expect(res.status).toBe(403);
    }
    expect((await get(L(`GetPricingGridGroup/${g.id}`))).body).toEqual(g);
  });

  test("a super user may write", async () => {
    const res = await post(L("UpsertPricingGridGroup"), {
      name: "Super's group",
      speciesId: 3,
      startDate: "2031-01-01",
    }, "super");
    expect(res.status).toBe(200);
    expect(res.body.species).toBe("Pig");
  });
});

describe("UpsertPricingGridGroup", () => {
  test("adds a group (audited, announced to PricingGrids), edits it, and refuses a stale edit", async () => {
    const created = await post(L("UpsertPricingGridGroup"), {
      name: "  Winter lambs 2030 ",
      speciesId: 1,
      startDate: "2030-06-01",
      endDate: null,
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      name: "Winter lambs 2030",
      species: "Sheep",
      endDate: null,
      isServiceKill: false,
      isDefaultGroup: false,
      orderCount: 0,
      pricingGrids: [],
    });
    await told("pricingGridGroupUpdated", { pricingGridGroupId: created.body.id });
    expect((await audits("pricingGridGroup", created.body.id))[0]).toMatchObject({
      action: "create",
      userName: "Admin Demo",
    });

    const edited = await post(L("UpsertPricingGridGroup"), {
      ...created.body,
      endDate: "2030-08-31",
      isServiceKill: true,
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ endDate: "2030-08-31", isServiceKill: true });
    expect(edited.body.lastModified > created.body.lastModified).toBe(true);
    const update = (await audits("pricingGridGroup", created.body.id)).find((a) => a.action === "update");
    expect(update).toMatchObject({ before: { endDate: null, isServiceKill: false } });

    const stale = await post(L("UpsertPricingGridGroup"), { ...created.body, name: "Too late" });
    expect(stale.status).toBe(409);
    expect(stale.body.title).toBe("Change Conflict");
    expect((await get(L(`GetPricingGridGroup/${created.body.id}`))).body.name).toBe("Winter lambs 2030");
  });

  test("bad input is a 400 per field that changes nothing", async () => {
    const before = (await groups()).length;
    const backwards = await post(L("UpsertPricingGridGroup"), {
      name: "Backwards",
      speciesId: 1,
      startDate: "2030-12-31",
      endDate: "2030-12-01",
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body).toMatchObject({ isValidation: true, errors: [{ field: "endDate" }] });
    const bad = await post(L("UpsertPricingGridGroup"), { name: "", speciesId: 1, startDate: "2030-02-30" });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(["name", "startDate"]);
    const goat = await post(L("UpsertPricingGridGroup"), {
      name: "Goats",
      speciesId: 4,
      startDate: "2030-01-01",
    });
    expect(goat.status).toBe(400);
    expect(goat.body.errors).toEqual([{
      field: "speciesId",
      message: "Choose one of this organisation's species.",
    }]);
    expect((await groups()).length).toBe(before);
  });

  test("a new default group takes the default from the species' previous one, and only that species'", async () => {
    const oldSheep = (await groups(1)).find((g) => g.isDefaultGroup)!;
    const oldBeef = (await groups(2)).find((g) => g.isDefaultGroup)!;
    const fresh = await newGroup({
      name: "Sheep standard 2031",
      startDate: "2031-01-01",
      endDate: null,
      isDefaultGroup: true,
    });
    const defaults = (await groups(1)).filter((g) => g.isDefaultGroup);
    expect(defaults.map((g) => g.id)).toEqual([fresh.id]);
    expect((await groups(2)).find((g) => g.isDefaultGroup)!.id).toBe(oldBeef.id);
    const demotion = (await audits("pricingGridGroup", oldSheep.id)).find((a) => a.action === "update");
    expect(demotion).toMatchObject({
      after: { isDefaultGroup: false },
      reason: expect.stringContaining(`#${fresh.id}`),
    });
    await told("pricingGridGroupUpdated", { pricingGridGroupId: fresh.id });
    await told("pricingGridGroupUpdated", { pricingGridGroupId: oldSheep.id });
    // put the demo's default back
    const back = await post(L("UpsertPricingGridGroup"), {
      ...(await get(L(`GetPricingGridGroup/${oldSheep.id}`))).body,
      isDefaultGroup: true,
    });
    expect(back.status).toBe(200);
    expect((await groups(1)).filter((g) => g.isDefaultGroup).map((g) => g.id)).toEqual([oldSheep.id]);
  });

  test("the species stays while the group has grids; the period may not leave its orders behind", async () => {
    const g = await newGroup({ startDate: "2030-03-01", endDate: "2030-03-31" });
    await newGrid(g.id);
    const withGrid = (await get(L(`GetPricingGridGroup/${g.id}`))).body;
    const speciesChange = await post(L("UpsertPricingGridGroup"), { ...withGrid, speciesId: 2 });
    expect(speciesChange.status).toBe(400);
    expect(speciesChange.body.errors[0].field).toBe("speciesId");

    const [order] = await db.select().from(livestockOrders).where(eq(livestockOrders.speciesId, 1)).limit(1);
    await db.update(livestockOrders).set({
      pricingGridGroupId: g.id,
      deliveryDate: "2030-03-10",
      productionDate: null,
    })
      .where(eq(livestockOrders.id, order.id));
    try {
      const used = (await get(L(`GetPricingGridGroup/${g.id}`))).body;
      expect(used.orderCount).toBe(1);
      const away = await post(L("UpsertPricingGridGroup"), {
        ...used,
        startDate: "2030-04-01",
        endDate: "2030-04-30",
      });
      expect(away.status).toBe(409);
      expect(away.body.message).toContain(`#${order.id}`);
      const wider = await post(L("UpsertPricingGridGroup"), {
        ...used,
        startDate: "2030-03-10",
        endDate: null,
      });
      expect(wider.status).toBe(200);
    } finally {
      await db.update(livestockOrders).set({
        pricingGridGroupId: order.pricingGridGroupId,
        deliveryDate: order.deliveryDate,
        productionDate: order.productionDate,
      }).where(eq(livestockOrders.id, order.id));
    }
  });
});

describe("CopyPricingGridGroup", () => {
  test("copies the group and its grids to a new period, never as the default", async () => {
    const source = (await groups(2)).find((g) => g.isDefaultGroup)!;
    const copy = await post(L("CopyPricingGridGroup"), {
      pricingGridGroupId: source.id,
      name: "Cattle 2031",
      startDate: "2031-01-01",
      endDate: "2031-12-31",
    });
    expect(copy.status).toBe(200);
    expect(copy.body).toMatchObject({
      name: "Cattle 2031",
      speciesId: 2,
      startDate: "2031-01-01",
      endDate: "2031-12-31",
      isDefaultGroup: false,
      isServiceKill: source.isServiceKill,
    });
    await told("pricingGridGroupUpdated", { pricingGridGroupId: copy.body.id });
    const strip = (grids: Grid[]) =>
      grids.map(({ reference, speciesCategoryId, bestPrice, priority, cells }) => ({
        reference,
        speciesCategoryId,
        bestPrice,
        priority,
        cells,
      }));
    expect(strip(copy.body.pricingGrids)).toEqual(strip(source.pricingGrids));
    expect(copy.body.pricingGrids.map((g: Grid) => g.id)).not.toContain(source.pricingGrids[0].id);
    expect((await audits("pricingGridGroup", copy.body.id))[0]).toMatchObject({ action: "copy" });
  });

  test("a backwards period is 400 and an unknown group 404, creating nothing", async () => {
    const before = (await groups()).length;
    const [g] = await groups(1);
    const backwards = await post(L("CopyPricingGridGroup"), {
      pricingGridGroupId: g.id,
      name: "x",
      startDate: "2031-02-01",
      endDate: "2031-01-01",
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors[0].field).toBe("endDate");
    expect(
      (await post(L("CopyPricingGridGroup"), {
        pricingGridGroupId: 99999,
        name: "x",
        startDate: "2031-01-01",
      }))
        .status,
    ).toBe(404);
    expect((await groups()).length).toBe(before);
  });
});

describe("DeletePricingGridGroup", () => {
  test("deletes the group with its grids, announced; a stale copy is 409", async () => {
    const g = await newGroup();
    const grid = await newGrid(g.id);
    const stale = await post(L("DeletePricingGridGroup"), {
      pricingGridGroupId: g.id,
      lastModified: "2000-01-01T00:00:00.000Z",
    });
    expect(stale.status).toBe(409);
    const res = await post(L("DeletePricingGridGroup"), {
      pricingGridGroupId: g.id,
      lastModified: g.lastModified,
    });
    expect(res).toEqual({ status: 200, body: { pricingGridGroupId: g.id } });
    await told("pricingGridGroupDeleted", { pricingGridGroupId: g.id });
    expect((await get(L(`GetPricingGridGroup/${g.id}`))).status).toBe(404);
    expect((await get(L(`GetPricingGrid/${grid.id}`))).status).toBe(404);
    expect(await db.select().from(pricingGrids).where(eq(pricingGrids.pricingGridGroupId, g.id))).toEqual([]);
    expect((await audits("pricingGridGroup", g.id)).map((a) => a.action)).toContain("delete");
    expect((await post(L("DeletePricingGridGroup"), { pricingGridGroupId: g.id })).status).toBe(404);
  });

  test("refused with 409 while an order, even a cancelled one, is priced with it", async () => {
    const g = await newGroup();
    const [order] = await db.select().from(livestockOrders).limit(1);
    await db.update(livestockOrders).set({ pricingGridGroupId: g.id, orderStatus: 0 }).where(
      eq(livestockOrders.id, order.id),
    );
    try {
      const res = await post(L("DeletePricingGridGroup"), { pricingGridGroupId: g.id });
      expect(res.status).toBe(409);
      expect(res.body.message).toMatch(new RegExp(`1 order is priced with this group \\(#${order.id}\\)`));
      expect((await get(L(`GetPricingGridGroup/${g.id}`))).status).toBe(200);
    } finally {
      await db.update(livestockOrders).set({
        pricingGridGroupId: order.pricingGridGroupId,
        orderStatus: order.orderStatus,
      }).where(eq(livestockOrders.id, order.id));
    }
  });
});

describe("UpsertPricingGrid", () => {
  test("adds a grid from pasted text: cells stored, best price derived, announced", async () => {
    const g = await newGroup();
    const res = await post(L("UpsertPricingGrid"), {
      pricingGridGroupId: g.id,
      speciesCategoryId: 11,
      reference: "LAMB-EU",
      bestPrice: 1.23, // ignored: the cells have prices
      cells: LAMB_TEXT,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      reference: "LAMB-EU",
      speciesCategory: "Lamb",
      priority: 1,
      bestPrice: 9.055,
      cells: {
        weightBands: [{ fromKg: 0, toKg: 18 }, { fromKg: 18.1, toKg: 22 }, { fromKg: 22.1, toKg: null }],
        fatScores: [1, 2, 3],
        prices: [[760, 820, 840], [800, 905.5, 880], [780, 850, null]],
      },
    });
    await told("pricingGridUpdated", { pricingGridId: res.body.id, pricingGridGroupId: g.id });
    expect((await audits("pricingGrid", res.body.id))[0].action).toBe("create");
  });

  test("takes JSON cells, or none with a given best price", async () => {
    const g = await newGroup({ speciesId: 2 });
    const json = await newGrid(g.id, {
      speciesCategoryId: 23,
      cells: {
        weightBands: [{ fromKg: 0, toKg: 300 }, { fromKg: 300.1, toKg: null }],
        fatScores: [2, 3],
        prices: [[700, 720], [690, null]],
      },
    });
    expect(json.bestPrice).toBe(7.2);
    const flat = await newGrid(g.id, { speciesCategoryId: 25, cells: null, bestPrice: 6.1 });
    expect(flat).toMatchObject({ cells: null, bestPrice: 6.1, priority: 2 });
    const blankText = await newGrid(g.id, { speciesCategoryId: 24, cells: "  ", bestPrice: null });
    expect(blankText).toMatchObject({ cells: null, bestPrice: null, priority: 3 });
  });

  test("refuses a bad matrix, another species' category or a repeated reference, creating nothing", async () => {
    const g = await newGroup();
    const first = await newGrid(g.id, { reference: "LAMB-A" });
    const tries = [
      [{ cells: "kg,1,2\n0-16,800,820\n16-18,810,830" }, "cells"],
      [
        { cells: { weightBands: [{ fromKg: 0, toKg: 16 }], fatScores: [1], prices: [[-5]] } },
        "cells.prices.0.0",
      ],
      [{ speciesCategoryId: 23 }, "speciesCategoryId"],
      [{ reference: "lamb-a" }, "reference"],
      [{ reference: "" }, "reference"],
    ] as const;
    for (const [over, field] of tries) {
      const res = await post(L("UpsertPricingGrid"), {
        pricingGridGroupId: g.id,
        speciesCategoryId: 11,
        reference: "LAMB-B",
        cells: LAMB_TEXT,
        ...over,
      });
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.body.errors[0].field).toBe(field);
    }
    expect(
      (await post(L("UpsertPricingGrid"), {
        pricingGridGroupId: 99999,
        speciesCategoryId: 11,
        reference: "x",
      }))
        .status,
    ).toBe(404);
    expect((await get(L(`GetPricingGridGroup/${g.id}`))).body.pricingGrids.map((x: Grid) => x.id)).toEqual([
      first.id,
    ]);
  });

  test("priority puts a grid at that position and the others move along; edits are checked for staleness", async () => {
    const g = await newGroup();
    const a = await newGrid(g.id, { reference: "A" });
    const b = await newGrid(g.id, { reference: "B" });
    const c = await newGrid(g.id, { reference: "C", priority: 1 });
    const order = async () =>
      (await get(L(`GetPricingGridGroup/${g.id}`))).body.pricingGrids.map((
        x: Grid,
      ) => [x.reference, x.priority]);
    expect(await order()).toEqual([["C", 1], ["A", 2], ["B", 3]]);
    const moved = await post(L("UpsertPricingGrid"), {
      ...a,
      cells: a.cells,
      priority: 99,
      lastModified: (await get(L(`GetPricingGrid/${a.id}`))).body.lastModified,
    });
    expect(moved.status).toBe(200);
    expect(await order()).toEqual([["C", 1], ["B", 2], ["A", 3]]);
    // B moved (2 → 3 → 2): its old copy is stale
    const stale = await post(L("UpsertPricingGrid"), { ...b, reference: "B2" });
    expect(stale.status).toBe(409);
    const fresh = (await get(L(`GetPricingGrid/${b.id}`))).body;
    const renamed = await post(L("UpsertPricingGrid"), { ...fresh, reference: "B2" });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ reference: "B2", priority: 2 });
    expect(c.priority).toBe(1);
  });

  test("a grid stays in its group: moving it by an edit is refused", async () => {
    const g1 = await newGroup();
    const g2 = await newGroup();
    const grid = await newGrid(g1.id);
    const res = await post(L("UpsertPricingGrid"), { ...grid, pricingGridGroupId: g2.id });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toBe("pricingGridGroupId");
  });
});

describe("CopyPricingGrid", () => {
  test("within its group: last, with (copy); into another group of the species: same reference", async () => {
    const g1 = await newGroup();
    const g2 = await newGroup();
    const grid = await newGrid(g1.id, { reference: "LAMB" });
    const same = await post(L("CopyPricingGrid"), { pricingGridId: grid.id });
    expect(same.status).toBe(200);
    expect(same.body).toMatchObject({
      reference: "LAMB (copy)",
      priority: 2,
      cells: grid.cells,
      bestPrice: grid.bestPrice,
    });
    await told("pricingGridUpdated", { pricingGridId: same.body.id, pricingGridGroupId: g1.id });
    const again = await post(L("CopyPricingGrid"), { pricingGridId: grid.id });
    expect(again.body.reference).toBe("LAMB (copy 2)");
    const other = await post(L("CopyPricingGrid"), { pricingGridId: grid.id, pricingGridGroupId: g2.id });
    expect(other.body).toMatchObject({ reference: "LAMB", pricingGridGroupId: g2.id, priority: 1 });
    const named = await post(L("CopyPricingGrid"), {
      pricingGridId: grid.id,
      pricingGridGroupId: g2.id,
      reference: "lamb",
    });
    expect(named.status).toBe(400);
    expect(named.body.errors[0].field).toBe("reference");
  });

  test("into another species' group is 400; an unknown grid 404", async () => {
    const sheep = await newGroup();
    const beef = await newGroup({ speciesId: 2 });
    const grid = await newGrid(sheep.id);
    const res = await post(L("CopyPricingGrid"), { pricingGridId: grid.id, pricingGridGroupId: beef.id });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({
      field: "pricingGridGroupId",
      message: expect.stringMatching(/Sheep/),
    });
    expect((await get(L(`GetPricingGridGroup/${beef.id}`))).body.pricingGrids).toEqual([]);
    expect((await post(L("CopyPricingGrid"), { pricingGridId: 99999 })).status).toBe(404);
  });
});

describe("DeletePricingGrid", () => {
  test("deletes a grid, the rest keep priorities 1…n; announced; a stale copy is 409", async () => {
    const g = await newGroup();
    const a = await newGrid(g.id, { reference: "A" });
    const b = await newGrid(g.id, { reference: "B" });
    const c = await newGrid(g.id, { reference: "C" });
    expect(
      (await post(L("DeletePricingGrid"), { pricingGridId: a.id, lastModified: "2000-01-01T00:00:00.000Z" }))
        .status,
    )
      .toBe(409);
    const res = await post(L("DeletePricingGrid"), { pricingGridId: a.id, lastModified: a.lastModified });
    expect(res).toEqual({ status: 200, body: { pricingGridId: a.id, pricingGridGroupId: g.id } });
    await told("pricingGridDeleted", { pricingGridId: a.id, pricingGridGroupId: g.id });
    const rest = (await get(L(`GetPricingGridGroup/${g.id}`))).body.pricingGrids;
    expect(rest.map((x: Grid) => [x.id, x.priority])).toEqual([[b.id, 1], [c.id, 2]]);
    expect((await audits("pricingGrid", a.id)).map((x) => x.action)).toContain("delete");
    expect((await post(L("DeletePricingGrid"), { pricingGridId: a.id })).status).toBe(404);
  });
});

describe("ReorderPricingGrids", () => {
  test("sets priorities by position, audited on the group and announced", async () => {
    const g = await newGroup();
    const [a, b, c] = [await newGrid(g.id), await newGrid(g.id), await newGrid(g.id)];
    const res = await post(L("ReorderPricingGrids"), {
      pricingGridGroupId: g.id,
      gridIds: [c.id, a.id, b.id],
    });
    expect(res.status).toBe(200);
    expect(res.body.pricingGrids.map((x: Grid) => [x.id, x.priority])).toEqual([[c.id, 1], [a.id, 2], [
      b.id,
      3,
    ]]);
    await told("pricingGridGroupUpdated", { pricingGridGroupId: g.id });
    expect((await audits("pricingGridGroup", g.id)).find((x) => x.action === "reorder grids")).toMatchObject({
      before: { gridIds: [a.id, b.id, c.id] },
      after: { gridIds: [c.id, a.id, b.id] },
    });
  });

  test("a list that is not exactly the group's grids is 409; a repeated id 400; nothing moves", async () => {
    const g = await newGroup();
    const [a, b] = [await newGrid(g.id), await newGrid(g.id)];
    const other = await newGrid((await newGroup()).id);
    const missing = await post(L("ReorderPricingGrids"), { pricingGridGroupId: g.id, gridIds: [b.id] });
    expect(missing.status).toBe(409);
    const foreign = await post(L("ReorderPricingGrids"), {
      pricingGridGroupId: g.id,
      gridIds: [b.id, other.id],
    });
    expect(foreign.status).toBe(409);
    const twice = await post(L("ReorderPricingGrids"), { pricingGridGroupId: g.id, gridIds: [b.id, b.id] });
    expect(twice.status).toBe(400);
    expect(twice.body.errors[0].field).toBe("gridIds");
    expect((await get(L(`GetPricingGridGroup/${g.id}`))).body.pricingGrids.map((x: Grid) => x.id)).toEqual([
      a.id,
      b.id,
    ]);
  });
});

describe("settings pages", () => {
  const page = async (path: string, who = "admin") => {
    const res = await t.request(path, { headers: { cookie: `session=${tokens[who]}` }, redirect: "manual" });
    return { status: res.status, html: await res.text() };
  };

  test("the species lists: tabs per species, no script; a species by id or name; another species 404", async () => {
    const sheep = await page("/settings/pricinggrids");
    expect(sheep.status).toBe(200);
    expect(sheep.html).toContain(`aria-label="Sheep price grids"`);
    expect(sheep.html).toContain('href="/settings/viewgrids/2"');
    expect(sheep.html).not.toContain(assetUrl("runtime/islands"));
    const beef = (await groups(2)).find((g) => g.isDefaultGroup)!;
    for (const path of ["/settings/viewgrids/2", "/settings/viewgrids/beef"]) {
      const res = await page(path);
      expect(res.status).toBe(200);
      expect(res.html).toContain(`href="/settings/pricinggridgroups/${beef.id}"`);
    }
    expect((await page("/settings/viewgrids/4")).status).toBe(404);
  });

  test("a group page, its grid pages and the copy page render; unknown ids are 404", async () => {
    const g = (await groups(1)).find((x) => x.pricingGrids.length && x.orderCount === 0)!;
    const group = await page(`/settings/pricinggridgroups/${g.id}`);
    expect(group.status).toBe(200);
    expect(group.html).toContain('data-island="ActionButton"');
    expect(group.html).toContain(`aria-label="Prices of ${g.pricingGrids[0].reference}"`);
    const grid = await page(`/settings/pricinggrids/${g.pricingGrids[0].id}`);
    expect(grid.status).toBe(200);
    expect(grid.html).toContain('data-island="PricingGridEditor"');
    expect((await page(`/settings/newpricinggrid/${g.id}`)).html).toContain(
      'data-island="PricingGridEditor"',
    );
    expect((await page(`/settings/clonepricinggrid/${g.id}`)).html).toContain("Copy the group");
    expect((await page("/settings/newpricinggrid?species=2")).status).toBe(200);
    expect((await page("/settings/pricinggridgroups/99999")).status).toBe(404);
    expect((await page("/settings/pricinggrids/99999")).status).toBe(404);
  });

  test("a tenant without buySettings cannot open them", async () => {
    expect((await page("/settings/pricinggrids", "farm")).status).toBe(403);
  });
});
