/**
 * Pages kept until what they show may have changed (server/pages/keptPages.ts): the live yard and the
 * kill agenda's day are answered again byte for byte, with an ETag a reloading browser gets a 304 for,
 * and rendered afresh after a change to the data (by the app or another program), to the caller (their
 * access) or to the request (a flash message); each user gets their own page, and a signed-out session
 * gets none. The kept page's one inline script is allowed by the CSP of the request it is answered to.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { plantNoon } from "../helpers/clock.ts";
import { createHash } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { createClient } from "@libsql/client";
import { keepUserAwayFromSite, startTestApp, type TestApp } from "../helpers/app.ts";
import { stockyards } from "../../db/tenant/schema.ts";
import { sessions } from "../../db/control/schema.ts";
import { eq, sql } from "drizzle-orm";
import type { TenantDb } from "../../db/client.ts";
import { KILL_AGENDA_API as K } from "../../server/areas/killAgenda/api.ts";
import { databasesOverServer } from "../helpers/hranaServer.ts";

// A page is kept by its tenant database's data_version (db/embeddedClient.ts): over a libSQL server
// (`deno task test:remote`) the app keeps none, by design, and renders each page afresh; the cases that
// need a kept page run only with embedded databases, the others on both.
const keptPagesOn = !databasesOverServer();

// deno-lint-ignore no-explicit-any
type Json = any;
let t: TestApp;
let admin: string;
let db: TenantDb;
let tenantId: number;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login("admin@demo.processor");
  tenantId = (await (await t.request("/login/usermodel", { token: admin })).json()).tenantId;
  db = await t.services.db.tenantDb(tenantId);
});
afterAll(() => t?.close());

const page = (path: string, token: string, headers: Record<string, string> = {}) =>
  t.request(path, { headers: { cookie: `session=${token}`, ...headers }, redirect: "manual" });

/** A kill agenda day with at least two lots, and its page's address. */
async function aDay() {
  const week = await (await t.request(K.getSevenDayAgenda, { token: admin })).json() as Json;
  const day = week.days.find((d: Json) => d.items.length >= 2);
  return {
    day,
    path: `/home/killagenda?date=${day.productionDate}&species=${day.speciesId}&site=${day.tenantSiteId}`,
  };
}

const rowsOf = (html: string) => [...html.matchAll(/<tr[^>]*data-item="(\d+)"/g)].map((m) => Number(m[1]));

