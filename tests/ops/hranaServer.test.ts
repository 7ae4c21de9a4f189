/** The libSQL server stand-in (tests/helpers/hranaServer.ts) speaks Hrana as @libsql/client expects it. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, createClient } from "@libsql/client";
import { type HranaServer, startHranaServer } from "../helpers/hranaServer.ts";

let dir: string;
const servers: HranaServer[] = [];

beforeAll(async () => {
  dir = await Deno.makeTempDir({ prefix: "hrana-" });
});
afterAll(async () => {
  for (const s of servers) await s.close();
  await Deno.remove(dir, { recursive: true });
});

function standIn(versions: 2 | 3, authToken?: string) {
  const server = startHranaServer({
    versions,
    authToken,
    fileOf: (ns) => (/^[a-z0-9-]+$/.test(ns) ? `${dir}/${ns}.db` : null),
  });
  servers.push(server);
  return server;
}

describe.each([2, 3] as const)("Hrana v%s", (versions) => {
  let server: HranaServer;
  let client: Client;
  beforeAll(() => {
    server = standIn(versions, "secret");
    client = createClient({ url: `${server.origin}/v${versions}-db/`, authToken: "secret" });
  });
  afterAll(() => client.close());

  it("executes, batches and keeps values as SQLite has them", async () => {
    await client.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT UNIQUE, kg REAL, pic BLOB)");
    const inserted = await client.execute({
      sql: "INSERT INTO t (name, kg, pic) VALUES (?, ?, ?)",
      args: ["a", 2, new Uint8Array([1, 2, 255])],
    });
    expect(inserted.rowsAffected).toBe(1);
    expect(Number(inserted.lastInsertRowid)).toBe(1);
    const results = await client.batch([
      { sql: "INSERT INTO t (name, kg) VALUES (:name, :kg)", args: { name: "b", kg: 1.5 } },
      "UPDATE t SET kg = kg + 1 RETURNING id",
      "SELECT id, name, kg, pic FROM t ORDER BY id",
    ], "write");
    expect(results[1].rowsAffected).toBe(2);
    const rows = results[2].rows;
    expect(rows.map((r) => [r.id, r.name, r.kg])).toEqual([[1, "a", 3], [2, "b", 2.5]]);
    expect([...new Uint8Array(rows[0].pic as ArrayBuffer)]).toEqual([1, 2, 255]);
    expect(results[2].columns).toEqual(["id", "name", "kg", "pic"]);
  });

  it("rolls back a failed batch and reports SQLite's error", async () => {
    await expect(
      client.batch(["INSERT INTO t (name) VALUES ('c')", "INSERT INTO t (name) VALUES ('a')"], "write"),
    )
      .rejects.toMatchObject({ code: "SQLITE_CONSTRAINT" });
    expect((await client.execute("SELECT count(*) AS n FROM t")).rows[0].n).toBe(2);
  });

  it("holds an interactive transaction across requests by its baton, apart from other streams", async () => {
    const tx = await client.transaction("write");
    await tx.execute("INSERT INTO t (name) VALUES ('in-tx')");
    expect((await tx.execute("SELECT count(*) AS n FROM t")).rows[0].n).toBe(3);
    // another stream does not see it until commit
    expect((await client.execute("SELECT count(*) AS n FROM t")).rows[0].n).toBe(2);
    await tx.batch(["UPDATE t SET kg = 9 WHERE name = 'in-tx'"]);
    await tx.commit();
    expect((await client.execute("SELECT kg FROM t WHERE name = 'in-tx'")).rows[0].kg).toBe(9);
    const rolled = await client.transaction("write");
    await rolled.execute("DELETE FROM t");
    await rolled.rollback();
    expect((await client.execute("SELECT count(*) AS n FROM t")).rows[0].n).toBe(3);
  });

  it("waits for a writer without blocking it, runs scripts and closes every stream", async () => {
    const tx = await client.transaction("write");
    await tx.execute("INSERT INTO t (name) VALUES ('first')");
    const second = client.execute("INSERT INTO t (name) VALUES ('second')");
    await tx.commit();
    await second;
    await client.executeMultiple("CREATE TABLE u (x); INSERT INTO u VALUES (1); INSERT INTO u VALUES (2);");
    expect((await client.execute("SELECT sum(x) AS s FROM u")).rows[0].s).toBe(3);
    await expect.poll(() => server.openStreams()).toBe(0);
  });
});

describe("namespaces and tokens", () => {
  it("keeps each namespace in its own file, refuses a wrong token and an unknown namespace", async () => {
    const server = standIn(3, "secret");
    const one = createClient({ url: `${server.origin}/one/`, authToken: "secret" });
    const two = createClient({ url: `${server.origin}/two/`, authToken: "secret" });
    await one.execute("CREATE TABLE only_here (x)");
    await expect(two.execute("SELECT * FROM only_here")).rejects.toThrow(/no such table/);
    const wrong = createClient({ url: `${server.origin}/one/`, authToken: "nope" });
    await expect(wrong.execute("SELECT 1")).rejects.toThrow(/401|auth/i);
    const missing = createClient({ url: `${server.origin}/No_Such/`, authToken: "secret" });
    await expect(missing.execute("SELECT 1")).rejects.toThrow(/404|does not exist/);
    for (const c of [one, two, wrong, missing]) c.close();
  });
});

describe("a statement the database refused as busy", () => {
  it("leaves no statement in progress to fail a later COMMIT on that connection", async () => {
    const server = standIn(3);
    const client = createClient({ url: `${server.origin}/busy/` });
    await client.execute("CREATE TABLE b (x)");
    // a read transaction's snapshot goes stale when another stream commits: its write is refused at once
    // (SQLITE_BUSY_SNAPSHOT), and SQLite leaves that statement un-reset
    const stale = await client.transaction("deferred");
    await stale.execute("SELECT count(*) FROM b");
    await client.execute("INSERT INTO b VALUES (1)");
    await expect(stale.execute("INSERT INTO b VALUES (2)")).rejects.toMatchObject({ code: "SQLITE_BUSY" });
    await stale.rollback();
    // the next transaction is served by a connection from the stand-in's pool
    const tx = await client.transaction("write");
    await tx.execute("INSERT INTO b VALUES (3)");
    await tx.commit();
    expect((await client.execute("SELECT group_concat(x) AS xs FROM b")).rows[0].xs).toBe("1,3");
    client.close();
  });
});
