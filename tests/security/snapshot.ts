/**
 * Row hashes of every table of the control database and of every tenant database: taken before and
 * after a batch of calls, they prove the calls changed nothing. Sessions are left out (signing in and
 * refreshing are what the suites do), and so are the drizzle migration records.
 */
import { sql } from "drizzle-orm";
import type { AppServices } from "../../server/env.ts";
import { tenants } from "../../db/control/schema.ts";

const SKIP = new Set(["__drizzle_migrations", "sessions", "sqlite_sequence"]);

// deno-lint-ignore no-explicit-any
type AnyDb = { all: (query: any) => Promise<unknown[]> };

async function tableRows(db: AnyDb, prefix: string, into: Map<string, string>) {
  const tables = await db.all(sql`SELECT name FROM sqlite_master WHERE type = 'table'`) as { name: string }[];
  for (const { name } of tables) {
    if (SKIP.has(name) || name.startsWith("sqlite_")) continue;
    const rows = await db.all(sql.raw(`SELECT rowid AS __rowid, * FROM "${name}"`)) as Record<
      string,
      unknown
    >[];
    for (const row of rows) {
      const text = JSON.stringify(row, (_k, v) => (typeof v === "bigint" ? String(v) : v));
      const hash = Array.from(
        new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text))),
      )
        .map((b) => b.toString(16).padStart(2, "0")).join("");
      into.set(`${prefix}/${name}/${row.__rowid}`, hash);
    }
  }
}

/** Every row of every database, by `db/table/rowid`, as a hash of its values. */
export async function snapshot(services: AppServices): Promise<Map<string, string>> {
  const rows = new Map<string, string>();
  await tableRows(services.db.control as unknown as AnyDb, "control", rows);
  for (const { id } of await services.db.control.select({ id: tenants.id }).from(tenants)) {
    await tableRows(await services.db.tenantDb(id) as unknown as AnyDb, `tenant${id}`, rows);
  }
  return rows;
}

/** What differs between two snapshots, one line per changed, added or removed row. */
export function diffSnapshots(before: Map<string, string>, after: Map<string, string>): string[] {
  const out: string[] = [];
  for (const [key, hash] of before) {
    if (!after.has(key)) out.push(`removed ${key}`);
    else if (after.get(key) !== hash) out.push(`changed ${key}`);
  }
  for (const key of after.keys()) if (!before.has(key)) out.push(`added ${key}`);
  return out;
}
