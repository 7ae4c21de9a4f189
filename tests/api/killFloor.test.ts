/**
 * Kill floor data over the real app and database files: a batch of carcasses for an order sent to the
 * kill floor (idempotent; one bad row rejects the batch with its row number and writes nothing), the
 * order's completion announced and its totals, the day's view, a correction (reason, audit, 409 on a
 * stale read), the plant simulator, the CSV files (NLIS, MSA, supplier feedback), a CSV upload with a
 * column mapping and its progress stream, the interchange heartbeat, ping and reset. Keys and roles are in
 * tests/api/apiKeys.test.ts and tests/security.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { and, asc, count, eq, gt, inArray, isNotNull, lt, max, min, ne } from "drizzle-orm";
import { addDays, weekdayIndex } from "../../kernel/dates.ts";
import { startSignedIn, type TestApp } from "../helpers/app.ts";
import { auditLog, carcasses, carcassImports, livestockOrders, stockMobs } from "../../db/tenant/schema.ts";
import type { TenantDb } from "../../db/client.ts";
import { KILL_FLOOR_API as K, NDJSON } from "../../server/areas/killFloor/paths.ts";
import { MOB_STATUS, ORDER_STATUS } from "../../kernel/enums.ts";

// deno-lint-ignore no-explicit-any
type Json = any;
let t: TestApp;
let token: string;
let db: TenantDb;
let today: string;
let order: { id: number; mobs: { id: number; head: number }[]; head: number };

beforeAll(async () => {
  ({ t, token, db } = await startSignedIn("admin@demo.processor"));
  // the earliest sheep in a pen (today's kill, ready to process, or a later day's waiting in the yard: on a
  // Friday the next kill day's have not arrived yet): one order goes to the kill floor through the
  // stockyard's endpoint
  const [mob] = await db.select().from(stockMobs).where(and(
    eq(stockMobs.speciesId, 1),
    inArray(stockMobs.mobStatus, [MOB_STATUS.InYard, MOB_STATUS.ReadyToProcess]),
    isNotNull(stockMobs.penId),
  )).orderBy(asc(stockMobs.applicableProductionDate)).limit(1);
  today = mob.applicableProductionDate!;
  const sent = await call("POST", "/api/stockyard/SendToKillFloor", {
    livestockOrderId: mob.livestockOrderId,
  });
  expect(sent.status).toBe(200);
  const mobs = await db.select().from(stockMobs).where(and(
    eq(stockMobs.livestockOrderId, mob.livestockOrderId),
    eq(stockMobs.mobStatus, MOB_STATUS.AtKillFloor),
  ));
  order = { id: mob.livestockOrderId, mobs, head: mobs.reduce((n, m) => n + m.head, 0) };
});
afterAll(() => t?.close());

async function call(method: "GET" | "POST", path: string, json?: unknown, as = token) {
  const res = await t.request(path, { method, token: as, json });
  const type = res.headers.get("content-type") ?? "";
  return {
    status: res.status,
    total: res.headers.get("x-total-count"),
    body: (type.includes("json") ? await res.json() : await res.text()) as Json,
  };
}

/** One carcass row per head of the order's mobs, body numbers from `first`. */
function rowsFor(first: number) {
  let body = first;
  return order.mobs.flatMap((m) =>
    Array.from({ length: m.head }, () => ({
      productionDate: today,
      bodyNumber: body++,
      stockMobId: m.id,
      hscwKg: 22 + (body % 7),
      fatDepthMm: 8 + (body % 9),
      fatScore: 2 + (body % 3),
      dentition: 0,
      sex: body % 2 ? "F" : "C",
      skinGrade: "1",
    }))
  );
}
const carcassCount = async () =>
  (await db.select({ n: count() }).from(carcasses).where(eq(carcasses.livestockOrderId, order.id)))[0].n;

