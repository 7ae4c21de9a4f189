/**
 * A day sent to the plant (issue 36 items 1, 2, 4, 8) over the real app and database files: sending asks
 * first when lots are not ready (not delivered, yard checks to do, no NVD) and is one call when none are;
 * after a send, a reorder and a yard merge make the day say what changed since sent with the revision to
 * send; the plant's carcass posts keep resolving by the mob id it was sent (to the mob it was merged
 * into) and by lot (a merged-away mob never counts, the suffix list has no blank); the TV says what the
 * agenda says; the agenda report counts the lots it lists.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { and, asc, eq, gte, inArray, isNotNull } from "drizzle-orm";
import { callAs, startSignedIn, type TestApp } from "../helpers/app.ts";
import { carcasses, livestockOrders, mobRequirements, stockMobs } from "../../db/tenant/schema.ts";
import type { TenantDb } from "../../db/client.ts";
import { KILL_AGENDA_API as A } from "../../server/areas/killAgenda/api.ts";
import { KILL_AGENDA_DOCUMENTS as D } from "../../server/areas/killAgenda/paths.ts";
import { STOCKYARD_API as Y } from "../../server/areas/stockyard/api.ts";
import { KILL_FLOOR_API as K } from "../../server/areas/killFloor/paths.ts";
import { MOB_STATUS } from "../../kernel/enums.ts";
import { pdfText } from "../helpers/pdf.ts";
import { addDays } from "../../kernel/dates.ts";
import { SESSION_COOKIE } from "../../server/http/cookies.ts";

// deno-lint-ignore no-explicit-any
type Json = any;
let t: TestApp;
let token: string;
let db: TenantDb;

beforeAll(async () => {
  ({ t, token, db } = await startSignedIn("admin@demo.processor"));
});
afterAll(() => t?.close());

const call = (method: "GET" | "POST", path: string, json?: unknown, as = token) =>
  callAs(t, as, method, path, json);
const post = (path: string, json: unknown) => call("POST", path, json);
const day = async (date: string, speciesId: number) =>
  (await call("GET", `${A.getKillAgenda}?date=${date}&speciesId=${speciesId}`)).body;
const check = async (killAgendaId: number) =>
  (await call("GET", `${A.sendToPlantCheck}?killAgendaId=${killAgendaId}`)).body;
const mobRow = async (id: number) => (await db.select().from(stockMobs).where(eq(stockMobs.id, id)))[0];

/** Every lot of the day delivered-ready: its mobs' checks ticked, its orders with an NVD number. */
async function makeReady(agenda: Json) {
  const mobIds = agenda.items.flatMap((i: Json) => (i.stockMobId ? [i.stockMobId] : []));
  await db.update(mobRequirements).set({ isComplete: true }).where(
    inArray(mobRequirements.stockMobId, mobIds),
  );
  await db.update(livestockOrders).set({ nvd: "NVD123456" })
    .where(inArray(livestockOrders.id, agenda.items.map((i: Json) => i.livestockOrderId)));
}

/**
 * The earliest sheep order with two or more mobs in pens of one yard: one lot, its mobs told apart by
 * suffixes. The yard will merge the others into the first.
 */
async function orderOfMobs() {
  const candidates = await db.select().from(stockMobs).where(and(
    eq(stockMobs.speciesId, 1),
    inArray(stockMobs.mobStatus, [MOB_STATUS.InYard, MOB_STATUS.ReadyToProcess]),
    isNotNull(stockMobs.penId),
    gte(stockMobs.head, 1),
  )).orderBy(asc(stockMobs.applicableProductionDate), asc(stockMobs.id));
  for (const mob of candidates) {
    const ofOrder = candidates.filter((m) =>
      m.livestockOrderId === mob.livestockOrderId && m.stockyardId === mob.stockyardId &&
      m.applicableProductionDate === mob.applicableProductionDate
    );
    if (ofOrder.length >= 2) {
      return { kept: mob, others: ofOrder.slice(1).map((m) => m.id), date: mob.applicableProductionDate! };
    }
  }
  throw new Error("no demo sheep order has two mobs in one yard");
}

