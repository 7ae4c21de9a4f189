/**
 * A long read as one JSON text per row. The libSQL driver hands each row to JavaScript cell by cell (a
 * native call and a value each), which on a 300-row, 30-column join took eight times what SQLite took to
 * find the rows; `json_array` gives one string per row and JSON.parse reads it natively. Only for
 * columns JSON holds exactly: integers, text, booleans, timestamps and JSON text. A REAL would be
 * printed with 15 digits (0.30000000000000004 reads back as 0.3), so real, numeric and blob columns are
 * refused when the fields are first used.
 */
import { is, type SQL, sql } from "drizzle-orm";
import { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { LibSQLDatabase } from "drizzle-orm/libsql";

type Field = SQLiteColumn | SQL<unknown>;
type Fields = Record<string, Field>;

/** A field's value: a column's data (null when it is nullable), an SQL's declared type. */
type ValueOf<F> = F extends SQLiteColumn
  ? F["_"]["notNull"] extends true ? F["_"]["data"] : F["_"]["data"] | null
  : F extends SQL<infer T> ? T
  : never;
/** Fields of a table that may be missing (a left join) are null then. */
export type JsonRow<F extends Fields, Optional extends Fields = Record<never, never>> =
  & { [K in keyof F]: ValueOf<F[K]> }
  & { [K in keyof Optional]: ValueOf<Optional[K]> | null };

const EXACT = new Set(["SQLiteInteger", "SQLiteText", "SQLiteBoolean", "SQLiteTimestamp", "SQLiteTextJson"]);

interface Plan {
  names: string[];
  /** each field's decoder; null where the JSON value is the value already */
  decoders: (((value: unknown) => unknown) | null)[];
  select: SQL;
}
const plans = new WeakMap<Fields, WeakMap<Fields, Plan>>();

function planOf(fields: Fields, optional: Fields): Plan {
  let byOptional = plans.get(fields);
  if (!byOptional) plans.set(fields, byOptional = new WeakMap());
  const known = byOptional.get(optional);
  if (known) return known;
  const all = Object.entries({ ...fields, ...optional });
  const decoders = all.map(([name, field]) => {
    if (!is(field, SQLiteColumn)) {
      const decoder = (field as unknown as { decoder: { mapFromDriverValue(v: unknown): unknown } }).decoder;
      return (value: unknown) => decoder.mapFromDriverValue(value);
    }
    if (!EXACT.has(field.columnType)) {
      throw new TypeError(`jsonRows: ${name} (${field.columnType}) does not survive JSON exactly`);
    }
    if (field.columnType === "SQLiteInteger" || field.columnType === "SQLiteText") return null;
    return (value: unknown) => field.mapFromDriverValue(value as never);
  });
  const plan = {
    names: all.map(([name]) => name),
    decoders,
    select: sql`select json_array(${sql.join(all.map(([, f]) => f), sql`, `)})`,
  };
  byOptional.set(optional, plan);
  return plan;
}

/**
 * `select <fields> <rest>` as objects named as the fields, decoded as drizzle decodes them. `rest` is the
 * query after the select list (from, joins, where, order by, limit); `optional` are fields of a table
 * that may be missing.
 */
export async function jsonRows<F extends Fields, O extends Fields = Record<never, never>>(
  // deno-lint-ignore no-explicit-any
  db: Pick<LibSQLDatabase<any>, "values">,
  fields: F,
  rest: SQL,
  optional?: O,
): Promise<JsonRow<F, O>[]> {
  const { names, decoders, select } = planOf(fields, optional ?? NONE);
  const raw = await db.values<[string]>(sql`${select} ${rest}`);
  const rows = new Array<JsonRow<F, O>>(raw.length);
  for (let r = 0; r < raw.length; r++) {
    const values = JSON.parse(raw[r][0]) as unknown[];
    const row: Record<string, unknown> = {};
    for (let i = 0; i < names.length; i++) {
      const value = values[i];
      const decode = decoders[i];
      row[names[i]] = value === null || !decode ? value : decode(value);
    }
    rows[r] = row as JsonRow<F, O>;
  }
  return rows;
}

const NONE: Fields = {};

/**
 * `column IN (…)` with the list as one JSON argument: one statement text for any length (kept prepared),
 * and no parameter for drizzle to build per id (a 300-lot day spent longer building its IN lists than
 * running them).
 */
export const inJsonList = (column: SQLiteColumn, values: readonly (number | string)[]): SQL =>
  sql`${column} in (select value from json_each(${JSON.stringify(values)}))`;
