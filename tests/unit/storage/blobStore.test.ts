/**
 * The blob store contract, run over both implementations: files under a folder, and an S3-compatible
 * object store (a real local s3rver). Byte-exact round trips, replace, list by prefix with a bound,
 * delete, the byte limit enforced while streaming (nothing left behind, the previous blob kept), a failing
 * stream leaving nothing, and unsafe keys never reaching the disk or the store.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DiskBlobStore } from "../../../server/storage/disk.ts";
import { S3BlobStore } from "../../../server/storage/s3.ts";
import { type BlobStore, BlobTooLargeError } from "../../../server/storage/mod.ts";
import { startS3 } from "../../helpers/s3.ts";

const bytes = (n: number, seed = 1) => Uint8Array.from({ length: n }, (_, i) => (i * 31 + seed) & 0xff);
/** A stream of the bytes in small chunks, as an upload arrives. */
const chunked = (data: Uint8Array, size = 64 * 1024) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < data.byteLength; i += size) controller.enqueue(data.slice(i, i + size));
      controller.close();
    },
  });
const readAll = async (stream: ReadableStream<Uint8Array>) =>
  new Uint8Array(await new Response(stream).arrayBuffer());

let s3: Awaited<ReturnType<typeof startS3>>;
let diskRoot: string;
const stores: Record<string, () => BlobStore> = {};

beforeAll(async () => {
  diskRoot = await Deno.makeTempDir({ prefix: "blobs-" });
  s3 = await startS3();
  stores.disk = () => new DiskBlobStore(diskRoot);
  stores.s3 = () => new S3BlobStore(s3.url);
});
afterAll(async () => {
  await s3?.close();
  await Deno.remove(diskRoot, { recursive: true }).catch(() => {});
});

