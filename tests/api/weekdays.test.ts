/**
 * The demo plant's week (issue 37 §5): the demo data set is seeded around its plants' today and depends
 * on the weekday (lots Monday to Friday, none at the weekend), and every other test runs on one pinned
 * Wednesday (tests/helpers/clock.ts). Here the flows that lean on the seed run on each of the seven days
 * of that week, each on its own test app pinned to the day and a template seeded for it, through the
 * real HTTP API: a delivery received, a mob moved in the yard, the next kill day's agenda put in order
 * and sent to the plant, carcasses in on the kill floor, an invoice created and published.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { and, asc, count, eq, gt, inArray, isNotNull } from "drizzle-orm";
import { jsonCalls, startTestApp, type TestApp } from "../helpers/app.ts";
import { plantWeek } from "../helpers/clock.ts";
import { invoiceableOrder } from "../helpers/invoices.ts";
import { carcasses, livestockOrders, stockMobs } from "../../db/tenant/schema.ts";
import type { TenantDb } from "../../db/client.ts";
import { addDays, isWeekend } from "../../kernel/dates.ts";
import { MOB_STATUS } from "../../kernel/enums.ts";
import { ORDERS_API } from "../../server/areas/livestock/orders/api.ts";
import { STOCKYARD_API as Y } from "../../server/areas/stockyard/api.ts";
import { KILL_AGENDA_API as A } from "../../server/areas/killAgenda/paths.ts";
import { KILL_FLOOR_API as K } from "../../server/areas/killFloor/paths.ts";
import { INVOICES_API as P, withId } from "../../server/areas/invoices/paths.ts";

// deno-lint-ignore no-explicit-any
type Json = any;
const SHEEP = 1;
const NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

describe.each(plantWeek().map((day, i) => ({ day, name: NAMES[i] })))(
  "on a $name ($day)",
  ({ day }) => {
    let t: TestApp;
    let db: TenantDb;
    const tokens: Record<string, string> = {};
    const { get, post } = jsonCalls(() => t, tokens);

    beforeAll(async () => {
      t = await startTestApp({}, { day });
      tokens.admin = await t.login("admin@demo.processor");
      const me = (await get("/login/usermodel")).body;
      db = await t.services.db.tenantDb(me.tenantId);
    });
    afterAll(() => t?.close());

    test("the plant's today is the pinned day", async () => {
      expect((await get(`${A.getSevenDayAgenda}?speciesId=${SHEEP}`)).body.today).toBe(day);
    });

    test("a delivery is received for an order due from today", async () => {
      const due = (await get(ORDERS_API.GetDeliveries)).body.orders as Json[];
      const open = new Set(
        (await db.select({ id: livestockOrders.id }).from(livestockOrders).where(
          eq(livestockOrders.totalDelivered, 0),
        ))
          .map((o) => o.id),
      );
      const order = due.filter((o) => open.has(o.id) && o.deliveryDate >= day)
        .toSorted((a, b) => a.deliveryDate.localeCompare(b.deliveryDate))[0];
      expect(order, "the deliveries week has an order still to come").toBeTruthy();
      const res = await post(ORDERS_API.AddDeliveryLoad, {
        livestockOrderId: order.id,
        head: 10,
        deliveryDate: order.deliveryDate,
        deliveryTime: "06:30",
        confirmOverDelivery: true,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const [after] = await db.select().from(livestockOrders).where(eq(livestockOrders.id, order.id));
      expect(after.totalDelivered).toBe(10);
    });

    test("the planner lists an order that never came", async () => {
      const week = (await get(`${A.getSevenDayAgenda}?speciesId=${SHEEP}`)).body;
      expect(week.undelivered.totalRecords).toBeGreaterThan(0);
    });

    test("a mob is moved to an empty pen in the yard", async () => {
      const yards = (await get(Y.getStockyards)).body as Json[];
      for (const yard of yards) {
        const view = (await get(`${Y.getInitialData}?stockyardId=${yard.id}`)).body;
        const from = view.pens.find((p: Json) =>
          p.contents.length === 1 && p.status !== "pending" && p.livestockOrderReservedForId === null
        );
        const to = from &&
          view.pens.find((p: Json) =>
            p.status === "empty" && p.isOperational && (p.capacity === 0 || p.capacity >= from.head)
          );
        if (!to) continue;
        const mob = from.contents[0];
        const moved = await post(Y.moveOrMergeMobs, {
          stockMobId: mob.stockMobId,
          toPenId: to.id,
          lastModified: mob.lastModified,
        });
        expect(moved.status, JSON.stringify(moved.body)).toBe(200);
        const [row] = await db.select().from(stockMobs).where(eq(stockMobs.id, mob.stockMobId));
        expect(row.penId).toBe(to.id);
        return;
      }
      throw new Error("no demo yard has a mob in a pen and an empty pen");
    });

    test("the next kill day's agenda is put in order and sent to the plant", async () => {
      let killDay = day;
      while (isWeekend(killDay)) killDay = addDays(killDay, 1);
      const agenda = (await get(`${A.getKillAgenda}?date=${killDay}&speciesId=${SHEEP}`)).body;
      expect(agenda.items.length, "the next kill day has sheep lots").toBeGreaterThan(1);
      const order = agenda.items.map((i: Json) => i.id).toReversed();
      const reordered = await post(A.reorder, {
        killAgendaId: agenda.id,
        lastModified: agenda.lastModified,
        itemIds: order,
      });
      expect(reordered.status, JSON.stringify(reordered.body)).toBe(200);
      const saved = reordered.body.agendas[0];
      const sent = await post(A.sendToPlant, {
        killAgendaId: saved.id,
        lastModified: saved.lastModified,
        confirmNotReady: true,
      });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      expect(sent.body.agendas[0]).toMatchObject({ integrationStatus: "Sent", sentRevision: saved.revision });
      expect(sent.body.agendas[0].items.map((i: Json) => i.id)).toEqual(order);
    });

    test("an order in the yard goes to the kill floor and its carcasses come in", async () => {
      const [mob] = await db.select().from(stockMobs).where(and(
        eq(stockMobs.speciesId, SHEEP),
        inArray(stockMobs.mobStatus, [MOB_STATUS.InYard, MOB_STATUS.ReadyToProcess]),
        isNotNull(stockMobs.penId),
        gt(stockMobs.head, 0),
      )).orderBy(asc(stockMobs.applicableProductionDate), asc(stockMobs.id)).limit(1);
      expect(mob, "a sheep mob waits in a pen").toBeTruthy();
      const toFloor = await post(Y.sendToKillFloor, { livestockOrderId: mob.livestockOrderId });
      expect(toFloor.status, JSON.stringify(toFloor.body)).toBe(200);
      const mobs = await db.select().from(stockMobs).where(and(
        eq(stockMobs.livestockOrderId, mob.livestockOrderId),
        eq(stockMobs.mobStatus, MOB_STATUS.AtKillFloor),
      ));
      let body = 8001;
      const rows = mobs.flatMap((m) =>
        Array.from({ length: m.head }, () => ({
          productionDate: mob.applicableProductionDate,
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
      const res = await post(K.postCarcasses, { carcasses: rows });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const counted = await db.select({ n: count() }).from(carcasses)
        .where(eq(carcasses.livestockOrderId, mob.livestockOrderId));
      expect(counted[0].n).toBe(rows.length);
    });

    test("a killed order is invoiced and the invoice published", async () => {
      const order = await invoiceableOrder(t, tokens.admin);
      const created = await post(P.createOrAdd, { stockMobIds: [order.mobId] });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const id = created.body.livestockInvoiceSummaryDtos[0].id;
      let current = (await get(withId(P.invoice, id))).body;
      // a line the grid does not price is priced by an adjustment, as the clerk would
      for (const l of current.document.computation.carcassLines as Json[]) {
        if (l.pricePerUnitCents !== null) continue;
        const res = await post(P.upsertAdjustment, {
          invoiceId: id,
          lastModified: current.lastModified,
          lineKey: l.key,
          adjustmentPerUnit: 6.5,
          reason: "Priced by hand",
        });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        current = res.body;
      }
      const published = await post(P.publish, { id });
      expect(published.status, JSON.stringify(published.body)).toBe(200);
      expect(published.body).toMatchObject({ status: "Published", invoiceNumber: expect.any(String) });
    });
  },
);
