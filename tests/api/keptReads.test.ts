/**
 * Reads kept until the database changes (server/areas/keptReads.ts): the live yard and the kill agenda's
 * day are answered again while nothing was committed, and read afresh after any change, whoever made
 * it: the app, another connection of this process or another program on the same database file. A kept
 * answer is frozen and shown only to callers who may see it (a user kept to another site gets a 404).
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { createClient } from "@libsql/client";
import { keepUserAwayFromSite, startTestApp, type TestApp } from "../helpers/app.ts";
import { pens, stockyards } from "../../db/tenant/schema.ts";
import type { TenantDb } from "../../db/client.ts";
import { STOCKYARD_API as A } from "../../server/areas/stockyard/api.ts";
import { KILL_AGENDA_API as K } from "../../server/areas/killAgenda/api.ts";
import { keptUntilChange } from "../../server/areas/keptReads.ts";
import { databasesOverServer } from "../helpers/hranaServer.ts";

// A read is kept by its tenant database's data_version (db/embeddedClient.ts): over a libSQL server
// (`deno task test:remote`) nothing is kept, by design, and every read is fresh; the case that needs a
// kept answer runs only with embedded databases, the others on both.
const keptReadsOn = !databasesOverServer();

// deno-lint-ignore no-explicit-any
type Json = any;
let t: TestApp;
let token: string;
let db: TenantDb;
let tenantId: number;

beforeAll(async () => {
  t = await startTestApp();
  token = await t.login("admin@demo.processor");
  tenantId = (await (await t.request("/login/usermodel", { token })).json()).tenantId;
  db = await t.services.db.tenantDb(tenantId);
});
afterAll(() => t?.close());

const get = async (path: string, as = token) => {
  const res = await t.request(path, { token: as });
  return { status: res.status, body: await res.json() as Json };
};

describe("reads kept until the database changes", () => {
  test("the live yard is read afresh after a change by the app, another connection or another program", async () => {
    const [yard] = await db.select().from(stockyards).limit(1);
    const view = async () => (await get(`${A.getInitialData}?stockyardId=${yard.id}`)).body;
    const first = await view();
    expect(await view()).toEqual(first);
    const pen = first.pens[0];

    // through the app's own database (its pool of write connections)
    await db.update(pens).set({ name: "Kept 1" }).where(eq(pens.id, pen.id));
    expect((await view()).pens[0].name).toBe("Kept 1");

    // another program with the same file open
    const other = createClient({ url: `file:${t.dataDir}/tenants/${tenantId}.db` });
    try {
      await other.execute({ sql: "UPDATE pens SET name = ? WHERE id = ?", args: ["Kept 2", pen.id] });
      expect((await view()).pens[0].name).toBe("Kept 2");
      // a read by the other program changes nothing: the kept answer stands
      await other.execute("SELECT count(*) FROM pens");
      expect((await view()).pens[0].name).toBe("Kept 2");
    } finally {
      other.close();
    }
  });

  test("a kill agenda day follows a reorder at once", async () => {
    const week = (await get(K.getSevenDayAgenda)).body;
    const day = week.days.find((d: Json) => d.items.length >= 2);
    const q = `date=${day.productionDate}&speciesId=${day.speciesId}&tenantSiteId=${day.tenantSiteId}`;
    const before = (await get(`${K.getKillAgenda}?${q}`)).body;
    const ids = before.items.map((i: Json) => i.id);
    const reordered = [...ids.slice(1), ids[0]];
    const res = await t.request(K.reorder, {
      method: "POST",
      token,
      json: { killAgendaId: before.id, lastModified: before.lastModified, itemIds: reordered },
    });
    expect(res.status).toBe(200);
    expect((await get(`${K.getKillAgenda}?${q}`)).body.items.map((i: Json) => i.id)).toEqual(reordered);
    expect(
      (await get(`${K.getSevenDayAgenda}?focusDay=${week.focusDay}`)).body.days
        .find((d: Json) => d.id === before.id).items.map((i: Json) => i.id),
    ).toEqual(reordered);
  });

  test.runIf(keptReadsOn)("a kept answer is frozen, and kept per key", async () => {
    let reads = 0;
    const read = () => Promise.resolve({ n: ++reads, list: [{ a: 1 }] });
    const a = await keptUntilChange(db, "test:a", read);
    expect(await keptUntilChange(db, "test:a", read)).toBe(a);
    expect(() => {
      (a.list[0] as { a: number }).a = 2;
    }).toThrow(TypeError);
    expect((await keptUntilChange(db, "test:b", read)).n).toBe(2);
    await db.update(pens).set({ capacity: 7 }).where(eq(pens.id, 1));
    expect((await keptUntilChange(db, "test:a", read)).n).toBe(3);
  });

  test("a kept yard is shown only to callers of its site, in the same organisation or another", async () => {
    const [yard] = await db.select().from(stockyards).limit(1);
    const path = `${A.getInitialData}?stockyardId=${yard.id}`;
    expect((await get(path)).status).toBe(200); // kept now
    // a user of the same organisation kept to its other site
    await keepUserAwayFromSite(t, token, "user@demo.processor", tenantId, yard.tenantSiteId);
    const siteUser = await t.login("user@demo.processor");
    const refused = await get(path, siteUser);
    expect(refused.status).toBe(404);
    expect(JSON.stringify(refused.body)).not.toContain(yard.name);
    // and a caller of another organisation
    const farmer = await t.login("producer@demo.farm");
    const res = await get(path, farmer);
    expect(res.status).not.toBe(200);
    expect(JSON.stringify(res.body)).not.toContain(yard.name);
  });
});
