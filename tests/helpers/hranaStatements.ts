/**
 * TEST STAND-IN (tests/helpers/hranaServer.ts): Hrana's statement side — the protocol's values,
 * statements and batch conditions, and running one statement on a SQLite connection as sqld answers it
 * (rows as protocol values, changes counted for writes with RETURNING, SQLite's base error codes). The
 * server side (namespaces, streams, batons, pipeline and cursor requests) stays in hranaServer.ts.
 */
import Database from "libsql";

const BUSY_RETRY_MS = 5_000;

export type Value =
  | { type: "null" }
  | { type: "integer"; value: string }
  | { type: "float"; value: number }
  | { type: "text"; value: string }
  | { type: "blob"; base64: string };

export interface Stmt {
  sql?: string;
  sql_id?: number;
  args?: Value[];
  named_args?: { name: string; value: Value }[];
  want_rows?: boolean;
}
export type BatchCond =
  | { type: "ok" | "error"; step: number }
  | { type: "not"; cond: BatchCond }
  | { type: "and" | "or"; conds: BatchCond[] }
  | { type: "is_autocommit" };
export interface Batch {
  steps: { condition?: BatchCond; stmt: Stmt }[];
}
// deno-lint-ignore no-explicit-any
export type StreamRequest = { type: string; sql?: string; sql_id?: number } & Record<string, any>;

export interface Stream {
  namespace: string;
  conn: Database.Database;
  sqls: Map<number, string>;
  baton: string;
  lastUsed: number;
}

export class HranaError extends Error {
  constructor(message: string, readonly code: string, readonly status = 400) {
    super(message);
  }
}

export function sqlOf(stream: Stream, { sql, sql_id }: { sql?: string; sql_id?: number }): string {
  if (sql !== undefined) return sql;
  const stored = sql_id === undefined ? undefined : stream.sqls.get(sql_id);
  if (stored === undefined) throw new HranaError(`SQL text ${sql_id} was not stored`, "SQL_NOT_FOUND");
  return stored;
}

export const READ = /^\s*(select|with|pragma|explain|values)\b/i;

export async function execute(stream: Stream, stmt: Stmt) {
  const sql = sqlOf(stream, stmt);
  const prepared = stream.conn.prepare(sql);
  prepared.safeIntegers(true);
  const args = stmt.named_args?.length
    ? Object.fromEntries(
      stmt.named_args.map(({ name, value }) => [name.replace(/^[@$:?]/, ""), fromValue(value)]),
    )
    : (stmt.args ?? []).map(fromValue);
  const params = Array.isArray(args) ? args : [args];
  if (prepared.reader) {
    prepared.raw(true);
    const cols = prepared.columns().map((c) => ({ name: c.name, decltype: c.type ?? null }));
    const raw = await whenNotBusy(() => prepared.all(...params) as unknown[][]);
    const rows = stmt.want_rows === false ? [] : raw.map((row) => row.map(toValue));
    // a write with RETURNING counts what it changed, as sqld does
    const changed = READ.test(sql) ? null : changes(stream.conn);
    return {
      cols,
      rows,
      affected_row_count: changed?.count ?? 0,
      last_insert_rowid: changed?.rowid ?? null,
    };
  }
  const info = await whenNotBusy(() => prepared.run(...params));
  return {
    cols: [],
    rows: [],
    affected_row_count: Number(info.changes),
    last_insert_rowid: String(info.lastInsertRowid),
  };
}

function changes(conn: Database.Database) {
  const [count, rowid] = conn.prepare("SELECT changes(), last_insert_rowid()").raw(true).get() as unknown[];
  return { count: Number(count), rowid: String(rowid) };
}

export function describe(stmt: Database.Statement, sql: string) {
  const cols = stmt.reader ? stmt.columns().map((c) => ({ name: c.name, decltype: c.type ?? null })) : [];
  const params = [...sql.matchAll(/\?\d*|[:@$][A-Za-z_]\w*/g)].map((m) => ({
    name: m[0] === "?" ? null : m[0],
  }));
  return { params, cols, is_explain: /^\s*explain\b/i.test(sql), is_readonly: READ.test(sql) };
}

export function holds(
  cond: BatchCond,
  results: unknown[],
  errors: unknown[],
  conn: Database.Database,
): boolean {
  switch (cond.type) {
    case "ok":
      return results[cond.step] != null;
    case "error":
      return errors[cond.step] != null;
    case "not":
      return !holds(cond.cond, results, errors, conn);
    case "and":
      return cond.conds.every((c) => holds(c, results, errors, conn));
    case "or":
      return cond.conds.some((c) => holds(c, results, errors, conn));
    case "is_autocommit":
      return !conn.inTransaction;
  }
}

/** Runs `work`, again after a short wait while the database is locked by another connection (≤ 5 s). */
export async function whenNotBusy<T>(work: () => T): Promise<T> {
  const until = Date.now() + BUSY_RETRY_MS;
  for (let wait = 1;; wait = Math.min(wait * 2, 20)) {
    try {
      return work();
    } catch (error) {
      const code = (error as { code?: string }).code ?? "";
      if (!code.startsWith("SQLITE_BUSY") || code === "SQLITE_BUSY_SNAPSHOT" || Date.now() > until) {
        throw error;
      }
      await new Promise((r) => setTimeout(r, wait));
    }
  }
}

export function protoError(error: unknown) {
  if (error instanceof HranaError) return { message: error.message, code: error.code };
  const e = error as { message?: string; code?: string };
  // SQLite's base code, as sqld reports it (SQLITE_CONSTRAINT_UNIQUE → SQLITE_CONSTRAINT)
  const code = e.code?.startsWith("SQLITE_") ? e.code.split("_").slice(0, 2).join("_") : "SQLITE_ERROR";
  return { message: `SQLite error: ${e.message ?? String(error)}`, code };
}

function fromValue(value: Value): unknown {
  switch (value.type) {
    case "null":
      return null;
    case "integer":
      return BigInt(value.value);
    case "float":
      return value.value;
    case "text":
      return value.value;
    case "blob":
      return Uint8Array.from(atob(value.base64), (c) => c.charCodeAt(0));
  }
}

function toValue(value: unknown): Value {
  if (value === null || value === undefined) return { type: "null" };
  if (typeof value === "bigint") return { type: "integer", value: String(value) };
  // integers come as bigints (safeIntegers): a number is a REAL, whole or not
  if (typeof value === "number") return { type: "float", value };
  if (typeof value === "string") return { type: "text", value };
  if (value instanceof Uint8Array) {
    let text = "";
    for (let i = 0; i < value.length; i += 0x8000) {
      text += String.fromCharCode(...value.subarray(i, i + 0x8000));
    }
    return { type: "blob", base64: btoa(text) };
  }
  return { type: "text", value: String(value) };
}
