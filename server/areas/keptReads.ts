/**
 * Reads kept until the tenant's database changes. A live screen is read far more often than its data
 * changes: every yard office PC and TV refreshes the yard after each push, so one move makes as many
 * identical reads as there are screens. A kept read is answered again while the database's data
 * version (db/embeddedClient.ts: SQLite's `data_version`, moved on by any commit from any connection or
 * process) is the one it was read at; after any change it is read afresh. A database reached over the
 * network (a libSQL server) has no such version here, and every read is made.
 *
 * What is kept is frozen: a caller that tried to change a shared answer would fail loudly.
 */
import type { TenantDb } from "../../db/client.ts";

/** Kept reads per database (screens × days × species: a few dozen in a working plant). */
const MAX_KEPT = 200;

interface Kept {
  version: number;
  value: unknown;
}

const keptByDb = new WeakMap<TenantDb, Map<string, Kept>>();

/** `read()`'s answer for `key`, kept until the database changes. `key` names everything else it depends on. */
export async function keptUntilChange<T>(db: TenantDb, key: string, read: () => Promise<T>): Promise<T> {
  // the version before reading: a change made while reading leaves the answer already outdated
  const version = dataVersionOf(db);
  if (version === null) return await read();
  let kept = keptByDb.get(db);
  if (!kept) keptByDb.set(db, kept = new Map());
  const hit = kept.get(key);
  if (hit?.version === version) return hit.value as T;
  const value = deepFreeze(await read());
  kept.delete(key);
  if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value!);
  kept.set(key, { version, value });
  return value;
}

/** The database's data version now, or null for a database that has none here (a libSQL server). */
export function dataVersionOf(db: TenantDb): number | null {
  // (drizzle keeps the client it was made with as $client; its type leaves it out)
  const client = (db as unknown as { $client?: { dataVersion?: () => number } }).$client;
  return client?.dataVersion ? client.dataVersion() : null;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
