/**
 * api/super backups (issue 40 §4): listed, taken, dry-run and restored with the name typed to confirm,
 * a tenant deleted with its files; each in the super audit; super only.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import Database from "libsql";
import { eq } from "drizzle-orm";
import { superAudit, tenants } from "../../db/control/schema.ts";
import { DEMO_FARM } from "../../server/demo.ts";
import { tableDigests } from "../../server/ops/backupRows.ts";
import { jsonCalls, startTestApp, type TestApp } from "../helpers/app.ts";
import { databasesOverServer } from "../helpers/hranaServer.ts";

// on both database paths (`deno task test:remote`: over a libSQL server, where there is no database file)
const embedded = !databasesOverServer();

let t: TestApp;
const tokens: Record<string, string> = {};
let farmId: number;
const { get, post } = jsonCalls(() => t, tokens);

beforeAll(async () => {
  t = await startTestApp();
  tokens.super = await t.login("super@demo.processor");
  tokens.admin = await t.login("admin@demo.processor");
  farmId = (await t.services.db.control.query.tenants.findFirst({ where: eq(tenants.name, DEMO_FARM) }))!.id;
});
afterAll(() => t?.close());

const lastAudit = async () =>
  (await t.services.db.control.select().from(superAudit).orderBy(superAudit.id)).at(-1);

/** A change made beside the app, on the farm's database file (over the server: the file it serves). */
function renameSupplier() {
  const conn = new Database(`${t.dataDir}/tenants/${farmId}.db`, { timeout: 5000 });
  try {
    conn.exec("UPDATE suppliers SET name = name || ' (renamed)' WHERE id = (SELECT min(id) FROM suppliers)");
  } finally {
    conn.close();
  }
}

describe("backups", () => {
  test(
    "taken, listed, dry-run and restored after the name is typed, all audited",
    async () => {
      const before = tableDigests(`${t.dataDir}/tenants/${farmId}.db`);
      const taken = await post("/api/super/TakeBackup", { tenantId: farmId }, "super");
      expect(taken.status).toBe(200);
      expect(taken.body).toMatchObject({
        reason: "manual",
        key: expect.stringMatching(`^backups/tenant-${farmId}/`),
      });
      expect(await lastAudit()).toMatchObject({ action: "TakeBackup", tenantId: farmId });

      const list = await get(`/api/super/GetBackups?tenantId=${farmId}`, "super");
      expect(list.body.map((b: { key: string }) => b.key)).toEqual([taken.body.key]);

      renameSupplier();
      const key = encodeURIComponent(taken.body.key);
      const dry = await get(`/api/super/DryRunRestore?tenantId=${farmId}&key=${key}`, "super");
      expect(dry.status).toBe(200);
      expect(
        dry.body.filter((c: { added: number; removed: number; changed: number }) =>
          c.added || c.removed || c.changed
        ),
      ).toEqual([{ table: "suppliers", added: 0, removed: 0, changed: 1, rows: expect.any(Number) }]);

      const wrong = await post("/api/super/RestoreBackup", {
        tenantId: farmId,
        key: taken.body.key,
        reason: "nope",
      }, "super");
      expect(wrong.status).toBe(400);
      expect(wrong.body).toMatchObject({ title: "Bad Request", isValidation: true });
      expect(wrong.body.message).toContain(DEMO_FARM);
      expect((await lastAudit())?.action).toBe("TakeBackup"); // nothing done

      const restored = await post("/api/super/RestoreBackup", {
        tenantId: farmId,
        key: taken.body.key,
        reason: DEMO_FARM,
      }, "super");
      expect(restored.status).toBe(200);
      expect(restored.body.safetyBackup).toMatch(/before-restore\.db$/);
      expect(restored.body.changes).toEqual(dry.body);
      expect(tableDigests(`${t.dataDir}/tenants/${farmId}.db`)).toEqual(before);
      expect(await lastAudit()).toMatchObject({ action: "RestoreBackup", tenantId: farmId });
      expect((await get(`/api/super/GetBackups?tenantId=${farmId}`, "super")).body).toHaveLength(2);
    },
  );

  test("another tenant's backup, an unknown one and the control database", async () => {
    const theirs = `backups/tenant-${farmId}/2026-01-01T00-00-00-000Z.manual.db`;
    const other = await get(`/api/super/DryRunRestore?tenantId=1&key=${encodeURIComponent(theirs)}`, "super");
    expect(other.status).toBe(404);
    expect(other.body.message).toBe("That backup does not exist.");
    const control = await post("/api/super/TakeBackup", {}, "super");
    expect(control.status).toBe(200);
    expect(control.body.key).toMatch(/^backups\/control\//);
    expect((await get("/api/super/GetBackups", "super")).body).toHaveLength(1);
  });

  test("only the super user", async () => {
    expect((await get(`/api/super/GetBackups?tenantId=${farmId}`, "admin")).status).toBe(403);
    expect((await post("/api/super/TakeBackup", { tenantId: farmId }, "admin")).status).toBe(403);
    expect((await post("/api/super/DeleteTenant", { tenantId: farmId, reason: DEMO_FARM }, "admin")).status)
      .toBe(403);
  });
});

describe("deleting a tenant", () => {
  test("asks for the name, refuses the one worked in, then removes it with its files", async () => {
    const file = t.services.db.tenantFile(farmId);
    await t.services.storage.put(`tenant-${farmId}/x.txt`, new Blob(["x"]).stream(), {
      contentType: "text/plain",
      maxBytes: 10,
    });
    const wrong = await post("/api/super/DeleteTenant", { tenantId: farmId, reason: "Demo" }, "super");
    expect(wrong.status).toBe(400);
    const own = await t.services.db.control.query.tenants.findFirst({
      where: eq(tenants.name, "Demo Processing"),
    });
    const self = await post(
      "/api/super/DeleteTenant",
      { tenantId: own!.id, reason: "Demo Processing" },
      "super",
    );
    expect(self.status).toBe(400);
    expect(self.body.message).toMatch(/working in this organisation/);

    const done = await post(
      "/api/super/DeleteTenant",
      { tenantId: farmId, reason: DEMO_FARM.toLowerCase() },
      "super",
    );
    expect(done.status).toBe(200);
    // the stored file, its backups and (embedded) the database file
    expect(done.body.deletedFiles).toBeGreaterThanOrEqual(embedded ? 4 : 3);
    expect(await t.services.db.control.query.tenants.findFirst({ where: eq(tenants.id, farmId) }))
      .toBeUndefined();
    if (file) expect(await Deno.stat(file).catch(() => null)).toBeNull();
    expect((await t.services.storage.list(`tenant-${farmId}/`, 10)).items).toEqual([]);
    expect(await lastAudit()).toMatchObject({
      action: "DeleteTenant",
      tenantId: null,
      detail: { tenantId: farmId },
    });
    const gone = await get(`/api/super/GetBackups?tenantId=${farmId}`, "super");
    expect(gone.status).toBe(404);
  });
});
