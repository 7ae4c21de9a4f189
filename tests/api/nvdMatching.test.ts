/**
 * api/livestock NVD matching (issue 39 item 5), over the real app and the demo's NVDs (seeded by
 * server/areas/livestock/nvd/seed.ts): the page's lists, an NVD sent by the plant's systems matched at
 * once by serial, an upload with its file, match and unmatch by hand with 409s, and who may.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { eq, isNotNull, sql } from "drizzle-orm";
import { jsonCalls, serveTestApp } from "../helpers/app.ts";
import { nvdDocuments } from "../../db/tenant/schema.ts";
import { plantDay } from "../helpers/clock.ts";

let t: Awaited<ReturnType<typeof serveTestApp>>;
const tokens: Record<string, string> = {};
const { get, post } = jsonCalls(() => t, tokens);
const db = () => t.services.db.tenantDb(1);
const TODAY = plantDay();

const P = {
  matching: "/api/livestock/GetNvdMatching",
  upload: "/api/livestock/UploadNvd",
  post: "/api/livestock/PostNvd",
  match: "/api/livestock/MatchNvdToOrder",
  unmatch: "/api/livestock/UnmatchNvd",
  orderNvd: "/api/livestock/GetOrderNvd",
};

interface Waiting {
  livestockOrderId: number;
  nvd: string;
  pic: string;
  deliveryDate: string;
  totalDelivered: number;
}
let waiting: Waiting[] = [];

beforeAll(async () => {
  t = await serveTestApp();
  for (const who of ["admin", "user", "display"]) tokens[who] = await t.login(`${who}@demo.processor`);
  tokens.farm = await t.login("producer@demo.farm");
  tokens.plant = (await post("/api/integrations/CreateApiKey", { name: "NVD reader" })).body.key;
  waiting = (await get(P.matching)).body.ordersWithoutNvd;
});
afterAll(() => t.close());

const nvdCount = async () =>
  (await (await db()).select({ n: sql<number>`count(*)` }).from(nvdDocuments))[0].n;

function upload(
  fields: Record<string, string>,
  file: { bytes: Uint8Array; name: string; type: string },
  who = "admin",
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set("file", new Blob([file.bytes], { type: file.type }), file.name);
  return t.request(P.upload, { method: "POST", token: tokens[who], body: form });
}
const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

describe("the matching page's lists", () => {
  test("the demo: NVDs waiting with a suggestion and its reason, orders without an NVD, head counts that differ", async () => {
    const res = await get(P.matching);
    expect(res.status).toBe(200);
    expect(res.body.toDate).toBe(TODAY);
    expect(res.body.unmatched.length).toBeGreaterThanOrEqual(2);
    const suggested = res.body.unmatched.find((u: { suggestions: unknown[] }) => u.suggestions.length);
    expect(suggested.suggestions[0].reason).toMatch(/^PIC \w+ matches; dated /);
    expect(suggested.suggestions[0].order).toMatch(/^Order \d+ · /);
    expect(waiting.length).toBeGreaterThan(0);
    expect(res.body.mismatched.length).toBeGreaterThan(0);
    expect(res.body.mismatched[0].words).toMatch(/^NVD \d+ head, delivered \d+ \(2 fewer\)$/);
  });

  test("a period backwards or over 62 days is a 400 in words", async () => {
    const res = await get(`${P.matching}?fromDate=${TODAY}&toDate=2026-01-01`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ title: "Bad Request", isValidation: true });
    expect(res.body.errors[0].message).toMatch(/at most 62 days/);
  });
});

describe("receiving, matching and unmatching", () => {
  test("the plant's systems post an NVD whose serial is an order's NVD number: matched at once", async () => {
    const order = waiting[0];
    const before = await get(`${P.orderNvd}/${order.livestockOrderId}`);
    expect(before.body).toMatchObject({ isLinkedNvd: false, nvdPdfUrl: null, nvd: order.nvd });
    const res = await post(P.post, {
      serialNumber: order.nvd,
      pic: order.pic,
      nvdDate: order.deliveryDate,
      head: order.totalDelivered,
    }, "plant");
    expect(res.status).toBe(200);
    expect(res.body.nvd).toMatchObject({
      livestockOrderId: order.livestockOrderId,
      source: "system",
      nvdPdfUrl: null,
      matchedBy: "Matched on arrival",
    });
    expect(res.body.nvd.matchReason).toMatch(/matches the order's NVD number/);
    expect(res.body.suggestions).toEqual([]);
    const after = await get(`${P.orderNvd}/${order.livestockOrderId}`);
    expect(after.body).toMatchObject({ isLinkedNvd: true, nvdDocument: { id: res.body.nvd.id } });
    const list = (await get(P.matching)).body.ordersWithoutNvd as Waiting[];
    expect(list.map((o) => o.livestockOrderId)).not.toContain(order.livestockOrderId);
  });

  test("an upload keeps its file; it is suggested by PIC, matched by hand, and a second match is 409", async () => {
    const order = waiting[1];
    const res = await upload(
      {
        serialNumber: "9999999Z",
        pic: order.pic,
        nvdDate: order.deliveryDate,
        head: String(order.totalDelivered),
      },
      { bytes: PDF, name: "scan.pdf", type: "application/pdf" },
    );
    expect(res.status).toBe(200);
    const { nvd, suggestions } = await res.json();
    expect(nvd).toMatchObject({ livestockOrderId: null, source: "upload", fileName: "scan.pdf" });
    expect(nvd.nvdPdfUrl).toBe(`/api/livestock/GetNvdFile/${nvd.id}`);
    expect(suggestions.map((s: { livestockOrderId: number }) => s.livestockOrderId)).toContain(
      order.livestockOrderId,
    );

    const file = await t.request(nvd.nvdPdfUrl, { token: tokens.admin });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PDF);

    const matched = await post(P.match, {
      nvdDocumentId: nvd.id,
      livestockOrderId: order.livestockOrderId,
      lastModified: nvd.lastModified,
    }, "user");
    expect(matched.status).toBe(200);
    expect(matched.body).toMatchObject({ livestockOrderId: order.livestockOrderId, matchedBy: "User Demo" });
    expect(matched.body.matchReason).toMatch(/^Matched by hand: PIC /);
    const linked = await get(`${P.orderNvd}/${order.livestockOrderId}`);
    expect(linked.body).toMatchObject({ isLinkedNvd: true, nvdPdfUrl: nvd.nvdPdfUrl });
    // the order's own answer carries the link too (spec 1 §3), and its page links the file
    const theOrder = await get(`/api/livestock/GetLivestockOrder/${order.livestockOrderId}`);
    expect(theOrder.body).toMatchObject({ isLinkedNvd: true, nvdPdfUrl: nvd.nvdPdfUrl, boxedLotRef: null });
    const page = await t.request(`/home/livestock/orders/${order.livestockOrderId}`, { token: tokens.user });
    expect(await page.text()).toContain(`href="${nvd.nvdPdfUrl}"`);

    // the same NVD again, even with its fresh lastModified: already matched
    const twice = await post(P.match, {
      nvdDocumentId: nvd.id,
      livestockOrderId: order.livestockOrderId,
      lastModified: matched.body.lastModified,
    });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toMatch(/already matched to order/);
    // a stale copy
    const stale = await post(P.unmatch, { nvdDocumentId: nvd.id, lastModified: nvd.lastModified });
    expect(stale.status).toBe(409);

    // another NVD onto the order that has one
    const other = await post(P.post, { serialNumber: "5550001A", nvdDate: TODAY, head: 10 });
    expect(other.body.nvd.livestockOrderId).toBeNull();
    const taken = await post(P.match, {
      nvdDocumentId: other.body.nvd.id,
      livestockOrderId: order.livestockOrderId,
      lastModified: other.body.nvd.lastModified,
    });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(
      `Order ${order.livestockOrderId} already has an NVD: unmatch that one first.`,
    );

    const unmatched = await post(P.unmatch, {
      nvdDocumentId: nvd.id,
      lastModified: matched.body.lastModified,
    });
    expect(unmatched.status).toBe(200);
    expect(unmatched.body).toMatchObject({ livestockOrderId: null, matchReason: "" });
    expect(
      (await post(P.unmatch, { nvdDocumentId: nvd.id, lastModified: unmatched.body.lastModified })).status,
    )
      .toBe(409);
    expect((await get(`${P.orderNvd}/${order.livestockOrderId}`)).body.isLinkedNvd).toBe(false);
    expect((await get(`/api/livestock/GetLivestockOrder/${order.livestockOrderId}`)).body).toMatchObject({
      isLinkedNvd: false,
      nvdPdfUrl: null,
    });
  });

  test("bad input is a 400 in words and keeps nothing", async () => {
    const count = await nvdCount();
    const noSerial = await post(P.post, { serialNumber: " ", nvdDate: TODAY, head: 5 });
    expect(noSerial.status).toBe(400);
    expect(noSerial.body).toMatchObject({ title: "Bad Request", isValidation: true });
    expect(noSerial.body.errors[0].field).toBe("serialNumber");
    const badPic = await post(P.post, { serialNumber: "1", pic: "12", nvdDate: TODAY, head: 5 });
    expect(badPic.status).toBe(400);
    expect(badPic.body.errors[0]).toEqual({ field: "pic", message: "A PIC has 8 letters and digits" });
    const badDate = await post(P.post, { serialNumber: "1", nvdDate: "2026-02-30", head: 5 });
    expect(badDate.status).toBe(400);
    const noHead = await upload({ serialNumber: "1", nvdDate: TODAY, head: "0" }, {
      bytes: PDF,
      name: "a.pdf",
      type: "application/pdf",
    });
    expect(noHead.status).toBe(400);
    expect((await noHead.json()).isValidation).toBe(true);
    const text = await upload({ serialNumber: "1", nvdDate: TODAY, head: "4" }, {
      bytes: new TextEncoder().encode("hello, not a pdf"),
      name: "a.pdf",
      type: "application/pdf",
    });
    expect(text.status).toBe(415);
    expect((await text.json()).message).toMatch(/not a PDF or a photo/);
    const noOrder = await post(P.match, {
      nvdDocumentId: (await (await db()).select().from(nvdDocuments).limit(1))[0].id,
      livestockOrderId: 999_999,
      lastModified: "2026-01-01T00:00:00.000Z",
    });
    expect(noOrder.status).toBe(409); // stale first: the NVD's copy is older than the one kept
    expect(await nvdCount()).toBe(count);
    const unknown = await post(P.match, {
      nvdDocumentId: 999_999,
      livestockOrderId: 1,
      lastModified: "2026-01-01T00:00:00.000Z",
    });
    expect(unknown.status).toBe(404);
  });
});

describe("who may", () => {
  test("the display role is refused before the body is read; a plant key may only post", async () => {
    expect((await get(P.matching, "display")).status).toBe(403);
    expect((await post(P.post, { nonsense: 1 }, "display")).status).toBe(403);
    expect((await post(P.match, { nonsense: 1 }, "display")).status).toBe(403);
    expect((await post(P.unmatch, { nonsense: 1 }, "display")).status).toBe(403);
    expect((await get(P.matching, "plant")).status).toBe(403);
    expect((await post(P.match, { nonsense: 1 }, "plant")).status).toBe(403);
  });

  test("another organisation never reaches this one's NVDs", async () => {
    const [row] = await (await db()).select().from(nvdDocuments).where(
      isNotNull(nvdDocuments.livestockOrderId),
    )
      .limit(1);
    const match = await post(P.match, {
      nvdDocumentId: row.id,
      livestockOrderId: row.livestockOrderId,
      lastModified: row.lastModified,
    }, "farm");
    const unmatch = await post(P.unmatch, { nvdDocumentId: row.id, lastModified: row.lastModified }, "farm");
    const file = await t.request(`/api/livestock/GetNvdFile/${row.id}`, { token: tokens.farm });
    const matching = await get(P.matching, "farm");
    // a producer's organisation reaches no plant API (its modules count for nothing there); another
    // processor's reach is walked by tests/security/authorization.test.ts
    expect([match.status, unmatch.status, file.status, matching.status]).toEqual([403, 403, 403, 403]);
    expect((await (await db()).select().from(nvdDocuments).where(eq(nvdDocuments.id, row.id)))[0]).toEqual(
      row,
    );
  });

  test("with the livestock module off: 403", async () => {
    const { setTenantModules } = await import("../../server/tenants.ts");
    await setTenantModules(t.services, 1, { livestock: false });
    try {
      expect((await get(P.matching)).status).toBe(403);
      expect((await post(P.post, { serialNumber: "1", nvdDate: TODAY, head: 1 })).status).toBe(403);
      expect((await get(`${P.orderNvd}/1`)).status).toBe(403);
    } finally {
      await setTenantModules(t.services, 1, { livestock: true });
    }
  });

  test("a matched NVD of a species the caller does not have is not there for them", async () => {
    const [row] = await (await db()).select().from(nvdDocuments).where(eq(nvdDocuments.source, "system"))
      .limit(1);
    expect(row.livestockOrderId).not.toBeNull();
    expect((await get(`${P.orderNvd}/${row.livestockOrderId}`, "user")).status).toBe(200);
  });
});
