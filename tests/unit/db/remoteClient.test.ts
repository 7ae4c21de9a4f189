/**
 * A libSQL server's client (db/remoteClient.ts): a write transaction whose BEGIN the server refuses as
 * busy is opened again and its first statements sent again, until the timeout; a statement's own failure
 * is never retried. The client under it stands for @libsql/client's Hrana client, which sends the BEGIN
 * with the first statements and closes the transaction when that BEGIN fails.
 */
import { describe, expect, test } from "vitest";
import { type Client, LibsqlError, type ResultSet, type Transaction } from "@libsql/client";
import { isBusy, retryingBusyBegin } from "../../../db/remoteClient.ts";

const busy = () => new LibsqlError("SQLite error: database is locked", "SQLITE_BUSY");
const result = { rows: [], columns: [] } as unknown as ResultSet;

/** A server whose first `refusals` BEGINs are busy; `failing` makes a begun statement fail busy itself. */
function server(refusals: number, failing = false) {
  const sent: string[] = [];
  let begins = 0;
  const transaction = (mode: string): Transaction => {
    let begun = false;
    const tx = {
      closed: false,
      execute(stmt: { sql: string } | string) {
        const sql = typeof stmt === "string" ? stmt : stmt.sql;
        if (!begun) {
          begun = true;
          if (begins++ < refusals) {
            tx.closed = true;
            return Promise.reject(busy());
          }
        }
        sent.push(`${mode}: ${sql}`);
        return failing ? Promise.reject(busy()) : Promise.resolve(result);
      },
      commit: () => Promise.resolve(),
      close: () => void (tx.closed = true),
    };
    return tx as unknown as Transaction;
  };
  const client = { transaction: (mode = "write") => Promise.resolve(transaction(mode)) } as unknown as Client;
  return { client, sent, begins: () => begins };
}

describe("a write transaction over a libSQL server", () => {
  test("a busy BEGIN is tried again: the first statement runs once, in the transaction that began", async () => {
    const s = server(3);
    const tx = await retryingBusyBegin(s.client, 5000).transaction("write");
    expect(await tx.execute("UPDATE t SET n = 1")).toBe(result);
    await tx.execute("UPDATE t SET n = 2");
    await tx.commit();
    expect(s.begins()).toBe(4);
    expect(s.sent).toEqual(["write: UPDATE t SET n = 1", "write: UPDATE t SET n = 2"]);
  });

  test("past the timeout the busy error is the answer", async () => {
    const s = server(Infinity);
    const tx = await retryingBusyBegin(s.client, 0).transaction("write");
    await expect(tx.execute("UPDATE t SET n = 1")).rejects.toSatisfy(isBusy);
    expect(s.begins()).toBe(1);
  });

  test("a statement's own failure in a begun transaction is not sent again", async () => {
    const s = server(0, true);
    const tx = await retryingBusyBegin(s.client, 5000).transaction("write");
    await expect(tx.execute("UPDATE t SET n = 1")).rejects.toSatisfy(isBusy);
    expect(s.sent).toEqual(["write: UPDATE t SET n = 1"]);
  });

  test("a read transaction is the client's own", async () => {
    const s = server(1);
    const tx = await retryingBusyBegin(s.client, 5000).transaction("read");
    await expect(tx.execute("SELECT 1")).rejects.toSatisfy(isBusy);
  });
});