describe.each(["disk", "s3"])("the %s blob store", (kind) => {
  const store = () => stores[kind]();

  test("a 3 MB blob goes in and comes back byte for byte, with its type, size, ETag and metadata", async () => {
    const data = bytes(3 * 1024 * 1024 + 17);
    const put = await store().put("tenant-1/data/a/big.pdf", chunked(data), {
      contentType: "application/pdf",
      maxBytes: 4 * 1024 * 1024,
      metadata: { filename: "Big report – März.pdf" },
    });
    expect(put.size).toBe(data.byteLength);
    expect(put.etag).toMatch(/^".+"$/);
    const got = await store().get("tenant-1/data/a/big.pdf");
    expect(got).not.toBeNull();
    expect(got!.contentType).toBe("application/pdf");
    expect(got!.size).toBe(data.byteLength);
    expect(got!.etag).toBe(put.etag);
    expect(got!.metadata.filename).toBe("Big report – März.pdf");
    expect(await readAll(got!.body)).toEqual(data);
    const head = await store().head("tenant-1/data/a/big.pdf");
    expect(head?.size).toBe(data.byteLength);
  });

  test("a put replaces; a missing key is null", async () => {
    await store().put("tenant-1/data/a/x.txt", chunked(bytes(10, 1)), {
      contentType: "text/plain",
      maxBytes: 100,
    });
    await store().put("tenant-1/data/a/x.txt", chunked(bytes(20, 2)), {
      contentType: "text/csv",
      maxBytes: 100,
    });
    const got = await store().get("tenant-1/data/a/x.txt");
    expect(got!.contentType).toBe("text/csv");
    expect(await readAll(got!.body)).toEqual(bytes(20, 2));
    expect(await store().get("tenant-1/data/a/none.txt")).toBeNull();
    expect(await store().head("tenant-1/data/a/none.txt")).toBeNull();
  });

  test("over the limit: BlobTooLargeError, the previous blob kept, no other blob left behind", async () => {
    await expect(
      store().put("tenant-1/data/a/x.txt", chunked(bytes(1000), 100), {
        contentType: "text/plain",
        maxBytes: 999,
      }),
    ).rejects.toBeInstanceOf(BlobTooLargeError);
    await expect(
      store().put("tenant-1/data/a/new.txt", chunked(bytes(1000), 100), {
        contentType: "text/plain",
        maxBytes: 999,
      }),
    ).rejects.toBeInstanceOf(BlobTooLargeError);
    expect(await readAll((await store().get("tenant-1/data/a/x.txt"))!.body)).toEqual(bytes(20, 2));
    expect(await store().head("tenant-1/data/a/new.txt")).toBeNull();
    const keys = (await store().list("tenant-1/data/a/", 100)).items.map((i) => i.key);
    expect(keys).toEqual(["tenant-1/data/a/big.pdf", "tenant-1/data/a/x.txt"]);
  });

  test("a stream that fails half way leaves nothing and its error is rethrown", async () => {
    const failing = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(bytes(100));
        controller.error(new Error("client went away"));
      },
    });
    await expect(store().put("tenant-1/data/b/f.txt", failing, { contentType: "text/plain", maxBytes: 1000 }))
      .rejects.toThrow("client went away");
    expect(await store().head("tenant-1/data/b/f.txt")).toBeNull();
  });

  test("lists by prefix in key order, bounded, saying when there are more", async () => {
    for (const name of ["c.txt", "a.txt", "b.txt"]) {
      await store().put(`tenant-2/data/list/${name}`, chunked(bytes(5)), {
        contentType: "text/plain",
        maxBytes: 10,
      });
    }
    await store().put("tenant-2/data/listing/z.txt", chunked(bytes(5)), {
      contentType: "text/plain",
      maxBytes: 10,
    });
    const all = await store().list("tenant-2/data/list/", 10);
    expect(all.items.map((i) => i.key)).toEqual([
      "tenant-2/data/list/a.txt",
      "tenant-2/data/list/b.txt",
      "tenant-2/data/list/c.txt",
    ]);
    expect(all.truncated).toBe(false);
    expect(all.items[0].size).toBe(5);
    const two = await store().list("tenant-2/data/list/", 2);
    expect(two.items.length).toBe(2);
    expect(two.truncated).toBe(true);
    // a prefix that is not a whole folder matches names that start with it, like an object store
    expect((await store().list("tenant-2/data/list", 10)).items.length).toBe(4);
    expect((await store().list("tenant-3/", 10)).items).toEqual([]);
  });

  test("delete says whether there was a blob", async () => {
    expect(await store().delete("tenant-2/data/list/a.txt")).toBe(true);
    expect(await store().delete("tenant-2/data/list/a.txt")).toBe(false);
    expect(await store().get("tenant-2/data/list/a.txt")).toBeNull();
  });

  test("unsafe keys are refused before any I/O", async () => {
    for (
      const key of [
        "../etc/passwd",
        "/abs/x.txt",
        "a//b.txt",
        "a/./b.txt",
        "a/../b.txt",
        ".hidden/x",
        "a\\b",
        "",
      ]
    ) {
      await expect(store().put(key, chunked(bytes(1)), { contentType: "text/plain", maxBytes: 10 }))
        .rejects.toThrow(/Unsafe blob key/);
      await expect(store().get(key)).rejects.toThrow(/Unsafe blob key/);
    }
    await expect(store().list("../", 10)).rejects.toThrow(/Unsafe blob prefix/);
  });
});

test("the disk store writes under its folder only, with the sidecar out of the listing", async () => {
  const disk = new DiskBlobStore(diskRoot);
  await disk.put("tenant-9/maps/1.png", chunked(bytes(8)), { contentType: "image/png", maxBytes: 10 });
  expect((await Deno.stat(`${diskRoot}/tenant-9/maps/1.png`)).size).toBe(8);
  expect((await disk.list("tenant-9/", 10)).items.map((i) => i.key)).toEqual(["tenant-9/maps/1.png"]);
});
