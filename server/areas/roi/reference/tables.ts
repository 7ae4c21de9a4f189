/** The tenant's uploaded ROI tables (UploadData and ReferenceData), parsed, by id. */
import { sql } from "drizzle-orm";
import { roiDataTables } from "../../../../db/tenant/schema.ts";
import type { AreaContext } from "../../context.ts";
import type { DataTable } from "../sources/tables.ts";

export async function loadTables(ctx: AreaContext): Promise<Map<number, DataTable>> {
  const rows = await ctx.db.select({
    id: roiDataTables.id,
    category: roiDataTables.category,
    name: roiDataTables.name,
    reportDateFilter: roiDataTables.reportDateFilter,
    columnNames: roiDataTables.columnNames,
    rows: roiDataTables.rows,
  }).from(roiDataTables);
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * What the tables are now, in one short read: their count and latest change. Any upload, edit or delete
 * moves it, on whichever instance it was made, so a grid kept with it is never read from old tables.
 */
export async function tablesStamp(ctx: AreaContext): Promise<string> {
  const [row] = await ctx.db.select({
    count: sql<number>`count(*)`,
    latest: sql<string | null>`max(${roiDataTables.lastModified})`,
  }).from(roiDataTables);
  return `${row.count}:${row.latest ?? ""}`;
}
