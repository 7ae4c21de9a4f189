/**
 * The migration lock (issue 40 §5): a row in the control database that one starting instance holds while
 * it migrates, so two instances starting together (over one libSQL server, or on one machine) migrate
 * once; the other waits, then finds nothing left to do. The row expires, so an instance killed while
 * holding it delays the next start by at most `ttlMs`, never blocks it for good. The table is made here,
 * before any migration runs (a migration cannot make the table that guards migrations).
 */
import type { Client } from "@libsql/client";

const LOCK = "migrations";
const DEFAULT_TTL_MS = 5 * 60_000;
const POLL_MS = 100;

export interface MigrationLockOptions {
  /** who holds it, for the log (host, pid, a random part) */
  holder?: string;
  /** how long the lock lasts without being renewed */
  ttlMs?: number;
}

export interface HeldLock {
  readonly holder: string;
  /** Pushes the expiry on: called between tenants of a long start. */
  renew(): Promise<void>;
}

export function defaultHolder(): string {
  let host = "host";
  try {
    host = Deno.hostname();
  } catch {
    // no permission to read the host name: the pid and the random part are enough
  }
  return `${host}:${Deno.pid}:${crypto.randomUUID().slice(0, 8)}`;
}

async function ensureTable(client: Client) {
  await client.execute(
    `CREATE TABLE IF NOT EXISTS migration_lock (name TEXT PRIMARY KEY NOT NULL, holder TEXT NOT NULL,
      expires_at INTEGER NOT NULL)`,
  );
}

/** Takes the lock if it is free or expired; whether it is now this holder's. */
async function tryTake(client: Client, holder: string, ttlMs: number): Promise<boolean> {
  const now = Date.now();
  await client.execute({
    sql: `INSERT INTO migration_lock (name, holder, expires_at) VALUES (?, ?, ?)
      ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
      WHERE migration_lock.expires_at < ?`,
    args: [LOCK, holder, now + ttlMs, now],
  });
  const { rows } = await client.execute({
    sql: "SELECT holder FROM migration_lock WHERE name = ?",
    args: [LOCK],
  });
  return rows[0]?.holder === holder;
}

/**
 * Runs `work` holding the lock, waiting for another holder to finish first. Released at the end, also
 * when `work` fails.
 */
export async function withMigrationLock<T>(
  client: Client,
  work: (lock: HeldLock) => Promise<T>,
  options: MigrationLockOptions = {},
): Promise<T> {
  const holder = options.holder ?? defaultHolder();
  const ttlMs = options.ttlMs ?? DEFAULT_TTL_MS;
  await ensureTable(client);
  while (!(await tryTake(client, holder, ttlMs))) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  const lock: HeldLock = {
    holder,
    async renew() {
      await client.execute({
        sql: "UPDATE migration_lock SET expires_at = ? WHERE name = ? AND holder = ?",
        args: [Date.now() + ttlMs, LOCK, holder],
      });
    },
  };
  try {
    return await work(lock);
  } finally {
    await client.execute({
      sql: "DELETE FROM migration_lock WHERE name = ? AND holder = ?",
      args: [LOCK, holder],
    })
      .catch(() => {});
  }
}
