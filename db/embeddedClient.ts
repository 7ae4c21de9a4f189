/**
 * The client of an embedded database file: @libsql/client, with plain reads and transactions on
 * connections of our own. @libsql/client prepares every statement afresh and builds each row with two
 * `Object.defineProperty` calls per column; on a day of 300 kill agenda lots that was a third of a
 * read's time (docs/performance.md). Here each connection keeps its prepared statements and a row is
 * the array SQLite's driver hands over, with each column name's first value added by name: drizzle's
 * selects read it by index, a raw `db.all` by name (a raw row's keys hold its indices as well: read
 * such rows by name, as every raw query here does).
 *
 * - Plain reads outside a transaction run on a `query_only` connection: a statement taken for a read can
 *   never write there, and any error sends it to @libsql/client, which answers with its own error. In
 *   WAL mode a read sees everything committed.
 * - Transactions run on connections of a small pool, begun as @libsql/client begins them (a write
 *   transaction with BEGIN IMMEDIATE); errors are @libsql/client's LibsqlError with SQLite's codes.
 * - Everything else (writes outside a transaction, batches, migrations) stays on @libsql/client.
 */
import Database from "libsql";
import {
  type Client,
  type InArgs,
  type InStatement,
  LibsqlError,
  type ResultSet,
  type Row,
  type Transaction,
  type TransactionMode,
} from "@libsql/client";

/** Prepared statements kept per connection (queries with long `IN` lists each have their own text). */
const MAX_STATEMENTS = 500;
/** How long a data version read is answered again (`dataVersion`). */
const VERSION_REUSE_MS = 1;
/** Idle transaction connections kept open (a transaction runs to its end without yielding, mostly). */
const MAX_IDLE = 4;
const READ = /^\s*(select|with)\s/i;
const BEGIN: Record<TransactionMode, string> = {
  write: "BEGIN IMMEDIATE",
  read: "BEGIN TRANSACTION READONLY",
  deferred: "BEGIN DEFERRED",
};

type Connection = Database.Database;
/** Turns a driver row (an array of values) into a row: values as JavaScript has them, names added. */
type RowMaker = (values: unknown[]) => Row;
interface Prepared {
  stmt: Database.Statement;
  /** for a statement that returns rows: what makes its rows, and its columns */
  makeRow: RowMaker | null;
  columns: string[];
  columnTypes: string[];
}

export class EmbeddedClient implements Client {
  #reader: PreparedConnection | null = null;
  #idle: PreparedConnection[] = [];
  readonly #open = new Set<PreparedConnection>();
  #version: Database.Statement | null = null;
  /** the last data version read, when (performance.now()), and after how many of this client's writes */
  #knownVersion: { value: number; readAt: number; writes: number } | null = null;
  #writes = 0;

  constructor(readonly inner: Client, readonly path: string, readonly timeoutMs: number) {}

