/**
 * The guard of a demo seed that fills a plant's tables: the demo plant data is a processor's, and it is
 * made once (the table the seed fills already holding a row means the seed ran).
 */
import { sql } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { DemoTenant } from "./area.ts";

/** True when the tenant is a processor and `table` is still empty. */
export async function processorSeedDue(
  { db, category }: Pick<DemoTenant, "db" | "category">,
  table: SQLiteTable,
): Promise<boolean> {
  if (category !== "processor") return false;
  return !(await db.select({ one: sql`1` }).from(table).limit(1)).length;
}