describe("a batch of carcass records", () => {
  test("one bad row rejects the batch with its row number; nothing is written", async () => {
    const rows = rowsFor(9001);
    rows[4] = { ...rows[4], hscwKg: "heavy" as unknown as number };
    rows[7] = { ...rows[7], dentition: 12 };
    const res = await call("POST", K.postCarcasses, { carcasses: rows });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ title: expect.any(String), isValidation: true });
    expect(res.body.message).toMatch(/Nothing was saved: 2 rows have problems/);
    expect(res.body.errors).toEqual([
      { row: 5, field: "hscwKg", message: "Row 5: HSCW (kg): Use a number written in digits" },
      { row: 8, field: "dentition", message: "Row 8: Dentition: Use a number from 0 to 8" },
    ]);
    expect(await carcassCount()).toBe(0);
    expect(await db.select().from(carcassImports).where(eq(carcassImports.name, "API batch"))).toEqual([]);
  });

  test("an unknown mob, a mob not at the kill floor and a body number twice are row errors", async () => {
    const [inYard] = await db.select().from(stockMobs).where(eq(stockMobs.mobStatus, MOB_STATUS.InYard))
      .limit(1);
    const rows = rowsFor(9001).slice(0, 3);
    rows[0] = { ...rows[0], stockMobId: 99_999_999 };
    rows[1] = { ...rows[1], stockMobId: inYard.id };
    rows[2] = { ...rows[2], bodyNumber: rows[0].bodyNumber, stockMobId: order.mobs[0].id };
    rows.push({ ...rows[2] });
    const res = await call("POST", K.postCarcasses, { carcasses: rows });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: Json) => [e.row, e.field])).toEqual([
      [1, "stockMobId"],
      [2, "stockMobId"],
      [4, "bodyNumber"],
    ]);
    expect(res.body.errors[1].message).toMatch(/has not been sent to the kill floor/);
    expect(res.body.errors[2].message).toMatch(/also on row 3/);
    expect(await carcassCount()).toBe(0);
  });

  test("a good batch is written once; sent again it replaces, never doubles; the order becomes complete", async () => {
    const hub: Json[] = [];
    const stop = t.services.push.bus.subscribe((m: Json) => m.kind === "event" && hub.push(m));
    const rows = rowsFor(9001);
    const first = await call("POST", K.postCarcasses, { carcasses: rows });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      rows: rows.length,
      added: rows.length,
      replaced: 0,
      productionDates: [today],
    });
    expect(first.body.completedOrderIds).toEqual([order.id]);
    const again = await call("POST", K.postCarcasses, { carcasses: rows.map((r) => ({ ...r, hscwKg: 30 })) });
    expect(again.body).toMatchObject({ added: 0, replaced: rows.length, completedOrderIds: [] });
    expect(await carcassCount()).toBe(order.head);
    const [o] = await db.select().from(livestockOrders).where(eq(livestockOrders.id, order.id));
    expect(o).toMatchObject({ totalProcessed: order.head, orderStatus: ORDER_STATUS.Processed });
    expect(o.carcassDataCompleteAt).not.toBeNull();
    const audit = await db.select().from(auditLog).where(eq(auditLog.entity, "CarcassImport"));
    expect(audit.at(-1)!.action).toMatch(
      new RegExp(`Received ${rows.length} carcass records .*0 added, ${rows.length} replaced`),
    );
    stop();
    expect(JSON.stringify(hub)).toContain("carcassDataComplete");
  });

  test("a day nothing was killed names the nearest days with carcasses, before and after", async () => {
    // the Sunday before today: the demo kills on weekdays
    const sunday = addDays(today, -1 - weekdayIndex(today));
    const day = (await call("GET", `${K.day}?date=${sunday}&speciesId=1`)).body;
    expect(day.mobs).toEqual([]);
    const same = and(eq(carcasses.speciesId, 1), eq(carcasses.tenantSiteId, day.siteId));
    const [{ before }] = await db.select({ before: max(carcasses.productionDate) }).from(carcasses)
      .where(and(same, lt(carcasses.productionDate, sunday)));
    const [{ after }] = await db.select({ after: min(carcasses.productionDate) }).from(carcasses)
      .where(and(same, gt(carcasses.productionDate, sunday)));
    expect(before).not.toBeNull();
    expect(day.nearestDays).toEqual({ before, after });
    // a day with carcasses names none
    expect((await call("GET", `${K.day}?date=${today}&speciesId=1`)).body.nearestDays)
      .toEqual({ before: null, after: null });
  });

  test("the day's view reconciles head counts and draws its distributions", async () => {
    const day = (await call("GET", `${K.day}?date=${today}&speciesId=1`)).body;
    const mob = day.mobs.find((m: Json) => m.stockMobId === order.mobs[0].id);
    expect(mob).toMatchObject({
      head: order.mobs[0].head,
      processed: order.mobs[0].head,
      awaiting: 0,
      isOrderComplete: true,
    });
    expect(mob.averageKg).toBe(30);
    expect(day.weightBands.reduce((n: number, b: Json) => n + b.count, 0)).toBe(
      day.totals.processed - day.totals.condemned,
    );
    const page = await call(
      "GET",
      `${K.carcasses}?date=${today}&speciesId=1&stockMobId=${mob.stockMobId}&pageSize=5`,
    );
    expect(page.total).toBe(String(mob.processed));
    expect(page.body.map((c: Json) => c.bodyNumber)).toEqual([9001, 9002, 9003, 9004, 9005]);
    const next = await call(
      "GET",
      `${K.carcasses}?date=${today}&speciesId=1&stockMobId=${mob.stockMobId}&startIndex=5&pageSize=2`,
    );
    expect(next.body.map((c: Json) => c.bodyNumber)).toEqual([9006, 9007]);
    expect((await call("GET", `${K.carcasses}?date=${today}&speciesId=1&pageSize=1001`)).status).toBe(400);
  });
});

