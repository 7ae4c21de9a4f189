/**
 * Carcass records in (a plant system's batch, a person's file, the simulator): every row is checked
 * first (importer.ts), then the whole file is one unit of work: the import's record, the carcasses, the
 * orders' totals (the orders area writes them), the audit row; after the commit the days are announced,
 * and each order whose carcass data is now complete. A rejected file changes nothing (its sender has the
 * row-numbered errors).
 */
import { inArray } from "drizzle-orm";
import { carcassImports } from "../../../../db/tenant/schema.ts";
import { ApiError } from "../../../http/errors.ts";
import type { AreaContext, Unit } from "../../context.ts";
import { displayName } from "../../audit.ts";
import { rowsRejected } from "../../imports.ts";
import { checkRows, type Progress, saveRecords } from "../importer.ts";
import { refreshOrderTotals } from "../totals.ts";
import { rebuildAfterKillFloorChange } from "../../yield/writes.ts";
import type { RowError, UploadEvent } from "../rules.ts";
import { serverNow } from "../../../clock.ts";

export type ImportSource = "api" | "upload" | "simulator";

/** What an import answers (the upload stream's `result` line without its type). */
export type ImportResult = Omit<Extract<UploadEvent, { type: "result" }>, "type">;

export const IMPORT_ENTITY = "CarcassImport";

/** How many rows of a rejected file had errors (more than are listed), by its error. */
const rejectedRows = new WeakMap<ApiError, number>();

/** The 400 of a rejected file: its rows' errors in the catalogue shape (`errorRowsOf` says how many). */
export function fileRejected(errors: RowError[], errorRows: number): ApiError {
  const error = rowsRejected(errors, errorRows, "the file");
  rejectedRows.set(error, errorRows);
  return error;
}

/** The rows in error of a rejected file; undefined for any other error. */
export const errorRowsOf = (error: ApiError): number | undefined => rejectedRows.get(error);

/**
 * Checks every row, then writes them all in one unit; a row in error rejects the whole file (400 listing
 * rows) and writes nothing.
 */
export async function importCarcasses(
  ctx: AreaContext,
  rows: readonly Readonly<Record<string, unknown>>[],
  source: { kind: ImportSource; name: string },
  progress?: Progress,
): Promise<ImportResult> {
  const checked = await checkRows(ctx.db, rows, progress);
  const sentAt = serverNow().toISOString(); // when it came, on the plant's clock (as the demo's own import)
  const base = {
    source: source.kind,
    name: source.name.slice(0, 200),
    sentBy: displayName(ctx.caller),
    sentAt,
    rows: rows.length,
  };
  // a rejected file changes nothing (not even the list of imports): the sender has its errors
  if (checked.errors.length) throw fileRejected(checked.errors, checked.errorRows);
  const productionDates = [...new Set(checked.records.map((r) => r.productionDate))].sort();
  const orderIds = [...new Set(checked.records.map((r) => r.livestockOrderId))];
  return await ctx.write(async (tx, unit) => {
    const [row] = await tx.insert(carcassImports).values({ ...base, productionDates })
      .returning({ id: carcassImports.id });
    const { added, replaced } = await saveRecords(tx, checked.records, row.id, progress);
    await tx.update(carcassImports).set({ added, replaced }).where(inArray(carcassImports.id, [row.id]));
    const completedOrderIds = await refreshOrderTotals(unit, orderIds, sentAt);
    // late carcasses of mobs already boned refresh those runs' yields
    await rebuildAfterKillFloorChange(unit, {
      stockMobIds: [...new Set(checked.records.map((r) => r.stockMobId))],
      killDates: productionDates,
    });
    await unit.audit({
      entity: IMPORT_ENTITY,
      entityId: row.id,
      action: `Received ${rows.length} carcass record${rows.length === 1 ? "" : "s"} (${source.name}): ` +
        `${added} added, ${replaced} replaced`,
      after: { productionDates, orders: orderIds.length },
    });
    announceKillFloorData(
      unit,
      productionDates,
      completedOrderIds,
      source.kind === "simulator" ? "simulation" : "import",
    );
    return { importId: row.id, rows: rows.length, added, replaced, productionDates, completedOrderIds };
  });
}

/** After the commit: the days re-read, and each order now complete (its invoice can be made). */
export function announceKillFloorData(
  unit: Unit,
  productionDates: string[],
  completedOrderIds: number[],
  reason: "import" | "correction" | "simulation",
) {
  if (productionDates.length) unit.announce("killFloorDataReceived", { productionDates, reason });
  for (const livestockOrderId of completedOrderIds) {
    unit.announce("carcassDataComplete", { livestockOrderId });
  }
}
