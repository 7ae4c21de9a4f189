/**
 * Uploaded ROI tables (spec 3 §7 reference data list / create multipart Reference+File / update id, name,
 * reportDateFilter / delete id): the CSV goes to the storage area (data/roi/…, through its exported
 * upload), its parsed rows to roi_data_tables. Any change stales the cached grids.
 */
import { asc, eq } from "drizzle-orm";
import { roiDataTables } from "../../../../db/tenant/schema.ts";
import { ApiError } from "../../../http/errors.ts";
import type { TenantDb } from "../../../../db/client.ts";
import { type AreaContext, nextModified, type TenantTx } from "../../context.ts";
import { displayName } from "../../audit.ts";
import { parseCsv } from "../../killFloor/csv.ts";
import {
  deleteTenantBlob,
  openTenantBlob,
  parseTenantReference,
  uploadTenantBlob,
} from "../../storage/files/operations.ts";
import { numericColumns } from "../sources/tables.ts";

const ENTITY = "roiDataTable";
export const REFERENCE_MAX_BYTES = 2 * 1024 * 1024;
const MAX_ROWS = 20_000;

export interface ReferenceDataItem {
  id: number;
  category: number;
  name: string;
  reportDateFilter: string | null;
  fileName: string;
  columnNames: string[];
  valueColumns: string[];
  rowCount: number;
  uploadedByName: string;
  lastModified: string;
}

type Row = typeof roiDataTables.$inferSelect;

function toItem(r: Row): ReferenceDataItem {
  return {
    id: r.id,
    category: r.category,
    name: r.name,
    reportDateFilter: r.reportDateFilter,
    fileName: r.fileName,
    columnNames: r.columnNames,
    valueColumns: numericColumns(r),
    rowCount: r.rows.length,
    uploadedByName: r.uploadedByName,
    lastModified: r.lastModified,
  };
}

export async function listReferenceData(ctx: AreaContext): Promise<ReferenceDataItem[]> {
  const rows = await ctx.db.select().from(roiDataTables).orderBy(
    asc(roiDataTables.category),
    asc(roiDataTables.name),
  );
  return rows.map(toItem);
}

async function findTable(db: TenantDb | TenantTx, id: number): Promise<Row> {
  const [row] = await db.select().from(roiDataTables).where(eq(roiDataTables.id, id));
  if (!row) throw ApiError.notFound("That reference table does not exist.");
  return row;
}

/** A CSV's header and rows; 400 in words when it has no header or no rows. */
export function tableOfCsv(text: string): { columnNames: string[]; rows: Record<string, string>[] } {
  const [header, ...body] = parseCsv(text);
  const columnNames = (header ?? []).map((h) => h.trim());
  if (!columnNames.length || columnNames.some((c) => !c)) {
    throw ApiError.validation([{ field: "File", message: "The file's first row must name every column." }]);
  }
  if (!body.length) {
    throw ApiError.validation([{ field: "File", message: "The file has no rows under its header." }]);
  }
  if (body.length > MAX_ROWS) {
    throw ApiError.validation([{ field: "File", message: `Use at most ${MAX_ROWS} rows.` }]);
  }
  return {
    columnNames,
    rows: body.map((cells) => Object.fromEntries(columnNames.map((c, i) => [c, (cells[i] ?? "").trim()]))),
  };
}

export interface ReferenceInput {
  name: string;
  category: 0 | 3;
  reportDateFilter: string | null;
}

export async function createReferenceData(
  ctx: AreaContext,
  input: ReferenceInput,
  file: { name: string; text: string },
): Promise<ReferenceDataItem> {
  const table = tableOfCsv(file.text);
  if (input.reportDateFilter && !table.columnNames.includes(input.reportDateFilter)) {
    throw ApiError.validation([{
      field: "reportDateFilter",
      message: `The file has no column "${input.reportDateFilter}".`,
    }]);
  }
  const [clash] = await ctx.db.select({ id: roiDataTables.id }).from(roiDataTables).where(
    eq(roiDataTables.name, input.name),
  );
  if (clash) {
    throw ApiError.validation([{
      field: "name",
      message: "A table of that name exists: choose another name.",
    }]);
  }
  const stamp = Date.now().toString(36);
  const ref = parseTenantReference(`tenant-${ctx.tenantId}/data/roi/reference-${stamp}.csv`, ctx.tenantId);
  if (!ref.ok) throw ApiError.badRequest(ref.message);
  const bytes = new TextEncoder().encode(file.text);
  await uploadTenantBlob(ctx, ref.value, new Blob([bytes]).stream(), {
    fileName: file.name,
    contentType: "text/csv",
    maxBytes: REFERENCE_MAX_BYTES,
  }, { savePublisher: false, publishedAt: null });
  const row = await ctx.write(async (tx, unit) => {
    const now = nextModified();
    const [saved] = await tx.insert(roiDataTables).values({
      category: input.category,
      name: input.name,
      reportDateFilter: input.reportDateFilter,
      blobReference: ref.value.key,
      fileName: file.name.slice(0, 200),
      ...table,
      uploadedByName: displayName(ctx.caller),
      createdAt: now,
      lastModified: now,
    }).returning();
    await unit.audit({
      entity: ENTITY,
      entityId: saved.id,
      action: "create",
      after: { name: saved.name, rows: table.rows.length },
    });
    return saved;
  });
  return toItem(row);
}

export async function updateReferenceData(
  ctx: AreaContext,
  body: { id: number; name: string; reportDateFilter: string | null },
): Promise<ReferenceDataItem> {
  const row = await ctx.write(async (tx, unit) => {
    const current = await findTable(tx, body.id);
    if (body.reportDateFilter && !current.columnNames.includes(body.reportDateFilter)) {
      throw ApiError.validation([{
        field: "reportDateFilter",
        message: `The table has no column "${body.reportDateFilter}".`,
      }]);
    }
    const [saved] = await tx.update(roiDataTables)
      .set({
        name: body.name,
        reportDateFilter: body.reportDateFilter,
        lastModified: nextModified(current.lastModified),
      })
      .where(eq(roiDataTables.id, body.id)).returning();
    await unit.audit({
      entity: ENTITY,
      entityId: body.id,
      action: "update",
      after: { name: body.name, reportDateFilter: body.reportDateFilter },
    });
    return saved;
  });
  return toItem(row);
}

export async function deleteReferenceData(ctx: AreaContext, { id }: { id: number }): Promise<{ id: number }> {
  const current = await findTable(ctx.db, id);
  await ctx.write(async (tx, unit) => {
    await tx.delete(roiDataTables).where(eq(roiDataTables.id, id));
    await unit.audit({ entity: ENTITY, entityId: id, action: "delete", before: { name: current.name } });
  });
  const ref = parseTenantReference(current.blobReference, ctx.tenantId);
  if (ref.ok) await deleteTenantBlob(ctx, ref.value, { anyCategory: false }).catch(() => {});
  return { id };
}

/** The file as uploaded. */
export async function referenceDataFile(ctx: AreaContext, id: number) {
  const current = await findTable(ctx.db, id);
  const ref = parseTenantReference(current.blobReference, ctx.tenantId);
  if (!ref.ok) throw ApiError.notFound("That reference file does not exist.");
  return openTenantBlob(ctx, ref.value);
}
