/**
 * An organisation's stock settings from the super area (spec 2 §7.6): read and saved for any
 * organisation through the settings area's own rules; audited in both places; super only.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { and, eq } from "drizzle-orm";
import { superAudit, tenants } from "../../db/control/schema.ts";
import { auditLog } from "../../db/tenant/schema.ts";
import { startTestApp, type TestApp } from "../helpers/app.ts";
import { SUPER_STOCK_API as API } from "../../server/areas/super/stock/api.ts";

let t: TestApp;
let superToken: string;
let farmId: number;

beforeAll(async () => {
  t = await startTestApp();
  superToken = await t.login("super@demo.processor");
  farmId =
    (await t.services.db.control.query.tenants.findFirst({ where: eq(tenants.name, "Demo Farm") }))!.id;
});
afterAll(() => t.close());

const call = async (method: "GET" | "POST", path: string, json?: unknown, token = superToken) => {
  const res = await t.request(path, { method, token, json });
  return { status: res.status, body: await res.json() };
};

describe("stock settings of another organisation", () => {
  test("the super user reads and saves them there, checked by the settings rules, audited twice", async () => {
    const before = await call("GET", `${API.get}?tenantId=${farmId}`);
    expect(before.status).toBe(200);
    expect(before.body.agendaPlanningDays).toBe(2);
    const stray = await call("POST", API.save, {
      tenantId: farmId,
      speciesIds: before.body.speciesIds,
      speciesCategoryIds: [999],
      agendaPlanningDays: 3,
    });
    expect(stray.status).toBe(400);
    const saved = await call("POST", API.save, {
      tenantId: farmId,
      speciesIds: before.body.speciesIds,
      speciesCategoryIds: before.body.speciesCategoryIds,
      carcassTypes: ["hscw"],
      agendaPlanningDays: 5,
      lastModified: before.body.lastModified ?? undefined,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.agendaPlanningDays).toBe(5);
    expect((await call("GET", `${API.get}?tenantId=${farmId}`)).body.agendaPlanningDays).toBe(5);
    const db = await t.services.db.tenantDb(farmId);
    expect(await db.select().from(auditLog).where(and(eq(auditLog.entity, "StockSettings")))).toHaveLength(1);
    const [row] = await t.services.db.control.select().from(superAudit)
      .where(eq(superAudit.action, "UpdateTenantStockSettings"));
    expect(row).toMatchObject({ tenantId: farmId, detail: { agendaPlanningDays: 5 } });
  });

  test("only a super user; an unknown organisation is 404", async () => {
    const admin = await t.login("admin@demo.processor");
    expect((await call("GET", `${API.get}?tenantId=${farmId}`, undefined, admin)).status).toBe(403);
    expect((await call("POST", API.save, { tenantId: farmId }, admin)).status).toBe(403);
    expect((await call("GET", `${API.get}?tenantId=9999`)).status).toBe(404);
  });
});