describe("kill floor corrections", () => {
  test("a carcass is corrected with a reason, audited; a stale read is a 409", async () => {
    const [c] = await db.select().from(carcasses).where(eq(carcasses.livestockOrderId, order.id)).limit(1);
    const noReason = await call("POST", K.correctCarcass, {
      carcassId: c.id,
      lastModified: c.lastModified,
      hscwKg: 25,
    });
    expect(noReason.status).toBe(400);
    const fixed = await call("POST", K.correctCarcass, {
      carcassId: c.id,
      lastModified: c.lastModified,
      condemned: "whole",
      condemnedReason: "Pleurisy",
      reason: "Vet found pleurisy on inspection",
    });
    expect(fixed.status).toBe(200);
    expect(fixed.body).toMatchObject({ condemned: "whole", hscwKg: 0, isCorrected: true });
    const stale = await call("POST", K.correctCarcass, {
      carcassId: c.id,
      lastModified: c.lastModified,
      hscwKg: 21,
      reason: "again",
    });
    expect(stale.status).toBe(409);
    const [entry] = await db.select().from(auditLog).where(
      and(eq(auditLog.entity, "Carcass"), eq(auditLog.entityId, String(c.id))),
    );
    expect(entry).toMatchObject({
      reason: "Vet found pleurisy on inspection",
      after: { condemned: "whole", hscwKg: 0 },
    });
  });
});

