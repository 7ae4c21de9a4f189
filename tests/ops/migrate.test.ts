/**
 * Migrations at start (issue 40 §5): two migrators started together on the same files migrate once
 * (the lock in the control database); a tenant whose migration fails stays on its old version, answers
 * 503 in words and is named by `tenantsNotReady`, while the other tenants work.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import Database from "libsql";
import { eq } from "drizzle-orm";
import { Databases } from "../../db/client.ts";
import { tenants } from "../../db/control/schema.ts";
import { DEMO_FARM } from "../../server/demo.ts";
import { startTestApp, type TestApp } from "../helpers/app.ts";

const migrationCount = async (kind: "control" | "tenant") =>
  (await Array.fromAsync(Deno.readDir(`${import.meta.dirname}/../../db/${kind}/migrations`)))
    .filter((e) => e.name.endsWith(".sql")).length;

describe("two migrators started together", () => {
  test("migrate the control database and every tenant once, one after the other", async () => {
    const dataDir = await Deno.makeTempDir({ prefix: "abattoir-migrate-" });
    const events: { who: string; event: string; fields: Record<string, unknown> }[] = [];
    const start = async (who: string) => {
      const db = await Databases.open({
        dataDir,
        log: (event, fields) => events.push({ who, event, fields }),
      });
      await db.migrateTenants([1, 2, 3]);
      return db;
    };
    try {
      const both = await Promise.all([start("a"), start("b")]);
      const control = events.filter((e) => e.event === "migration.control");
      expect(control).toHaveLength(2);
      // one applied every control migration, the other found none left
      expect(control.map((e) => e.fields.applied).sort()).toEqual([0, await migrationCount("control")]);
      const applied = events.filter((e) => e.event === "migration.applied");
      expect(applied.map((e) => e.fields.tenantId).sort()).toEqual([1, 2, 3]);
      for (const e of applied) expect(e.fields.applied).toBe(await migrationCount("tenant"));
      // each starter checked all three; the tenants were migrated under one turn of the lock, and the
      // other starter found them up to date (or, when it checked first, took its own turn after)
      const checked = events.filter((e) => e.event === "migration.checked");
      expect(checked.map((e) => e.fields.tenants)).toEqual([3, 3]);
      const holders = events.filter((e) => e.event === "migration.tenant").map((e) => e.fields.holder);
      const turns = holders.filter((h, i) => i === 0 || h !== holders[i - 1]);
      expect(new Set(turns).size).toBe(turns.length);
      for (const db of both) expect(db.tenantsNotReady()).toEqual([]);
      await Promise.all(both.map((db) => db.close()));
    } finally {
      await Deno.remove(dataDir, { recursive: true });
    }
  });
});

describe("a tenant whose migration fails", () => {
  let t: TestApp;
  let farmId: number;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await startTestApp();
    tokens.admin = await t.login("admin@demo.processor");
    tokens.farm = await t.login("producer@demo.farm");
    farmId =
      (await t.services.db.control.query.tenants.findFirst({ where: eq(tenants.name, DEMO_FARM) }))!.id;
  });
  afterAll(() => t?.close());

  test("stays on its old version, answers 503 in words and is named, while the others work", async () => {
    // over a libSQL server (`deno task test:remote`) the stand-in serves this same file under DATA_DIR
    const path = t.services.db.tenantFile(farmId) ?? `${t.dataDir}/tenants/${farmId}.db`;
    await t.services.db.forgetTenant(farmId);
    // the record of what was applied lost: the first migration runs again and fails (its tables exist)
    const file = new Database(path);
    file.exec("DELETE FROM __drizzle_migrations");
    const count = (db: Database.Database, table: string) =>
      (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
    const tablesBefore = count(file, "sqlite_master");
    file.close();

    await t.services.db.migrateTenants([farmId]); // the start goes on past it
    expect(t.services.db.tenantsNotReady().map((n) => n.tenantId)).toEqual([farmId]);

    const res = await t.request("/api/user/GetTenantUsers", { token: tokens.farm });
    expect(res.status).toBe(503);
    const body = await res.json();
    expect(body).toMatchObject({ title: "Service Unavailable", isValidation: false });
    expect(body.message).toMatch(/could not be brought up to date/);

    const other = await t.request("/api/user/GetTenantUsers", { token: tokens.admin });
    expect(other.status).toBe(200);

    // nothing of the failed run stayed: the same tables, still no migration recorded
    const after = new Database(path, { readonly: true });
    expect(count(after, "sqlite_master")).toBe(tablesBefore);
    expect(count(after, "__drizzle_migrations")).toBe(0);
    after.close();
  });
});
