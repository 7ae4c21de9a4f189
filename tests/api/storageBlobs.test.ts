/**
 * api/storage tenant data, published and support blobs over real HTTP (the app listening on a port, the
 * upload streamed as a multipart form), real database files and files on disk: byte-exact round trips,
 * caching headers, publisher and publish date, 413 over the limit with nothing left behind, kinds refused,
 * traversal and other tenants' references refused in words, and who may list, upload and delete.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { serveTestApp } from "../helpers/app.ts";
import { tenants } from "../../db/control/schema.ts";
import { BLOB_API as B } from "../../server/areas/storage/files/api.ts";

let t: Awaited<ReturnType<typeof serveTestApp>>;
const tokens: Record<string, string> = {};
let farmId: number;

const PDF = new TextEncoder().encode("%PDF-1.7\n" + "x".repeat(70_000) + "\n%%EOF\n");
const PNG = Uint8Array.from(
  atob(
    "iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEUlEQVR4nGM4saUCjhiI4wAAMeEfQZbs4AUAAAAASUVORK5CYII=",
  ),
  (c) => c.charCodeAt(0),
);

beforeAll(async () => {
  t = await serveTestApp();
  for (const who of ["super", "admin", "user", "display", "test", "support"]) {
    tokens[who] = await t.login(`${who}@demo.processor`);
  }
  tokens.farm = await t.login("producer@demo.farm");
  const farm = await t.services.db.control.query.tenants.findFirst({ where: eq(tenants.name, "Demo Farm") });
  farmId = farm!.id;
});
afterAll(() => t.close());

/** A real HTTP request to the listening app. */
const http = (path: string, who: string, init: RequestInit = {}) =>
  fetch(`${t.origin}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${tokens[who]}`, ...(init.headers as Record<string, string>) },
  });

function upload(
  reference: string,
  data: Uint8Array | string,
  who = "test",
  extra: Record<string, string> = {},
  path: string = B.uploadTenantBlob,
) {
  const form = new FormData();
  form.set("FullBlobReference", reference);
  for (const [k, v] of Object.entries(extra)) form.set(k, v);
  form.set(
    "File",
    new File([data as BlobPart], reference.split("/").at(-1)!, { type: "application/octet-stream" }),
  );
  return http(path, who, { method: "POST", body: form });
}

const q = (path: string, reference: string, more = "") =>
  `${path}?fullBlobReference=${encodeURIComponent(reference)}${more}`;
const bodyOf = async (res: Response) => new Uint8Array(await res.arrayBuffer());

describe("a tenant data file", () => {
  const ref = "tenant-1/data/reports/Summary_2026.pdf";

  test("a tester uploads a PDF, recorded with its publisher and publish date", async () => {
    const res = await upload(ref, PDF, "test", { IsSavePublisherUserId: "true", PublishDate: "2026-03-02" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      reference: ref,
      category: "data",
      folder: "reports",
      name: "Summary_2026.pdf",
      size: PDF.byteLength,
      contentType: "application/pdf",
      publishedBy: expect.any(String),
      publishedAt: "2026-03-02",
    });
    expect(await Deno.readFile(`${t.dataDir}/files/${ref}`)).toEqual(PDF);
  });

  test("any plant user downloads it byte for byte; ETag gives 304; allowCache lets the browser keep it", async () => {
    const res = await http(q(B.downloadTenantBlob, ref), "user");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-length")).toBe(String(PDF.byteLength));
    expect(res.headers.get("cache-control")).toBe("private, no-cache");
    // a user's upload is a download, never a page of the app's origin (tests/security/fileAnswers.test.ts)
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="Summary_2026.pdf"/);
    expect(await bodyOf(res)).toEqual(PDF);
    const again = await http(q(B.downloadTenantBlob, ref), "user", {
      headers: { "if-none-match": res.headers.get("etag")! },
    });
    expect(again.status).toBe(304);
    await again.body?.cancel();
    const cached = await http(q(B.downloadTenantBlob, ref, "&allowCache=true"), "user");
    expect(cached.headers.get("cache-control")).toBe("private, max-age=86400");
    await cached.body?.cancel();
  });

  test("listed with who published it, by category and folder; the store's folder lists it too", async () => {
    await upload("tenant-1/published/manual/signed.pdf", PDF, "super", { IsSavePublisherUserId: "true" });
    // the demo keeps its ROI reference tables among the data files too (data/roi)
    const list = await (await http(`${B.listTenantDataBlobs}?category=data`, "test")).json();
    const ours = list.items.filter((i: { reference: string }) => !i.reference.includes("/data/roi/"));
    expect(ours.map((i: { reference: string }) => i.reference)).toEqual([ref]);
    expect(ours[0].publishedBy).toBeTruthy();
    const published =
      await (await http(`${B.listTenantDataBlobs}?category=published&subcategory=manual`, "test"))
        .json();
    expect(published.items.map((i: { name: string }) => i.name)).toEqual(["signed.pdf"]);
    expect(published.items[0].publishedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    const folder = await (await http(`${B.getBlobsForFolder}?prefix=tenant-1/data/reports`, "support"))
      .json();
    expect(folder.items).toEqual([expect.objectContaining({ reference: ref, size: PDF.byteLength })]);
    expect(folder.truncated).toBe(false);
  });

  test("other kinds are taken by their extension, their first bytes checked", async () => {
    expect((await upload("tenant-1/data/csv/prices.csv", "grade,cents\n1,400\n")).status).toBe(200);
    const csv = await http(q(B.downloadTenantBlob, "tenant-1/data/csv/prices.csv"), "user");
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toMatch(/^attachment;/);
    expect(await csv.text()).toBe("grade,cents\n1,400\n");
  });
});

