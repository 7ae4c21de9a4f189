/** api/livestock suppliers, stakeholders, buyers and transport companies over real HTTP and real db files. */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { serveTestApp } from "../helpers/app.ts";
import { hubClient, nextEvent } from "../helpers/hub.ts";
import { auditLog } from "../../db/tenant/schema.ts";

let t: Awaited<ReturnType<typeof serveTestApp>>;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await serveTestApp();
  for (const who of ["admin", "user", "display", "super"]) {
    tokens[who] = await t.login(`${who}@demo.processor`);
  }
  tokens.farm = await t.login("producer@demo.farm");
});
afterAll(() => t.close());

const get = async (path: string, who = "admin") => {
  const res = await t.request(path, { token: tokens[who] });
  return { status: res.status, body: await res.json() };
};
const post = async (path: string, json: unknown, who = "admin") => {
  const res = await t.request(path, { method: "POST", token: tokens[who], json });
  return { status: res.status, body: await res.json() };
};

const newSupplier = (over: Record<string, unknown> = {}) => ({
  name: "Test Creek Pastoral",
  businessTaxIdentifier: "51 824 753 556", // the ATO's example ABN
  pic: "na 123456",
  stockTypes: [1],
  roles: ["Producer"],
  primaryContact: {
    firstName: "Ada",
    lastName: "Grazier",
    email: "ada@testcreek.com.au",
    mobile: "0412 345 678",
  },
  primaryAddress: { line1: "1 Creek Road", city: "Junee", state: "NSW", postcode: "2663" },
  bankDetails: { accountName: "Test Creek", bsb: "62-000", accountNumber: "12345678" },
  ...over,
});

