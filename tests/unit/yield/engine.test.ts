/**
 * The yield engine (server/areas/yield/engine.ts) over a real tenant database: two hand-made runs on days
 * the demo never boned, so every figure can be worked out by hand. The runs are the denominators (a cut's
 * yield is over all the runs' HSCW), segment filters narrow product only, the mass balance closes, the
 * revenue figures exist only with the yield revenue module, and Average is the mean of the daily values.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { startTestApp, type TestApp } from "../../helpers/app.ts";
import { contextOf } from "../../helpers/areaContext.ts";
import type { AreaContext } from "../../../server/areas/context.ts";
import {
  boningRooms,
  boningRuns,
  cartonImports,
  productCodes,
  yieldSummaries,
} from "../../../db/tenant/schema.ts";
import { yieldFigures } from "../../../server/areas/yield/engine.ts";
import { writeCartons } from "../../../server/areas/yield/data/cartonRows.ts";
import { rebuildDays } from "../../../server/areas/yield/data/rebuild.ts";
import { resolveFilter } from "../../../server/areas/yield/access.ts";
import type { YieldFilter } from "../../../server/areas/yield/schemas.ts";

let t: TestApp;
let ctx: AreaContext;
let plant: number;
let cutX: number, cutY: number;
const DAY1 = "2020-03-02", DAY2 = "2020-03-03";

beforeAll(async () => {
  t = await startTestApp();
  ctx = await contextOf(t, "admin@demo.processor");
  const [room] = await ctx.db.select().from(boningRooms);
  plant = room.tenantSiteId;
  const codes = await ctx.db.select().from(productCodes).where(eq(productCodes.speciesId, 1));
  const products = codes.filter((c) => c.kind === "product" && c.cutId != null);
  const x = products[0], y = products.find((c) => c.cutId !== x.cutId)!;
  const bone = codes.find((c) => c.kind === "bone")!;
  cutX = x.cutId!, cutY = y.cutId!;
  const run = (productionDate: string, shift: string, runNumber: number, head: number, hscwKg: number) => ({
    productionDate,
    tenantSiteId: plant,
    speciesId: 1,
    boningRoomId: room.id,
    shift,
    runNumber,
    head,
    hscwKg,
    fatMmSum: head * 12,
    fatHead: head,
    lastModified: "2020-03-02T00:00:00.000Z",
  });
  const [a] = await ctx.db.insert(boningRuns).values(run(DAY1, "day", 901, 100, 2400)).returning();
  const [b] = await ctx.db.insert(boningRuns).values(run(DAY2, "night", 902, 50, 1250)).returning();
  const line = (r: typeof a, code: typeof x, kg: number, expectedKg: number, cents: number | null) => ({
    productionDate: r.productionDate,
    tenantSiteId: plant,
    speciesId: 1,
    boningRoomId: room.id,
    shift: r.shift,
    boningRunId: r.id,
    productCodeId: code.id,
    cutId: code.cutId,
    kind: code.kind,
    cartons: Math.round(kg / 20),
    pieces: Math.round(kg / 2),
    kg,
    expectedKg,
    standardPercent: (expectedKg / r.hscwKg) * 100,
    centsPerKg: cents,
    revenueCents: cents == null ? 0 : kg * cents,
    expectedRevenueCents: cents == null ? 0 : expectedKg * cents,
  });
  await ctx.db.insert(yieldSummaries).values([
    line(a, x, 300, 312, 1500),
    line(a, y, 150, 144, 1000),
    line(a, bone, 500, 0, null),
    line(b, x, 150, 162.5, 1500),
    line(b, bone, 260, 0, null),
  ]);
});
afterAll(() => t.close());

const filter = (more: Partial<YieldFilter> = {}) =>
  resolveFilter(ctx, { speciesId: 1, fromDate: DAY1, toDate: DAY2, plantIds: [plant], ...more });

describe("yieldFigures", () => {
  test("totals: runs are the denominators, the mass balance closes", async () => {
    const f = await yieldFigures(ctx, await filter(), [], [
      1,
      2,
      3,
      4,
      9,
      10,
      11,
      16,
      17,
      18,
      33,
      34,
      39,
      40,
      45,
    ]);
    const v = f.total;
    expect(v[1]).toBe(150);
    expect(v[2]).toBe(3650);
    expect(v[3]).toBeCloseTo(3650 / 150);
    expect(v[4]).toBeCloseTo(12);
    expect(v[9]).toBe(600);
    expect(v[10]).toBeCloseTo(618.5);
    expect(v[11]).toBeCloseTo(-18.5);
    expect(v[16]).toBeCloseTo((600 / 3650) * 100);
    expect(v[18]).toBeCloseTo((-18.5 / 3650) * 100);
    expect(v[33]).toBe(760);
    expect(v[39]).toBeCloseTo(3650 - 600 - 760);
    expect(v[16]! + v[34]! + v[40]!).toBeCloseTo(100);
    expect(v[45]).toBe(2);
  });

  test("by shift and by day: each group has its own runs' HSCW", async () => {
    const f = await yieldFigures(ctx, await filter(), ["shift"], [16, 1]);
    expect(f.rows.map((r) => [r.key.shift, r.labels.shift, r.values[1]])).toEqual([
      ["day", "Day shift", 100],
      ["night", "Night shift", 50],
    ]);
    expect(f.rows[0].values[16]).toBeCloseTo(18.75);
    expect(f.rows[1].values[16]).toBeCloseTo(12);
    const night = await yieldFigures(ctx, await filter(), [], [50, 51, 52]);
    expect(night.total[52]).toBeCloseTo(12 - 18.75);
  });

  test("by cut: a cut's yield is over the HSCW of every run", async () => {
    const f = await yieldFigures(ctx, await filter(), ["cut"], [9, 16]);
    const x = f.rows.find((r) => r.key.cut === cutX)!;
    expect(x.values[9]).toBe(450);
    expect(x.values[16]).toBeCloseTo((450 / 3650) * 100);
    expect(f.rows.every((r) => r.key.cut != null)).toBe(true);
  });

  test("a segment filter narrows the product, never the bone or the HSCW", async () => {
    const f = await yieldFigures(ctx, await filter({ cuts: [cutY] }), [], [2, 9, 33]);
    expect(f.total).toEqual({ 2: 3650, 9: 150, 33: 760 });
  });

  test("revenue exists with the module and is absent without it", async () => {
    const f = await yieldFigures(ctx, await filter(), [], [9, 23, 25]);
    expect(f.total[23]).toBeCloseTo((300 * 1500 + 150 * 1000 + 150 * 1500) / 100);
    expect(f.total[25]).toBeCloseTo(((300 - 312) * 1500 + (150 - 144) * 1000 + (150 - 162.5) * 1500) / 100);
    const without = { ...ctx, caller: { ...ctx.caller, subject: { ...ctx.caller.subject, modules: [] } } };
    const g = await yieldFigures(without, await filter(), [], [9, 23, 25]);
    expect(Object.keys(g.total)).toEqual(["9"]);
    expect(g.metrics.map((m) => m.key)).toEqual([9]);
  });

  test("Average is the mean of the daily values", async () => {
    const f = await yieldFigures(ctx, await filter(), ["site"], [1, 16], { average: true });
    expect(f.rows).toHaveLength(1);
    expect(f.rows[0].values[1]).toBe(75);
    expect(f.rows[0].values[16]).toBeCloseTo((18.75 + 12) / 2);
  });

  test("runs below standard and the worst run", async () => {
    const f = await yieldFigures(ctx, await filter(), [], [46, 47, 60, 61]);
    expect(f.total[46]).toBe(2);
    expect(f.total[47]).toBeCloseTo((-12.5 / 1250) * 100);
    expect(f.total[61]).toBeCloseTo(12 + 12.5);
  });

  test("a plant the caller does not see is refused", async () => {
    await expect(resolveFilter(ctx, { speciesId: 1, fromDate: DAY1, toDate: DAY2, plantIds: [99999] }))
      .rejects.toMatchObject({ status: 403 });
    await expect(resolveFilter(ctx, { speciesId: 77, fromDate: DAY1, toDate: DAY2 })).rejects
      .toMatchObject({ status: 404 });
  });
});

describe("what a run is expected to make", () => {
  test("only the codes it made: a code of the species it never made is no shortfall", async () => {
    const DAY = "2026-05-11"; // in the standards' reach, long before the demo's boning
    const [room] = await ctx.db.select().from(boningRooms);
    const codes = await ctx.db.select().from(productCodes).where(eq(productCodes.speciesId, 1));
    const made = codes.filter((c) => c.kind === "product").slice(0, 2);
    const [run] = await ctx.db.insert(boningRuns).values({
      productionDate: DAY,
      tenantSiteId: room.tenantSiteId,
      speciesId: 1,
      boningRoomId: room.id,
      shift: "day",
      runNumber: 903,
      head: 100,
      hscwKg: 2400,
      lastModified: "2026-05-11T00:00:00.000Z",
    }).returning();
    await ctx.write(async (tx) => {
      const [imp] = await tx.insert(cartonImports).values({
        source: "api",
        name: "rule test",
        sentBy: "test",
        sentAt: "2026-05-11T00:00:00.000Z",
        rows: 2,
      }).returning();
      await writeCartons(
        tx,
        made.map((c, i) => ({
          serial: `RULE-${i}`,
          productCodeId: c.id,
          netKg: 20,
          pieces: 0,
          productionDate: DAY,
          tenantSiteId: room.tenantSiteId,
          speciesId: 1,
          boningRoomId: room.id,
          shift: "day",
          boningRunId: run.id,
          importId: imp.id,
          receivedAt: "2026-05-11T00:00:00.000Z",
        })),
      );
      await rebuildDays(tx, { from: DAY, to: DAY, runIds: [run.id] });
    });
    const rows = await ctx.db.select().from(yieldSummaries).where(eq(yieldSummaries.boningRunId, run.id));
    expect(rows.map((r) => r.productCodeId).sort()).toEqual(made.map((c) => c.id).sort());
    expect(codes.filter((c) => c.kind === "product").length).toBeGreaterThan(2);
    const f = await yieldFigures(
      ctx,
      await resolveFilter(ctx, { speciesId: 1, fromDate: DAY, toDate: DAY, plantIds: [room.tenantSiteId] }),
      [],
      [9, 10],
    );
    expect(f.total[9]).toBe(40);
    const standards = rows.reduce((sum, r) => sum + r.standardPercent, 0);
    expect(f.total[10]).toBeCloseTo((standards * 2400) / 100, 2);
  });
});