describe("refused uploads leave nothing behind", () => {
  const stored = async () =>
    (await (await http(`${B.getBlobsForFolder}?prefix=tenant-1/data/refused`, "test")).json()).items;

  test("a file over 20 MB: 413 while streaming; over the limit by its length: 413 at once", async () => {
    const big = new Uint8Array(20 * 1024 * 1024 + 1);
    big.set(new TextEncoder().encode("%PDF-1.7\n"));
    const res = await upload("tenant-1/data/refused/big.pdf", big);
    expect(res.status).toBe(413);
    expect((await res.json()).message).toMatch(/over 20\.0 MB/);
    const bigger = new Uint8Array(21 * 1024 * 1024);
    bigger.set(new TextEncoder().encode("%PDF-1.7\n"));
    const early = await upload("tenant-1/data/refused/bigger.pdf", bigger);
    expect(early.status).toBe(413);
    await early.body?.cancel();
    expect(await stored()).toEqual([]);
    // not even a part file: the folder may exist, empty
    const leftovers = await Array.fromAsync(Deno.readDir(`${t.dataDir}/files/tenant-1/data/refused`))
      .catch(() => []);
    expect(leftovers).toEqual([]);
  });

  test("kinds not kept, and files that are not what their name says: 415 in words", async () => {
    const svg = await upload("tenant-1/data/refused/logo.svg", "<svg onload=alert(1)>");
    expect(svg.status).toBe(415);
    expect((await svg.json()).message).toMatch(/^Files of type \.svg are not kept/);
    expect((await upload("tenant-1/data/refused/run.exe", "MZ")).status).toBe(415);
    const fake = await upload("tenant-1/data/refused/fake.pdf", PNG);
    expect(fake.status).toBe(415);
    expect((await fake.json()).message).toBe("That file is not the PDF its name says: save it again as PDF.");
    expect((await upload("tenant-1/data/refused/photo.png", PDF)).status).toBe(415);
    expect((await upload("tenant-1/data/refused/data.csv", new Uint8Array([65, 0, 66]))).status).toBe(415);
    const empty = await upload("tenant-1/data/refused/empty.pdf", "");
    expect(empty.status).toBe(400);
    expect((await empty.json()).message).toMatch(/empty/);
    expect(await stored()).toEqual([]);
  });

  test("a form without the file, with the file first, or not a form at all", async () => {
    const noFile = new FormData();
    noFile.set("FullBlobReference", "tenant-1/data/refused/a.pdf");
    const res = await http(B.uploadTenantBlob, "test", { method: "POST", body: noFile });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toMatch(/Choose a file/);
    const fileFirst = new FormData();
    fileFirst.set("File", new File([PDF], "a.pdf"));
    fileFirst.set("FullBlobReference", "tenant-1/data/refused/a.pdf");
    const first = await http(B.uploadTenantBlob, "test", { method: "POST", body: fileFirst });
    expect(first.status).toBe(400);
    expect((await first.json()).isValidation).toBe(true);
    const json = await http(B.uploadTenantBlob, "test", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ FullBlobReference: "tenant-1/data/refused/a.pdf" }),
    });
    expect(json.status).toBe(415);
    await json.body?.cancel();
    const badDate = await upload("tenant-1/data/refused/d.pdf", PDF, "test", { PublishDate: "2026-02-30" });
    expect(badDate.status).toBe(400);
    expect(await stored()).toEqual([]);
  });
});

