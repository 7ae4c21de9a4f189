/**
 * Settings › Carcass Defects' API over the real app and database files: the defect codes on the demo
 * tenant's carcasses (the simulator's), then a batch from the kill floor carrying a code with a rule
 * (bruise), one without (ABSCESS) and a part condemnation: counted per species, the code without a rule
 * flagged and first, a rule added for it reading as ruled; a bad period and another species are plain 400s;
 * a display user and another tenant are refused.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import { startSignedIn, type TestApp } from "../helpers/app.ts";
import { stockMobs } from "../../db/tenant/schema.ts";
import type { TenantDb } from "../../db/client.ts";
import { KILL_FLOOR_API as K } from "../../server/areas/killFloor/paths.ts";
import { INVOICE_SETTINGS_API as P } from "../../server/areas/invoiceSettings/paths.ts";
import { MOB_STATUS } from "../../kernel/enums.ts";
import { addDays } from "../../kernel/dates.ts";

// deno-lint-ignore no-explicit-any
type Json = any;
const SHEEP = 1;
let t: TestApp;
const tokens: Record<string, string> = {};
let db: TenantDb;
let killDay: string;

async function call(method: "GET" | "POST", path: string, json?: unknown, who = "admin") {
  const res = await t.request(path, { method, token: tokens[who], json });
  return { status: res.status, body: (await res.json()) as Json };
}

const defects = (q: string, who = "admin") => call("GET", `${P.carcassDefects}?${q}`, undefined, who);
const sheepRows = (body: Json) => body.species.find((s: Json) => s.speciesId === SHEEP);
const row = (body: Json, code: string) => sheepRows(body).rows.find((r: Json) => r.code === code);

beforeAll(async () => {
  let token: string;
  ({ t, token, db } = await startSignedIn("admin@demo.processor"));
  tokens.admin = token;
  for (const who of ["display"]) tokens[who] = await t.login(`${who}@demo.processor`);
  tokens.farm = await t.login("producer@demo.farm");
});
afterAll(() => t?.close());

describe("the demo tenant's codes", () => {
  test("by default the last 90 days: every species, the simulator's codes counted and all ruled", async () => {
    const { status, body } = await defects("");
    expect(status).toBe(200);
    expect(body.species.length).toBeGreaterThan(1);
    const sheep = sheepRows(body);
    expect(sheep.carcasses).toBeGreaterThan(0);
    const bruise = sheep.rows.find((r: Json) => r.code === "BRUISE");
    expect(bruise).toMatchObject({ status: "ruled", name: "Bruising", paid: "10 % off the grid price" });
    expect(bruise.carcasses).toBeGreaterThan(0);
    expect(bruise.sharePercent).toBeCloseTo((bruise.carcasses / sheep.carcasses) * 100, 1);
    expect(bruise.firstDay <= bruise.lastDay).toBe(true);
    expect(sheep.rows.some((r: Json) => r.status === "noRule")).toBe(false);
    // the demo's codes come lower case from the plant: counted under the upper case code pricing uses
    expect(sheep.rows.every((r: Json) => r.code === r.code.toUpperCase())).toBe(true);
  });
});

describe("a batch from the kill floor", () => {
  let before: Json;
  let head: number;

  beforeAll(async () => {
    const [mob] = await db.select().from(stockMobs).where(and(
      eq(stockMobs.speciesId, SHEEP),
      inArray(stockMobs.mobStatus, [MOB_STATUS.InYard, MOB_STATUS.ReadyToProcess]),
      isNotNull(stockMobs.penId),
    )).orderBy(asc(stockMobs.applicableProductionDate)).limit(1);
    killDay = mob.applicableProductionDate!;
    before = (await defects(`speciesId=${SHEEP}&fromDate=${addDays(killDay, -30)}&toDate=${killDay}`)).body;
    expect(
      (await call("POST", "/api/stockyard/SendToKillFloor", { livestockOrderId: mob.livestockOrderId }))
        .status,
    ).toBe(200);
    const mobs = await db.select().from(stockMobs).where(and(
      eq(stockMobs.livestockOrderId, mob.livestockOrderId),
      eq(stockMobs.mobStatus, MOB_STATUS.AtKillFloor),
    ));
    let body = 9501;
    const rows = mobs.flatMap((m) =>
      Array.from({ length: m.head }, () => ({
        productionDate: killDay,
        bodyNumber: body++,
        stockMobId: m.id,
        hscwKg: 24,
        fatDepthMm: 12,
        fatScore: 3,
        dentition: 0,
        sex: "F",
        skinGrade: "1",
      }))
    );
    head = rows.length;
    expect(head).toBeGreaterThanOrEqual(3);
    // the first two: ABSCESS (twice on the first: one carcass), the second also bruised; the third part condemned
    Object.assign(rows[0], { defects: ["abscess", "ABSCESS"] });
    Object.assign(rows[1], { defects: "abscess;bruise" });
    Object.assign(rows[2], {
      condemned: "part",
      condemnedReason: "Bruising",
      trimKg: 1,
      defects: ["bruise"],
    });
    const posted = await call("POST", K.postCarcasses, { carcasses: rows });
    expect(posted.status).toBe(200);
  });

  test("counted per code, the code without a rule flagged and first, with the kill day seen", async () => {
    const after = (await defects(`speciesId=${SHEEP}&fromDate=${addDays(killDay, -30)}&toDate=${killDay}`))
      .body;
    expect(after.species.map((s: Json) => s.speciesId)).toEqual([SHEEP]);
    expect(sheepRows(after).carcasses).toBe(sheepRows(before).carcasses + head);
    const rows = sheepRows(after).rows;
    expect(rows[0]).toMatchObject({
      code: "ABSCESS",
      status: "noRule",
      ruleId: null,
      carcasses: 2,
      firstDay: killDay,
      lastDay: killDay,
      paid: "No rule: paid at the grid price",
    });
    expect(row(after, "BRUISE").carcasses).toBe((row(before, "BRUISE")?.carcasses ?? 0) + 2);
    expect(row(after, "PART_CONDEMNED")).toMatchObject({ status: "ruled", paid: "20 % off the grid price" });
    expect(row(after, "PART_CONDEMNED").carcasses).toBe((row(before, "PART_CONDEMNED")?.carcasses ?? 0) + 1);
    expect(row(after, "PART_CONDEMNED").lastDay).toBe(killDay);
    // a rule no carcass carried is listed after the codes seen, with its id to edit it
    const statuses = rows.map((r: Json) => r.status);
    expect(statuses.lastIndexOf("noRule")).toBeLessThan(statuses.indexOf("ruled"));
    if (statuses.includes("unused")) expect(statuses.at(-1)).toBe("unused");
  });

  test("a rule added for the code makes it read as ruled", async () => {
    const made = await call("POST", P.upsertDefect, {
      code: "ABSCESS",
      name: "Abscess",
      speciesId: SHEEP,
      priceRule: "PercentOff",
      percentOff: 15,
    });
    expect(made.status).toBe(200);
    const after = (await defects(`speciesId=${SHEEP}&fromDate=${killDay}&toDate=${killDay}`)).body;
    expect(row(after, "ABSCESS")).toMatchObject({
      status: "ruled",
      ruleId: made.body.id,
      name: "Abscess",
      paid: "15 % off the grid price",
    });
  });
});

describe("bad input and who may", () => {
  test("a period that ends before it starts, a too-long one and another's species are plain 400s", async () => {
    for (
      const q of [
        "fromDate=2026-11-20&toDate=2026-11-01",
        "fromDate=2024-01-01&toDate=2026-11-01",
        "fromDate=2026-02-30",
        "speciesId=99",
      ]
    ) {
      const res = await defects(q);
      expect(res.status, q).toBe(400);
      expect(res.body).toMatchObject({ title: expect.any(String), isValidation: true });
      expect(res.body.message).not.toMatch(/Bad Request|invalid_/);
    }
    expect((await defects("fromDate=2026-11-20&toDate=2026-11-01")).body.errors[0]).toMatchObject({
      field: "toDate",
      message: "The period ends before it starts.",
    });
  });

  test("a display user and another tenant are refused", async () => {
    expect((await defects("", "display")).status).toBe(403);
    expect((await defects("", "farm")).status).toBe(403);
  });
});
