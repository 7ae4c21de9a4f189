/**
 * The demo's reference tables (market prices, budget) as files, like an upload: the demo seed writes
 * their rows before any storage exists (seeds get a database only), so once the app's services are up
 * each table still without a file gets its CSV stored through the storage area's exported upload (a
 * blob_files row and its audit entry, under data/roi/) and its blobReference set. Run as the demo's super
 * user; a table that has its file is left alone, so a restart writes nothing.
 */
import { eq } from "drizzle-orm";
import { roiDataTables } from "../../../../db/tenant/schema.ts";
import type { AreaContext } from "../../context.ts";
import { toCsv } from "../../csv.ts";
import { parseTenantReference, uploadTenantBlob } from "../../storage/files/operations.ts";
import { REFERENCE_MAX_BYTES } from "./operations.ts";

/** Stores the file of every table that has none; answers how many it stored. */
export async function storeDemoReferenceFiles(ctx: AreaContext): Promise<number> {
  const missing = (await ctx.db.select().from(roiDataTables)).filter((t) => !t.blobReference);
  for (const table of missing) {
    const ref = parseTenantReference(
      `tenant-${ctx.tenantId}/data/roi/reference-demo-${table.id}.csv`,
      ctx.tenantId,
    );
    if (!ref.ok) throw new Error(ref.message);
    const text = toCsv(table.columnNames, table.rows.map((r) => table.columnNames.map((c) => r[c] ?? "")));
    await uploadTenantBlob(ctx, ref.value, new Blob([text]).stream(), {
      fileName: table.fileName,
      contentType: "text/csv",
      maxBytes: REFERENCE_MAX_BYTES,
    }, { savePublisher: false, publishedAt: null });
    await ctx.write(async (tx) => {
      await tx.update(roiDataTables).set({ blobReference: ref.value.key })
        .where(eq(roiDataTables.id, table.id));
    });
  }
  return missing.length;
}
