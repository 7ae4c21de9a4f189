/**
 * KillFloorImports: carcass records in (a plant system's batch, a person's file, the simulator) and the
 * list of what came in. A rejected file changes nothing (its sender has the row-numbered errors).
 */
import { desc, inArray } from "drizzle-orm";
import { carcassImports } from "../../../db/tenant/schema.ts";
import { ApiError } from "../../http/errors.ts";
import type { AreaContext } from "../context.ts";
import { displayName, recordAudit } from "../audit.ts";
import { checkRows, type Progress, saveRecords } from "./importer.ts";
import { refreshOrderTotals } from "./totals.ts";
import type { RowError, UploadEvent } from "./rules.ts";

export type ImportSource = "api" | "upload" | "simulator";
export type ImportRow = typeof carcassImports.$inferSelect;

/** What an import answers (the upload stream's `result` line without its type). */
export type ImportResult = Omit<Extract<UploadEvent, { type: "result" }>, "type">;

export const IMPORT_ENTITY = "CarcassImport";

/** The 400 of a rejected file: its rows' errors in the catalogue shape, and how many rows failed. */
export class FileRejected extends ApiError {
  constructor(errors: RowError[], readonly errorRows: number) {
    const listed = errors.length < errorRows ? ` The first ${errors.length} are listed.` : "";
    const rowWord = errorRows === 1
      ? "1 row has a problem"
      : `${errorRows.toLocaleString("en-AU")} rows have problems`;
    super(
      400,
      errors[0]?.row === 0
        ? `Nothing was saved: ${errors[0].message}`
        : `Nothing was saved: ${rowWord}.${listed} Fix them and send the file again.`,
      {
        isValidation: true,
        errors: errors.map((e) => ({
          row: e.row,
          field: e.field,
          message: e.row ? `Row ${e.row}: ${e.message}` : e.message,
        })),
      },
    );
  }
}

export class KillFloorImports {
  constructor(protected readonly ctx: AreaContext) {}

  /**
   * Checks every row, then writes them all in one transaction; a row in error rejects the whole file
   * (400 listing rows) and writes nothing but the record of the rejection.
   */
  async import(
    rows: readonly Readonly<Record<string, unknown>>[],
    source: { kind: ImportSource; name: string },
    progress?: Progress,
  ): Promise<ImportResult> {
    const { ctx } = this;
    const checked = await checkRows(ctx.db, rows, progress);
    const sentAt = new Date().toISOString();
    const sentBy = displayName(ctx.caller);
    const base = { source: source.kind, name: source.name.slice(0, 200), sentBy, sentAt, rows: rows.length };
    // a rejected file changes nothing (not even the list of imports): the sender has its errors
    if (checked.errors.length) throw new FileRejected(checked.errors, checked.errorRows);
    const productionDates = [...new Set(checked.records.map((r) => r.productionDate))].sort();
    const orderIds = [...new Set(checked.records.map((r) => r.livestockOrderId))];
    const result = await ctx.db.transaction(async (tx) => {
      const [row] = await tx.insert(carcassImports).values({ ...base, productionDates })
        .returning({ id: carcassImports.id });
      const { added, replaced } = await saveRecords(tx, checked.records, row.id, progress);
      await tx.update(carcassImports).set({ added, replaced }).where(inArray(carcassImports.id, [row.id]));
      const completedOrderIds = await refreshOrderTotals(tx, orderIds, sentAt);
      await recordAudit(tx, ctx, {
        entity: IMPORT_ENTITY,
        entityId: row.id,
        action: `Received ${rows.length} carcass record${rows.length === 1 ? "" : "s"} (${source.name}): ` +
          `${added} added, ${replaced} replaced`,
        after: { productionDates, orders: orderIds.length },
      });
      return { importId: row.id, rows: rows.length, added, replaced, productionDates, completedOrderIds };
    });
    await this.announce(
      result.productionDates,
      result.completedOrderIds,
      source.kind === "simulator" ? "simulation" : "import",
    );
    return result;
  }

  /** After a commit: the days re-read, and each order now complete (its invoice can be made). */
  protected async announce(
    productionDates: string[],
    completedOrderIds: number[],
    reason: "import" | "correction" | "simulation",
  ) {
    const { push } = this.ctx.app;
    if (productionDates.length) {
      await push.emit(this.ctx.tenantId, "killFloorDataReceived", { productionDates, reason });
    }
    for (const livestockOrderId of completedOrderIds) {
      await push.emit(this.ctx.tenantId, "carcassDataComplete", { livestockOrderId });
    }
  }

  /** The latest imports, newest first (bounded). */
  recent(limit = 20): Promise<ImportRow[]> {
    return this.ctx.db.select().from(carcassImports).orderBy(desc(carcassImports.id)).limit(
      Math.min(limit, 100),
    );
  }
}
export { InterchangeService } from "./interchange.ts";
