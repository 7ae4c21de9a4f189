/**
 * The app with STORAGE_URL pointing at a real S3-compatible server (s3rver on loopback): a tenant file, a
 * yard's site map and a support file go to the object store (nothing under DATA_DIR/files) and come back
 * byte for byte; the streaming limit is a 413 there too, leaving no object behind; delete removes it.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { serveTestApp } from "../helpers/app.ts";
import { startS3 } from "../helpers/s3.ts";
import { BLOB_API as B } from "../../server/areas/storage/files/api.ts";
import { S3BlobStore } from "../../server/storage/s3.ts";

let s3: Awaited<ReturnType<typeof startS3>>;
let t: Awaited<ReturnType<typeof serveTestApp>>;
const tokens: Record<string, string> = {};

const PNG = Uint8Array.from(
  atob(
    "iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEUlEQVR4nGM4saUCjhiI4wAAMeEfQZbs4AUAAAAASUVORK5CYII=",
  ),
  (c) => c.charCodeAt(0),
);
const PDF = new TextEncoder().encode("%PDF-1.7\n" + "s3".repeat(200_000) + "\n%%EOF\n");

beforeAll(async () => {
  s3 = await startS3();
  t = await serveTestApp({ STORAGE_URL: s3.url });
  for (const who of ["admin", "user", "test", "super"]) tokens[who] = await t.login(`${who}@demo.processor`);
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

const http = (path: string, who: string, init: RequestInit = {}) =>
  fetch(`${t.origin}${path}`, { ...init, headers: { authorization: `Bearer ${tokens[who]}` } });

function form(fields: Record<string, string>, file: Uint8Array, name: string) {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  f.set("File", new File([file as BlobPart], name));
  return f;
}

const objects = (prefix: string) => new S3BlobStore(s3.url).list(prefix, 100);

describe("blobs in an S3-compatible object store", () => {
  test("the store in use is the object store", () => {
    expect(t.services.storage.description).toMatch(/^object store http:\/\/127\.0\.0\.1:\d+\/blobs$/);
  });

  test("a tenant file round trip, byte for byte; listed; deleted", async () => {
    const ref = "tenant-1/data/s3/report.pdf";
    const up = await http(B.uploadTenantBlob, "test", {
      method: "POST",
      body: form({ FullBlobReference: ref, IsSavePublisherUserId: "true" }, PDF, "Report.pdf"),
    });
    expect(up.status).toBe(200);
    expect((await objects("tenant-1/data/s3/")).items.map((i) => i.key)).toEqual([ref]);
    await expect(Deno.stat(`${t.dataDir}/files/${ref}`)).rejects.toThrow();
    const down = await http(`${B.downloadTenantBlob}?fullBlobReference=${ref}`, "user");
    expect(down.status).toBe(200);
    expect(down.headers.get("content-type")).toBe("application/pdf");
    expect(new Uint8Array(await down.arrayBuffer())).toEqual(PDF);
    const list = await (await http(`${B.getBlobsForFolder}?prefix=tenant-1/data/s3`, "test")).json();
    expect(list.items).toEqual([expect.objectContaining({ reference: ref, size: PDF.byteLength })]);
    expect((await http(`${B.deleteTenantBlob}?fullBlobReference=${ref}`, "test")).status).toBe(200);
    expect((await objects("tenant-1/data/s3/")).items).toEqual([]);
  });

  test("over the limit while streaming: 413, no object left", async () => {
    const big = new Uint8Array(20 * 1024 * 1024 + 10);
    big.set(new TextEncoder().encode("%PDF-1.7\n"));
    const res = await http(B.uploadTenantBlob, "test", {
      method: "POST",
      body: form({ FullBlobReference: "tenant-1/data/s3/big.pdf" }, big, "big.pdf"),
    });
    expect(res.status).toBe(413);
    await res.body?.cancel();
    expect((await objects("tenant-1/data/s3/")).items).toEqual([]);
  });

  test("a yard's site map and a support file live there too", async () => {
    const yards = await (await http("/api/stockyard/GetStockyardSetups", "admin")).json();
    const yardId = yards[0].id;
    const map = new FormData();
    map.set("stockyardId", String(yardId));
    map.set("file", new File([PNG], "map.png", { type: "image/png" }));
    expect((await http("/api/storage/UploadMapImage", "admin", { method: "POST", body: map })).status).toBe(
      200,
    );
    expect((await objects("tenant-1/maps/")).items.map((i) => i.key)).toEqual([
      `tenant-1/maps/${yardId}.png`,
    ]);
    const image = await http(`/api/storage/DownloadMapImage/${yardId}`, "user");
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(PNG);

    const up = await http(B.uploadSupportBlob, "super", {
      method: "POST",
      body: form({ FullBlobReference: "support/images/s3.png" }, PNG, "s3.png"),
    });
    expect(up.status).toBe(200);
    const read = await http(`${B.downloadSupportBlob}?fullBlobReference=support/images/s3.png`, "user");
    expect(new Uint8Array(await read.arrayBuffer())).toEqual(PNG);
  });
});
