/**
 * Reads of an embedded database on a connection of their own. @libsql/client prepares every statement
 * afresh and builds each row with two `Object.defineProperty` calls per column; on a day of 300 kill
 * agenda lots that was a third of the request's time (docs/performance.md). Here a read keeps its prepared
 * statement and builds rows with one class per column list, so drizzle gets the same rows (indexed
 * values and a length for its selects; the first of each column name, enumerable, for raw `db.all`).
 *
 * Only plain reads outside a transaction come here: writes, batches, migrations and transactions (and
 * every read inside one) stay on @libsql/client. The connection is `query_only`, so a statement taken
 * for a read can never write; any error sends the statement to @libsql/client, which answers it with
 * its own error (the same codes the app checks for). In WAL mode a read sees everything committed.
 */
import Database from "libsql";
import type { Client, InArgs, InStatement, ResultSet, Row } from "@libsql/client";

/** Prepared statements kept per connection (queries with long `IN` lists each have their own text). */
const MAX_STATEMENTS = 500;
const READ = /^\s*(select|with)\s/i;

type Connection = Database.Database;
type Statement = Database.Statement;
interface Prepared {
  stmt: Statement;
  columns: string[];
  columnTypes: string[];
  Row: new (values: unknown[]) => Row;
}

export class FastReadClient implements Client {
  #db: Connection | null = null;
  #version: Statement | null = null;
  readonly #statements = new Map<string, Prepared>();
  readonly #rowClasses = new Map<string, Prepared["Row"]>();

  constructor(readonly inner: Client, readonly path: string, readonly timeoutMs: number) {}

  execute(stmt: InStatement): Promise<ResultSet>;
  execute(sql: string, args?: InArgs): Promise<ResultSet>;
  execute(stmtOrSql: InStatement | string, args?: InArgs): Promise<ResultSet> {
    const stmt = typeof stmtOrSql === "string" ? { sql: stmtOrSql, args: args ?? [] } : stmtOrSql;
    const values = stmt.args ?? [];
    if (READ.test(stmt.sql) && Array.isArray(values) && !this.inner.closed) {
      try {
        return Promise.resolve(this.#read(stmt.sql, values));
      } catch {
        // answered below, with @libsql/client's own error if it fails there too
      }
    }
    return this.inner.execute(stmt);
  }

  /**
   * A number that changes whenever anyone (another connection of this process, another process) has
   * committed a change to the database since the last call: SQLite's `data_version` of this read-only
   * connection, which itself never writes. What a cached read is kept by (server/areas/keptReads.ts).
   */
  dataVersion(): number {
    this.#db ??= this.#open();
    this.#version ??= this.#db.prepare("PRAGMA data_version").raw(true);
    return Number((this.#version.get() as unknown[])[0]);
  }

  #read(sql: string, args: unknown[]): ResultSet {
    const prepared = this.#prepare(sql);
    if (!prepared) throw new Error("not a read");
    const raw = prepared.stmt.all(args.map(toSql)) as unknown[][];
    const rows = new Array<Row>(raw.length);
    for (let i = 0; i < raw.length; i++) rows[i] = new prepared.Row(raw[i]);
    const { columns, columnTypes } = prepared;
    return {
      columns,
      columnTypes,
      rows,
      rowsAffected: 0,
      lastInsertRowid: undefined,
      toJSON: () => ({ columns, columnTypes, rows: rows.map((r) => Array.from(r)), rowsAffected: 0 }),
    };
  }

  #prepare(sql: string): Prepared | null {
    const kept = this.#statements.get(sql);
    if (kept) return kept;
    this.#db ??= this.#open();
    const stmt = this.#db.prepare(sql);
    if (!stmt.reader) return null;
    stmt.raw(true);
    stmt.safeIntegers(true);
    const info = stmt.columns() as { name: string; type?: string | null }[];
    const columns = info.map((c) => c.name);
    const prepared = {
      stmt,
      columns,
      columnTypes: info.map((c) => c.type ?? ""),
      Row: this.#rowClass(columns),
    };
    if (this.#statements.size >= MAX_STATEMENTS) this.#statements.clear();
    this.#statements.set(sql, prepared);
    return prepared;
  }

  #open(): Connection {
    const db = new Database(this.path, { timeout: this.timeoutMs });
    db.exec("PRAGMA query_only = 1");
    return db;
  }

  /**
   * A row class for a column list: values behind indexed getters (what drizzle's selects read, through
   * `Array.prototype.slice`), each column name's first value as an own enumerable property (what a raw
   * `db.all` reads), as @libsql/client's rows have them.
   */
  #rowClass(columns: string[]): Prepared["Row"] {
    const key = columns.join("\u0000");
    const known = this.#rowClasses.get(key);
    if (known) return known;
    const seen = new Set<string>();
    const assigns = columns.flatMap((name, i) => {
      if (seen.has(name) || name === "__proto__") return [];
      seen.add(name);
      return [`this[${JSON.stringify(name)}] = v[${i}];`];
    });
    const Row = new Function(
      "VALUES",
      "toJs",
      `return function Row(v) { for (let i = 0; i < v.length; i++) v[i] = toJs(v[i]); this[VALUES] = v; ${
        assigns.join(" ")
      } }`,
    )(VALUES, toJs) as Prepared["Row"];
    Object.defineProperty(Row.prototype, "length", { value: columns.length });
    for (let i = 0; i < columns.length; i++) {
      Object.defineProperty(Row.prototype, i, {
        get(this: { [VALUES]: unknown[] }) {
          return this[VALUES][i];
        },
        enumerable: false,
      });
    }
    this.#rowClasses.set(key, Row);
    return Row;
  }

  batch(...args: Parameters<Client["batch"]>) {
    return this.inner.batch(...args);
  }
  migrate(...args: Parameters<Client["migrate"]>) {
    return this.inner.migrate(...args);
  }
  transaction(...args: Parameters<Client["transaction"]>) {
    return this.inner.transaction(...args);
  }
  executeMultiple(sql: string) {
    return this.inner.executeMultiple(sql);
  }
  sync() {
    return this.inner.sync();
  }
  reconnect() {
    this.#closeReader();
    this.inner.reconnect();
  }
  close() {
    this.#closeReader();
    this.inner.close();
  }
  get closed() {
    return this.inner.closed;
  }
  get protocol() {
    return this.inner.protocol;
  }

  #closeReader() {
    this.#statements.clear();
    this.#version = null;
    this.#db?.close();
    this.#db = null;
  }
}

const VALUES = Symbol("values");
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