describe("a day sent to the plant", () => {
  let kept: typeof stockMobs.$inferSelect;
  let others: number[];
  let date: string;
  let sent: Json;

  test("send with lots not ready answers what is not ready and sends nothing; confirmed, it sends", async () => {
    ({ kept, others, date } = await orderOfMobs());
    let a = await day(date, 1);
    const lotOf = (mobId: number) => a.items.find((i: Json) => i.stockMobId === mobId).agendaLotReference;
    for (const id of others) expect(lotOf(id)).toBe(lotOf(kept.id));
    await makeReady(a);
    // one mob with a check not done, its order with no NVD number
    await db.update(mobRequirements).set({ isComplete: false }).where(
      eq(mobRequirements.stockMobId, kept.id),
    );
    await db.update(livestockOrders).set({ nvd: "" }).where(eq(livestockOrders.id, kept.livestockOrderId));
    a = await day(date, 1);
    const preview = await check(a.id);
    expect(preview).toMatchObject({ killAgendaId: a.id, revision: a.revision, sentRevision: null });
    const keptItem = a.items.find((i: Json) => i.stockMobId === kept.id);
    const listed = preview.notReady.find((l: Json) => l.itemId === keptItem.id);
    expect(listed.reasons).toEqual(["checksToDo", "noNvd"]);
    expect(listed.problems[0]).toMatch(/^checks to do: /);
    expect(listed.problems[1]).toBe("no NVD");
    expect(listed.lot).toBe(`${keptItem.agendaLotReference}${keptItem.agendaLotReferenceSuffix}`);

    const refused = await post(A.sendToPlant, { killAgendaId: a.id, lastModified: a.lastModified });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ title: "Not ready to send", isValidation: false });
    expect(refused.body.message).toMatch(/not ready for the kill/);
    expect(refused.body.errors.map((e: Json) => e.field)).toContain(`items.${keptItem.id}`);
    expect((await day(date, 1)).integrationStatus).toBe("NotSent");

    const confirmed = await post(A.sendToPlant, {
      killAgendaId: a.id,
      lastModified: a.lastModified,
      confirmNotReady: true,
    });
    expect(confirmed.status).toBe(200);
    sent = confirmed.body.agendas[0];
    expect(sent).toMatchObject({
      integrationStatus: "Sent",
      sentRevision: a.revision,
      changesSinceSent: null,
    });
  });

  test("an undelivered lot is listed as not delivered", async () => {
    // a coming day holding an order expected (nothing delivered yet)
    for (let k = 0; k < 14; k++) {
      const a = await day(addDays(date, k), 1);
      const item = a.items.find((i: Json) => i.stockMobId === null);
      if (!item) continue;
      const listed = (await check(a.id)).notReady.find((l: Json) => l.itemId === item.id);
      expect(listed).toMatchObject({
        reasons: ["undelivered"],
        problems: ["not delivered"],
        head: item.numberOfHead,
      });
      return;
    }
    throw new Error("no coming day has an expected order");
  });

  test("a lot of several live mobs asks for the suffix and lists the suffixes with no blank", async () => {
    const a = await day(date, 1);
    const item = a.items.find((i: Json) => i.stockMobId === kept.id);
    const res = await post(K.postCarcasses, {
      carcasses: [carcass(date, 7601, { lot: item.agendaLotReference })],
    });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).toMatch(
      new RegExp(`has ${others.length + 1} mobs \\(A(, [B-Z])+\\): add the suffix$`),
    );
  });

  test("a reorder and merges after the send say what changed since sent, with the revision to send", async () => {
    let a = await day(date, 1);
    // the order's last mob first, the day's first lot last: lots moved
    const last = a.items.find((i: Json) => i.stockMobId === others.at(-1));
    const rest = a.items.filter((i: Json) => i.id !== last.id).map((i: Json) => i.id);
    const reordered = await post(A.reorder, {
      killAgendaId: a.id,
      lastModified: a.lastModified,
      itemIds: [last.id, ...rest.slice(1), rest[0]],
    });
    expect(reordered.status).toBe(200);
    a = reordered.body.agendas[0];
    expect(a.changesSinceSent.moved).toBeGreaterThanOrEqual(1);
    expect(a.revision).toBeGreaterThan(sent.sentRevision);

    const names = (x: Json) =>
      Object.fromEntries(
        x.items.flatMap((i: Json) =>
          i.stockMobId ? [[i.stockMobId, `${i.agendaLotReference}${i.agendaLotReferenceSuffix}`]] : []
        ),
      );
    const sentNames = names(a);
    // the yard merges the order's other mobs into the first (recorded as merged_into_id)
    for (const id of others) {
      const merged = await post(Y.moveOrMergeMobs, {
        stockMobId: id,
        toPenId: kept.penId,
        lastModified: (await mobRow(id)).lastModified,
        confirmMerge: true,
        confirmOverCapacity: true,
      });
      expect(merged.body.errors ?? []).toEqual([]);
      expect(merged.status).toBe(200);
      expect((await mobRow(id)).mergedIntoId).toBe(kept.id);
    }

    a = await day(date, 1);
    // every lot the plant has keeps its name (a merge never hands a suffix to another mob)
    for (const [mobId, name] of Object.entries(names(a))) expect(name).toBe(sentNames[mobId]);
    expect(a.integrationStatus).toBe("Sent");
    expect(a.sentRevision).toBe(sent.sentRevision);
    expect(a.revision).toBeGreaterThan(a.sentRevision);
    expect(a.changesSinceSent).toMatchObject({ merged: others.length, removed: 0, added: 0 });
    expect(a.changesSinceSent.summary).toMatch(
      new RegExp(`^\\d+ lots? moved, ${others.length} merges?`),
    );
    const listed = (await call("GET", `${A.getIntegrations}?date=${date}`)).body
      .find((r: Json) => r.killAgendaId === a.id);
    expect(listed).toMatchObject({ revision: a.revision, sentRevision: a.sentRevision });
    expect(listed.changesSinceSent.summary).toBe(a.changesSinceSent.summary);
    const preview = await check(a.id);
    expect(preview).toMatchObject({ revision: a.revision, changesSinceSent: a.changesSinceSent });

    // sending the new revision: the plant has the day as it is again
    const again = await post(A.sendToPlant, {
      killAgendaId: a.id,
      lastModified: a.lastModified,
      confirmNotReady: true,
    });
    expect(again.status).toBe(200);
    expect(again.body.agendas[0]).toMatchObject({ sentRevision: a.revision, changesSinceSent: null });
  });

  test("a day with every lot ready sends in one call", async () => {
    const a = await day(date, 1);
    await makeReady(a);
    // orders still expected go to a later day: the day holds only delivered, checked lots
    for (const i of a.items.filter((i: Json) => i.stockMobId === null)) {
      const [o] = await db.select().from(livestockOrders).where(eq(livestockOrders.id, i.livestockOrderId));
      const later = await post(A.setDeliveryDates, {
        orders: [{ livestockOrderId: o.id, lastModified: o.lastModified }],
        deliveryDate: addDays(date, 28),
        productionDate: addDays(date, 28),
      });
      expect(later.status).toBe(200);
    }
    const ready = await day(date, 1);
    expect((await check(ready.id)).notReady).toEqual([]);
    const res = await post(A.sendToPlant, { killAgendaId: ready.id, lastModified: ready.lastModified });
    expect(res.status).toBe(200);
    expect(res.body.agendas[0]).toMatchObject({ integrationStatus: "Sent", changesSinceSent: null });
  });

  test("the plant's carcass posts resolve merged-away mob ids and their lots to the mob they went into", async () => {
    const a = await day(date, 1);
    const keptItem = a.items.find((i: Json) => i.stockMobId === kept.id);
    for (const id of others) expect(a.items.some((i: Json) => i.stockMobId === id)).toBe(false);
    const toFloor = await post(Y.sendToKillFloor, { livestockOrderId: kept.livestockOrderId });
    expect(toFloor.status).toBe(200);
    const gone = await mobRow(others[0]);
    const res = await post(K.postCarcasses, {
      carcasses: [
        // the id the plant was sent, merged since
        carcass(date, 7701, { stockMobId: gone.id }),
        // the lot without a suffix: the merged-away mobs do not count
        carcass(date, 7702, { lot: keptItem.agendaLotReference }),
        // the lot with the suffix the plant was sent for a merged-away mob
        carcass(date, 7703, { lot: `${gone.agendaLotReference}${gone.agendaLotReferenceSuffix}` }),
      ],
    });
    expect(res.body.errors ?? []).toEqual([]);
    expect(res.status).toBe(200);
    const saved = await db.select().from(carcasses).where(and(
      eq(carcasses.productionDate, date),
      inArray(carcasses.bodyNumber, [7701, 7702, 7703]),
    ));
    expect(saved.map((c) => c.stockMobId)).toEqual([kept.id, kept.id, kept.id]);
  });
});

