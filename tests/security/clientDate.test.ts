/**
 * The plant's "today" is the server's (issue 35 §2): a client's X-Local-Date is honoured only within a day
 * of it (a device in a neighbouring zone); further off it is refused in words and changes nothing, so a
 * past day's agenda cannot be built by sending another date.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { and, eq, gt, inArray } from "drizzle-orm";
import { startSignedIn, type TestApp } from "../helpers/app.ts";
import { killAgendas, stockMobs } from "../../db/tenant/schema.ts";
import type { TenantDb } from "../../db/client.ts";
import { KILL_AGENDA_API as A } from "../../server/areas/killAgenda/api.ts";
import { MOB_STATUS } from "../../kernel/enums.ts";
import { addDays } from "../../kernel/dates.ts";

let t: TestApp;
let token: string;
let db: TenantDb;
let today: string;

beforeAll(async () => {
  ({ t, token, db } = await startSignedIn("admin@demo.processor"));
  today = (await (await t.request(A.getKillAgenda, { token })).json()).productionDate;
});
afterAll(() => t?.close());

/** A mob planned after today and ready for the kill floor (the planner may move it), to another day. */
async function scheduleMob(productionDate: string, localDate?: string) {
  const [ready] = await db.select().from(stockMobs).where(and(
    eq(stockMobs.speciesId, 1),
    inArray(stockMobs.mobStatus, [MOB_STATUS.InYard, MOB_STATUS.ReadyToProcess]),
    gt(stockMobs.head, 0),
    gt(stockMobs.applicableProductionDate, today),
  )).limit(1);
  const [mob] = await db.update(stockMobs).set({ mobStatus: MOB_STATUS.ReadyToProcess })
    .where(eq(stockMobs.id, ready.id)).returning();
  const res = await t.request(A.scheduleMob, {
    method: "POST",
    token,
    headers: localDate ? { "x-local-date": localDate } : {},
    json: { stockMobId: mob.id, lastModified: mob.lastModified, productionDate },
  });
  const [after] = await db.select().from(stockMobs).where(eq(stockMobs.id, mob.id));
  return { status: res.status, body: await res.json(), before: mob, after };
}

const agendasOn = async (date: string) =>
  (await db.select({ id: killAgendas.id }).from(killAgendas).where(eq(killAgendas.productionDate, date)))
    .length;

describe("X-Local-Date", () => {
  test("a month back does not move today: ScheduleMob for that day is refused in words, nothing changes", async () => {
    const past = addDays(today, -30);
    const agendasBefore = await agendasOn(past);
    // without the header the past day is refused by the planning rule
    expect((await scheduleMob(past)).status).toBe(400);
    const res = await scheduleMob(past, past);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ title: expect.any(String), isValidation: true });
    expect(res.body.message).toMatch(/is not today at the plant/);
    expect(res.body.errors).toEqual([{
      field: "X-Local-Date",
      message: expect.stringMatching(/more than a day away from today at the plant/),
    }]);
    expect(res.body.message).not.toMatch(/\d{4}-\d{2}-\d{2}/); // dates in words, not ISO
    expect(res.after).toEqual(res.before);
    expect(await agendasOn(past)).toBe(agendasBefore);
    // a month ahead is just as far
    expect((await scheduleMob(addDays(today, 31), addDays(today, 30))).status).toBe(400);
  });

  test("within one day of the plant's today it is honoured (a device in a neighbouring zone)", async () => {
    const yesterday = addDays(today, -1);
    expect((await scheduleMob(yesterday)).status).toBe(400); // yesterday is past at the plant
    const res = await scheduleMob(yesterday, yesterday); // the device's today is yesterday: planned
    expect(res.status).toBe(200);
    expect(res.after.applicableProductionDate).toBe(yesterday);
    const tomorrow = await t.request(A.getKillAgenda, {
      token,
      headers: { "x-local-date": addDays(today, 1) },
    });
    expect(tomorrow.status).toBe(200);
    expect((await tomorrow.json()).productionDate).toBe(addDays(today, 1));
  });
});
