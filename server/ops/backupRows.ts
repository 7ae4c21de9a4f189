/**
 * Rows of a database's tables compared (issue 40 §4): what a restore's dry run shows (per table, the rows
 * a restore adds, removes and changes, counted in SQL over the attached backup) and the per-table digests
 * of every row that the restore test compares. A row is known by its primary key (a table without one,
 * by its whole content).
 */
import Database from "libsql";
import { createHash } from "node:crypto";

export interface TableInfo {
  name: string;
  columns: string[];
  /** the primary key's columns, in key order; empty when the table has none */
  key: string[];
}

/** What restoring changes in one table: rows the backup has that the database lacks, and so on. */
export interface TableDiff {
  table: string;
  added: number;
  removed: number;
  changed: number;
  /** rows the table holds after the restore */
  rows: number;
}

/** Tables that are not data: SQLite's, the migrations' record and the migration lock. */
const NOT_DATA = /^(sqlite_|__drizzle|migration_lock$)/;

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

export function dataTables(conn: Database.Database, schema = "main"): TableInfo[] {
  const names = conn.prepare(`SELECT name FROM ${schema}.sqlite_master WHERE type = 'table' ORDER BY name`)
    .all() as { name: string }[];
  return names.filter((t) => !NOT_DATA.test(t.name)).map(({ name }) => {
    const cols = conn.prepare(`PRAGMA ${schema}.table_info(${quoted(name)})`).all() as {
      name: string;
      pk: number;
    }[];
    return {
      name,
      columns: cols.map((c) => c.name),
      key: cols.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk).map((c) => c.name),
    };
  });
}

const bigints = (_: string, value: unknown) => typeof value === "bigint" ? value.toString() : value;

/**
 * One digest per table over its rows in key order (every column's value): equal digests, equal rows.
 * What the restore test compares.
 */
export function tableDigests(path: string): Record<string, string> {
  const conn = new Database(path, { readonly: true });
  try {
    return Object.fromEntries(
      dataTables(conn).map((table) => {
        const order = (table.key.length ? table.key : table.columns).map(quoted).join(", ");
        const select = conn.prepare(
          `SELECT ${table.columns.map(quoted).join(", ")} FROM ${quoted(table.name)} ORDER BY ${order}`,
        ).raw(true);
        select.safeIntegers(true); // every integer exact, and told apart from a whole REAL
        const hash = createHash("sha256");
        for (const row of select.iterate() as Iterable<unknown[]>) {
          hash.update(JSON.stringify(row, bigints) + "\n");
        }
        return [table.name, hash.digest("base64")];
      }),
    );
  } finally {
    conn.close();
  }
}

const count = (conn: Database.Database, sql: string) =>
  Number((conn.prepare(sql).raw(true).get() as unknown[])[0]);

/**
 * What putting the backup's rows (schema `backup`, attached) in place of the database's would change,
 * table by table, counted by SQLite itself: rows are matched by primary key and compared column by
 * column (`IS`: nulls equal); a table without a key is compared as sets of whole rows.
 */
export function attachedDiff(conn: Database.Database): TableDiff[] {
  const theirs = new Set(dataTables(conn, "backup").map((t) => t.name));
  return dataTables(conn, "main").map((table) => {
    const name = quoted(table.name);
    if (!theirs.has(table.name)) {
      return {
        table: table.name,
        added: 0,
        removed: count(conn, `SELECT count(*) FROM main.${name}`),
        changed: 0,
        rows: 0,
      };
    }
    const rows = count(conn, `SELECT count(*) FROM backup.${name}`);
    const cols = table.columns.map(quoted).join(", ");
    if (!table.key.length) {
      const added = count(
        conn,
        `SELECT count(*) FROM (SELECT ${cols} FROM backup.${name} EXCEPT SELECT ${cols} FROM main.${name})`,
      );
      const removed = count(
        conn,
        `SELECT count(*) FROM (SELECT ${cols} FROM main.${name} EXCEPT SELECT ${cols} FROM backup.${name})`,
      );
      return { table: table.name, added, removed, changed: 0, rows };
    }
    const same = (a: string, b: string, columns: string[]) =>
      columns.map((c) => `${a}.${quoted(c)} IS ${b}.${quoted(c)}`).join(" AND ");
    const keyMatch = same("m", "b", table.key);
    const missing = (from: string, other: string) =>
      `SELECT count(*) FROM ${from}.${name} b WHERE NOT EXISTS (SELECT 1 FROM ${other}.${name} m WHERE ${keyMatch})`;
    const added = count(conn, missing("backup", "main"));
    const removed = count(conn, missing("main", "backup"));
    const changed = count(
      conn,
      `SELECT count(*) FROM backup.${name} b JOIN main.${name} m ON ${keyMatch} WHERE NOT (${
        same("m", "b", table.columns)
      })`,
    );
    return { table: table.name, added, removed, changed, rows };
  });
}
