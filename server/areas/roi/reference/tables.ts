/** The tenant's uploaded ROI tables (UploadData and ReferenceData), parsed, by id. */
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
