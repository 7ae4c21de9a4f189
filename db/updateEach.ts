/**
 * Many rows of a table set to their own values in one short UPDATE: each row is `[id, value…]` for
 * `columns` in order, passed as one JSON argument. A kill agenda day can renumber hundreds of lots; a
 * statement with a CASE per row took longer to build and prepare than to run. `same` sets columns every
 * row shares.
 */
import { type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";

type Runs = { run(query: SQL): Promise<unknown> };

export async function updateEach(
  tx: Runs,
  table: SQLiteTable & { id: SQLiteColumn },
  columns: readonly SQLiteColumn[],
  rows: readonly (readonly (number | string)[])[],
  same: readonly (readonly [SQLiteColumn, number])[] = [],
): Promise<void> {
  if (!rows.length) return;
  const sets = [
    ...columns.map((c, i) => sql`${sql.identifier(c.name)} = j.value ->> ${sql.raw(String(i + 1))}`),
    ...same.map(([c, value]) => sql`${sql.identifier(c.name)} = ${value}`),
  ];
  await tx.run(
    sql`UPDATE ${table} SET ${sql.join(sets, sql`, `)} FROM json_each(${JSON.stringify(rows)}) AS j
      WHERE ${table.id} = j.value ->> 0`,
  );
}
