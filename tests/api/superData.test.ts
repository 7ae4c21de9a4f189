/**
 * A tenant's data out and in (issue 18 §3): the download is a real zip of CSV files (read back with
 * fflate), one a table, with no password hash; an upload puts CSV or JSON rows into a table all or none,
 * refusing unknown columns and rows the database refuses in words. Super only; both audited.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { superAudit, tenants } from "../../db/control/schema.ts";
import { startTestApp, type TestApp } from "../helpers/app.ts";
import { transportCompanies } from "../../db/tenant/schema.ts";

let t: TestApp;
let superToken: string;
let farmId: number;

beforeAll(async () => {
  t = await startTestApp();
  superToken = await t.login("super@demo.processor");
  farmId =
    (await t.services.db.control.query.tenants.findFirst({ where: eq(tenants.name, "Demo Farm") }))!.id;
});
afterAll(() => t.close());

const post = async (json: unknown, token = superToken) => {
  const res = await t.request("/api/super/UploadTenantData", { method: "POST", token, json });
  return { status: res.status, body: await res.json() };
};
const transportCount = async () => {
  const db = await t.services.db.tenantDb(farmId);
  return (await db.query.transportCompanies.findMany()).length;
};

describe("data download", () => {
  test("is a zip of CSV files, one a table, with users but no password hashes, and is audited", async () => {
    const admin = await t.login("admin@demo.processor");
    expect((await t.request(`/api/super/DownloadTenantData/${farmId}`, { token: admin })).status).toBe(403);
    const res = await t.request(`/api/super/DownloadTenantData/${farmId}`, { token: superToken });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-disposition")).toContain('filename="Demo-Farm-data.zip"');
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    expect(Object.keys(files)).toEqual(expect.arrayContaining(["suppliers.csv", "organisation_users.csv"]));
    const users = strFromU8(files["organisation_users.csv"]);
    expect(users.split("\r\n")[0]).toBe("id,email,firstName,lastName,phone,roleLevel,isDisabled");
    expect(users).toContain("producer@demo.farm");
    expect(Object.values(files).map(strFromU8).join("")).not.toMatch(/argon2/);
    const audit = await t.services.db.control.select().from(superAudit)
      .where(eq(superAudit.action, "DownloadTenantData"));
    expect(audit).toHaveLength(1);
    expect((await t.request("/api/super/DownloadTenantData/9999", { token: superToken })).status).toBe(404);
  });
});

describe("data download of a big table", () => {
  test("is streamed in pages and comes whole: every row once, in order, under one header", async () => {
    const db = await t.services.db.tenantDb(farmId);
    const before = await db.select({ id: transportCompanies.id }).from(transportCompanies);
    await db.insert(transportCompanies).values(
      Array.from({ length: 4_500 }, (_, i) => ({
        name: `Carrier ${String(i).padStart(4, "0")}`,
        createdAt: "2026-11-26T00:00:00.000Z",
        lastModified: "2026-11-26T00:00:00.000Z",
      })),
    );
    const res = await t.request(`/api/super/DownloadTenantData/${farmId}`, { token: superToken });
    expect(res.status).toBe(200);
    const csv = strFromU8(unzipSync(new Uint8Array(await res.arrayBuffer()))["transport_companies.csv"]);
    const lines = csv.split("\r\n").filter(Boolean);
    expect(lines[0].split(",")).toContain("name");
    expect(lines.filter((l) => l.startsWith("id,") || l.includes(",name,"))).toHaveLength(1);
    expect(lines).toHaveLength(1 + before.length + 4_500);
    const carriers = lines.flatMap((l) => l.match(/Carrier \d{4}/) ?? []);
    expect(carriers).toEqual(
      Array.from({ length: 4_500 }, (_, i) => `Carrier ${String(i).padStart(4, "0")}`),
    );
  });
});

describe("data upload", () => {
  test("CSV and JSON rows go into the table, and the upload is audited", async () => {
    const before = await transportCount();
    const csv = await post({
      tenantId: farmId,
      table: "transport_companies",
      format: "csv",
      content: 'name\r\nOutback Haulage\r\n"Smith, Sons & Co"\r\n',
    });
    expect(csv).toMatchObject({ status: 200, body: { rows: 2, table: "transport_companies" } });
    const json = await post({
      tenantId: farmId,
      table: "transport_companies",
      format: "json",
      content: JSON.stringify([{ name: "Red Dust Freight" }]),
    });
    expect(json.status).toBe(200);
    expect(await transportCount()).toBe(before + 3);
    const db = await t.services.db.tenantDb(farmId);
    expect((await db.query.transportCompanies.findMany()).map((c) => c.name)).toContain("Smith, Sons & Co");
    const audit = await t.services.db.control.select().from(superAudit)
      .where(eq(superAudit.action, "UploadTenantData"));
    expect(audit.map((a) => a.detail)).toEqual([
      { table: "transport_companies", format: "csv", rows: 2 },
      { table: "transport_companies", format: "json", rows: 1 },
    ]);
  });

  test("bad files are refused in words and save nothing", async () => {
    const before = await transportCount();
    const base = { tenantId: farmId, table: "transport_companies", format: "csv" };
    const unknown = await post({ ...base, content: "name,colour\nA,red\n" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0].message).toMatch(/^transport_companies has no column colour\./);
    const refused = await post({ ...base, content: "name\nGood Co\n\n", format: "json" });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].message).toBe("The file is not valid JSON.");
    // the second row lacks the required name: the first is not kept either
    const partial = await post({
      ...base,
      format: "json",
      content: JSON.stringify([{ name: "Good" }, { name: null }]),
    });
    expect(partial.status).toBe(400);
    expect(partial.body.errors[0]).toMatchObject({
      row: 2,
      message: expect.stringContaining("Row 2 was refused"),
    });
    const audit = await post({ ...base, table: "audit_log", content: "action\nx\n" });
    expect(audit.status).toBe(400);
    expect(audit.body.errors[0]).toEqual({ field: "table", message: "That table cannot take uploads." });
    const injected = await post({ ...base, table: "suppliers; drop table x", content: "a\nb" });
    expect(injected.status).toBe(400);
    expect((await post({ ...base, content: "name\nX\n" }, await t.login("admin@demo.processor"))).status)
      .toBe(403);
    expect(await transportCount()).toBe(before);
  });
});
