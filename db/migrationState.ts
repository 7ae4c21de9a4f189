/**
 * Whether a database has taken every migration in its folder, in one cheap read: start-up checks 100
 * tenants with it instead of running drizzle's `migrate()` on each (which reads and hashes every
 * migration file, makes its table and reads it again, per tenant). The rule is drizzle's own: a migration
 * is applied when its journal time is later than the newest `created_at` in `__drizzle_migrations`, so a
 * database whose newest row is at or after the journal's latest time has nothing to take.
 */
import type { Client } from "@libsql/client";

const latestByFolder = new Map<string, number>();

/** The journal's latest migration time (cached: the folder does not change while the process runs). */
export function latestMigrationTime(migrationsFolder: string): number {
  let latest = latestByFolder.get(migrationsFolder);
  if (latest === undefined) {
    const journal = JSON.parse(Deno.readTextFileSync(`${migrationsFolder}/meta/_journal.json`)) as {
      entries: { when: number }[];
    };
    latest = Math.max(0, ...journal.entries.map((e) => e.when));
    latestByFolder.set(migrationsFolder, latest);
  }
  return latest;
}

/** True when `migrate()` would apply nothing; false when it would, or the database is new. */
export async function isUpToDate(client: Client, migrationsFolder: string): Promise<boolean> {
  try {
    const { rows } = await client.execute("SELECT max(created_at) AS newest FROM __drizzle_migrations");
    const newest = Number(rows[0]?.newest ?? 0);
    return newest >= latestMigrationTime(migrationsFolder);
  } catch {
    return false; // no migrations table yet
  }
}

/** Runs `work` over `items`, at most `limit` at a time (each tenant database on its own connection). */
export async function eachBounded<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
