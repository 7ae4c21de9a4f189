/**
 * Backups and restores of a tenant's database and of the control database (issue 40 §4, §6), on the demo
 * data and on both database paths: the dry run counts what a restore changes, and the restored rows equal
 * the backed-up ones (row hashes per table), while the app's own connections stay open. The app's path is
 * the run's (`deno task test:remote`: over a libSQL server); the last cases take the other one too, over
 * a stand-in of their own on the same files, so a backup is shown to restore on either path.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import Database from "libsql";
import { eq } from "drizzle-orm";
import { Databases } from "../../db/client.ts";
import { tenants } from "../../db/control/schema.ts";
import { DEMO_FARM } from "../../server/demo.ts";
import {
  type BackupTarget,
  dryRunRestore,
  isBackupOf,
  listBackups,
  restoreBackup,
  takeBackup,
} from "../../server/ops/backup.ts";
import { type TableDiff, tableDigests } from "../../server/ops/backupRows.ts";
import { startTestApp, type TestApp } from "../helpers/app.ts";
import {
  appDatabaseUrls,
  appNamespaces,
  type HranaServer,
  startHranaServer,
} from "../helpers/hranaServer.ts";

let t: TestApp;
/** A small tenant: over the server every row is a value in a round trip (tests/bench times a big one). */
let tenantId: number;
/** The tenant's database file (over a libSQL server, the file the stand-in serves). */
let file: string;

