/**
 * A row saved from its form (a setting, a catalogue entry): inserted when there is no current row, else
 * updated, with the stamps every such table carries (createdAt once, lastModified strictly later than
 * the one the form was read at) and its audit entry ("create" with the values, "update" with what
 * changed). The stale-write check (`assertUnchanged`) stays with the caller, which reads `current`.
 */
import { eq } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { savedEntry } from "./audit.ts";
import { nextModified } from "./context.ts";
import type { Unit } from "./types.ts";

/** A table with a numeric id and the two stamps. */
type StampedTable = SQLiteTable & { id: SQLiteColumn; createdAt: SQLiteColumn; lastModified: SQLiteColumn };
type RowOf<T extends StampedTable> = T["$inferSelect"] & { id: number; lastModified: string | null };
/** What the form sets: every column but the id and the stamps, which this function writes. */
type ValuesOf<T extends StampedTable> = Omit<T["$inferInsert"], "id" | "createdAt" | "lastModified">;

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
  // drizzle cannot check a set or insert against a table known only by its shape; ValuesOf does above
  const [row] = (current
    ? await unit.tx.update(table).set({ ...values, lastModified: now } as never)
      .where(eq(table.id, current.id)).returning()
    : await unit.tx.insert(table).values({ ...values, createdAt: now, lastModified: now } as never)
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
