/**
 * api/stockyard/SyncRfidScans, GetRfidCountErrors and GetRfidDiscrepancies over real HTTP and real db
 * files: a race reader's readings (by integration key), idempotent; a bad reading refuses the call and
 * stores nothing; the demo's count errors; one order's devices; who may.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { and, eq, gt } from "drizzle-orm";
import { jsonCalls, serveTestApp } from "../helpers/app.ts";
import { plantDay } from "../helpers/clock.ts";
import { livestockOrders, rfidScans } from "../../db/tenant/schema.ts";
import { RFID_API as P } from "../../server/areas/stockyard/rfid/api.ts";
import { addDays } from "../../kernel/dates.ts";

let t: Awaited<ReturnType<typeof serveTestApp>>;
const tokens: Record<string, string> = {};
let orderId = 0;

const { get, post } = jsonCalls(() => t, tokens);
const db = () => t.services.db.tenantDb(1);

beforeAll(async () => {
  t = await serveTestApp();
  for (const who of ["admin", "user", "display"]) tokens[who] = await t.login(`${who}@demo.processor`);
  tokens.farm = await t.login("producer@demo.farm");
  const made = await post("/api/integrations/CreateApiKey", { name: "Race reader" });
  tokens.reader = made.body.key;
  const order = await (await db()).select().from(livestockOrders)
    .where(and(eq(livestockOrders.speciesId, 2), gt(livestockOrders.totalDelivered, 0))).get();
  orderId = order!.id;
});
afterAll(() => t.close());

describe("who may", () => {
  test("a display user and another tenant are refused, before the body is read", async () => {
    expect((await get(P.getRfidCountErrors, "display")).status).toBe(403);
    expect((await get(P.getRfidCountErrors, "farm")).status).toBe(403);
    expect((await post(P.syncRfidScans, { nonsense: 1 }, "display")).status).toBe(403);
    expect((await post(P.syncRfidScans, { nonsense: 1 }, "farm")).status).toBe(403);
  });
});

describe("the race reader's sync", () => {
  test("stores new devices, counts repeats, and answers each order's reads against its live head", async () => {
    const readings = [
      { livestockOrderId: orderId, rfid: "982 123000000001" },
      { livestockOrderId: orderId, rfid: "982123000000002", scannedAt: "2026-11-20T06:00:00+11:00" },
      { livestockOrderId: orderId, rfid: "982 123000000001" },
    ];
    expect(tokens.reader).toMatch(/^mpk_/);
    const first = await post(P.syncRfidScans, { readings }, "reader");
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ added: 2, alreadyRead: 1 });
    expect(first.body.orders[0]).toMatchObject({ livestockOrderId: orderId });
    const again = await post(P.syncRfidScans, { readings: readings.slice(0, 2) });
    expect(again.body).toMatchObject({ added: 0, alreadyRead: 2 });
    const rows = await (await db()).select().from(rfidScans).where(eq(rfidScans.rfid, "982123000000001"));
    expect(rows).toHaveLength(1);
  });

  test("one bad reading refuses the call, naming it, and stores nothing", async () => {
    const before = (await (await db()).select().from(rfidScans)).length;
    const bad = await post(P.syncRfidScans, {
      readings: [
        { livestockOrderId: orderId, rfid: "982123000000099" },
        { livestockOrderId: orderId, rfid: "not a tag" },
        { livestockOrderId: 999_999, rfid: "982123000000098" },
      ],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.isValidation).toBe(true);
    expect(bad.body.errors.map((e: { row: number }) => e.row)).toEqual([2, 3]);
    expect(bad.body.message).toMatch(/Reading 2: "not a tag" is not an NLIS device number/);
    expect((await post(P.syncRfidScans, { readings: [] })).status).toBe(400);
    expect(await (await db()).select().from(rfidScans)).toHaveLength(before);
  });
});

describe("the office's reads", () => {
  test("the demo's count errors over the last days, and one order's devices", async () => {
    const today = plantDay(); // the test app's pinned day at the plant
    const from = addDays(today, -9);
    const { status, body } = await get(
      `${P.getRfidCountErrors}?speciesId=2&fromDate=${from}&toDate=${today}`,
    );
    expect(status).toBe(200);
    expect(body.ordersChecked).toBeGreaterThan(0);
    expect(body.errors.length).toBeGreaterThan(0);
    const missed = body.errors.find((e: { countDifference: number }) => e.countDifference < 0);
    expect(missed).toBeTruthy();
    const one = await get(`${P.getRfidDiscrepancies}?livestockOrderId=${missed.livestockOrderId}`);
    expect(one.status).toBe(200);
    expect(one.body.read - one.body.liveHead).toBe(missed.countDifference);
    expect((await get(`${P.getRfidDiscrepancies}?livestockOrderId=999999`)).status).toBe(404);
  });

  test("a period the wrong way round or too long is a clear 400", async () => {
    const backwards = await get(`${P.getRfidCountErrors}?fromDate=2026-11-10&toDate=2026-11-01`);
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors[0].field).toBe("fromDate");
    expect((await get(`${P.getRfidCountErrors}?fromDate=2026-01-01&toDate=2026-11-01`)).status).toBe(400);
  });
});