beforeAll(async () => {
  t = await startTestApp();
  tenantId =
    (await t.services.db.control.query.tenants.findFirst({ where: eq(tenants.name, DEMO_FARM) }))!.id;
  file = `${t.dataDir}/tenants/${tenantId}.db`;
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

const SOME_CHANGES = `DELETE FROM suppliers WHERE id = (SELECT min(id) FROM suppliers);
  UPDATE suppliers SET name = name || ' (renamed)' WHERE id = (SELECT max(id) FROM suppliers);
  INSERT INTO audit_log (at, user_id, user_name, entity, entity_id, action)
    VALUES (0, 1, 'Someone', 'thing', '1', 'update');`;

/** The audit row with unusual values: its integer exactly, and the storage classes of the others. */
function valuesKept() {
  const conn = new Database(file, { readonly: true });
  try {
    const select = conn.prepare(
      "SELECT at, typeof(before), typeof(after) FROM audit_log WHERE entity_id = '2'",
    ).raw(true);
    select.safeIntegers(true);
    return (select.get() as unknown[]).map(String);
  } finally {
    conn.close();
  }
}

const changedOnly = (diff: TableDiff[] | null) => diff!.filter((d) => d.added || d.removed || d.changed);

describe("a tenant's backup", () => {
  test("is listed, dry-runs to the changes since, and restores to equal row hashes", async () => {
    const before = tableDigests(file);
    const backup = await takeBackup(t.services, { tenantId }, "manual");
    expect(backup.size).toBeGreaterThan(0);
    expect(isBackupOf({ tenantId }, backup.key)).toBe(true);
    expect(isBackupOf({ tenantId: tenantId + 1 }, backup.key)).toBe(false);
    expect(await listBackups(t.services.storage, { tenantId })).toEqual([backup]);

    change(file, SOME_CHANGES);
    const diff = await dryRunRestore(t.services, { tenantId }, backup.key);
    expect(changedOnly(diff)).toEqual([
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
    expect(changedOnly(await dryRunRestore(t.services, { tenantId }, backup.key))).toEqual([]);
    const names = (await db.query.suppliers.findMany()).map((s) => s.name);
    expect(names.some((n) => n.endsWith("(renamed)"))).toBe(false);
  });

  test("an unknown backup is answered with null", async () => {
    const key = `backups/tenant-${tenantId}/2020-01-01T00-00-00-000Z.manual.db`;
    expect(await dryRunRestore(t.services, { tenantId }, key)).toBeNull();
    expect(await restoreBackup(t.services, { tenantId }, key)).toBeNull();
  });
});

describe("the control database's backup", () => {
  test("restores to equal row hashes", async () => {
    const control = `${t.dataDir}/control.db`;
    const before = tableDigests(control);
    const backup = await takeBackup(t.services, "control", "scheduled");
    change(control, `UPDATE tenants SET name = name || ' (renamed)' WHERE id = ${tenantId}`);
    const diff = await dryRunRestore(t.services, "control", backup.key);
    expect(diff!.find((d) => d.table === "tenants")).toMatchObject({ changed: 1, added: 0, removed: 0 });
    await restoreBackup(t.services, "control", backup.key);
    expect(tableDigests(control)).toEqual(before);
  });
});

describe("both database paths, one backup format", () => {
  let server: HranaServer;
  let overServer: { db: Databases; storage: TestApp["services"]["storage"] };
  let embedded: typeof overServer;
  const target = (): BackupTarget => ({ tenantId });

  beforeAll(async () => {
    server = startHranaServer({ fileOf: appNamespaces(t.dataDir) });
    const urls = appDatabaseUrls(server.origin);
    overServer = {
      db: await Databases.open({
        dataDir: t.dataDir,
        databaseUrl: urls.DATABASE_URL,
        tenantUrlTemplate: urls.TENANT_DATABASE_URL_TEMPLATE,
      }),
      storage: t.services.storage,
    };
    embedded = { db: await Databases.open({ dataDir: t.dataDir }), storage: t.services.storage };
  });
  afterAll(async () => {
    await overServer?.db.close();
    await embedded?.db.close();
    await server?.close();
  });

  test("a backup taken over a libSQL server restores into the embedded database, and back", async () => {
    // values as SQLite holds them: an integer past 2^53, a blob in a text column (and the text 2.0)
    change(
      file,
      `INSERT INTO audit_log (at, user_id, user_name, entity, entity_id, action, before, after)
         VALUES (9007199254740993, 1, 'Someone', 'thing', '2', 'update', 2.0, X'00FF10');`,
    );
    const before = tableDigests(file);
    const fromServer = await takeBackup(overServer, target(), "manual", new Date("2026-11-28T01:00:00Z"));
    change(file, SOME_CHANGES);
    const diff = await dryRunRestore(embedded, target(), fromServer.key);
    expect(changedOnly(diff).map((d) => d.table)).toEqual(["audit_log", "suppliers"]);
    // the server's dry run reads the live rows over the protocol and gives the same answer
    expect(await dryRunRestore(overServer, target(), fromServer.key)).toEqual(diff);
    expect(await restoreBackup(embedded, target(), fromServer.key)).toEqual(diff);
    expect(tableDigests(file)).toEqual(before);
    expect(valuesKept()).toEqual(["9007199254740993", "text", "blob"]);

    const fromFile = await takeBackup(embedded, target(), "manual", new Date("2026-11-28T02:00:00Z"));
    change(file, SOME_CHANGES);
    expect(await restoreBackup(overServer, target(), fromFile.key)).toEqual(diff);
    expect(tableDigests(file)).toEqual(before);
    expect(valuesKept()).toEqual(["9007199254740993", "text", "blob"]);
    expect(server.openStreams()).toBe(0);
  });

  test("a restore over the server that fails part way changes nothing", async () => {
    const good = await takeBackup(overServer, target(), "manual", new Date("2026-11-28T03:00:00Z"));
    // the same backup with a column the database has renamed: its suppliers cannot be put back
    const local = `${t.dataDir}/broken.db`;
    await Deno.writeFile(local, (await t.services.storage.get(good.key))!.body);
    change(local, "ALTER TABLE suppliers RENAME COLUMN name TO old_name");
    const broken = `backups/tenant-${tenantId}/2026-11-28T04-00-00-000Z.manual.db`;
    await t.services.storage.put(broken, (await Deno.open(local)).readable, {
      contentType: "application/vnd.sqlite3",
      maxBytes: 1024 ** 3,
    });
    change(file, SOME_CHANGES);
    const before = tableDigests(file);
    await expect(restoreBackup(overServer, target(), broken)).rejects.toThrow(/name/);
    expect(tableDigests(file)).toEqual(before);
    expect(server.openStreams()).toBe(0);
    await restoreBackup(overServer, target(), good.key);
  });
});
