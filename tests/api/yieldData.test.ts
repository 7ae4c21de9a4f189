/**
 * api/yield/PostCartons and GetCartonImports over real HTTP and real db files: a batch of cartons (by
 * integration key or an uploader), row-numbered 400s that write nothing, resent serials replacing, who
 * may; a kill floor correction refreshing a run's HSCW and summaries; the demo season's summaries.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { and, eq, gte, isNotNull, lte, sql } from "drizzle-orm";
import { jsonCalls, serveTestApp } from "../helpers/app.ts";
import { hubClient, nextEvent } from "../helpers/hub.ts";
import { plantDay } from "../helpers/clock.ts";
import {
  boningRuns,
  carcasses,
  cartonImports,
  cartons,
  productCodes,
  yieldSummaries,
} from "../../db/tenant/schema.ts";
import { YIELD_DATA_API as Y } from "../../server/areas/yield/data/api.ts";
import { PORK } from "../../server/areas/yield/data/reference.ts";
import { DEMO_COUNTRY } from "../../server/demo.ts";
import { tenantModules, tenants } from "../../db/control/schema.ts";

let t: Awaited<ReturnType<typeof serveTestApp>>;
const tokens: Record<string, string> = {};
const { get, post } = jsonCalls(() => t, tokens);
const db = () => t.services.db.tenantDb(1);

// a day after the demo's season: no runs yet
const DAY = plantDay(2);
const WAGGA = "Wagga Wagga";

beforeAll(async () => {
  t = await serveTestApp();
  for (const who of ["admin", "user"]) tokens[who] = await t.login(`${who}@demo.processor`);
  tokens.farm = await t.login("producer@demo.farm");
  tokens.plant = (await post("/api/integrations/CreateApiKey", { name: "Boning room" })).body.key;
});
afterAll(() => t.close());

const carton = (serial: string, productCode: string, netKg: number | string, runNumber = 1, extra = {}) => ({
  serial,
  productCode,
  netKg,
  pieces: 4,
  productionDate: DAY,
  shift: "day",
  boningRoom: "Boning room 1",
  site: WAGGA,
  run: { runNumber, head: 10, hscwKg: 800 },
  ...extra,
});

const summariesOf = async (runId: number) =>
  await (await db()).select({
    code: productCodes.code,
    kg: yieldSummaries.kg,
    cartons: yieldSummaries.cartons,
    expectedKg: yieldSummaries.expectedKg,
    standardPercent: yieldSummaries.standardPercent,
    centsPerKg: yieldSummaries.centsPerKg,
    revenueCents: yieldSummaries.revenueCents,
  }).from(yieldSummaries).innerJoin(productCodes, eq(productCodes.id, yieldSummaries.productCodeId))
    .where(eq(yieldSummaries.boningRunId, runId));

describe("a batch of cartons", () => {
  test("the plant's key sends cartons: a run is made, the summaries are built, the batch is listed", async () => {
    const sent = await post(Y.postCartons, {
      cartons: [
        carton("T-PLEG-1", "P-LEG", 24.5),
        carton("T-PLEG-2", "P-LEG", 25.5),
        carton("T-PLOIN-1", "p-loin", "22.25"),
        carton("T-PBONE-1", "P-BONE", 90),
      ],
    }, "plant");
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ rows: 4, added: 4, replaced: 0, productionDates: [DAY], runs: 1 });
    const [run] = await (await db()).select().from(boningRuns).where(eq(boningRuns.productionDate, DAY));
    expect(run).toMatchObject({ head: 10, hscwKg: 800, shift: "day", runNumber: 1, speciesId: 3 });
    const rows = await summariesOf(run.id);
    // every pig code with a standard has a row (what made nothing is a variance), no other code
    expect(rows).toHaveLength(
      PORK.bodySegments.flatMap((s) => s.primals.flatMap((p) => p.cuts.flatMap((c) => c.codes))).length + 3,
    );
    const leg = rows.find((r) => r.code === "P-LEG")!;
    expect(leg).toMatchObject({ kg: 50, cartons: 2, standardPercent: 16.4 });
    expect(leg.expectedKg).toBeCloseTo(131.2, 6);
    expect(leg.revenueCents).toBe(Math.round(50 * leg.centsPerKg!));
    expect(rows.find((r) => r.code === "P-BELLY")).toMatchObject({ kg: 0, cartons: 0 });
    const imports = await get(Y.cartonImports);
    expect(imports.status).toBe(200);
    expect(imports.body[0]).toMatchObject({ id: sent.body.importId, rows: 4, added: 4, source: "api" });
  });

  test("a serial sent again replaces its carton, the run's figures follow, open yield screens are told", async () => {
    const conn = hubClient(t.origin, tokens.user);
    await conn.start();
    expect(await conn.invoke("RegisterRefreshInterest", "Yield")).toEqual(["Yield"]);
    const told = nextEvent(conn, "yieldDataChanged");
    const again = await post(Y.postCartons, { cartons: [carton("T-PLEG-2", "P-LEG", 30)] }, "plant");
    expect(again.body).toMatchObject({ added: 0, replaced: 1 });
    expect(await told).toEqual({ productionDates: [DAY], speciesIds: [3], reason: "cartons" });
    await conn.stop();
    const [run] = await (await db()).select().from(boningRuns).where(eq(boningRuns.productionDate, DAY));
    expect((await summariesOf(run.id)).find((r) => r.code === "P-LEG")).toMatchObject({
      kg: 54.5,
      cartons: 2,
    });
    expect(await (await db()).select().from(cartons).where(eq(cartons.serial, "T-PLEG-2"))).toHaveLength(1);
  });

  test("one bad row rejects the batch: 400 listing the rows, nothing written", async () => {
    const before = (await get(Y.cartonImports)).body.length;
    const bad = await post(Y.postCartons, {
      cartons: [
        carton("T-OK-1", "P-LEG", 20),
        carton("T-BAD-1", "NO-SUCH", 20),
        carton("T-BAD-2", "P-LEG", -3, 2, { shift: "evening" }),
        carton("T-OK-1", "P-LEG", 20),
        carton("T-BAD-3", "B-CUBE", 20),
      ],
    }, "plant");
    expect(bad.status).toBe(400);
    expect(bad.body.isValidation).toBe(true);
    expect(bad.body.message).toMatch(/Nothing was saved: 4 rows have problems/);
    const rows = bad.body.errors.map((e: { row: number; field: string }) => `${e.row}:${e.field}`);
    expect(rows).toEqual(["2:productCode", "3:netKg", "3:shift", "4:serial", "5:boningRoom"]);
    expect(bad.body.errors[0].message).toMatch(/^Row 2: Product code NO-SUCH/);
    expect(await (await db()).select().from(cartons).where(eq(cartons.serial, "T-OK-1"))).toHaveLength(0);
    expect((await get(Y.cartonImports)).body.length).toBe(before);
  });

  test("a new run without a mob needs its head and HSCW", async () => {
    const bad = await post(Y.postCartons, {
      cartons: [carton("T-NEW-1", "P-LEG", 20, 5, { run: { runNumber: 5 } })],
    }, "plant");
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ row: 1, field: "run" });
  });

  test("who may: no key 401; a user (no upload page) and another organisation 403, before the body", async () => {
    const res = await t.request(Y.postCartons, { method: "POST", json: { cartons: [] } });
    expect(res.status).toBe(401);
    expect((await post(Y.postCartons, { nonsense: 1 }, "user")).status).toBe(403);
    expect((await post(Y.postCartons, { nonsense: 1 }, "farm")).status).toBe(403);
    expect((await get(Y.cartonImports, "user")).status).toBe(403);
    // an admin who may upload files may send them by hand
    const admin = await post(Y.postCartons, { cartons: [carton("T-ADMIN-1", "P-SHLD", 21)] }, "admin");
    expect(admin.status).toBe(200);
  });
});

describe("kill floor corrections refresh the yields", () => {
  test("a re-weighed carcass changes its run's HSCW and expected kg", async () => {
    const tx = await db();
    // a sheep run whose mob no other run bones
    const [run] = await tx.select().from(boningRuns).where(and(
      isNotNull(boningRuns.stockMobId),
      eq(boningRuns.speciesId, 1),
      sql`(select count(*) from boning_runs o where o.stock_mob_id = ${boningRuns.stockMobId}) = 1`,
    )).orderBy(sql`${boningRuns.productionDate} desc`).limit(1);
    const [c] = await tx.select().from(carcasses).where(and(
      eq(carcasses.stockMobId, run.stockMobId!),
      eq(carcasses.productionDate, run.killDate!),
      eq(carcasses.condemned, "none"),
    )).limit(1);
    const [beforeRow] = await tx.select().from(yieldSummaries).where(and(
      eq(yieldSummaries.boningRunId, run.id),
      eq(yieldSummaries.kind, "product"),
    )).limit(1);
    const fixed = await post("/api/killfloor/CorrectCarcass", {
      carcassId: c.id,
      lastModified: c.lastModified,
      hscwKg: c.hscwKg + 5,
      reason: "Re-weighed",
    });
    expect(fixed.status).toBe(200);
    const [after] = await tx.select().from(boningRuns).where(eq(boningRuns.id, run.id));
    expect(after.hscwKg).toBeCloseTo(run.hscwKg + 5, 1);
    const [afterRow] = await tx.select().from(yieldSummaries).where(and(
      eq(yieldSummaries.boningRunId, run.id),
      eq(yieldSummaries.productCodeId, beforeRow.productCodeId),
    ));
    expect(afterRow.expectedKg).toBeCloseTo(beforeRow.standardPercent * after.hscwKg / 100, 2);
    expect(afterRow.expectedKg).toBeGreaterThan(beforeRow.expectedKg);
  });
});

describe("the demo season", () => {
  test("the 7 days ending yesterday have summaries for sheep, beef and pig, day and night, both rooms", async () => {
    const tx = await db();
    const rows = await tx.select({
      speciesId: yieldSummaries.speciesId,
      shift: yieldSummaries.shift,
      kg: sql<number>`sum(${yieldSummaries.kg})`,
    }).from(yieldSummaries).where(and(
      gte(yieldSummaries.productionDate, plantDay(-7)),
      lte(yieldSummaries.productionDate, plantDay(-1)),
    )).groupBy(yieldSummaries.speciesId, yieldSummaries.shift);
    for (const species of [1, 2, 3]) {
      for (const shift of ["day", "night"]) {
        expect(rows.find((r) => r.speciesId === species && r.shift === shift)?.kg).toBeGreaterThan(0);
      }
    }
    const [sheepRooms] = await tx.select({ n: sql<number>`count(distinct ${yieldSummaries.boningRoomId})` })
      .from(yieldSummaries).where(and(
        eq(yieldSummaries.speciesId, 1),
        gte(yieldSummaries.productionDate, plantDay(-7)),
      ));
    expect(sheepRooms.n).toBe(4);
    const simulated = await tx.select().from(cartonImports).where(eq(cartonImports.source, "simulator"));
    expect(simulated).toHaveLength(1);
  });

  test("the night shift yields under the day shift, and the drifting code ends below where it began", async () => {
    const tx = await db();
    const byShift = await tx.select({
      shift: yieldSummaries.shift,
      ratio: sql<number>`sum(${yieldSummaries.kg}) / sum(${yieldSummaries.expectedKg})`,
    }).from(yieldSummaries).where(and(eq(yieldSummaries.kind, "product"), eq(yieldSummaries.speciesId, 1)))
      .groupBy(yieldSummaries.shift);
    const ratio = (s: string) => byShift.find((r) => r.shift === s)!.ratio;
    expect(ratio("night")).toBeLessThan(ratio("day"));
    const rack = await tx.select({
      early: sql<number>`sum(case when ${yieldSummaries.productionDate} < ${
        plantDay(-45)
      } then ${yieldSummaries.kg} end) / sum(case when ${yieldSummaries.productionDate} < ${
        plantDay(-45)
      } then ${yieldSummaries.expectedKg} end)`,
      late: sql<number>`sum(case when ${yieldSummaries.productionDate} >= ${
        plantDay(-10)
      } then ${yieldSummaries.kg} end) / sum(case when ${yieldSummaries.productionDate} >= ${
        plantDay(-10)
      } then ${yieldSummaries.expectedKg} end)`,
    }).from(yieldSummaries).innerJoin(productCodes, eq(productCodes.id, yieldSummaries.productCodeId))
      .where(eq(productCodes.code, "L-RACK-FR"));
    expect(rack[0].late).toBeLessThan(rack[0].early - 0.04);
  });
});

describe("the country plant (no yield revenue module)", () => {
  test("its user signs in; its tenant has no yieldRevenue and a season of sheep summaries", async () => {
    const token = await t.login("yield@demo.country");
    const model = await (await t.request("/login/usermodel", { token })).json();
    expect(model.tenantName).toBe(DEMO_COUNTRY);
    const tenant =
      (await t.services.db.control.query.tenants.findFirst({ where: eq(tenants.name, DEMO_COUNTRY) }))!;
    const modules = (await t.services.db.control.select().from(tenantModules)
      .where(eq(tenantModules.tenantId, tenant.id))).filter((m) => m.isEnabled).map((m) => m.module);
    expect(modules).toContain("yieldReporting");
    expect(modules).not.toContain("yieldRevenue");
    const [row] = await (await t.services.db.tenantDb(tenant.id)).select({ n: sql<number>`count(*)` })
      .from(yieldSummaries).where(
        and(eq(yieldSummaries.speciesId, 1), gte(yieldSummaries.productionDate, plantDay(-7))),
      );
    expect(row.n).toBeGreaterThan(0);
  });
});
