/**
 * What the yield settings' operations and screens share: the cut hierarchy of a species and the path of a
 * segment in it, a product code of the caller's species (404 otherwise), the timing of an effective-dated
 * row, and how far back a dated change may reach.
 */
import { asc, eq } from "drizzle-orm";
import { productCodes, yieldSegments } from "../../../../db/tenant/schema.ts";
import type { AreaContext, TenantTx } from "../../context.ts";
import { ApiError } from "../../../http/errors.ts";
import { addDays } from "../../../../kernel/dates.ts";
import { formatDate } from "../../../../kernel/format.ts";
import { inForce, MAX_YIELD_DAYS } from "../rules.ts";

export type SegmentRow = typeof yieldSegments.$inferSelect;
export type ProductCodeRow = typeof productCodes.$inferSelect;
export type Reads = TenantTx | AreaContext["db"];

/** The cut hierarchy of a species, in its order. */
export function segmentsOf(db: Reads, speciesId: number): Promise<SegmentRow[]> {
  return db.select().from(yieldSegments).where(eq(yieldSegments.speciesId, speciesId))
    .orderBy(asc(yieldSegments.sortOrder), asc(yieldSegments.name));
}

/** The hierarchy by id, with the path of a segment (product type › … › it; `fromBody` leaves the type out). */
export function hierarchy(rows: SegmentRow[]) {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const path = (id: number | null, fromBody = false): string => {
    const names: string[] = [];
    for (
      let s = id === null ? undefined : byId.get(id);
      s;
      s = s.parentId ? byId.get(s.parentId) : undefined
    ) {
      if (!(fromBody && s.level === "productType")) names.unshift(s.name);
      if (names.length > 8) break; // a loop in bad data
    }
    return names.join(" › ");
  };
  return { byId, path };
}

/** A cut (level cut) of the species, or 400 on the field. */
export function assertCut(tree: ReturnType<typeof hierarchy>, cutId: number, field = "cutId") {
  if (tree.byId.get(cutId)?.level !== "cut") {
    throw ApiError.validation([{ field, message: "Choose a cut of this species" }]);
  }
}

/** A product code of one of the caller's species, or 404. */
export async function findProductCode(ctx: AreaContext, db: Reads, id: number): Promise<ProductCodeRow> {
  const [row] = await db.select().from(productCodes).where(eq(productCodes.id, id));
  ctx.scope.assertSpecies(row?.speciesId, "That product code");
  return row;
}

/** Past, in force today, or from a later day, among the dated rows of the same product code. */
export function timingOf<T extends { id: number; effectiveFrom: string }>(
  row: T,
  sameCode: readonly T[],
  today: string,
): "past" | "current" | "future" {
  if (row.effectiveFrom > today) return "future";
  return inForce(sameCode, today)?.id === row.id ? "current" : "past";
}

/**
 * A dated change reaches back at most as far as the yield views do (the rebuild of past days is bounded):
 * 400 on `effectiveFrom` when it is earlier.
 */
export function assertReachable(ctx: AreaContext, effectiveFrom: string) {
  const earliest = addDays(ctx.today, -MAX_YIELD_DAYS);
  if (effectiveFrom < earliest) {
    throw ApiError.validation([{
      field: "effectiveFrom",
      message: `Choose a date from ${
        formatDate(earliest)
      }: past days are recalculated at most ${MAX_YIELD_DAYS} days back`,
    }]);
  }
}

/** 400 when a row was already in force (only a future one may be changed or deleted). */
export function assertFuture(ctx: AreaContext, effectiveFrom: string, what: string) {
  if (effectiveFrom <= ctx.today) {
    throw ApiError.validation([{
      field: "effectiveFrom",
      message: `This ${what} is already in force: add a new one from a date instead`,
    }]);
  }
}
