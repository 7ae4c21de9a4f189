/**
 * Backups and restores of a tenant's database and of the control database (issue 40 §4), on the demo
 * data: the dry run counts what a restore changes, and the restored rows equal the backed-up ones
 * (row hashes per table), while the app's own connections stay open.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import Database from "libsql";
import { eq } from "drizzle-orm";
import { tenants } from "../../db/control/schema.ts";
import { DEMO_PROCESSOR } from "../../server/demo.ts";
import {
  dryRunRestore,
  isBackupOf,
  listBackups,
  restoreBackup,
  takeBackup,
} from "../../server/ops/backup.ts";
import { tableDigests } from "../../server/ops/backupRows.ts";
import { startTestApp, type TestApp } from "../helpers/app.ts";
import { databasesOverServer } from "../helpers/hranaServer.ts";

// Backups are VACUUM INTO copies of a database file: over a libSQL server (`deno task test:remote`) there
// is no file and the server's own backups are the means; these cases run on embedded databases only.
const embedded = !databasesOverServer();

let t: TestApp;
let tenantId: number;

beforeAll(async () => {
  t = await startTestApp();
  tenantId =
    (await t.services.db.control.query.tenants.findFirst({ where: eq(tenants.name, DEMO_PROCESSOR) }))!.id;
});
afterAll(() => t?.close());

/** Changes made beside the app, on its database file, as any other writer would. */
function change(path: string, sql: string) {
  const conn = new Database(path, { timeout: 5000 });
  try {
    conn.exec("PRAGMA foreign_keys = OFF");
    conn.exec(sql);
  } finally {
    conn.close();
  }
}

describe("a tenant's backup", () => {
  test.runIf(embedded)(
    "is listed, dry-runs to the changes since, and restores to equal row hashes",
    async () => {
      const file = t.services.db.tenantFile(tenantId)!;
      const before = tableDigests(file);
      const backup = await takeBackup(t.services, { tenantId }, "manual");
      expect(backup.size).toBeGreaterThan(0);
      expect(isBackupOf({ tenantId }, backup.key)).toBe(true);
      expect(isBackupOf({ tenantId: tenantId + 1 }, backup.key)).toBe(false);
      expect(await listBackups(t.services.storage, { tenantId })).toEqual([backup]);

      change(
        file,
        `DELETE FROM suppliers WHERE id = (SELECT min(id) FROM suppliers);
       UPDATE suppliers SET name = name || ' (renamed)' WHERE id = (SELECT max(id) FROM suppliers);
       INSERT INTO audit_log (at, user_id, user_name, entity, entity_id, action)
         VALUES (0, 1, 'Someone', 'thing', '1', 'update');`,
      );
      const diff = await dryRunRestore(t.services, { tenantId }, backup.key);
      const changed = diff!.filter((d) => d.added || d.removed || d.changed);
      expect(changed).toEqual([
        { table: "audit_log", added: 0, removed: 1, changed: 0, rows: expect.any(Number) },
        { table: "suppliers", added: 1, removed: 0, changed: 1, rows: expect.any(Number) },
      ]);
      // a dry run writes nothing: the same changes are still there to count
      expect(await dryRunRestore(t.services, { tenantId }, backup.key)).toEqual(diff);

      // the app has the database open (and a read kept): the restore goes in beside it
      const db = await t.services.db.tenantDb(tenantId);
      await db.query.suppliers.findMany();
      expect(await restoreBackup(t.services, { tenantId }, backup.key)).toEqual(diff);
      expect(tableDigests(file)).toEqual(before);
      const again = await dryRunRestore(t.services, { tenantId }, backup.key);
      expect(again!.every((d) => !d.added && !d.removed && !d.changed)).toBe(true);
      const names = (await db.query.suppliers.findMany()).map((s) => s.name);
      expect(names.some((n) => n.endsWith("(renamed)"))).toBe(false);
    },
  );

  test("an unknown backup is answered with null", async () => {
    const key = `backups/tenant-${tenantId}/2020-01-01T00-00-00-000Z.manual.db`;
    expect(await dryRunRestore(t.services, { tenantId }, key)).toBeNull();
    expect(await restoreBackup(t.services, { tenantId }, key)).toBeNull();
  });
});

describe("the control database's backup", () => {
  test.runIf(embedded)("restores to equal row hashes", async () => {
    const file = t.services.db.controlFile()!;
    const before = tableDigests(file);
    const backup = await takeBackup(t.services, "control", "scheduled");
    change(file, `UPDATE tenants SET name = name || ' (renamed)' WHERE id = ${tenantId}`);
    const diff = await dryRunRestore(t.services, "control", backup.key);
    expect(diff!.find((d) => d.table === "tenants")).toMatchObject({ changed: 1, added: 0, removed: 0 });
    await restoreBackup(t.services, "control", backup.key);
    expect(tableDigests(file)).toEqual(before);
  });
});

describe("over a libSQL server", () => {
  test.skipIf(embedded)("no backup is taken: the server's own are the means", async () => {
    await expect(takeBackup(t.services, { tenantId }, "manual")).rejects.toThrow(
      /taken by the server itself/,
    );
    await expect(takeBackup(t.services, "control", "manual")).rejects.toThrow(/taken by the server itself/);
  });
});
