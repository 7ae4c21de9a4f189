/**
 * One connection of an embedded database (db/embeddedClient.ts) and the statements it keeps prepared:
 * rows as the driver's arrays with each column's first value added by name, values converted as
 * @libsql/client converts them, and SQLite's errors as @libsql/client reports them.
 */
import Database from "libsql";
import { type InArgs, LibsqlError, type ResultSet, type Row } from "@libsql/client";

/** Prepared statements kept per connection (queries with long `IN` lists each have their own text). */
const MAX_STATEMENTS = 500;

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

/** One connection and the statements it has prepared. */
export class PreparedConnection {
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
export function libsqlError(e: unknown): unknown {
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
