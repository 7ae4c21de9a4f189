/**
 * api/storage UploadMapImage and DownloadMapImage over the real app and real files: a yard's site map is
 * stored per tenant on disk, read back with its type and an ETag, replaced by the next upload; sizes,
 * types and forms are refused in plain words; callers without the module are refused; another tenant's
 * yard does not exist for them.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { and, eq } from "drizzle-orm";
import { serveTestApp } from "../helpers/app.ts";
import { tenants } from "../../db/control/schema.ts";
import { setTenantModules } from "../../server/tenants.ts";
import { auditLog, stockyards } from "../../db/tenant/schema.ts";

let t: Awaited<ReturnType<typeof serveTestApp>>;
const tokens: Record<string, string> = {};
let yardId: number;
let otherYardId: number;

const UPLOAD = "/api/storage/UploadMapImage";
const DOWNLOAD = "/api/storage/DownloadMapImage";

/** A real 4 × 4 PNG; JPEG and WebP are told apart by their first bytes. */
const PNG = Uint8Array.from(
  atob(
    "iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEUlEQVR4nGM4saUCjhiI4wAAMeEfQZbs4AUAAAAASUVORK5CYII=",
  ),
  (c) => c.charCodeAt(0),
);
const JPEG = new Uint8Array([
  0xff,
  0xd8,
  0xff,
  0xe0,
  0x00,
  0x10,
  0x4a,
  0x46,
  0x49,
  0x46,
  0x00,
  0x01,
  0xff,
  0xd9,
]);

beforeAll(async () => {
  t = await serveTestApp();
  for (const who of ["admin", "user", "display"]) tokens[who] = await t.login(`${who}@demo.processor`);
  tokens.farm = await t.login("producer@demo.farm");
  tokens.country = await t.login("yield@demo.country");
  const yards = await (await t.request("/api/stockyard/GetStockyardSetups", { token: tokens.admin })).json();
  [yardId, otherYardId] = yards.map((y: { id: number }) => y.id);
});
afterAll(() => t.close());

function upload(stockyardId: number | string, file: Blob | string | null, who = "admin", name = "map.png") {
  const form = new FormData();
  form.set("stockyardId", String(stockyardId));
  if (file instanceof Blob) form.set("file", file, name);
  else if (file !== null) form.set("file", file);
  return t.request(UPLOAD, { method: "POST", token: tokens[who], body: form });
}

const download = (id: number | string, who = "admin", headers: Record<string, string> = {}) =>
  t.request(`${DOWNLOAD}/${id}`, { token: tokens[who], headers });

const tenantDb = () => t.services.db.tenantDb(1);

describe("a yard's site map", () => {
  test("an admin uploads a PNG: stored under the tenant's folder, set on the yard, audited", async () => {
    const res = await upload(yardId, new Blob([PNG], { type: "image/png" }));
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      stockyardId: yardId,
      hasMapImage: true,
      contentType: "image/png",
      bytes: PNG.byteLength,
    });
    expect(body.version).toMatch(/^\w+-\w+$/);
    const stored = await Deno.readFile(`${t.dataDir}/files/tenant-1/maps/${yardId}.png`);
    expect(stored).toEqual(PNG);
    const db = await tenantDb();
    const [yard] = await db.select().from(stockyards).where(eq(stockyards.id, yardId));
    expect(yard.mapImageKey).toBe(`maps/${yardId}.png`);
    const audit = await db.select().from(auditLog).where(
      and(eq(auditLog.entity, "stockyard"), eq(auditLog.entityId, String(yardId))),
    );
    expect(audit.map((a) => a.action)).toContain(`Site map uploaded (PNG, ${PNG.byteLength} bytes)`);
    const setup =
      await (await t.request(`/api/stockyard/GetStockyardSetup/${yardId}`, { token: tokens.admin }))
        .json();
    expect(setup.hasMapImage).toBe(true);
  });

  test("the spec's form names work too (Id, Subcategory); another Subcategory is refused in words", async () => {
    const form = (subcategory: string) => {
      const f = new FormData();
      f.set("Id", String(yardId));
      f.set("Subcategory", subcategory);
      f.set("File", new Blob([PNG], { type: "image/png" }), "map.png");
      return t.request(UPLOAD, { method: "POST", token: tokens.admin, body: f });
    };
    const wrong = await form("invoices");
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).errors[0]).toMatchObject({ field: "Subcategory" });
    const ok = await form("Stockyard");
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ stockyardId: yardId, hasMapImage: true });
    expect((await t.request(`${DOWNLOAD}/${yardId}?subcategory=stockyard`, { token: tokens.admin })).status)
      .toBe(200);
    expect((await t.request(`${DOWNLOAD}/${yardId}?subcategory=invoices`, { token: tokens.admin })).status)
      .toBe(400);
  });

  test("a user of the yard reads it back with its type and an ETag; the same ETag is 304", async () => {
    const res = await download(yardId, "user");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("content-length")).toBe(String(PNG.byteLength));
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PNG);
    const etag = res.headers.get("etag")!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await download(yardId, "user", { "if-none-match": etag });
    expect(again.status).toBe(304);
    await again.body?.cancel();
  });

  test("a new upload replaces the map (a JPEG now: the PNG file is gone)", async () => {
    const res = await upload(yardId, new Blob([JPEG], { type: "image/jpeg" }), "admin", "map.jpg");
    expect(res.status).toBe(200);
    expect((await res.json()).contentType).toBe("image/jpeg");
    await expect(Deno.stat(`${t.dataDir}/files/tenant-1/maps/${yardId}.png`)).rejects.toThrow();
    const read = await download(yardId);
    expect(read.headers.get("content-type")).toBe("image/jpeg");
    expect(new Uint8Array(await read.arrayBuffer())).toEqual(JPEG);
  });

  test("a yard without a map is 404 in plain words", async () => {
    const res = await download(otherYardId);
    expect(res.status).toBe(404);
    expect((await res.json()).message).toBe("This yard has no site map yet.");
  });

  test("a 2 MB map is taken (this path has its own body limit, above the app's 1 MB)", async () => {
    const big = new Uint8Array(2 * 1024 * 1024);
    big.set(PNG.subarray(0, 16));
    const res = await upload(otherYardId, new Blob([big], { type: "image/png" }));
    expect(res.status).toBe(200);
    expect((await res.json()).bytes).toBe(big.byteLength);
  });
});