describe("recalling a killed mob", () => {
  test("is refused once the plant has recorded its carcasses", async () => {
    const [mob] = await db.select().from(stockMobs).where(eq(stockMobs.id, order.mobs[0].id));
    const res = await call("POST", "/api/KillAgendaManagement/RecallMob", {
      stockMobId: mob.id,
      lastModified: mob.lastModified,
      reason: "Wrong mob sent",
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/already recorded carcasses/);
  });
});

describe("the demo and the simulator", () => {
  test("every past kill day of the demo has carcass data; its orders are complete", async () => {
    const pastMobs = await db.select({ n: count() }).from(stockMobs).where(and(
      eq(stockMobs.mobStatus, MOB_STATUS.AtKillFloor),
      lt(stockMobs.applicableProductionDate, today),
    ));
    expect(pastMobs[0].n).toBeGreaterThan(20);
    const days = await db.selectDistinct({ d: stockMobs.applicableProductionDate }).from(stockMobs).where(and(
      eq(stockMobs.mobStatus, MOB_STATUS.AtKillFloor),
      lt(stockMobs.applicableProductionDate, today),
    ));
    for (const { d } of days) {
      const day = (await call("GET", `${K.day}?date=${d}&speciesId=1`)).body;
      expect(day.totals.awaiting, d!).toBe(0);
    }
    const incomplete = await db.select({ n: count() }).from(livestockOrders).where(and(
      eq(livestockOrders.orderStatus, ORDER_STATUS.Processed),
      lt(livestockOrders.productionDate, today),
    ));
    expect(incomplete[0].n).toBeGreaterThan(0);
  });

  test("the simulator records a day's waiting mobs for a tester, not for an admin", async () => {
    // another order penned for a kill day (the demo's yard does not always hold two orders for one day)
    const [mob] = await db.select().from(stockMobs).where(and(
      ne(stockMobs.livestockOrderId, order.id),
      eq(stockMobs.speciesId, 1),
      inArray(stockMobs.mobStatus, [MOB_STATUS.InYard, MOB_STATUS.ReadyToProcess]),
      isNotNull(stockMobs.penId),
      isNotNull(stockMobs.applicableProductionDate),
    )).orderBy(asc(stockMobs.applicableProductionDate)).limit(1);
    expect(mob, "a second order in the yard").toBeDefined();
    const today = mob.applicableProductionDate!;
    await call("POST", "/api/stockyard/SendToKillFloor", { livestockOrderId: mob.livestockOrderId });
    expect((await call("POST", K.simulateKill, { date: today, speciesId: 1 })).status).toBe(403);
    const tester = await t.login("test@demo.processor");
    const res = await call("POST", K.simulateKill, { date: today, speciesId: 1 }, tester);
    expect(res.status).toBe(200);
    expect(res.body.added).toBeGreaterThan(0);
    const day = (await call("GET", `${K.day}?date=${today}&speciesId=1`)).body;
    expect(day.mobs.find((m: Json) => m.livestockOrderId === mob.livestockOrderId).awaiting).toBe(0);
    const none = await call("POST", K.simulateKill, { date: today, speciesId: 1 }, tester);
    expect(none.status).toBe(400);
  });
});

describe("files owed to others", () => {
  test("NLIS kill file, MSA grading data and a supplier's feedback file", async () => {
    const nlis = await t.request(`${K.nlisFile}?date=${today}&speciesId=1`, { token });
    expect(nlis.headers.get("content-type")).toMatch(/text\/csv/);
    expect(nlis.headers.get("content-disposition")).toMatch(/nlis-kill-sheep-/);
    const lines = (await nlis.text()).trim().split("\r\n");
    expect(lines[0]).toBe("RFID,Vendor PIC,Kill Date,Body Number,HSCW (kg),Lot,Category,Condemned,Plant PIC");
    const dmy = `${today.slice(8)}/${today.slice(5, 7)}/${today.slice(0, 4)}`;
    expect(lines.some((l) => l.includes(`,${dmy},9002,30.0,`))).toBe(true);
    const [o] = await db.select().from(livestockOrders).where(eq(livestockOrders.id, order.id));
    const feedback =
      await (await t.request(`${K.feedbackFile}?date=${today}&speciesId=1&supplierId=${o.supplierId}`, {
        token,
      })).text();
    const rows = feedback.trim().split("\r\n");
    expect(rows[0]).toMatch(
      /^Kill Date,Supplier,Lot,NVD,PIC,Body Number,RFID,Category,Sex,Dentition,HSCW \(kg\)/,
    );
    expect(rows.length - 1).toBeGreaterThanOrEqual(order.head);
    const beefDay = (await db.selectDistinct({ d: carcasses.productionDate }).from(carcasses).where(
      and(eq(carcasses.speciesId, 2), isNotNull(carcasses.msaIndex)),
    ).limit(1))[0]?.d;
    if (beefDay) {
      const msa = await (await t.request(`${K.msaFile}?date=${beefDay}&speciesId=2`, { token })).text();
      expect(msa.split("\r\n")[0]).toMatch(/MSA Index$/);
      expect(msa.trim().split("\r\n").length).toBeGreaterThan(1);
    }
    const tooLong = await call(
      "GET",
      `${K.feedbackFile}?date=${today}&to=2099-01-01&supplierId=${o.supplierId}`,
    );
    expect(tooLong.status).toBe(400);
  });
});

describe("a CSV file with a column mapping", () => {
  test("streams its progress and ends with the result; a bad file ends with its row errors", async () => {
    const mob = order.mobs[0];
    const csv = [
      "Kill Date,Body No,Mob,Weight,GR",
      `${today.slice(8)}/${today.slice(5, 7)}/${today.slice(0, 4)},9001,${mob.id},27.5,11`,
    ].join("\n");
    const send = async (text: string) => {
      const form = new FormData();
      form.set("file", new File([text], "scale.csv", { type: "text/csv" }));
      form.set(
        "mapping",
        JSON.stringify({
          productionDate: "Kill Date",
          bodyNumber: "Body No",
          stockMobId: "Mob",
          hscwKg: "Weight",
          fatDepthMm: "GR",
        }),
      );
      const res = await t.request(K.uploadCarcassFile, {
        method: "POST",
        token,
        body: form,
        headers: { accept: NDJSON },
      });
      expect(res.headers.get("content-type")).toBe(NDJSON);
      return (await res.text()).trim().split("\n").map((l) => JSON.parse(l));
    };
    const good = await send(csv);
    expect(good[0]).toMatchObject({ type: "progress", stage: "reading", total: 1 });
    expect(good.at(-1)).toMatchObject({ type: "result", rows: 1, added: 0, replaced: 1 });
    const bad = await send(csv + `\n${today},9002,${mob.id},,11`);
    expect(bad.at(-1)).toMatchObject({
      type: "error",
      status: 400,
      errorRows: 1,
      errors: [{ row: 2, field: "hscwKg" }],
    });
    const template = await t.request(`${K.carcassTemplate}?format=csv`, { token });
    expect((await template.text()).split("\r\n")[0]).toMatch(/^productionDate,bodyNumber,lot,stockMobId/);
  });
});

describe("the plant's interchange", () => {
  test("heartbeat, cards errors first with the plant's time, ping, reset (force for a running flow)", async () => {
    const superToken = await t.login("super@demo.processor");
    const beat = {
      clientName: "Chain 2 interchange",
      timeZone: null,
      isInErrorState: true,
      isCurrentlyOperating: true,
      hasInterchangeEnabled: true,
      currentDataFlowStatus: "Error",
      isSoftwareUpToDate: false,
      clientAppVersion: "4.1.0",
    };
    const first = await call("POST", K.heartbeat, beat, superToken);
    expect(first.body).toMatchObject({ resetRequested: false });
    const cards = (await call("GET", "/api/killfloor/GetInterchangeClients")).body;
    expect(cards[0]).toMatchObject({
      clientName: "Chain 2 interchange",
      isInErrorState: true,
      localTime: null,
      dayPeriod: null,
    });
    expect(cards[1]).toMatchObject({ clientName: "Plant interchange", timeZone: "Australia/Sydney" });
    expect(cards[1].localTime).toMatch(/^\d\d:\d\d$/);
    expect((await call("POST", "/api/killfloor/PingInterchange", {})).body).toEqual({
      isAvailable: true,
      message: "Interchange is available.",
    });
    const reset = await call("POST", "/api/killfloor/ResetDataFlow", { clientId: first.body.clientId });
    expect(reset.body).toMatchObject({ currentDataFlowStatus: "ReadyToProcess", isInErrorState: false });
    const told = await call("POST", K.heartbeat, {
      ...beat,
      isInErrorState: false,
      currentDataFlowStatus: "Processing",
    }, superToken);
    expect(told.body).toMatchObject({ resetRequested: true, force: false });
    const running = await call("POST", "/api/killfloor/ResetDataFlow", { clientId: first.body.clientId });
    expect(running.status).toBe(409);
    expect(running.body.message).toMatch(/Processing.*Force reset/);
    const forced = await call("POST", "/api/killfloor/ResetDataFlow", {
      clientId: first.body.clientId,
      force: true,
    });
    expect(forced.body.currentDataFlowStatus).toBe("ReadyToProcess");
  });
});
