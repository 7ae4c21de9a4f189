/**
 * Online backups of a database (issue 40 §4): a tenant's, or the control database. `VACUUM INTO` writes a
 * consistent copy from one read transaction (in WAL mode writers go on meanwhile), into a temporary file
 * that is then streamed into blob storage (files or S3) under `backups/<who>/<when>.db`.
 *
 * A restore never swaps files under open connections: the backup is fetched into a temporary file,
 * brought to the current schema (the tenant migrations), attached, and every table's rows are replaced
 * from it in one write transaction: readers see the old rows or the new ones, and a failure changes
 * nothing. The dry run compares the two row by row (rowHashes.ts) first.
 *
 * Over a libSQL server there is no file: the copy, the dry run and the restore go through the protocol
 * (backupRemote.ts), into and from the same SQLite file format, so a backup restores on either path.
 */
import Database from "libsql";
import { createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";
import type { Databases } from "../../db/client.ts";
import type { BlobStore } from "../storage/mod.ts";
import { attachedDiff, dataTables, type TableDiff } from "./backupRows.ts";
import { copyFromServer, dryRunOverServer, restoreOverServer } from "./backupRemote.ts";
import { literal, removeTemp, tempPath } from "./backupTemp.ts";

/** Whose database: a tenant's, or the control database. */
export type BackupTarget = { tenantId: number } | "control";

/** Why a backup was taken (part of its key: object store listings carry no metadata). */
export const BACKUP_REASONS = ["scheduled", "manual", "before-restore"] as const;
export type BackupReason = (typeof BACKUP_REASONS)[number];

export interface BackupInfo {
  key: string;
  size: number;
  /** ISO instant it was taken */
  takenAt: string;
  reason: BackupReason;
}

/** The most a backup may be (the store refuses more). */
const MAX_BACKUP_BYTES = 20 * 1024 ** 3;
const migrationsOf = (target: BackupTarget) =>
  `${import.meta.dirname}/../../db/${target === "control" ? "control" : "tenant"}/migrations`;
const KEY_NAME = /^(\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z)\.(scheduled|manual|before-restore)\.db$/;

export const backupPrefix = (target: BackupTarget) =>
  target === "control" ? "backups/control/" : `backups/tenant-${target.tenantId}/`;

/** `2026-11-27T16-08-00-123Z`: an instant as a key segment (no colons), in time order. */
const stampOf = (at: Date) => at.toISOString().replace(/[:.]/g, "-");
const instantOf = (stamp: string) =>
  stamp.replace(/^(\d{4}-\d\d-\d\dT\d\d)-(\d\d)-(\d\d)-(\d{3})Z$/, "$1:$2:$3.$4Z");

/** The embedded database's file; null over a libSQL server. */
const fileOf = (db: Databases, target: BackupTarget): string | null =>
  target === "control" ? db.controlFile() : db.tenantFile(target.tenantId);

/** Takes a backup now and stores it. */
export async function takeBackup(
  services: { db: Databases; storage: BlobStore },
  target: BackupTarget,
  reason: BackupReason,
  at = new Date(),
): Promise<BackupInfo> {
  if (target !== "control") await services.db.tenantDb(target.tenantId); // it exists and is migrated
  const copy = await tempPath();
  try {
    const file = fileOf(services.db, target);
    if (file) {
      const source = new Database(file, { timeout: 5000 });
      try {
        source.exec(`VACUUM INTO ${literal(copy)}`);
      } finally {
        source.close();
      }
    } else await copyFromServer(services.db, target, copy);
    const stream = await Deno.open(copy, { read: true });
    const key = `${backupPrefix(target)}${stampOf(at)}.${reason}.db`;
    const info = await services.storage.put(key, stream.readable, {
      contentType: "application/vnd.sqlite3",
      maxBytes: MAX_BACKUP_BYTES,
      metadata: { reason },
    });
    return { key, size: info.size, takenAt: at.toISOString(), reason };
  } finally {
    await removeTemp(copy);
  }
}

/** The target's backups, newest first (at most 1,000: retention keeps far fewer). */
export async function listBackups(storage: BlobStore, target: BackupTarget): Promise<BackupInfo[]> {
  const { items } = await storage.list(backupPrefix(target), 1000);
  const found = items.flatMap((item): BackupInfo[] => {
    const name = KEY_NAME.exec(item.key.slice(item.key.lastIndexOf("/") + 1));
    const takenAt = name && new Date(instantOf(name[1]));
    if (!takenAt || Number.isNaN(takenAt.getTime())) return [];
    return [{
      key: item.key,
      size: item.size,
      takenAt: takenAt.toISOString(),
      reason: name[2] as BackupReason,
    }];
  });
  return found.sort((a, b) => b.takenAt.localeCompare(a.takenAt));
}

/** Whether the key is one of the target's backups (never another tenant's, never any other blob). */
export function isBackupOf(target: BackupTarget, key: string): boolean {
  const prefix = backupPrefix(target);
  return key.startsWith(prefix) && KEY_NAME.test(key.slice(prefix.length));
}

/** The backup fetched into a temporary file (removed by `done`), brought to the current schema. */
async function fetched(services: { storage: BlobStore }, target: BackupTarget, key: string) {
  const blob = await services.storage.get(key);
  if (!blob) return null;
  const path = await tempPath();
  await Deno.writeFile(path, blob.body);
  try {
    // an older backup gets the migrations since, so its tables match the database's
    const client = createClient({ url: `file:${path}` });
    try {
      await migrate(drizzle(client), { migrationsFolder: migrationsOf(target) });
    } finally {
      client.close();
    }
  } catch (error) {
    await removeTemp(path);
    throw error;
  }
  return { path, done: () => removeTemp(path) };
}

/** What restoring the backup would change, table by table (nothing is written). Null: no such backup. */
export function dryRunRestore(
  services: { db: Databases; storage: BlobStore },
  target: BackupTarget,
  key: string,
): Promise<TableDiff[] | null> {
  return withBackupAttached(
    services,
    target,
    key,
    "PRAGMA query_only = 1",
    attachedDiff,
    (path) => dryRunOverServer(services.db, target, path),
  );
}

/**
 * Puts the backup's rows in place of the database's, every table in one transaction (the migrations'
 * own record excepted). Answers what changed; null when there is no such backup.
 */
export function restoreBackup(
  services: { db: Databases; storage: BlobStore },
  target: BackupTarget,
  key: string,
): Promise<TableDiff[] | null> {
  return withBackupAttached(
    services,
    target,
    key,
    "PRAGMA foreign_keys = OFF",
    replaceWithBackup,
    (path) => restoreOverServer(services.db, target, path),
  );
}

/**
 * The live database file opened beside the app with the backup attached as `backup` (`pragma` set
 * first), for `work`; over a libSQL server, the fetched copy's path for `overServer`. The connection and
 * the fetched copy are let go whatever happens. Null: no such backup.
 */
async function withBackupAttached<T>(
  services: { db: Databases; storage: BlobStore },
  target: BackupTarget,
  key: string,
  pragma: string,
  work: (conn: Database.Database) => T,
  overServer: (path: string) => Promise<T>,
): Promise<T | null> {
  if (target !== "control") await services.db.tenantDb(target.tenantId);
  const copy = await fetched(services, target, key);
  if (!copy) return null;
  try {
    const file = fileOf(services.db, target);
    if (!file) return await overServer(copy.path);
    const conn = new Database(file, { timeout: 10_000 });
    try {
      conn.exec(pragma);
      conn.exec(`ATTACH DATABASE ${literal(copy.path)} AS backup`);
      return work(conn);
    } finally {
      conn.close();
    }
  } finally {
    await copy.done();
  }
}

/** Every table's rows replaced by the attached backup's, in one transaction; answers what changed. */
function replaceWithBackup(conn: Database.Database): TableDiff[] {
  const tables = dataTables(conn, "main");
  const theirs = new Set(dataTables(conn, "backup").map((t) => t.name));
  conn.exec("BEGIN IMMEDIATE");
  try {
    const changes = attachedDiff(conn); // inside the transaction: exactly what this restore changes
    for (const table of tables) {
      const name = `"${table.name.replaceAll('"', '""')}"`;
      conn.exec(`DELETE FROM main.${name}`);
      if (!theirs.has(table.name)) continue;
      const columns = table.columns.map((c) => `"${c.replaceAll('"', '""')}"`).join(", ");
      conn.exec(`INSERT INTO main.${name} (${columns}) SELECT ${columns} FROM backup.${name}`);
    }
    const hasSequence = (schema: string) =>
      conn.prepare(`SELECT 1 FROM ${schema}.sqlite_master WHERE name = 'sqlite_sequence'`).get();
    if (hasSequence("main") && hasSequence("backup")) {
      conn.exec("DELETE FROM main.sqlite_sequence");
      conn.exec("INSERT INTO main.sqlite_sequence SELECT * FROM backup.sqlite_sequence");
    }
    conn.exec("COMMIT");
    return changes;
  } catch (error) {
    conn.exec("ROLLBACK");
    throw error;
  }
}
