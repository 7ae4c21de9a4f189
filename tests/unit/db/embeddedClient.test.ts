/**
 * The embedded database's client (db/embeddedClient.ts) answers exactly what @libsql/client answers: the
 * same drizzle results for selects with joins (repeated column names), raw `db.all` rows by column name,
 * integers as numbers and the same error for one a number cannot hold; transactions commit, roll back
 * (savepoints too) and fail with SQLite's codes; a read sees what was committed a moment before.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { eq, sql } from "drizzle-orm";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { EmbeddedClient } from "../../../db/embeddedClient.ts";

const owners = sqliteTable("owners", {
  id: integer("id").primaryKey(),
  name: text("name").notNull(),
  active: integer("active", { mode: "boolean" }).notNull(),
});
const pets = sqliteTable("pets", {
  id: integer("id").primaryKey(),
  ownerId: integer("owner_id").notNull(),
  name: text("name").notNull(),
});

let dir: string;
let fast: EmbeddedClient;
let plain: ReturnType<typeof createClient>;

beforeAll(async () => {
  dir = await Deno.makeTempDir();
  const url = `file:${dir}/t.db`;
  plain = createClient({ url });
  await plain.execute("PRAGMA journal_mode = WAL");
  await plain.executeMultiple(`
    CREATE TABLE owners (id INTEGER PRIMARY KEY, name TEXT NOT NULL, active INTEGER NOT NULL);
    CREATE TABLE pets (id INTEGER PRIMARY KEY, owner_id INTEGER NOT NULL, name TEXT NOT NULL);
    INSERT INTO owners VALUES (1, 'Ann', 1), (2, 'Bob', 0);
    INSERT INTO pets VALUES (10, 1, 'Rex'), (11, 1, 'Tip'), (12, 2, 'Moss');
  `);
  fast = new EmbeddedClient(createClient({ url }), `${dir}/t.db`, 1000);
});
afterAll(async () => {
  fast.close();
  plain.close();
  await Deno.remove(dir, { recursive: true });
});

describe("fast reads", () => {
  test("a select with a join answers what @libsql/client answers (both tables have an id)", async () => {
    const query = (client: EmbeddedClient | typeof plain) =>
      drizzle(client).select({ owner: owners, pet: { id: pets.id, name: pets.name } }).from(pets)
        .innerJoin(owners, eq(owners.id, pets.ownerId)).where(eq(owners.active, true)).orderBy(pets.id);
    const expected = await query(plain);
    expect(expected).toEqual([
      { owner: { id: 1, name: "Ann", active: true }, pet: { id: 10, name: "Rex" } },
      { owner: { id: 1, name: "Ann", active: true }, pet: { id: 11, name: "Tip" } },
    ]);
    expect(await query(fast)).toEqual(expected);
    expect(await query(fast)).toEqual(expected); // the kept statement, run again
  });

  test("raw rows carry each column name once, its first value, beside the values by index", async () => {
    const q = sql`SELECT p.id, o.id, p.name, 1 AS "1", 2 AS length FROM pets p
      JOIN owners o ON o.id = p.owner_id ORDER BY p.id`;
    const [row] = await drizzle(fast).all<Record<string, unknown>>(q);
    const [expected] = await drizzle(plain).all<Record<string, unknown>>(q);
    // @libsql/client, too, leaves out names a row keeps for itself (an index, its length)
    expect(expected).toEqual({ id: 10, name: "Rex" });
    // here the row's indices come along (documented in db/embeddedClient.ts): read raw rows by name
    expect(row).toEqual({ ...expected, 0: 10, 1: 1, 2: "Rex", 3: 1, 4: 2 });
  });

  test("an integer a number cannot hold is refused as @libsql/client refuses it", async () => {
    const big = "SELECT 9007199254740993 AS n";
    await expect(plain.execute(big)).rejects.toThrow(RangeError);
    await expect(fast.execute(big)).rejects.toThrow(RangeError);
    expect((await fast.execute("SELECT 9007199254740991 AS n")).rows[0].n).toBe(9007199254740991);
  });

  test("a read sees what was just committed; a transaction's writes are its own until it commits", async () => {
    const db = drizzle(fast);
    await db.insert(owners).values({ id: 3, name: "Cy", active: true });
    expect(await db.select({ name: owners.name }).from(owners).where(eq(owners.id, 3))).toEqual([{
      name: "Cy",
    }]);
    await db.transaction(async (tx) => {
      await tx.update(owners).set({ name: "Cyd" }).where(eq(owners.id, 3));
      // inside the transaction its own write is seen; outside, not yet
      expect(await tx.select({ name: owners.name }).from(owners).where(eq(owners.id, 3))).toEqual([{
        name: "Cyd",
      }]);
      expect(await db.select({ name: owners.name }).from(owners).where(eq(owners.id, 3))).toEqual([{
        name: "Cy",
      }]);
    });
    expect(await db.select({ name: owners.name }).from(owners).where(eq(owners.id, 3))).toEqual([{
      name: "Cyd",
    }]);
  });

  test("a write that returns rows is never run on the read connection", async () => {
    const db = drizzle(fast);
    const [row] = await db.insert(owners).values({ id: 4, name: "Di", active: false }).returning();
    expect(row).toEqual({ id: 4, name: "Di", active: false });
    // a read-looking statement that writes fails on the read-only connection and is run by @libsql/client
    const res = await fast.execute("WITH x AS (SELECT 5 AS id) INSERT INTO owners SELECT id, 'Ed', 1 FROM x");
    expect(res.rowsAffected).toBe(1);
    expect((await fast.execute("SELECT name FROM owners WHERE id = 5")).rows[0].name).toBe("Ed");
  });

  test("a bad statement fails with @libsql/client's own error", async () => {
    const err = await fast.execute("SELECT nope FROM owners").catch((e) => e);
    expect(err.code).toBe("SQLITE_ERROR");
    expect(err.message).toMatch(/no such column: nope/);
  });

  test("a transaction that fails leaves nothing; a savepoint rolls back alone", async () => {
    const db = drizzle(fast);
    await expect(db.transaction(async (tx) => {
      await tx.insert(owners).values({ id: 20, name: "Gone", active: true });
      throw new Error("changed my mind");
    })).rejects.toThrow("changed my mind");
    expect(await db.select().from(owners).where(eq(owners.id, 20))).toEqual([]);
    await db.transaction(async (tx) => {
      await tx.insert(owners).values({ id: 21, name: "Kept", active: true });
      await expect(tx.transaction(async (inner) => {
        await inner.insert(owners).values({ id: 22, name: "Inner", active: true });
        throw new Error("inner fails");
      })).rejects.toThrow("inner fails");
    });
    expect((await db.select({ id: owners.id }).from(owners).where(eq(owners.active, true))).map((o) => o.id))
      .toContain(21);
    expect(await db.select().from(owners).where(eq(owners.id, 22))).toEqual([]);
  });

  test("a broken rule in a transaction fails as @libsql/client fails, and the client goes on", async () => {
    const db = drizzle(fast);
    const err = await db.transaction(async (tx) => {
      await tx.insert(owners).values({ id: 30, name: "Once", active: true });
      await tx.insert(owners).values({ id: 30, name: "Twice", active: true });
    }).catch((e) => e);
    const cause = err.cause ?? err;
    expect(cause.code).toBe("SQLITE_CONSTRAINT");
    expect(cause.extendedCode).toBe("SQLITE_CONSTRAINT_PRIMARYKEY");
    expect(await db.select().from(owners).where(eq(owners.id, 30))).toEqual([]);
    const [row] = await db.transaction((tx) =>
      tx.insert(owners).values({ id: 31, name: "After", active: false }).returning({ id: owners.id })
    );
    expect(row).toEqual({ id: 31 });
  });

  test("the data version moves at once on this client's own writes, and within a millisecond on another's", async () => {
    const first = fast.dataVersion();
    expect(fast.dataVersion()).toBe(first);
    await fast.execute({ sql: "UPDATE owners SET name = ? WHERE id = 1", args: ["Ann B"] });
    const afterWrite = fast.dataVersion();
    expect(afterWrite).not.toBe(first);
    const tx = await fast.transaction("write");
    await tx.execute({ sql: "UPDATE owners SET name = ? WHERE id = 1", args: ["Ann C"] });
    await tx.commit();
    const afterTransaction = fast.dataVersion();
    expect(afterTransaction).not.toBe(afterWrite);
    // another connection (another program): seen once the last reading is a millisecond old
    await plain.execute({ sql: "UPDATE owners SET name = ? WHERE id = 1", args: ["Ann"] });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(fast.dataVersion()).not.toBe(afterTransaction);
  });
});
