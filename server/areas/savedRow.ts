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
/** The columns this function writes itself. */
type StampKey = "id" | "createdAt" | "lastModified" | "modifiedBy";
type SavedRow = { id: number; lastModified: string | null };
type Saved<Row, Values> =
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
    | { current: Row | null; values: Values }
    | { current: Row; values: Partial<Values> }
  );

/**
 * Typed for the caller by the table's own row and insert types; drizzle checks a set or an insert only
 * against a concrete table, so the body below writes through the table's wide type.
 */
export function saveRow<Row extends SavedRow, Insert>(
  unit: Unit,
  table: StampedTable & { $inferSelect: Row; $inferInsert: Insert },
  saved: Saved<NoInfer<Row>, Omit<NoInfer<Insert>, StampKey>>,
): Promise<Row>;
export async function saveRow(
  unit: Unit,
  table: StampedTable,
  saved: Saved<SavedRow & Record<string, unknown>, Record<string, unknown>>,
): Promise<StampedTable["$inferSelect"]> {
  const { entity, current, values } = saved;
  const now = nextModified(current?.lastModified);
  const columns = getTableColumns(table);
  const stamps = {
    lastModified: now,
    ...("modifiedBy" in columns ? { modifiedBy: displayName(unit.ctx.caller) } : {}),
  };
  const created = "createdAt" in columns ? { createdAt: now } : {};
  const [row] = current
    ? await unit.tx.update(table).set({ ...values, ...stamps }).where(eq(table.id, current.id)).returning()
    : await unit.tx.insert(table).values({ ...values, ...stamps, ...created }).returning();
  const changed = savedEntry(current, values, saved.after ?? values);
  await unit.audit({
    entity,
    entityId: row.id,
    ...changed,
    ...(saved.action ? { action: saved.action } : {}),
  });
  return row;
}
