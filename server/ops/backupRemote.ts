/**
 * Backups over a libSQL server (issue 40 §4, §6): there is no file to `VACUUM INTO`, so the copy is a
 * logical one taken through the protocol, into the SAME format as an embedded backup (a SQLite file), so a
 * backup restores on either path.
 *
 * - copy: in one read transaction (consistent), the schema from sqlite_master and every table's rows in
 *   pages (keyset by rowid: bounded memory), written into a local SQLite file with sqlite_sequence's
 *   values. A round trip per page of rows.
 * - dry run and restore: the live database is copied the same way into a temporary file beside the
 *   (fetched, migrated) backup, and compared by the embedded path's own `attachedDiff`: one answer on
 *   both paths. The restore does that inside ONE write transaction, then empties every table and fills
 *   it from the backup in batches (foreign keys deferred to the commit); a failure rolls it all back.
 */
import Database from "libsql";
import { type Client, createClient, type InValue, type Transaction } from "@libsql/client";
import type { Databases } from "../../db/client.ts";
import { attachedDiff, dataTables, type TableDiff, type TableInfo } from "./backupRows.ts";
import { literal, quoted, removeTemp, tempPath } from "./backupTemp.ts";

type Target = { tenantId: number } | "control";
type Reader = Pick<Transaction, "execute">;
type Writer = Pick<Transaction, "execute" | "batch">;

/** Rows a round trip reads or writes: memory stays bounded whatever a table's size. */
const PAGE_ROWS = 500;
/** The most values one multi-row INSERT binds (SQLite's limit is 32,766). */
const MAX_ARGS = 10_000;

/** The database's libSQL server URL; null when it is an embedded file. */
function serverUrlOf(db: Databases, target: Target): string | null {
  const { databaseUrl, tenantUrlTemplate } = db.options;
  if (target === "control") return databaseUrl || null;
  return tenantUrlTemplate ? tenantUrlTemplate.replaceAll("{tenant}", String(target.tenantId)) : null;
}

/**
 * A connection of the backup's own, apart from the app's (a long copy holds none of its streams), with
 * integers as bigints (a number would lose what is past 2^53).
 */
function clientFor(db: Databases, target: Target): Client {
  const url = serverUrlOf(db, target);
  if (!url) throw new Error("not a libSQL server database");
  return createClient({ url, authToken: db.options.authToken || undefined, intMode: "bigint" });
}

/** A value read over the protocol, as the local driver binds it. */
const toLocal = (value: unknown) => value instanceof ArrayBuffer ? new Uint8Array(value) : value;

/** Copies the database the transaction reads into a new SQLite file at `path`. */
async function copyInto(tx: Reader, path: string): Promise<void> {
  const schema = await tx.execute(
    "SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY type <> 'table', rowid",
  );
  const out = new Database(path);
  try {
    out.exec("PRAGMA journal_mode = OFF");
    out.exec("PRAGMA foreign_keys = OFF"); // a copy: the rows were consistent where they came from
    out.exec("BEGIN");
    const tables: string[][] = [];
    const after: string[] = [];
    let sequence = false;
    for (const [type, name, sql] of schema.rows.map((r) => [r[0], r[1], r[2]].map(String))) {
      // SQLite's own tables are made by SQLite; sqlite_sequence's values are copied last
      if (name.startsWith("sqlite_")) sequence ||= name === "sqlite_sequence";
      else if (type !== "table") after.push(sql); // indexes, triggers, views: once the rows are in
      else (out.exec(sql), tables.push([name, sql]));
    }
    for (const [name, sql] of tables) await copyTable(tx, out, name, sql);
    for (const sql of after) out.exec(sql);
    if (sequence) {
      const { rows } = await tx.execute("SELECT name, seq FROM sqlite_sequence");
      out.exec("DELETE FROM sqlite_sequence");
      const insert = out.prepare("INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)");
      for (const row of rows) insert.run(row[0], row[1]);
    }
    out.exec("COMMIT");
  } finally {
    out.close();
  }
}

/** One table's rows, page by page in rowid order (a WITHOUT ROWID table: in key order). */
async function copyTable(tx: Reader, out: Database.Database, name: string, sql: string) {
  const cols = out.prepare(`PRAGMA table_info(${quoted(name)})`).all() as {
    name: string;
    type: string;
    pk: number;
  }[];
  const list = cols.map((c) => quoted(c.name)).join(", ");
  const key = cols.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk);
  const noRowid = /\bwithout\s+rowid\b/i.test(sql);
  // the rowid kept as it was, unless an INTEGER PRIMARY KEY already is it
  const aliased = key.length === 1 && key[0].type.toUpperCase() === "INTEGER";
  const keepRowid = !noRowid && !aliased;
  const into = keepRowid ? `_rowid_, ${list}` : list;
  const marks = (keepRowid ? [0, ...cols] : cols).map(() => "?").join(", ");
  const insert = out.prepare(`INSERT INTO ${quoted(name)} (${into}) VALUES (${marks})`);
  const table = quoted(name);
  const order = key.map((c) => quoted(c.name)).join(", ") || list;
  let last: InValue | undefined;
  for (let offset = 0;; offset += PAGE_ROWS) {
    const page = noRowid
      ? await tx.execute({
        sql: `SELECT ${list} FROM ${table} ORDER BY ${order} LIMIT ${PAGE_ROWS} OFFSET ${offset}`,
        args: [],
      })
      : await tx.execute({
        sql: `SELECT _rowid_, ${list} FROM ${table}${
          last === undefined ? "" : " WHERE _rowid_ > ?"
        } ORDER BY _rowid_ LIMIT ${PAGE_ROWS}`,
        args: last === undefined ? [] : [last],
      });
    const width = page.columns.length;
    for (const row of page.rows) {
      const values = Array.from({ length: width }, (_, i) => toLocal(row[i]));
      insert.run(noRowid || keepRowid ? values : values.slice(1));
    }
    if (page.rows.length < PAGE_ROWS) return;
    if (!noRowid) last = page.rows.at(-1)![0];
  }
}