describe("refused uploads", () => {
  test("over 5 MB: 413", async () => {
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(PNG.subarray(0, 16));
    const res = await upload(yardId, new Blob([big], { type: "image/png" }));
    expect(res.status).toBe(413);
    const body = await res.json();
    expect(body.title).toBe("Payload Too Large");
  });

  test("not an image: 415 with a plain message, whatever its name and declared type", async () => {
    const res = await upload(
      yardId,
      new Blob(["<svg onload=alert(1)>"], { type: "image/png" }),
      "admin",
      "x.png",
    );
    expect(res.status).toBe(415);
    expect((await res.json()).message).toBe(
      "That file is not a PNG, JPEG or WebP image: save the map as one of those.",
    );
    const gif = await upload(
      yardId,
      new Blob([new TextEncoder().encode("GIF89a....")], { type: "image/gif" }),
    );
    expect(gif.status).toBe(415);
  });

  test("a JSON body instead of a form: 415", async () => {
    const res = await t.request(UPLOAD, {
      method: "POST",
      token: tokens.admin,
      json: { stockyardId: yardId },
    });
    expect(res.status).toBe(415);
    expect((await res.json()).title).toBe("Unsupported Media Type");
  });

  test("no file, an empty file or a bad yard id: 400", async () => {
    expect((await upload(yardId, null)).status).toBe(400);
    expect((await upload(yardId, "just text")).status).toBe(400);
    const empty = await upload(yardId, new Blob([], { type: "image/png" }));
    expect(empty.status).toBe(400);
    expect((await empty.json()).message).toBe("The file is empty: choose a map image.");
    expect((await upload("0x10", new Blob([PNG]))).status).toBe(400);
  });

  test("the map is unchanged by the refused uploads", async () => {
    const read = await download(yardId);
    expect(read.headers.get("content-type")).toBe("image/jpeg");
    await read.body?.cancel();
  });
});

describe("who may", () => {
  test("a display user may neither upload nor read; a producer without the module neither", async () => {
    expect((await upload(yardId, new Blob([PNG]), "display")).status).toBe(403);
    expect((await download(yardId, "display")).status).toBe(403);
    expect((await upload(yardId, new Blob([PNG]), "farm")).status).toBe(403);
    const res = await download(yardId, "farm");
    expect(res.status).toBe(403);
    expect((await res.json()).message).toMatch(/stockyard/);
  });

  test("another processor's yard does not exist for them (404), even with the modules", async () => {
    const country = await t.services.db.control.query.tenants.findFirst({
      where: eq(tenants.name, "Demo Country Meats"),
    });
    expect(country).toBeTruthy();
    await setTenantModules(t.services, country!.id, { stockyard: true, stockyardSettings: true });
    const read = await download(yardId, "country");
    expect(read.status).toBe(404);
    await read.body?.cancel();
    const write = await upload(yardId, new Blob([PNG]), "country");
    expect([403, 404]).toContain(write.status);
    await expect(Deno.stat(`${t.dataDir}/files/tenant-${country!.id}/maps/${yardId}.png`)).rejects.toThrow();
  });
});