describe("suppliers", () => {
  test("the demo tenant has 40; a search finds by town, PIC or name; one reads in full", async () => {
    const all = await get("/api/livestock/GetSuppliers");
    expect(all.status).toBe(200);
    expect(all.body).toHaveLength(40);
    const first = all.body[0];
    expect(first.pic).toMatch(/^[A-Z0-9]{8}$/);
    const byPic = await get(`/api/livestock/GetSuppliers?q=${first.pic.toLowerCase()}`);
    expect(byPic.body.map((s: { id: number }) => s.id)).toContain(first.id);
    const byTown = await get("/api/livestock/GetSuppliers?q=bordertown");
    expect(byTown.body.length).toBeGreaterThan(0);
    expect(byTown.body.every((s: { location: string }) => s.location.includes("Bordertown"))).toBe(true);
    const one = await get(`/api/livestock/GetSupplier/${first.id}`);
    expect(one.body).toMatchObject({
      id: first.id,
      name: first.name,
      bankDetails: { bsb: expect.stringMatching(/^\d{6}$/) },
    });
    expect((await get("/api/livestock/GetSuppliers?q=%25")).body).toEqual([]); // % is literal
  });

  test("an admin with the permission adds one: BSB padded, PIC normalised, audit recorded, event pushed", async () => {
    const conn = hubClient(t.origin, tokens.user);
    await conn.start();
    try {
      const told = nextEvent<{ supplierId: number; lastUpdated: string }>(conn, "supplierAddedOrUpdated");
      const saved = await post("/api/livestock/UpsertSupplier", newSupplier());
      expect(saved.status).toBe(200);
      expect(saved.body).toMatchObject({
        name: "Test Creek Pastoral",
        pic: "NA123456",
        businessTaxIdentifier: "51824753556",
        location: "Junee NSW",
        bankDetails: { bsb: "062000" },
      });
      expect(await told).toEqual({ supplierId: saved.body.id, lastUpdated: saved.body.lastModified });
      const db = await t.services.db.tenantDb(1);
      const audit = await db.select().from(auditLog).where(eq(auditLog.entityId, String(saved.body.id)));
      expect(audit.find((a) => a.entity === "supplier")).toMatchObject({
        action: "create",
        userName: "Admin Demo",
      });
    } finally {
      await conn.stop();
    }
  });

  test("bad details are a validation 400 per field that changes nothing", async () => {
    const before = (await get("/api/livestock/GetSuppliers")).body.length;
    const bad = await post(
      "/api/livestock/UpsertSupplier",
      newSupplier({
        name: "Bad Details",
        businessTaxIdentifier: "12 345 678 901",
        pic: "ABC",
        primaryAddress: { state: "XX", postcode: "26" },
        bankDetails: { bsb: "1234567" },
      }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.isValidation).toBe(true);
    const fields = bad.body.errors.map((e: { field: string }) => e.field).sort();
    expect(fields).toEqual([
      "bankDetails.bsb",
      "businessTaxIdentifier",
      "pic",
      "primaryAddress.postcode",
      "primaryAddress.state",
    ]);
    const goat = await post(
      "/api/livestock/UpsertSupplier",
      newSupplier({ name: "Goat Farm", stockTypes: [4] }),
    );
    expect(goat.status).toBe(400);
    expect(goat.body.errors[0].field).toBe("stockTypes");
    expect((await get("/api/livestock/GetSuppliers")).body.length).toBe(before);
  });

  test("a stale edit is 409 and a duplicate name with the same PIC is 409", async () => {
    const created =
      (await post("/api/livestock/UpsertSupplier", newSupplier({ name: "Twice Pastoral", pic: "NB765432" })))
        .body;
    const edit = await post("/api/livestock/UpsertSupplier", {
      ...newSupplier({ name: "Twice Pastoral", pic: "NB765432" }),
      id: created.id,
      location: "Junee",
      lastModified: created.lastModified,
    });
    expect(edit.status).toBe(200);
    const stale = await post("/api/livestock/UpsertSupplier", {
      ...newSupplier({ name: "Twice Pastoral", pic: "NB765432" }),
      id: created.id,
      lastModified: created.lastModified,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.title).toBe("Change Conflict");
    const dup = await post(
      "/api/livestock/UpsertSupplier",
      newSupplier({ name: "twice pastoral", pic: "NB765432" }),
    );
    expect(dup.status).toBe(409);
    expect(dup.body.message).toMatch(/already exists/);
  });

  test("latest since: nothing after the newest change, the changed one after an edit", async () => {
    const first = await get("/api/livestock/GetSuppliersLatest");
    expect(first.body.suppliers.length).toBeGreaterThanOrEqual(40);
    const none = await get(
      `/api/livestock/GetSuppliersLatest?since=${encodeURIComponent(first.body.lastUpdated)}`,
    );
    expect(none.body).toEqual({ lastUpdated: first.body.lastUpdated, suppliers: [] });
    const target = first.body.suppliers[0];
    await post("/api/livestock/UpsertSupplier", {
      ...target,
      location: "Moved NSW",
      lastModified: target.lastModified,
    });
    const after = await get(
      `/api/livestock/GetSuppliersLatest?since=${encodeURIComponent(first.body.lastUpdated)}`,
    );
    expect(after.body.suppliers.map((s: { id: number }) => s.id)).toEqual([target.id]);
    expect(after.body.lastUpdated > first.body.lastUpdated).toBe(true);
    expect((await get("/api/livestock/GetSuppliersLatest?since=yesterday")).status).toBe(400);
  });

  test("without the permission a user reads but cannot write; display role and another tenant are refused", async () => {
    expect((await get("/api/livestock/GetSuppliers", "user")).status).toBe(200);
    const denied = await post(
      "/api/livestock/UpsertSupplier",
      newSupplier({ name: "No Permission" }),
      "user",
    );
    expect(denied.status).toBe(403);
    expect(denied.body.message).toMatch(/ask an admin/);
    expect((await get("/api/livestock/GetSuppliers", "display")).status).toBe(403);
    // the farm has its own 6 suppliers; the processor's ids do not exist there
    expect((await get("/api/livestock/GetSuppliers", "farm")).body).toHaveLength(6);
    expect((await get("/api/livestock/GetSupplier/40", "farm")).status).toBe(404);
    const cross = await post("/api/livestock/UpsertSupplier", {
      ...newSupplier({ name: "Cross" }),
      id: 40,
      lastModified: null,
    }, "farm");
    expect(cross.status).toBe(404);
  });
});

describe("buyers, transport companies, stakeholders", () => {
  test("buyers: add, soft-delete (hidden unless asked for), permission needed", async () => {
    const added = await post("/api/livestock/UpsertBuyer", {
      name: "Trial Buyer",
      firstName: "Tess",
      email: "tess@demo.processor",
    });
    expect(added.status).toBe(200);
    const removed = await post("/api/livestock/UpsertBuyer", { ...added.body, isSoftDeleted: true });
    expect(removed.status).toBe(200);
    const visible = (await get("/api/livestock/GetBuyers")).body.map((b: { name: string }) => b.name);
    expect(visible).not.toContain("Trial Buyer");
    expect(visible).toHaveLength(6);
    const all = (await get("/api/livestock/GetBuyers?includeDeleted=true")).body.map((b: { name: string }) =>
      b.name
    );
    expect(all).toContain("Trial Buyer");
    expect((await post("/api/livestock/UpsertBuyer", { name: "X" }, "user")).status).toBe(403);
    expect((await post("/api/livestock/UpsertBuyer", { name: "" })).status).toBe(400);
  });

  test("transport companies: add and edit, 409 when stale, permission needed", async () => {
    const added = (await post("/api/livestock/UpsertTransportCompany", {
      name: "Hay Plains Haulage",
      phone: "02 6993 1000",
    })).body;
    const edited = await post("/api/livestock/UpsertTransportCompany", { ...added, phone: "02 6993 2000" });
    expect(edited.body.phone).toBe("02 6993 2000");
    expect((await post("/api/livestock/UpsertTransportCompany", { ...added, phone: "1" })).status).toBe(409);
    expect((await get(`/api/livestock/GetTransportCompany/${added.id}`)).body.name).toBe(
      "Hay Plains Haulage",
    );
    expect((await get("/api/livestock/GetTransportCompanies")).body.length).toBe(5);
    expect((await post("/api/livestock/UpsertTransportCompany", { name: "Y" }, "user")).status).toBe(403);
  });

  test("stakeholders: a type is required; add and find by type", async () => {
    const missing = await post("/api/livestock/UpsertStakeholder", { name: "No Type" });
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0].field).toBe("stakeholderType");
    const added = await post("/api/livestock/UpsertStakeholder", {
      name: "Bordertown Backgrounders",
      stakeholderType: "Backgrounder",
    });
    expect(added.status).toBe(200);
    const found = (await get("/api/livestock/GetStakeholders?q=backgrounder")).body;
    expect(found.map((s: { name: string }) => s.name)).toEqual(["Bordertown Backgrounders"]);
    expect((await get(`/api/livestock/GetStakeholder/${added.body.id}`)).body.stakeholderType).toBe(
      "Backgrounder",
    );
    expect(
      (await post("/api/livestock/UpsertStakeholder", { name: "Z", stakeholderType: "Agent" }, "user"))
        .status,
    ).toBe(403);
  });
});