/**
 * `work` in one transaction over a connection of the backup's own, committed or rolled back before the
 * answer (closing alone would end it unawaited).
 */
async function inTransaction<T>(
  db: Databases,
  target: Target,
  mode: "read" | "write",
  work: (tx: Transaction) => Promise<T>,
): Promise<T> {
  const client = clientFor(db, target);
  try {
    const tx = await client.transaction(mode);
    try {
      const result = await work(tx);
      await tx.commit();
      return result;
    } catch (error) {
      await tx.rollback().catch(() => {}); // the stream may be gone: then so is the transaction
      throw error;
    } finally {
      tx.close();
    }
  } finally {
    client.close();
  }
}

/** Copies the database over the server into a new SQLite file at `path`, from one read transaction. */
export function copyFromServer(db: Databases, target: Target, path: string): Promise<void> {
  return inTransaction(db, target, "read", (tx) => copyInto(tx, path));
}

/** The local copy of the live database with the backup attached as `backup`, for `work`. */
function withAttached<T>(live: string, backup: string, work: (conn: Database.Database) => T): T {
  const conn = new Database(live);
  try {
    conn.exec(`ATTACH DATABASE ${literal(backup)} AS backup`);
    return work(conn);
  } finally {
    conn.close();
  }
}

/** What restoring the (fetched, migrated) backup file would change, table by table. */
export async function dryRunOverServer(db: Databases, target: Target, backup: string): Promise<TableDiff[]> {
  const live = await tempPath();
  try {
    await copyFromServer(db, target, live);
    return withAttached(live, backup, attachedDiff);
  } finally {
    await removeTemp(live);
  }
}

/**
 * Puts the backup file's rows in place of the database's over the server, in one write transaction;
 * answers what changed (counted inside it). Every table is emptied before any is filled, so a delete's
 * cascade never reaches rows already put back; foreign keys are checked at the commit.
 */
export async function restoreOverServer(
  db: Databases,
  target: Target,
  backup: string,
): Promise<TableDiff[]> {
  const live = await tempPath();
  try {
    return await inTransaction(db, target, "write", async (tx) => {
      // foreign_keys = OFF is refused inside a transaction; deferred, they hold at the commit
      await tx.execute("PRAGMA defer_foreign_keys = ON");
      await copyInto(tx, live);
      const conn = new Database(live);
      try {
        conn.exec(`ATTACH DATABASE ${literal(backup)} AS backup`);
        const changes = attachedDiff(conn); // inside the transaction: exactly what this restore changes
        const tables = dataTables(conn, "main");
        const theirs = new Set(dataTables(conn, "backup").map((t) => t.name));
        await tx.batch(tables.map((table) => `DELETE FROM ${quoted(table.name)}`)); // one round trip
        for (const table of tables) if (theirs.has(table.name)) await putRows(tx, conn, table);
        const hasSequence = (schema: string) =>
          conn.prepare(`SELECT 1 FROM ${schema}.sqlite_master WHERE name = 'sqlite_sequence'`).get();
        if (hasSequence("main") && hasSequence("backup")) {
          await tx.execute("DELETE FROM sqlite_sequence");
          await putRows(tx, conn, { name: "sqlite_sequence", columns: ["name", "seq"], key: [] });
        }
        return changes;
      } finally {
        conn.close();
      }
    });
  } finally {
    await removeTemp(live);
  }
}

/** The backup's rows of one table inserted over the transaction, a bounded batch a round trip. */
async function putRows(tx: Writer, conn: Database.Database, table: TableInfo) {
  const list = table.columns.map(quoted).join(", ");
  const perInsert = Math.max(1, Math.min(PAGE_ROWS, Math.floor(MAX_ARGS / table.columns.length)));
  const tuple = `(${table.columns.map(() => "?").join(", ")})`;
  const select = conn.prepare(`SELECT ${list} FROM backup.${quoted(table.name)}`).raw(true);
  select.safeIntegers(true);
  let args: InValue[] = [];
  let rows = 0;
  const flush = async () => {
    if (!rows) return;
    const values = Array.from({ length: rows }, () => tuple).join(", ");
    await tx.execute({ sql: `INSERT INTO ${quoted(table.name)} (${list}) VALUES ${values}`, args });
    args = [];
    rows = 0;
  };
  for (const row of select.iterate() as Iterable<InValue[]>) {
    args.push(...row);
    if (++rows === perInsert) await flush();
  }
  await flush();
}