function carcass(productionDate: string, bodyNumber: number, by: Json) {
  return {
    productionDate,
    bodyNumber,
    ...by,
    hscwKg: 24,
    fatDepthMm: 10,
    fatScore: 3,
    dentition: 0,
    sex: "F",
    skinGrade: "1",
  };
}

describe("the TV and the documents follow the agenda", () => {
  test("a lot still in pens is not 'on the floor': the TV shows the agenda's status", async () => {
    const display = await t.login("display@demo.processor");
    // today's agenda of a species with two mobs that no carcass has come in for yet (the plant's day is
    // under way at the pinned hour, and earlier tests post carcasses): one going to the kill floor (the
    // yard's "ready to empty"), one at the kill floor
    const killed = new Set(
      (await db.selectDistinct({ id: carcasses.stockMobId }).from(carcasses)).map((r) => r.id),
    );
    const unkilled = (day: Json) => day.items.filter((i: Json) => i.stockMobId && !killed.has(i.stockMobId));
    let agenda: Json;
    for (const speciesId of [1, 2]) {
      const today = (await call("GET", `${A.getKillAgenda}?speciesId=${speciesId}`)).body;
      if (unkilled(today).length >= 2) agenda = today;
    }
    if (!agenda) throw new Error("no species has two mobs without carcasses on today's agenda");
    const [going, atFloor] = unkilled(agenda);
    await db.update(stockMobs).set({ mobStatus: MOB_STATUS.PendingKillFloorMove })
      .where(eq(stockMobs.id, going.stockMobId));
    await db.update(stockMobs).set({ mobStatus: MOB_STATUS.AtKillFloor, penId: null })
      .where(eq(stockMobs.id, atFloor.stockMobId));
    const now = (await call("GET", `${A.getKillAgenda}?speciesId=${agenda.speciesId}`)).body;
    const statusOf = (id: number) => now.items.find((i: Json) => i.id === id).status;
    const res = await t.request(`/display/killagendareport/${agenda.species}`, {
      headers: { cookie: `${SESSION_COOKIE}=${display}` },
    });
    expect(res.status).toBe(200);
    const html = await res.text();
    const rowOf = (item: Json) =>
      html.match(
        new RegExp(
          `<tr class="is-(\\w+)" data-lot="${item.agendaLotReference}${item.agendaLotReferenceSuffix}">(.*?)</tr>`,
          "s",
        ),
      );
    const goingRow = rowOf(going)!;
    expect(goingRow[1]).toBe("waiting");
    expect(goingRow[2]).toContain(`>${statusOf(going.id)}<`);
    expect(goingRow[2]).not.toContain("On the floor");
    const floorRow = rowOf(atFloor)!;
    expect(floorRow[1]).toBe("floor");
    expect(floorRow[2]).toContain(`>${statusOf(atFloor.id)}<`);
  });

  test("the agenda report and its PDFs count the lots they list", async () => {
    // a day where an order of several mobs shares one lot: the report lists each, and counts each
    let a: Json;
    for (let k = 0; k < 14 && !a; k++) {
      const d = await day(
        addDays((await call("GET", `${A.getKillAgenda}?speciesId=1`)).body.productionDate, k),
        1,
      );
      if (new Set(d.items.map((i: Json) => i.agendaLotReference)).size < d.items.length) a = d;
    }
    if (!a) throw new Error("no coming day has an order of several mobs");
    for (const path of [D.reportPdf, D.controlledDocumentPdf]) {
      const res = await t.request(`${path}?date=${a.productionDate}&speciesId=1`, { token });
      expect(res.status).toBe(200);
      const text = await pdfText(new Uint8Array(await res.arrayBuffer()));
      expect(text).toContain(`${a.species}: ${a.items.length} lots`);
    }
    const page = await t.request(`/home/killagendareport?date=${a.productionDate}&speciesId=1`, {
      headers: { cookie: `${SESSION_COOKIE}=${token}` },
    });
    const html = (await page.text()).replaceAll("<!-- -->", "");
    expect(html).toContain(`${a.species}: ${a.items.length} lots`);
  });
});