  execute(stmt: InStatement): Promise<ResultSet>;
  execute(sql: string, args?: InArgs): Promise<ResultSet>;
  execute(stmtOrSql: InStatement | string, args?: InArgs): Promise<ResultSet> {
    const stmt = typeof stmtOrSql === "string" ? { sql: stmtOrSql, args: args ?? [] } : stmtOrSql;
    const values = stmt.args ?? [];
    if (READ.test(stmt.sql) && !this.inner.closed) {
      try {
        const result = this.#readerConnection().run(stmt.sql, values, true);
        if (result) return Promise.resolve(result);
      } catch {
        // answered below, with @libsql/client's own error if it fails there too
      }
    }
    return this.inner.execute(stmt).finally(this.#wrote);
  }

  /**
   * A number that changes whenever anyone (another connection of this process, another process) has
   * committed a change to the database since the last call: SQLite's `data_version` of the read-only
   * connection, which itself never writes. What a kept read or page is kept by (server/areas/keptReads.ts).
   * Reading it costs ≈10 µs (a read lock on the WAL index), a tenth of a kept page's answer: a value read
   * less than a millisecond ago is answered again, unless this client has written since. So a change by
   * this process shows at once, one by another process within a millisecond.
   */
  dataVersion(): number {
    const now = performance.now();
    const known = this.#knownVersion;
    if (known && known.writes === this.#writes && now - known.readAt < VERSION_REUSE_MS) return known.value;
    this.#version ??= this.#readerConnection().db.prepare("PRAGMA data_version").raw(true);
    const value = Number((this.#version.get() as unknown[])[0]);
    this.#knownVersion = { value, readAt: now, writes: this.#writes };
    return value;
  }

  /** Counts a write (or a transaction) once it has ended: what `dataVersion` answered before is old. */
  #wrote = () => {
    this.#writes++;
  };

  transaction(mode: TransactionMode = "write"): Promise<Transaction> {
    if (this.inner.closed) return this.inner.transaction(mode);
    const conn = this.#idle.pop() ?? this.#connect(false);
    try {
      conn.db.exec(BEGIN[mode]);
    } catch (e) {
      this.#release(conn);
      return Promise.reject(libsqlError(e));
    }
    return Promise.resolve(new EmbeddedTransaction(conn, () => this.#release(conn)));
  }

  #readerConnection(): PreparedConnection {
    return this.#reader ??= this.#connect(true);
  }

  #connect(readOnly: boolean): PreparedConnection {
    const db = new Database(this.path, { timeout: this.timeoutMs });
    if (readOnly) db.exec("PRAGMA query_only = 1");
    const conn = new PreparedConnection(db);
    this.#open.add(conn);
    return conn;
  }

  #release(conn: PreparedConnection) {
    this.#wrote();
    if (conn.db.open && conn.db.inTransaction) {
      try {
        conn.db.exec("ROLLBACK");
      } catch {
        return this.#drop(conn);
      }
    }
    if (this.inner.closed || !conn.db.open || this.#idle.length >= MAX_IDLE) return this.#drop(conn);
    this.#idle.push(conn);
  }

  #drop(conn: PreparedConnection) {
    this.#open.delete(conn);
    conn.close();
  }

  batch(...args: Parameters<Client["batch"]>) {
    return this.inner.batch(...args).finally(this.#wrote);
  }
  migrate(...args: Parameters<Client["migrate"]>) {
    return this.inner.migrate(...args).finally(this.#wrote);
  }
  executeMultiple(sql: string) {
    return this.inner.executeMultiple(sql).finally(this.#wrote);
  }
  sync() {
    return this.inner.sync();
  }
  reconnect() {
    this.#closeOwn();
    this.inner.reconnect();
  }
  close() {
    this.#closeOwn();
    this.inner.close();
  }
  get closed() {
    return this.inner.closed;
  }
  get protocol() {
    return this.inner.protocol;
  }

  #closeOwn() {
    for (const conn of this.#open) conn.close();
    this.#open.clear();
    this.#idle = [];
    this.#reader = null;
    this.#version = null;
    this.#knownVersion = null;
  }
}

/** A transaction on one of the pool's connections, as @libsql/client's transactions behave. */
class EmbeddedTransaction implements Transaction {
  #done = false;

  constructor(readonly conn: PreparedConnection, readonly release: () => void) {}

  execute(stmt: InStatement): Promise<ResultSet> {
    try {
      this.#checkOpen();
      const { sql, args } = typeof stmt === "string" ? { sql: stmt, args: [] } : stmt;
      return Promise.resolve(this.conn.run(sql, args ?? [], false)!);
    } catch (e) {
      return Promise.reject(libsqlError(e));
    }
  }

  async batch(stmts: InStatement[]): Promise<ResultSet[]> {
    const results = [];
    for (const stmt of stmts) results.push(await this.execute(stmt));
    return results;
  }

  executeMultiple(sql: string): Promise<void> {
    try {
      this.#checkOpen();
      this.conn.db.exec(sql);
      return Promise.resolve();
    } catch (e) {
      return Promise.reject(libsqlError(e));
    }
  }

  commit(): Promise<void> {
    return this.#end("COMMIT");
  }

  rollback(): Promise<void> {
    if (this.#done) return Promise.resolve();
    return this.#end("ROLLBACK");
  }

  close() {
    if (this.#done) return;
    this.#done = true;
    this.release(); // rolls back what is still open
  }

  get closed() {
    return this.#done || !this.conn.db.inTransaction;
  }

  #end(sql: "COMMIT" | "ROLLBACK"): Promise<void> {
    try {
      this.#checkOpen();
      if (this.conn.db.inTransaction) this.conn.db.exec(sql);
      return Promise.resolve();
    } catch (e) {
      return Promise.reject(libsqlError(e));
    } finally {
      if (!this.#done) {
        this.#done = true;
        this.release();
      }
    }
  }

  #checkOpen() {
    if (this.#done) throw new LibsqlError("The transaction is closed", "TRANSACTION_CLOSED");
  }
}

/** One connection and the statements it has prepared. */
class PreparedConnection {
  readonly #kept = new Map<string, Prepared>();
  readonly #rowMakers = new Map<string, RowMaker>();

  constructor(readonly db: Connection) {}

  /**
   * Runs a statement: a reader answers its rows, a write what it changed. With `readsOnly`, answers null
   * for a statement that does not return rows (the caller sends it elsewhere).
   */
  run(sql: string, args: InArgs, readsOnly: boolean): ResultSet | null {
    const { stmt, makeRow, columns, columnTypes } = this.#prepare(sql);
    if (!makeRow && readsOnly) return null;
    // positional as they are; named without their prefix (@id, $id, :id), as @libsql/client binds them
    const values = Array.isArray(args) ? args.map(toSql) : Object.fromEntries(
      Object.entries(args).map(([name, value]) => [name.replace(/^[@$:]/, ""), toSql(value)]),
    );
    if (!makeRow) {
      const info = stmt.run(values);
      return result([], [], [], info.changes, BigInt(info.lastInsertRowid));
    }
    const raw = stmt.all(values) as unknown[][];
    const rows = new Array<Row>(raw.length);
    for (let i = 0; i < raw.length; i++) rows[i] = makeRow(raw[i]);
    return result(columns, columnTypes, rows, 0, undefined);
  }

  close() {
    this.#kept.clear();
    try {
      this.db.close();
    } catch { /* closing is best effort */ }
  }

  #prepare(sql: string): Prepared {
    const kept = this.#kept.get(sql);
    if (kept) return kept;
    const stmt = this.db.prepare(sql);
    stmt.safeIntegers(true);
    const prepared: Prepared = { stmt, makeRow: null, columns: [], columnTypes: [] };
    if (stmt.reader) {
      stmt.raw(true);
      const info = stmt.columns();
      prepared.columns = info.map((c) => c.name);
      prepared.columnTypes = info.map((c) => c.type ?? "");
      prepared.makeRow = this.#rowMaker(prepared.columns);
    }
    if (this.#kept.size >= MAX_STATEMENTS) this.#kept.clear();
    this.#kept.set(sql, prepared);
    return prepared;
  }

  /**
   * What makes a row for a column list: values converted in place (integers as numbers), then each
   * column name's first value set by name, as @libsql/client's rows have them. A name an array already
   * uses for itself (an index, `length`) is left out.
   */
  #rowMaker(columns: string[]): RowMaker {
    const key = columns.join("\u0000");
    const known = this.#rowMakers.get(key);
    if (known) return known;
    const seen = new Set<string>();
    const assigns = columns.flatMap((name, i) => {
      if (seen.has(name) || /^(\d+|length|__proto__)$/.test(name)) return [];
      seen.add(name);
      return [`v[${JSON.stringify(name)}] = v[${i}];`];
    });
    const makeRow = new Function(
      "toJs",
      `return function makeRow(v) { for (let i = 0; i < v.length; i++) v[i] = toJs(v[i]); ${
        assigns.join(" ")
      } return v; }`,
    )(toJs) as RowMaker;
    this.#rowMakers.set(key, makeRow);
    return makeRow;
  }
}

function result(
  columns: string[],
  columnTypes: string[],
  rows: Row[],
  rowsAffected: number,
  lastInsertRowid: bigint | undefined,
): ResultSet {
  return {
    columns,
    columnTypes,
    rows,
    rowsAffected,
    lastInsertRowid,
    toJSON: () => ({
      columns,
      columnTypes,
      rows: rows.map((r) => Array.from(r as ArrayLike<unknown>)),
      rowsAffected,
      lastInsertRowid: lastInsertRowid?.toString() ?? null,
    }),
  };
}

const MIN_SAFE = BigInt(Number.MIN_SAFE_INTEGER);
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** As @libsql/client's default `intMode: "number"`: integers as numbers, refusing what a number loses. */
function toJs(value: unknown): unknown {
  if (typeof value === "bigint") {
    if (value < MIN_SAFE || value > MAX_SAFE) {
      throw new RangeError("Received integer which cannot be safely represented as a JavaScript number");
    }
    return Number(value);
  }
  if (value instanceof Uint8Array) {
    return value.buffer.slice(value.byteOffset, value.byteOffset + value.byteLength);
  }
  return value;
}

/** Arguments as @libsql/client passes them: booleans as 0/1, dates as epoch milliseconds. */
function toSql(value: unknown): unknown {
  if (typeof value === "number" && !Number.isFinite(value)) {
    throw new RangeError("Only finite numbers (not Infinity or NaN) can be passed as arguments");
  }
  if (typeof value === "boolean") return value ? 1 : 0;
  if (value instanceof Date) return value.valueOf();
  if (value instanceof ArrayBuffer) return new Uint8Array(value);
  if (value === undefined) throw new TypeError("undefined cannot be passed as argument to the database");
  return value;
}

/** SQLite's errors as @libsql/client reports them (code: the base SQLITE_* name). */
function libsqlError(e: unknown): unknown {
  if (e instanceof LibsqlError || !(e instanceof Error) || !("rawCode" in e)) return e;
  const raw = Number(e.rawCode);
  const code = SQLITE_CODES[raw & 0xff] ?? `SQLITE_UNKNOWN_${raw & 0xff}`;
  const extended = "code" in e ? String(e.code) : undefined;
  return new LibsqlError(e.message, code, extended, raw, e);
}

const SQLITE_CODES: Record<number, string> = {
  1: "SQLITE_ERROR",
  2: "SQLITE_INTERNAL",
  3: "SQLITE_PERM",
  4: "SQLITE_ABORT",
  5: "SQLITE_BUSY",
  6: "SQLITE_LOCKED",
  7: "SQLITE_NOMEM",
  8: "SQLITE_READONLY",
  9: "SQLITE_INTERRUPT",
  10: "SQLITE_IOERR",
  11: "SQLITE_CORRUPT",
  13: "SQLITE_FULL",
  14: "SQLITE_CANTOPEN",
  17: "SQLITE_SCHEMA",
  18: "SQLITE_TOOBIG",
  19: "SQLITE_CONSTRAINT",
  20: "SQLITE_MISMATCH",
  21: "SQLITE_MISUSE",
  23: "SQLITE_AUTH",
  25: "SQLITE_RANGE",
  26: "SQLITE_NOTADB",
};
