/**
 * A client of a libSQL server (Hrana over HTTP) whose write transactions wait for the write lock: the
 * same bounded, asynchronous retry of a busy BEGIN as db/embeddedClient.ts `#beginWrite`. @libsql/client
 * sends a transaction's BEGIN with its first statements, in one batch whose statements run only if the
 * BEGIN succeeded; a BEGIN refused as busy closes the transaction. Then the first statements never ran, so
 * a new transaction is opened after a short pause and they are sent again, until the client's timeout.
 */
import type { Client, InStatement, ResultSet, Transaction, TransactionMode } from "@libsql/client";

/** The longest pause between tries (`#beginWrite`'s too). */
const MAX_PAUSE_MS = 25;

/** The client with busy write transactions retried at their start for up to `timeoutMs`. */
export function retryingBusyBegin(client: Client, timeoutMs: number): Client {
  return new Proxy(client, {
    get(target, key) {
      // the client's own methods on itself: @libsql/client's clients keep their state in #private fields
      const value = Reflect.get(target, key, target);
      if (key === "transaction") {
        return async (mode: TransactionMode = "write") => {
          const tx = await target.transaction(mode);
          return mode === "write" ? new RetryingTransaction(target, tx, timeoutMs) : tx;
        };
      }
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** SQLITE_BUSY (and its extended codes), as the server reports it. */
export function isBusy(error: unknown): boolean {
  const codes = [error, (error as { cause?: unknown })?.cause].map((e) => (e as { code?: unknown })?.code);
  return codes.some((code) => typeof code === "string" && code.startsWith("SQLITE_BUSY"));
}

class RetryingTransaction implements Transaction {
  #started = false;
  readonly #deadline: number;

  constructor(readonly client: Client, private tx: Transaction, timeoutMs: number) {
    this.#deadline = performance.now() + timeoutMs;
  }

  get closed(): boolean {
    return this.tx.closed;
  }

  /** The first statements, sent again in a new transaction while the BEGIN before them is busy. */
  async #first<T>(run: (tx: Transaction) => Promise<T>): Promise<T> {
    if (this.#started) return run(this.tx);
    for (let pause = 1;; pause = Math.min(pause * 2, MAX_PAUSE_MS)) {
      try {
        const result = await run(this.tx);
        this.#started = true;
        return result;
      } catch (error) {
        // a statement's own failure leaves the transaction open: only a refused BEGIN is tried again
        if (!isBusy(error) || !this.tx.closed || performance.now() >= this.#deadline) {
          this.#started = true;
          throw error;
        }
      }
      await new Promise((r) => setTimeout(r, pause * (0.5 + Math.random())));
      this.tx = await this.client.transaction("write");
    }
  }

  execute(stmt: InStatement): Promise<ResultSet> {
    return this.#first((tx) => tx.execute(stmt));
  }

  batch(stmts: InStatement[]): Promise<ResultSet[]> {
    return this.#first((tx) => tx.batch(stmts));
  }

  executeMultiple(sql: string): Promise<void> {
    return this.#first((tx) => tx.executeMultiple(sql));
  }

  rollback(): Promise<void> {
    return this.tx.rollback();
  }

  commit(): Promise<void> {
    return this.tx.commit();
  }

  close(): void {
    this.tx.close();
  }
}
