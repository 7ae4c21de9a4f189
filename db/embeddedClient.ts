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
  type Transaction,
  type TransactionMode,
} from "@libsql/client";
import { libsqlError, PreparedConnection } from "./preparedConnection.ts";

/** How long a data version read is answered again (`dataVersion`). */
const VERSION_REUSE_MS = 1;
/** Idle transaction connections kept open (a transaction runs to its end without yielding, mostly). */
const MAX_IDLE = 4;
/** A write transaction's busy wait at its BEGIN, and the longest pause between tries (`#beginWrite`). */
const BEGIN_WAIT_MS = 5;
const MAX_PAUSE_MS = 25;
const SQLITE_BUSY = 5;
const READ = /^\s*(select|with)\s/i;
const BEGIN: Record<TransactionMode, string> = {
  write: "BEGIN IMMEDIATE",
  read: "BEGIN TRANSACTION READONLY",
  deferred: "BEGIN DEFERRED",
};

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

  async transaction(mode: TransactionMode = "write"): Promise<Transaction> {
    if (this.inner.closed) return this.inner.transaction(mode);
    const conn = this.#idle.pop() ?? this.#connect(false);
    try {
      if (mode === "write") await this.#beginWrite(conn);
      else conn.db.exec(BEGIN[mode]);
    } catch (e) {
      this.#release(conn);
      throw libsqlError(e);
    }
    return new EmbeddedTransaction(conn, () => this.#release(conn));
  }

  /**
   * BEGIN IMMEDIATE with a short busy wait, retried after a pause until the client's timeout. SQLite's
   * busy wait blocks the event loop: a long one in this process can wait out a write lock held by a
   * transaction of this same process, which cannot reach its COMMIT meanwhile, and starves another process's
   * writer of turns (two instances over one file, tests/ops/failover.test.ts).
   */
  async #beginWrite(conn: PreparedConnection) {
    const deadline = performance.now() + this.timeoutMs;
    conn.db.exec(`PRAGMA busy_timeout = ${BEGIN_WAIT_MS}`);
    try {
      for (let pause = 1;; pause = Math.min(pause * 2, MAX_PAUSE_MS)) {
        try {
          return conn.db.exec(BEGIN.write);
        } catch (e) {
          const busy = (Number((e as { rawCode?: unknown }).rawCode) & 0xff) === SQLITE_BUSY;
          if (!busy || performance.now() >= deadline) throw e;
        }
        await new Promise((r) => setTimeout(r, pause * (0.5 + Math.random())));
      }
    } finally {
      conn.db.exec(`PRAGMA busy_timeout = ${this.timeoutMs}`);
    }
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
