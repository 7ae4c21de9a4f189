/**
 * A row saved from its form (a setting, a catalogue entry): inserted when there is no current row, else
 * updated, with the stamps such tables carry (lastModified strictly later than the one the form was read
 * at; createdAt once and modifiedBy, where the table has them) and its audit entry ("create" with the
 * values, "update" with what changed). The stale-write check (`assertUnchanged`) stays with the caller,
 * which reads `current`.
 */
import { eq, getTableColumns } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { displayName, savedEntry } from "./audit.ts";
import { nextModified } from "./context.ts";
import type { Unit } from "./types.ts";

/** A table with a numeric id and a lastModified stamp. */
type StampedTable = SQLiteTable & { id: SQLiteColumn; lastModified: SQLiteColumn };
type RowOf<T extends StampedTable> = T["$inferSelect"] & { id: number; lastModified: string | null };
/** What the form sets: every column but the id and the stamps, which this function writes. */
type ValuesOf<T extends StampedTable> = Omit<
  T["$inferInsert"],
  "id" | "createdAt" | "lastModified" | "modifiedBy"
>;

export async function saveRow<T extends StampedTable>(
  unit: Unit,
  table: T,
  saved:
    & {
      /** the audit trail's name for the record */
      entity: string;
      /** what a "create" entry records, when more than the values (the lines, the codes) */
      after?: unknown;
      /** the audit's word for a change with a name of its own ("archive", "restore") */
      action?: string;
    }
    & (
      /** the row as it stands (read in this unit), or null for a new one, which needs every value */
      | { current: RowOf<T> | null; values: ValuesOf<T> }
      | { current: RowOf<T>; values: Partial<ValuesOf<T>> }
    ),
): Promise<RowOf<T>> {
  const { entity, current, values } = saved;
  const now = nextModified(current?.lastModified);
  const columns = getTableColumns(table);
  const stamps = {
    lastModified: now,
    ...("modifiedBy" in columns ? { modifiedBy: displayName(unit.ctx.caller) } : {}),
  };
  const created = "createdAt" in columns ? { createdAt: now } : {};
  // drizzle cannot check a set or insert against a table known only by its shape; ValuesOf does above
  const [row] =
    (current
      ? await unit.tx.update(table).set({ ...values, ...stamps } as never).where(eq(table.id, current.id))
        .returning()
      : await unit.tx.insert(table).values({ ...values, ...stamps, ...created } as never)
        .returning()) as unknown as RowOf<T>[];
  const changed = savedEntry(current as Record<string, unknown> | null, values, saved.after ?? values);
  await unit.audit({
    entity,
    entityId: row.id,
    ...changed,
    ...(saved.action ? { action: saved.action } : {}),
  });
  return row;
}
