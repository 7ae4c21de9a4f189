/**
 * The kill agenda API over the real app and database files: a day built from the mobs and orders planned
 * for it, reorder (409 on a stale read), moving lots between days under the spec's drop rules, swapping
 * days, unscheduled mobs, delivery dates, the kill floor, management (integration, recall, head
 * correction) and the PDFs read back with pdftotext. Roles and other tenants for every endpoint are walked
 * by tests/security.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { and, eq, gt, isNull } from "drizzle-orm";
import { startTestApp, type TestApp } from "../helpers/app.ts";
import { auditLog, killAgendas, livestockOrders, stockMobs } from "../../db/tenant/schema.ts";
import type { TenantDb } from "../../db/client.ts";
import { KILL_AGENDA_API as A } from "../../server/areas/killAgenda/api.ts";
import { KILL_AGENDA_DOCUMENTS as D } from "../../server/areas/killAgenda/paths.ts";
import { MOB_STATUS, ORDER_STATUS } from "../../server/areas/livestock/enums.ts";
import { addDays, isWeekend } from "../../server/areas/dates.ts";
import { pdfText } from "../helpers/pdf.ts";

// deno-lint-ignore no-explicit-any
type Json = any;
let t: TestApp;
let token: string;
let db: TenantDb;
let today: string;
let dataDir: string;

beforeAll(async () => {
  t = await startTestApp();
  token = await t.login("admin@demo.processor");
  const me = await (await t.request("/login/usermodel", { token })).json();
  db = await t.services.db.tenantDb(me.tenantId);
  today = (await call("GET", A.getKillAgenda)).body.productionDate;
  dataDir = t.services.config.DATA_DIR;
});
afterAll(() => t?.close());

async function call(method: "GET" | "POST", path: string, json?: unknown, as = token) {
  const res = await t.request(path, { method, token: as, json });
  return { status: res.status, body: await res.json() as Json };
}
const post = (path: string, json: unknown) => call("POST", path, json);
const day = async (date: string, speciesId = 1) =>
  (await call("GET", `${A.getKillAgenda}?date=${date}&speciesId=${speciesId}`)).body;
const week = async (focusDay = today, speciesId = 1) =>
  (await call("GET", `${A.getSevenDayAgenda}?focusDay=${focusDay}&speciesId=${speciesId}`)).body;

/** The next weekday after `date` with something planned for sheep. */
async function busyDayAfter(date: string): Promise<Json> {
  for (let d = addDays(date, 1); d < addDays(date, 20); d = addDays(d, 1)) {
    if (isWeekend(d)) continue;
    const a = await day(d);
    if (a.items.length >= 2) return a;
  }
  throw new Error("no busy day");
}

describe("a day's agenda", () => {
  test("lists the mobs and expected orders of the day in kill order, with lots, totals and the target", async () => {
    const a = await day(today);
    expect(a).toMatchObject({ productionDate: today, speciesId: 1, species: "Sheep", integrationStatus: "NotSent" });
    expect(a.items.length).toBeGreaterThan(0);
    expect(a.items.map((i: Json) => i.killAgendaOrderNumber)).toEqual(a.items.map((_: Json, k: number) => k + 1));
    const first = a.items[0];
    expect(first.agendaLotReference).toMatch(/^S\d{4}(\/\d)?-01$/);
    expect(first).toMatchObject({ supplierName: expect.any(String), numberOfHead: expect.any(Number) });
    expect(a.totals.head).toBe(a.items.reduce((n: number, i: Json) => n + i.numberOfHead, 0));
    expect(a.siteLocationName).toBe("Small stock chain");
    // reading again changes nothing (no write on an unchanged day)
    expect((await day(today)).lastModified).toBe(a.lastModified);
  });

  test("bad input is a validation error; another's species is refused", async () => {
    const bad = await call("GET", `${A.getKillAgenda}?date=2026-02-30`);
    expect(bad.status).toBe(400);
    expect(bad.body.isValidation).toBe(true);
    const species = await call("GET", `${A.getKillAgenda}?speciesId=999`);
    expect(species.status).toBe(400);
    expect(species.body.message).toMatch(/species/);
  });

  test("reorder saves the new kill order and renumbers the lots; a stale read is 409", async () => {
    const a = await busyDayAfter(today);
    const ids = a.items.map((i: Json) => i.id);
    const reversed = ids.toReversed();
    const res = await post(A.reorder, { killAgendaId: a.id, lastModified: a.lastModified, itemIds: reversed });
    expect(res.status).toBe(200);
    const saved = res.body.agendas[0];
    expect(saved.items.map((i: Json) => i.id)).toEqual(reversed);
    expect(saved.items[0].agendaLotReference).toMatch(/-01$/);
    expect((await day(a.productionDate)).items.map((i: Json) => i.id)).toEqual(reversed);
    const stale = await post(A.reorder, { killAgendaId: a.id, lastModified: a.lastModified, itemIds: ids });
    expect(stale.status).toBe(409);
    const partial = await post(A.reorder, { killAgendaId: a.id, lastModified: saved.lastModified, itemIds: ids.slice(1) });
    expect(partial.status).toBe(409);
    expect((await day(a.productionDate)).items.map((i: Json) => i.id)).toEqual(reversed);
  });
});

