/**
 * MSA data (issue 39 item 6) over the real app and database files: an order's MSA results with its
 * msaDetails, the re-query of the plant's MSA grader (flag msaDataRequery) for an order and a day — the
 * results that never arrived are filled, what changed is answered and kept, a second re-query changes
 * nothing — the import's new MSA fields, and who may.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { and, asc, eq, isNotNull } from "drizzle-orm";
import { serveTestApp } from "../helpers/app.ts";
import { carcasses } from "../../db/tenant/schema.ts";
import { tenantModules } from "../../db/control/schema.ts";
import type { TenantDb } from "../../db/client.ts";
import { MSA_API } from "../../server/areas/killFloor/msa/api.ts";
import { readCarcassRow } from "../../server/areas/killFloor/rules.ts";

// deno-lint-ignore no-explicit-any
type Json = any;
let t: Awaited<ReturnType<typeof serveTestApp>>;
const tokens: Record<string, string> = {};
const TENANT = 1;
let orderId: number;
let day: string;
let tenantDb: TenantDb;

beforeAll(async () => {
  t = await serveTestApp();
  for (const who of ["admin", "user", "display", "super"]) {
    tokens[who] = await t.login(`${who}@demo.processor`);
  }
  tokens.farm = await t.login("producer@demo.farm");
  tenantDb = await t.services.db.tenantDb(TENANT);
  const [graded] = await db().select().from(carcasses)
    .where(and(eq(carcasses.speciesId, 2), isNotNull(carcasses.msaIndex)))
    .orderBy(asc(carcasses.productionDate)).limit(1);
  orderId = graded.livestockOrderId;
  day = graded.productionDate;
});
afterAll(() => t?.close());

const db = () => tenantDb;
async function call(method: "GET" | "POST", path: string, json?: unknown, who = "admin") {
  const res = await t.request(path, { method, token: tokens[who], json });
  return { status: res.status, body: await res.json() as Json };
}
const msaOf = (id: number, who = "admin") =>
  call("GET", `${MSA_API.msaData}?livestockOrderId=${id}`, undefined, who);
const requery = (json: unknown, who = "admin") => call("POST", MSA_API.requery, json, who);

async function setFlag(isEnabled: boolean) {
  await call("POST", "/api/super/UpsertFeatureFlag", {
    tenantId: TENANT,
    featureKey: "msaDataRequery",
    isEnabled,
  }, "super");
  await t.services.callers.changed({ tenantIds: [TENANT] });
}

describe("an order's MSA data", () => {
  test("msaDetails (eligible, supplier registration, compliance) and each carcass's grading", async () => {
    const { status, body } = await msaOf(orderId);
    expect(status).toBe(200);
    expect(body.livestockOrderId).toBe(orderId);
    expect(body.msaDetails.isMsaEligible).toBe(true);
    expect(body.msaDetails.killed).toBe(body.carcasses.length);
    expect(body.msaDetails.graded).toBeGreaterThan(0);
    expect(body.msaDetails.compliant).toBeLessThanOrEqual(body.msaDetails.graded);
    expect(body.msaDetails.compliancePercent).toBeCloseTo(
      Math.round(body.msaDetails.compliant * 1000 / body.msaDetails.graded) / 10,
      5,
    );
    expect(body.carcasses[0]).toHaveProperty("msaEyeMuscleAreaCm2");
    expect(body.carcasses[0]).toHaveProperty("msaNonComplianceReason");
  });

  test("an unknown order is 404; a bad id is 400 in the catalogue's shape", async () => {
    expect((await msaOf(99_999_999)).status).toBe(404);
    const bad = await call("GET", `${MSA_API.msaData}?livestockOrderId=abc`);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ isValidation: true });
    expect(typeof bad.body.title).toBe("string");
    expect(typeof bad.body.message).toBe("string");
  });
});

describe("re-querying the plant's MSA grader", () => {
  test("refused while the tenant lacks the flag msaDataRequery", async () => {
    await setFlag(false);
    expect((await requery({ livestockOrderId: orderId })).status).toBe(403);
  });

  test("an order: results that never arrived are filled, changes answered before/after and kept; again: none", async () => {
    await setFlag(true);
    const rows = await db().select().from(carcasses).where(eq(carcasses.livestockOrderId, orderId))
      .orderBy(asc(carcasses.killSequence));
    const lost = rows.filter((r) => r.msaIndex !== null).slice(0, 2);
    // as if a file without the MSA columns had replaced them
    for (const r of lost) {
      await db().update(carcasses).set({
        msaIndex: null,
        msaUltimatePh: null,
        msaMarbling: null,
        msaOssification: null,
        msaCompliant: null,
        msaNonComplianceReason: null,
        msaEyeMuscleAreaCm2: null,
      }).where(eq(carcasses.id, r.id));
    }
    const first = await requery({ livestockOrderId: orderId });
    expect(first.status).toBe(200);
    expect(first.body.carcassesAsked).toBe(rows.length);
    const bodies = first.body.changed.map((c: Json) => c.bodyNumber);
    for (const r of lost) expect(bodies).toContain(r.bodyNumber);
    const one = first.body.changed.find((c: Json) => c.bodyNumber === lost[0].bodyNumber);
    const ph = one.changes.find((f: Json) => f.field === "msaUltimatePh");
    expect(ph.before).toBeNull();
    expect(typeof ph.after).toBe("number");
    expect(ph.label).toBe("Ultimate pH");
    const [saved] = await db().select().from(carcasses).where(eq(carcasses.id, lost[0].id));
    expect(saved.msaUltimatePh).toBe(ph.after);
    expect(saved.msaCompliant).not.toBeNull();

    const read = await msaOf(orderId);
    expect(read.body.lastRequery.changed.length).toBe(first.body.changed.length);
    expect(read.body.lastRequery.asked).toMatch(/^Order /);

    const again = await requery({ livestockOrderId: orderId });
    expect(again.status).toBe(200);
    expect(again.body.changed).toEqual([]);
  });

  test("a day: every cattle carcass of the day is asked; a sheep day is 400 in plain words", async () => {
    const res = await requery({ date: day, speciesId: 2 });
    expect(res.status).toBe(200);
    expect(res.body.carcassesAsked).toBeGreaterThan(0);
    expect(res.body.asked).toMatch(/^The kill of /);
    const sheep = await requery({ date: day, speciesId: 1 });
    expect(sheep.status).toBe(400);
    expect(sheep.body.message).toMatch(/cattle/);
  });

  test("an order and a day together, or neither: 400 in the catalogue's shape, nothing changed", async () => {
    const before = await db().select().from(carcasses).where(eq(carcasses.livestockOrderId, orderId));
    for (const body of [{ livestockOrderId: orderId, date: day }, {}]) {
      const res = await requery(body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ isValidation: true });
    }
    expect(await db().select().from(carcasses).where(eq(carcasses.livestockOrderId, orderId))).toEqual(
      before,
    );
  });
});

describe("the import's MSA fields", () => {
  test("eye muscle area, the verdict and its reason are read with row-numbered errors", () => {
    const row = { productionDate: "2026-11-20", bodyNumber: "3", lot: "B1", hscwKg: "300" };
    const ok = readCarcassRow({
      ...row,
      ema: "x",
      msaEyeMuscleAreaCm2: "82",
      msaCompliant: "N",
      msaNonComplianceReason: "pH",
    }, 1);
    expect(ok.carcass).toMatchObject({
      msaEyeMuscleAreaCm2: 82,
      msaCompliant: false,
      msaNonComplianceReason: "pH",
    });
    const bad = readCarcassRow({ ...row, msaEyeMuscleAreaCm2: "500", msaCompliant: "maybe" }, 4);
    expect(bad.errors).toEqual([
      { row: 4, field: "msaEyeMuscleAreaCm2", message: "Eye muscle area (cm²): Use a number from 20 to 200" },
      { row: 4, field: "msaCompliant", message: "MSA compliant: Use Y or N" },
    ]);
  });
});

describe("who may", () => {
  test("another tenant and the display role: 403 for the read and the re-query", async () => {
    for (const who of ["farm", "display"]) {
      expect((await msaOf(orderId, who)).status, who).toBe(403);
      expect((await requery({ livestockOrderId: orderId }, who)).status, who).toBe(403);
    }
  });

  test("without the livestock module: 403", async () => {
    const set = async (isEnabled: boolean) => {
      await t.services.db.control.update(tenantModules).set({ isEnabled })
        .where(and(eq(tenantModules.tenantId, TENANT), eq(tenantModules.module, "livestock")));
      await t.services.callers.changed({ tenantIds: [TENANT] });
    };
    await set(false);
    try {
      expect((await msaOf(orderId)).status).toBe(403);
      expect((await requery({ livestockOrderId: orderId })).status).toBe(403);
    } finally {
      await set(true);
    }
  });
});
