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
    // a row for each code the run made, none for a code it never made (no shortfall of it)
    expect(rows.map((r) => r.code).sort()).toEqual(["P-BONE", "P-LEG", "P-LOIN"]);
    const leg = rows.find((r) => r.code === "P-LEG")!;
    expect(leg).toMatchObject({ kg: 50, cartons: 2, standardPercent: 16.4 });
    expect(leg.expectedKg).toBeCloseTo(131.2, 6);
    expect(leg.revenueCents).toBe(Math.round(50 * leg.centsPerKg!));
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

describe("cartons as CSV (UploadCartons)", () => {
  const HEADER =
    "Carton serial,Product code,Net kg,Pieces,Production date,Shift,Boning room,Site,Run,Lot,Head,HSCW";
  const line = (serial: string, code: string, kg: string, shift = "day") =>
    `${serial},${code},${kg},3,${
      DAY.split("-").reverse().join("/")
    },${shift},Boning room 2,${WAGGA},7,,12,900`;
  const csv = (...lines: string[]) => [HEADER, ...lines].join("\r\n");
  const sendCsv = async (body: string, who: string) => {
    const res = await t.request(Y.uploadCartons, {
      method: "POST",
      token: tokens[who],
      headers: { "content-type": "text/csv" },
      body,
    });
    return { status: res.status, body: await res.json() };
  };
  const sendFile = async (body: string, who: string) => {
    const form = new FormData();
    form.set("file", new File([body], "cartons.csv", { type: "text/csv" }));
    const res = await t.request(Y.uploadCartons, { method: "POST", token: tokens[who], body: form });
    return { status: res.status, body: await res.json() };
  };

  test("a text/csv body from the plant's key and a file from an admin reach the same import", async () => {
    const sent = await sendCsv(csv(line("CSV-1", "P-LEG", "22.5"), line("CSV-2", "P-LOIN", "20")), "plant");
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ rows: 2, added: 2, replaced: 0, productionDates: [DAY], runs: 1 });
    const [run] = await (await db()).select().from(boningRuns).where(
      and(eq(boningRuns.productionDate, DAY), eq(boningRuns.runNumber, 7)),
    );
    expect(run).toMatchObject({ head: 12, hscwKg: 900, shift: "day" });
    expect((await summariesOf(run.id)).map((r) => r.code).sort()).toEqual(["P-LEG", "P-LOIN"]);
    // the same file again (by hand, a file): nothing added, each serial replaced
    const again = await sendFile(csv(line("CSV-1", "P-LEG", "22.5"), line("CSV-2", "P-LOIN", "20")), "admin");
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ rows: 2, added: 0, replaced: 2 });
    expect(await (await db()).select().from(cartons).where(eq(cartons.serial, "CSV-1"))).toHaveLength(1);
    const listed = (await get(Y.cartonImports)).body[0];
    expect(listed).toMatchObject({ id: again.body.importId, source: "upload", name: "cartons.csv" });
  });

  test("bad rows: 400 naming them by row, nothing written", async () => {
    const before = (await get(Y.cartonImports)).body.length;
    const bad = await sendFile(
      csv(
        line("CSV-OK", "P-LEG", "20"),
        line("CSV-BAD", "NO-SUCH", "20"),
        line("CSV-BAD2", "P-LEG", "x", "evening"),
      ),
      "admin",
    );
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ isValidation: true });
    expect(bad.body.title).toBeTruthy();
    expect(bad.body.message).toMatch(/Nothing was saved: 2 rows have problems/);
    expect(bad.body.errors.map((e: { message: string }) => e.message)).toEqual([
      expect.stringMatching(/^Row 2: Product code NO-SUCH/),
      expect.stringMatching(/^Row 3: Net kg/),
      expect.stringMatching(/^Row 3: The shift/),
    ]);
    expect(await (await db()).select().from(cartons).where(eq(cartons.serial, "CSV-OK"))).toHaveLength(0);
    expect((await get(Y.cartonImports)).body.length).toBe(before);
    const noColumns = await sendCsv("serial,weight\nA,1", "plant");
    expect(noColumns.status).toBe(400);
    expect(noColumns.body.errors[0].message).toMatch(/no column for productCode/);
  });

  test("who may: a user 403, another organisation 403; another organisation's site is a row error", async () => {
    expect((await sendFile(csv(line("CSV-U", "P-LEG", "20")), "user")).status).toBe(403);
    expect((await sendFile(csv(line("CSV-F", "P-LEG", "20")), "farm")).status).toBe(403);
    const other = await sendCsv(csv(line("CSV-O", "P-LEG", "20").replace(WAGGA, "Cooma")), "plant");
    expect(other.status).toBe(400);
    expect(other.body.errors[0]).toMatchObject({ row: 1, field: "site" });
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

  test("the plant is around standard, but one run, one night shift and the drifting code", async () => {
    const tx = await db();
    const sheep = and(eq(yieldSummaries.kind, "product"), eq(yieldSummaries.speciesId, 1));
    const ratio = sql<number>`sum(${yieldSummaries.kg}) / sum(${yieldSummaries.expectedKg})`;
    const [season] = await tx.select({ ratio }).from(yieldSummaries).where(sheep);
    expect(Math.abs(season.ratio - 1)).toBeLessThan(0.005);
    const runs = await tx.select({ shift: yieldSummaries.shift, day: yieldSummaries.productionDate, ratio })
      .from(yieldSummaries).where(sheep).groupBy(yieldSummaries.boningRunId);
    const below = runs.filter((r) => r.ratio < 0.96);
    expect(below).toHaveLength(1);
    expect(below[0].shift).toBe("day");
    const nights = await tx.select({ day: yieldSummaries.productionDate, ratio }).from(yieldSummaries)
      .where(and(sheep, eq(yieldSummaries.shift, "night"))).groupBy(yieldSummaries.productionDate);
    expect(nights.filter((n) => n.ratio < 0.98)).toHaveLength(1);
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