describe("references name the caller's own files only", () => {
  const bad: [string, RegExp][] = [
    ["tenant-1/data/../../../control.db", /'\.\.'/],
    ["tenant-1/data/a/%2e%2e%2fx.pdf", /letters, digits/],
    ["/etc/passwd", /not with a slash/],
    ["C:/Windows/x.pdf", /drive/],
    ["tenant-1/data//x.pdf", /empty parts/],
    ["tenant-1/data/a b/x.pdf", /letters, digits/],
    ["tenant-1/secrets/a/x.pdf", /data\/ or published\//],
    ["tenant-1/maps/1.png", /data\/ or published\//],
    ["tenant-1/data/x.pdf", /names a folder/],
    ["tenant-1/data/a/.hidden.pdf", /starts with a letter or digit/],
    ["support/images/a.png", /starts with tenant-1\//],
  ];

  test.each(bad)("%s is a 400 in words on upload, download and delete", async (reference, words) => {
    for (
      const res of [
        await upload(reference, PDF),
        await http(q(B.downloadTenantBlob, reference), "test"),
        await http(q(B.deleteTenantBlob, reference), "test"),
      ]
    ) {
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body.isValidation).toBe(true);
      expect(body.message).toMatch(words);
    }
  });

  test("another tenant's reference is refused, whoever asks; their listing cannot be asked for", async () => {
    const theirs = `tenant-${farmId}/data/reports/x.pdf`;
    const res = await upload(theirs, PDF, "super");
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe(
      "That file is another organisation's: your files start with tenant-1/.",
    );
    const read = await http(q(B.downloadTenantBlob, "tenant-1/data/reports/Summary_2026.pdf"), "farm");
    expect(read.status).toBe(400);
    expect((await read.json()).message).toMatch(/another organisation's/);
    const list = await http(`${B.getBlobsForFolder}?prefix=tenant-${farmId}/data`, "test");
    expect(list.status).toBe(400);
    await list.body?.cancel();
    await expect(Deno.stat(`${t.dataDir}/files/tenant-${farmId}`)).rejects.toThrow();
  });
});

describe("who may", () => {
  const ref = "tenant-1/data/roles/who.txt";

  test("list and upload: testers only (test, support, super); not admins, users or displays", async () => {
    for (const who of ["admin", "user", "display", "farm"]) {
      expect((await upload(ref, "x", who)).status).toBe(403);
      expect((await http(B.listTenantDataBlobs, who)).status).toBe(403);
      expect((await http(B.getBlobsForFolder, who)).status).toBe(403);
    }
    for (const who of ["test", "support", "super"]) {
      expect((await upload(ref, `by ${who}`, who)).status).toBe(200);
    }
    expect((await http(q(B.downloadTenantBlob, ref), "display")).status).toBe(403);
  });

  test("delete: testers delete data files; published reports are an administrator's", async () => {
    expect((await http(q(B.deleteTenantBlob, ref), "user")).status).toBe(403);
    expect((await http(q(B.deleteTenantBlob, ref), "admin")).status).toBe(403);
    const del = await http(q(B.deleteTenantBlob, ref), "test");
    expect(del.status).toBe(200);
    expect(await del.json()).toEqual({ reference: ref, deleted: true });
    expect((await http(q(B.downloadTenantBlob, ref), "user")).status).toBe(404);
    expect((await http(q(B.deleteTenantBlob, ref), "test")).status).toBe(404);

    const published = "tenant-1/published/manual/signed.pdf";
    const refused = await http(q(B.deleteTenantBlob, published), "test");
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toBe("Published reports are deleted by an administrator.");
    expect((await http(q(B.adminDeleteTenantBlob, published), "test")).status).toBe(403);
    expect((await http(q(B.adminDeleteTenantBlob, published), "admin")).status).toBe(200);
    // gone from the list; what is left are the demo's remittances, kept as sent (published/invoices)
    const list = await (await http(`${B.listTenantDataBlobs}?category=published`, "super")).json();
    expect(list.items.filter((i: { folder: string }) => i.folder !== "invoices")).toEqual([]);
  });
});

describe("support files", () => {
  const ref = "support/images/welcome.png";

  test("a super user uploads one; every signed-in user of any organisation reads it", async () => {
    expect((await upload(ref, PNG, "admin", {}, B.uploadSupportBlob)).status).toBe(403);
    expect((await upload(ref, PNG, "test", {}, B.uploadSupportBlob)).status).toBe(403);
    const res = await upload(ref, PNG, "super", {}, B.uploadSupportBlob);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ reference: ref, size: PNG.byteLength });
    for (const who of ["user", "display", "farm"]) {
      const read = await http(q(B.downloadSupportBlob, ref), who);
      expect(read.status).toBe(200);
      expect(read.headers.get("content-type")).toBe("image/png");
      expect(await bodyOf(read)).toEqual(PNG);
    }
    const folder =
      await (await http(`${B.getBlobsForFolder}?isForSupport=true&prefix=support/images`, "super"))
        .json();
    expect(folder.items.map((i: { reference: string }) => i.reference)).toEqual([ref]);
  });

  test("support references stay under support/; a tenant's are not support files", async () => {
    const res = await upload("tenant-1/data/a/x.png", PNG, "super", {}, B.uploadSupportBlob);
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe("A support file reference starts with support/.");
    expect(
      (await http(q(B.downloadSupportBlob, "support/../tenant-1/data/reports/Summary_2026.pdf"), "user"))
        .status,
    )
      .toBe(400);
  });

  test("only a super user deletes one", async () => {
    expect((await http(q(B.superDeleteSupportBlob, ref), "admin")).status).toBe(403);
    expect((await http(q(B.superDeleteSupportBlob, ref), "super")).status).toBe(200);
    expect((await http(q(B.downloadSupportBlob, ref), "user")).status).toBe(404);
  });
});
