/**
 * Copying a price grid between organisations over real HTTP (real database files, one per organisation):
 * only a super user; the source's grids by species, group and period; the preview maps the species and
 * category onto the target's and says in words why a target cannot take one; the copy lands in the target
 * as a new, not yet started, non-default group (or an upcoming one chosen there) with exactly the same
 * cells and best price, is audited, and a refused copy leaves nothing behind.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { plantNoon } from "../helpers/clock.ts";
import { eq } from "drizzle-orm";
import { superAudit, tenants } from "../../db/control/schema.ts";
import { auditLog, pricingGridGroups, pricingGrids, stockSettings } from "../../db/tenant/schema.ts";
import { createTenant } from "../../server/tenants.ts";
import { jsonCalls, startTestApp, type TestApp } from "../helpers/app.ts";
import { SUPER_PRICING_GRID_API as P } from "../../server/areas/super/pricingGrid/api.ts";

let t: TestApp;
const tokens: Record<string, string> = {};
const api = jsonCalls(() => t, tokens);
let processorId: number;
let farmId: number;
let targetId: number;

type Grid = {
  pricingGridId: number;
  reference: string;
  speciesCategory: string;
  species: string;
  endDate: string | null;
};
let grids: Grid[];
const gridOf = (category: string) => grids.find((g) => g.speciesCategory === category)!;
const targetDb = () => t.services.db.tenantDb(targetId);

beforeAll(async () => {
  t = await startTestApp();
  tokens.super = await t.login("super@demo.processor");
  tokens.admin = await t.login("admin@demo.processor");
  const byName = async (name: string) =>
    (await t.services.db.control.query.tenants.findFirst({ where: eq(tenants.name, name) }))!.id;
  processorId = await byName("Demo Processing");
  farmId = await byName("Demo Farm");
  // a new beef processor that buys steers, heifers and yearlings but no cows
  targetId = await createTenant(t.services.db, {
    name: "Riverina Beef",
    category: "processor",
    sites: ["Wagga Wagga"],
    speciesIds: [2],
    modules: ["livestock", "buySettings"],
  });
  await (await targetDb()).insert(stockSettings).values({
    id: 1,
    speciesCategoryIds: [21, 22, 23, 24],
    carcassTypes: ["hscw"],
    lastModified: plantNoon().toISOString(),
  });
  // the demo processor's current month's grids (the seed: last, this and next month, and a standard grid)
  const list = await api.get(`${P.sourceGrids}?tenantId=${processorId}`, "super");
  grids = list.body.items.filter((
    g: { startDate: string; endDate: string | null; isDefaultGroup: boolean },
  ) => !g.isDefaultGroup);
});
afterAll(() => t.close());

const preview = (pricingGridId: number, target = targetId) =>
  api.get(
    `${P.preview}?sourceTenantId=${processorId}&pricingGridId=${pricingGridId}&targetTenantId=${target}`,
    "super",
  );
const copy = (body: Record<string, unknown>) =>
  api.post(P.copy, { sourceTenantId: processorId, targetTenantId: targetId, ...body }, "super");
const targetGroups = async () => (await targetDb()).select().from(pricingGridGroups);
const targetGrids = async () => (await targetDb()).select().from(pricingGrids);

describe("a source organisation's grids", () => {
  test("only a super user lists them, by species, group and period; by species when asked", async () => {
    expect((await api.get(`${P.sourceGrids}?tenantId=${processorId}`, "admin")).status).toBe(403);
    const all = await api.get(`${P.sourceGrids}?tenantId=${processorId}`, "super");
    expect(all.status).toBe(200);
    expect(new Set(all.body.items.map((g: Grid) => g.species))).toEqual(new Set(["Sheep", "Beef"]));
    expect(all.body.total).toBe(all.body.items.length);
    const beef = await api.get(`${P.sourceGrids}?tenantId=${processorId}&speciesId=2`, "super");
    expect(new Set(beef.body.items.map((g: Grid) => g.speciesCategory))).toEqual(
      new Set(["Steer", "Heifer", "Cow"]),
    );
    expect((await api.get(`${P.sourceGrids}?tenantId=99999`, "super")).status).toBe(404);
    expect((await api.get(`${P.sourceGrids}?tenantId=abc`, "super")).status).toBe(400);
  });
});

describe("the preview", () => {
  test("maps the species and category onto the target's and offers a period not yet started", async () => {
    const steer = gridOf("Steer");
    const res = await preview(steer.pricingGridId);
    expect(res.status).toBe(200);
    expect(res.body.mapping).toEqual([
      { what: "Species", from: "Beef", to: "Beef" },
      { what: "Category", from: "Steer", to: "Steer" },
    ]);
    expect(res.body.problems).toEqual([]);
    expect(res.body.source.grid.cells.prices.length).toBeGreaterThan(0);
    expect(res.body.target).toMatchObject({ tenantName: "Riverina Beef", speciesCategoryId: 23 });
    // a grid still to come keeps its period
    expect(res.body.suggested).toMatchObject({
      startDate: res.body.source.group.startDate,
      endDate: res.body.source.group.endDate,
    });
    // last month's grid: the next whole month from the first of next month, after it ended
    const lastMonths = grids.filter((g) => g.speciesCategory === "Steer" && g.endDate !== null).at(-1)!;
    const past = (await preview(lastMonths.pricingGridId)).body;
    expect(past.suggested.startDate).toMatch(/-01$/);
    expect(past.suggested.startDate > past.source.group.endDate).toBe(true);
    const [y, m] = past.suggested.startDate.split("-").map(Number);
    expect(past.suggested.endDate).toBe(new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10));
  });

  test("says in words why a target cannot take a grid", async () => {
    expect((await preview(gridOf("Cow").pricingGridId)).body.problems).toEqual([
      "Riverina Beef does not buy Cow: add it to its species categories (Settings › Stock settings) first.",
    ]);
    expect((await preview(gridOf("Lamb").pricingGridId)).body.problems).toEqual([
      "Riverina Beef does not process Sheep: add the species to the organisation first.",
    ]);
    expect((await preview(gridOf("Steer").pricingGridId, farmId)).body.problems[0]).toBe(
      "Demo Farm is a producer: price grids are a processor's, so copy it to a processor.",
    );
    expect((await preview(gridOf("Steer").pricingGridId, processorId)).body.problems[0]).toMatch(
      /^Choose another organisation/,
    );
    expect((await preview(999_999)).status).toBe(404);
  });
});

describe("the copy", () => {
  test("refusals are in words and leave nothing behind", async () => {
    const steer = gridOf("Steer").pricingGridId;
    const cow = await copy({ pricingGridId: gridOf("Cow").pricingGridId, reference: "COW", groupName: "x" });
    expect(cow.status).toBe(400);
    expect(cow.body.message).toMatch(/does not buy Cow/);
    const started = await copy({
      pricingGridId: steer,
      reference: "STEER",
      groupName: "Cattle",
      startDate: "2020-01-01",
    });
    expect(started.status).toBe(400);
    expect(started.body.errors).toContainEqual({
      field: "startDate",
      message:
        "Start it after today: a copied grid is checked by the organisation before anyone is priced on it.",
    });
    const unnamed = await copy({ pricingGridId: steer, reference: "STEER", startDate: "2099-01-01" });
    expect(unnamed.body.errors).toContainEqual({ field: "groupName", message: "Enter the new group's name" });
    const backwards = await copy({
      pricingGridId: steer,
      reference: "STEER",
      groupName: "Cattle",
      startDate: "2099-02-01",
      endDate: "2099-01-01",
    });
    expect(backwards.body.errors).toContainEqual({
      field: "endDate",
      message: "The end cannot be before the start.",
    });
    expect((await copy({ pricingGridId: "x", reference: "STEER" })).status).toBe(400);
    const long = await copy({ pricingGridId: steer, reference: "S".repeat(41), groupName: "Cattle" });
    expect(long.body.errors).toContainEqual({
      field: "reference",
      message: "Keep the reference to 40 characters",
    });
    const notUpcoming = await copy({ pricingGridId: steer, reference: "STEER", pricingGridGroupId: 1 });
    expect(notUpcoming.body.errors).toContainEqual({
      field: "pricingGridGroupId",
      message: "Choose a Beef group of Riverina Beef that has not started yet.",
    });
    expect((await api.post(P.copy, { pricingGridId: steer, reference: "S" }, "admin")).status).toBe(403);
    expect(await targetGroups()).toEqual([]);
    expect(await targetGrids()).toEqual([]);
  });

  test("a new group not yet started, never the default, with exactly the same prices; audited", async () => {
    const source = (await preview(gridOf("Steer").pricingGridId)).body;
    const res = await copy({
      pricingGridId: source.source.grid.id,
      groupName: "Cattle from the template",
      startDate: source.suggested.startDate,
      endDate: source.suggested.endDate,
      reference: "STEER-A",
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      targetTenantName: "Riverina Beef",
      groupName: "Cattle from the template",
      createdGroup: true,
      reference: "STEER-A",
      gridPath: `/settings/pricinggrids/${res.body.pricingGridId}`,
    });
    const [group] = await targetGroups();
    expect(group).toMatchObject({
      name: "Cattle from the template",
      speciesId: 2,
      startDate: source.suggested.startDate,
      endDate: source.suggested.endDate,
      isDefaultGroup: false,
    });
    const [grid] = await targetGrids();
    expect(grid.cells).toEqual(source.source.grid.cells);
    expect(grid.bestPrice).toBe(source.source.grid.bestPrice);
    expect(grid).toMatchObject({ speciesCategoryId: 23, priority: 1, pricingGridGroupId: group.id });

    const [audit] = await t.services.db.control.select().from(superAudit)
      .where(eq(superAudit.action, "CopyPricingGrid"));
    expect(audit).toMatchObject({ tenantId: targetId, userName: "Super Demo" });
    expect(audit.detail).toMatchObject({ fromTenantId: processorId, pricingGridId: grid.id });
    // the target's own trail says who made the group and the grid there
    const trail = await (await targetDb()).select().from(auditLog);
    expect(trail.map((a) => a.entity)).toEqual(expect.arrayContaining(["pricingGridGroup", "pricingGrid"]));
  });

  test("another grid goes into the upcoming group; a reference it already has is refused", async () => {
    const [group] = await targetGroups();
    const heifer = gridOf("Heifer");
    const offered = (await preview(heifer.pricingGridId)).body.target.upcomingGroups;
    expect(offered.map((g: { id: number; references: string[] }) => [g.id, g.references])).toEqual([
      [group.id, ["STEER-A"]],
    ]);
    const clash = await copy({
      pricingGridId: heifer.pricingGridId,
      pricingGridGroupId: group.id,
      reference: "steer-a",
    });
    expect(clash.status).toBe(400);
    expect(clash.body.errors[0].field).toBe("reference");
    const res = await copy({
      pricingGridId: heifer.pricingGridId,
      pricingGridGroupId: group.id,
      reference: "HEIFER",
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ pricingGridGroupId: group.id, createdGroup: false });
    expect((await targetGroups()).length).toBe(1);
    expect((await targetGrids()).map((g) => [g.reference, g.priority])).toEqual([["STEER-A", 1], [
      "HEIFER",
      2,
    ]]);
  });
});
