/**
 * Drizzle's rows made faster. drizzle-orm 0.45 maps every cell of a select through `mapResultRow`, which
 * asks `is(field, Column)` (a prototype walk) and the table's name again for each cell and walks the
 * path with an iterator: on a 300-row day of the kill agenda that was a fifth of a reorder's time. Here
 * the same decisions are taken once per query and every row is mapped with them; the rows come out
 * exactly as drizzle makes them (db/rowMapping.test.ts compares the two). Installed once, by db/client.ts.
 */
import { Column, getTableName, is, SQL, Subquery } from "drizzle-orm";
import { LibSQLPreparedQuery } from "drizzle-orm/libsql";
import { Buffer } from "node:buffer";

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}
interface SelectedField {
  path: string[];
  field: unknown;
}
type RowOut = Record<string, unknown>;

/** An SQL's decoder (drizzle marks it internal). */
const decoderOfSql = (s: unknown) => (s as { decoder: Decoder }).decoder;

/** The decoder drizzle picks for a selected field (its column, or the SQL's). */
function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  if (is(field, SQL)) return decoderOfSql(field);
  if (is(field, Subquery)) return decoderOfSql((field as unknown as { _: { sql: SQL } })._.sql);
  return decoderOfSql((field as { sql: SQL }).sql);
}

/** Selections this mapper takes: flat, or nested one level (deeper ones keep drizzle's mapping). */
const isShallow = (fields: readonly SelectedField[]) => fields.every((f) => f.path.length <= 2);

/** As drizzle passes each value: a blob as a Buffer. */
function normalized(value: unknown): unknown {
  return value instanceof ArrayBuffer ? Buffer.from(value) : value;
}

/**
 * The mapper of one flat or one-level nested selection (what this code base selects). A nested object of a joined table that may be missing becomes null when the first of
 * its columns is null, as drizzle decides it (only when all its columns come from that one table).
 */
export function rowMapper(
  fields: readonly SelectedField[],
  joinsNotNullableMap: Record<string, boolean> | undefined,
): (row: ArrayLike<unknown>) => RowOut {
  const count = fields.length;
  const decoders = fields.map((f) => decoderOf(f.field));
  const outer = fields.map((f) => f.path[0]);
  const inner = fields.map((f) => (f.path.length === 2 ? f.path[1] : null));
  // objects that become null: [name, index of the column that decides it]
  const nullable: [string, number][] = [];
  if (joinsNotNullableMap) {
    const first = new Map<string, { index: number; table: string; mixed: boolean }>();
    fields.forEach(({ path, field }, index) => {
      if (path.length !== 2 || !is(field, Column)) return;
      const table = getTableName(field.table);
      const seen = first.get(path[0]);
      if (!seen) first.set(path[0], { index, table, mixed: false });
      else if (seen.table !== table) seen.mixed = true;
    });
    for (const [name, { index, table, mixed }] of first) {
      if (!mixed && !joinsNotNullableMap[table]) nullable.push([name, index]);
    }
  }
  return (row) => {
    const out: RowOut = {};
    const values = new Array<unknown>(count);
    for (let i = 0; i < count; i++) {
      const raw = row[i];
      const value = raw === null ? null : decoders[i].mapFromDriverValue(normalized(raw));
      values[i] = value;
      const key = inner[i];
      if (key === null) {
        out[outer[i]] = value;
      } else {
        const node = (out[outer[i]] ??= {}) as RowOut;
        node[key] = value;
      }
    }
    for (const [name, index] of nullable) if (values[index] === null) out[name] = null;
    return out;
  };
}

type Query = {
  fields?: SelectedField[];
  customResultMapper?: unknown;
  joinsNotNullableMap?: Record<string, boolean>;
};

let installed = false;

/** Puts the mapper in drizzle's libSQL queries (relational queries keep their own mapping). */
export function installRowMapping() {
  if (installed) return;
  installed = true;
  const proto = LibSQLPreparedQuery.prototype as unknown as {
    mapAllResult(this: Query, rows: unknown, isFromBatch?: boolean): unknown;
    mapGetResult(this: Query, rows: unknown, isFromBatch?: boolean): unknown;
  };
  const all = proto.mapAllResult;
  const get = proto.mapGetResult;
  proto.mapAllResult = function (rows, isFromBatch) {
    if (!this.fields || this.customResultMapper || !isShallow(this.fields)) {
      return all.call(this, rows, isFromBatch);
    }
    const list = (isFromBatch ? (rows as { rows: ArrayLike<unknown>[] }).rows : rows) as ArrayLike<unknown>[];
    const map = rowMapper(this.fields, this.joinsNotNullableMap);
    const out = new Array<RowOut>(list.length);
    for (let i = 0; i < list.length; i++) out[i] = map(list[i]);
    return out;
  };
  proto.mapGetResult = function (rows, isFromBatch) {
    if (!this.fields || this.customResultMapper || !isShallow(this.fields)) {
      return get.call(this, rows, isFromBatch);
    }
    const list = (isFromBatch ? (rows as { rows: ArrayLike<unknown>[] }).rows : rows) as ArrayLike<unknown>[];
    return list[0] ? rowMapper(this.fields, this.joinsNotNullableMap)(list[0]) : undefined;
  };
}
