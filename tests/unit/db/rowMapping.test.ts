/**
 * db/rowMapping.ts maps drizzle's rows exactly as drizzle's own `mapResultRow` does: flat and nested
 * selections, inner and left joins (a missing joined row becomes null, a present one with null columns
 * does not), SQL fields with their decoders, booleans, JSON and timestamps, `.get()` and batches; and
 * db/jsonRows.ts reads the same values through one JSON text per row.
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import { createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import * as drizzleOrm from "drizzle-orm";
import { asc, eq, sql } from "drizzle-orm";
import { integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { jsonRows } from "../../../db/jsonRows.ts";
import { installRowMapping, rowMapper } from "../../../db/rowMapping.ts";

const owners = sqliteTable("owners", {
  id: integer("id").primaryKey(),
  name: text("name").notNull(),
  active: integer("active", { mode: "boolean" }).notNull(),
  tags: text("tags", { mode: "json" }).$type<string[]>(),
  since: integer("since", { mode: "timestamp" }),
});
const pets = sqliteTable("pets", {
  id: integer("id").primaryKey(),
  ownerId: integer("owner_id"),
  name: text("name"),
});
/** drizzle's own mapping (exported, not in its types) */
const { mapResultRow } = drizzleOrm as unknown as {
  mapResultRow(fields: unknown, row: unknown[], joins?: Record<string, boolean>): unknown;
};
const toys = sqliteTable("toys", {
  id: integer("id").primaryKey(),
  petId: integer("pet_id"),
  kind: text("kind"),
});

let dir: string;
let client: ReturnType<typeof createClient>;
let db: ReturnType<typeof drizzle>;

beforeAll(async () => {
  installRowMapping();
  dir = await Deno.makeTempDir();
  client = createClient({ url: `file:${dir}/t.db` });
  await client.executeMultiple(`
    CREATE TABLE owners (id INTEGER PRIMARY KEY, name TEXT NOT NULL, active INTEGER NOT NULL, tags TEXT, since INTEGER);
    CREATE TABLE pets (id INTEGER PRIMARY KEY, owner_id INTEGER, name TEXT);
    CREATE TABLE toys (id INTEGER PRIMARY KEY, pet_id INTEGER, kind TEXT);
    INSERT INTO owners VALUES (1, 'Ann', 1, '["a","b"]', 1700000000), (2, 'Bob', 0, NULL, NULL), (3, 'Cy', 1, '[]', 0);
    INSERT INTO pets VALUES (10, 1, 'Rex'), (11, 1, NULL), (12, 2, 'Moss'), (13, 9, 'Lost');
    INSERT INTO toys VALUES (100, 10, 'ball'), (101, 12, NULL);
  `);
  db = drizzle(client);
});

afterAll(async () => {
  client.close();
  await Deno.remove(dir, { recursive: true });
});

/** What drizzle's own mapping makes of the query's rows, beside what the query answers now. */
async function both(query: PromiseLike<unknown>) {
  const prepared = (query as unknown as { _prepare(): unknown })._prepare() as {
    fields: Parameters<typeof rowMapper>[0];
    joinsNotNullableMap?: Record<string, boolean>;
    values(): Promise<ArrayLike<unknown>[]>;
  };
  const raw = await prepared.values();
  const drizzles = raw.map((row) =>
    mapResultRow(prepared.fields, Array.from(row), prepared.joinsNotNullableMap)
  );
  const ours = raw.map(rowMapper(prepared.fields, prepared.joinsNotNullableMap));
  expect(ours).toEqual(drizzles);
  expect(await query).toEqual(drizzles);
  return drizzles;
}

test("a whole table: booleans, JSON and timestamps decoded", async () => {
  const q = db.select().from(owners).orderBy(asc(owners.id));
  const rows = await both(q) as { active: boolean; tags: unknown; since: Date | null }[];
  expect(rows[0]).toMatchObject({ active: true, tags: ["a", "b"] });
  expect(rows[0].since).toBeInstanceOf(Date);
  expect(rows[1]).toMatchObject({ active: false, tags: null, since: null });
});