describe("pages kept until what they show changes", () => {
  test.runIf(keptPagesOn)(
    "the same page again is the same bytes; a browser holding them gets a 304",
    async () => {
      const { path } = await aDay();
      const first = await page(path, admin);
      expect(first.status).toBe(200);
      expect(first.headers.get("cache-control")).toBe("private, no-cache");
      const etag = first.headers.get("etag")!;
      expect(etag).toMatch(/^W\/"[\w-]+"$/);
      const html = await first.text();
      const again = await page(path, admin);
      expect(again.headers.get("etag")).toBe(etag);
      expect(await again.text()).toBe(html);

      const reload = await page(path, admin, { "if-none-match": etag });
      expect(reload.status).toBe(304);
      expect(await reload.text()).toBe("");
      expect(reload.headers.get("etag")).toBe(etag);
      // compressed once, as each browser asks (a browser taking both gets brotli once it is made)
      for (const encoding of ["gzip", "br"]) {
        const res = await page(path, admin, { "accept-encoding": encoding });
        expect(res.headers.get("content-encoding")).toBe(encoding);
        expect(res.headers.get("etag")).toBe(etag);
        const bytes = new Uint8Array(await res.arrayBuffer());
        expect(new TextDecoder().decode(encoding === "br" ? brotliDecompressSync(bytes) : gunzipSync(bytes)))
          .toBe(html);
      }
      const both = await page(path, admin, { "accept-encoding": "gzip, br" });
      expect(both.headers.get("content-encoding")).toBe("br");
    },
  );

  test.runIf(keptPagesOn)("a reorder through the API shows on the next page, with a new tag", async () => {
    const { day, path } = await aDay();
    const before = await page(path, admin);
    const etag = before.headers.get("etag");
    const ids = rowsOf(await before.text());
    expect(ids).toEqual(day.items.map((i: Json) => i.id));
    const reordered = [...ids.slice(1), ids[0]];
    const res = await t.request(K.reorder, {
      method: "POST",
      token: admin,
      json: { killAgendaId: day.id, lastModified: day.lastModified, itemIds: reordered },
    });
    expect(res.status).toBe(200);
    const after = await page(path, admin, { "if-none-match": etag! });
    expect(after.status).toBe(200);
    expect(after.headers.get("etag")).not.toBe(etag);
    expect(rowsOf(await after.text())).toEqual(reordered);
  });

  test("a change by another program on the same database file shows on the next page", async () => {
    const [yard] = await db.select().from(stockyards).limit(1);
    const path = `/home/stockyard?yard=${yard.id}`;
    expect(await (await page(path, admin)).text()).toContain(yard.name);
    const other = createClient({ url: `file:${t.dataDir}/tenants/${tenantId}.db` });
    try {
      await other.execute({
        sql: "UPDATE stockyards SET name = ? WHERE id = ?",
        args: ["Renamed Yard", yard.id],
      });
    } finally {
      other.close();
    }
    // (another program's commit shows within a millisecond: db/embeddedClient.ts dataVersion)
    await new Promise((resolve) => setTimeout(resolve, 5));
    const html = await (await page(path, admin)).text();
    expect(html).toContain("Renamed Yard");
  });

  test("each user gets their own page; a user whose access changes gets the new answer at once", async () => {
    const [yard] = await db.select().from(stockyards).limit(1);
    const path = `/home/stockyard?yard=${yard.id}`;
    const user = await t.login("user@demo.processor");
    const mine = await page(path, user);
    expect(mine.status).toBe(200);
    const html = await mine.text();
    expect(html).toContain(yard.name);
    const adminHtml = await (await page(path, admin)).text();
    expect(adminHtml).not.toBe(html); // the header names who is signed in

    // the same session, kept to the organisation's other site: the kept page is not shown to it
    await keepUserAwayFromSite(t, admin, "user@demo.processor", tenantId, yard.tenantSiteId);
    const refused = await page(path, user);
    expect(refused.status).toBe(404);
    expect(await refused.text()).not.toContain(yard.name);
    // signed out: no page at all
    expect((await t.request("/login/logout", { method: "POST", token: user })).status).toBe(204);
    const out = await page(path, user);
    expect(out.status).toBe(302);
    expect(out.headers.get("location")).toMatch(/^\/login/);
  });

  test("a screen that is not kept is rendered for each request, and no browser keeps it", async () => {
    const res = await page("/home/userHome", admin);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("etag")).toBeNull();
    await res.body?.cancel();
  });

  test("a maintenance message shows on a kept page at once, and goes with it (the banners' key)", async () => {
    const { path } = await aDay();
    const kept = await page(path, admin);
    expect(await kept.text()).not.toContain("data-maintenance");
    const superUser = await t.login("super@demo.processor");
    const set = (isActive: boolean) =>
      t.request("/api/super/SetMaintenanceMessage", {
        method: "POST",
        token: superUser,
        json: { message: "Kept pages test: upgrade at noon", isActive },
      });
    expect((await set(true)).status).toBe(200);
    expect(await (await page(path, admin)).text()).toContain("Kept pages test: upgrade at noon");
    expect((await set(false)).status).toBe(200);
    expect(await (await page(path, admin)).text()).not.toContain("Kept pages test");
  });

  test("a flash message is shown on a page rendered for it, never kept", async () => {
    const { path } = await aDay();
    await page(path, admin); // kept
    const flash = encodeURIComponent(JSON.stringify({ kind: "success", message: "Saved for the test." }));
    const withFlash = await page(path, admin, { cookie: `session=${admin}; flash=${flash}` });
    expect(await withFlash.text()).toContain("Saved for the test.");
    expect(await (await page(path, admin)).text()).not.toContain("Saved for the test.");
  });

  test("every inline script of a kept page is allowed by the CSP it is answered with", async () => {
    const { path } = await aDay();
    await page(path, admin);
    for (let i = 0; i < 2; i++) {
      const res = await page(path, admin);
      const scriptSrc = res.headers.get("content-security-policy")!.split(";")
        .find((d) => d.trim().startsWith("script-src"))!;
      expect(scriptSrc).not.toContain("unsafe-inline");
      const html = await res.text();
      const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)]
        .filter((m) => !/type="application\/json"/.test(m[1]));
      expect(inline.length).toBeGreaterThan(0);
      for (const [, , code] of inline) {
        const hash = createHash("sha256").update(code).digest("base64");
        expect(scriptSrc).toContain(`'sha256-${hash}'`);
      }
    }
  });

  test.runIf(keptPagesOn)(
    "a kept page goes out before the middleware runs, with the headers the app gives it",
    async () => {
      const { path } = await aDay();
      // a change (SQLite does not count a write of the same values): the next page is rendered
      await db.update(stockyards).set({ name: sql`name || ' '` });
      await db.update(stockyards).set({ name: sql`rtrim(name)` });
      const rendered = await page(path, admin, { "accept-encoding": "gzip" });
      const html = await rendered.text();
      const before = t.services.db.controlQueries;
      const kept = await page(path, admin, { "accept-encoding": "gzip" });
      expect(await kept.text()).toBe(html);
      expect(t.services.db.controlQueries).toBe(before); // the session and the caller from memory
      const headersOf = (res: Response) =>
        Object.fromEntries(
          [...res.headers].filter(([name]) => name !== "content-security-policy" && name !== "x-request-id"),
        );
      expect(headersOf(kept)).toEqual(headersOf(rendered));
      // each answer its own reference to quote (server/ops/requests.ts)
      expect(kept.headers.get("x-request-id")).toMatch(/\S/);
      expect(kept.headers.get("x-request-id")).not.toBe(rendered.headers.get("x-request-id"));
      // the policy: the rendered page's allows its nonce, the kept answer's no nonce at all (none is used)
      expect(rendered.headers.get("content-security-policy")).toMatch(/'nonce-/);
      expect(kept.headers.get("content-security-policy")).toBe(
        rendered.headers.get("content-security-policy")!.replace(/ 'nonce-[^']+'/, ""),
      );
    },
  );

  test.runIf(keptPagesOn)(
    "a session due to slide goes through the app: its cookie is extended and the kept page answered",
    async () => {
      const { path } = await aDay();
      const user = await t.login("admin@demo.processor");
      const html = await (await page(path, user)).text();
      const id = user.split(".")[0];
      // as if 40 of its 60 minutes had passed, and this instance's memory of it had timed out
      await t.services.db.control.update(sessions).set({
        expiresAt: new Date(plantNoon().getTime() + 20 * 60_000),
      })
        .where(eq(sessions.id, id));
      t.services.sessions.forget([id]);
      const res = await page(path, user);
      expect(res.status).toBe(200);
      expect(res.headers.get("set-cookie")).toMatch(/^session=/);
      expect(await res.text()).toBe(html);
    },
  );

  test("a signed-out session, or one of another kind, never gets a kept page", async () => {
    const { path } = await aDay();
    const user = await t.login("admin@demo.processor");
    await page(path, user);
    await t.request("/login/logout", { method: "POST", token: user });
    const after = await page(path, user);
    expect(after.status).toBe(302);
    expect(after.headers.get("location")).toMatch(/^\/login/);
    // an API key in the cookie is no session at all
    const key = await page(path, "mpk_notakey.secret");
    expect(key.status).toBe(302);
  });
});