test("nested selections over left joins: a missing row is null, null columns of a found row are not", async () => {
  const q = db.select({ owner: owners, pet: pets, toy: { id: toys.id, kind: toys.kind } }).from(pets)
    .leftJoin(owners, eq(owners.id, pets.ownerId))
    .leftJoin(toys, eq(toys.petId, pets.id))
    .orderBy(asc(pets.id));
  const rows = await both(q) as { owner: unknown; pet: { name: string | null }; toy: unknown }[];
  expect(rows.map((r) => r.owner === null)).toEqual([false, false, false, true]);
  expect(rows.map((r) => r.toy === null)).toEqual([false, true, false, true]);
  expect(rows[1].pet.name).toBeNull();
  expect(rows[2].toy).toEqual({ id: 101, kind: null });
});

test("inner joins, SQL fields with decoders, flat and nested fields mixed, mixed tables in one object", async () => {
  const q = db.select({
    name: owners.name,
    petCount: sql<number>`(select count(*) from pets where pets.owner_id = ${owners.id})`.mapWith(Number),
    label: sql<string>`upper(${owners.name})`,
    both: { pet: pets.name, owner: owners.name, active: owners.active },
  }).from(owners).innerJoin(pets, eq(pets.ownerId, owners.id)).orderBy(asc(pets.id));
  const rows = await both(q);
  expect(rows[0]).toEqual({
    name: "Ann",
    petCount: 2,
    label: "ANN",
    both: { pet: "Rex", owner: "Ann", active: true },
  });
});

test(".get(), an empty answer and a batch", async () => {
  const one = db.select({ id: owners.id, active: owners.active }).from(owners).where(eq(owners.id, 2));
  expect(await one.get()).toEqual({ id: 2, active: false });
  expect(await db.select().from(owners).where(eq(owners.id, 99)).get()).toBeUndefined();
  const [a, b] = await db.batch([
    db.select({ id: pets.id, owner: { name: owners.name } }).from(pets).leftJoin(
      owners,
      eq(owners.id, pets.ownerId),
    )
      .where(eq(pets.id, 13)),
    db.select().from(toys).orderBy(asc(toys.id)),
  ]);
  expect(a).toEqual([{ id: 13, owner: null }]);
  expect(b).toEqual([{ id: 100, petId: 10, kind: "ball" }, { id: 101, petId: 12, kind: null }]);
});

test("jsonRows reads the same values as drizzle, a missing joined row's fields null, and refuses a REAL", async () => {
  const fields = {
    id: pets.id,
    name: pets.name,
    owner: owners.name,
    active: owners.active,
    tags: owners.tags,
  };
  const optional = {
    since: owners.since,
    count: sql<number>`(select count(*) from toys where pet_id = ${pets.id})`,
  };
  const rows = await jsonRows(
    db,
    fields,
    sql`from ${pets} left join ${owners} on ${owners.id} = ${pets.ownerId} order by ${pets.id}`,
    optional,
  );
  const viaDrizzle = await db.select({ ...fields, ...optional }).from(pets).leftJoin(
    owners,
    eq(owners.id, pets.ownerId),
  )
    .orderBy(asc(pets.id));
  expect(rows).toEqual(viaDrizzle);
  expect(rows[0]).toMatchObject({ active: true, tags: ["a", "b"], count: 1 });
  expect(rows[0].since).toBeInstanceOf(Date);
  expect(rows[3]).toMatchObject({ owner: null, active: null, since: null });
  const prices = sqliteTable("prices", { id: integer("id").primaryKey(), amount: real("amount") });
  await expect(jsonRows(db, { amount: prices.amount }, sql`from ${prices}`)).rejects.toThrow(
    /does not survive JSON/,
  );
});
