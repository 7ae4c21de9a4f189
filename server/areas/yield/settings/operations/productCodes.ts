/**
 * Settings › Product codes (spec 2 §2.2, "page size 99999": every code of a species at once, so the list
 * is bounded by the species and filtered by words): the codes with their cut, the standard yield and (with
 * the yieldRevenue module) the price in force today. A code cartons were labelled with is deactivated,
 * never deleted: the summaries of past days still name it.
 */
import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import {
  cartons,
  productCodes,
  productPrices,
  segmentOverrides,
  standardYields,
} from "../../../../../db/tenant/schema.ts";
import { anyContains, type AreaContext, assertUnchanged } from "../../../context.ts";
import { saveRow } from "../../../savedRow.ts";
import { ApiError } from "../../../../http/errors.ts";
import type { In, Page } from "../../../areaApi.ts";
import { fromCents } from "../../../../../kernel/money.ts";
import { inForce, PRODUCT_KIND_NAMES } from "../../rules.ts";
import { hasYieldRevenue } from "../../access.ts";
import { assertCut, findProductCode, hierarchy, type ProductCodeRow, segmentsOf } from "../queries.ts";
import type {
  DeleteProductCodeBody,
  ProductCode,
  ProductCodesQuery,
  UpsertProductCodeBody,
} from "../schemas.ts";

export const PRODUCT_CODE_ENTITY = "productCode";

/** The codes of a species (searched by code, description or AUS-MEAT number), code order; a page of them. */
export async function listProductCodes(
  ctx: AreaContext,
  query: In<typeof ProductCodesQuery>,
): Promise<Page<ProductCode>> {
  ctx.scope.assertSpecies(query.speciesId, "That species");
  const rows = await ctx.db.select().from(productCodes).where(and(
    eq(productCodes.speciesId, query.speciesId),
    query.q
      ? anyContains([productCodes.code, productCodes.description, productCodes.meatCode], query.q)
      : undefined,
  )).orderBy(asc(productCodes.code));
  const offset = query.startIndex ?? 0;
  const shown = rows.slice(offset, offset + (query.pageSize ?? 1000));
  return { rows: await toDtos(ctx, query.speciesId, shown), total: rows.length };
}

/** One code with what is in force today. */
export async function getProductCode(ctx: AreaContext, id: number): Promise<ProductCode> {
  const row = await findProductCode(ctx, ctx.db, id);
  return (await toDtos(ctx, row.speciesId, [row]))[0];
}

/** Adds (no id) or edits a code: unique per species; a saleable product names a cut of its species. */
export async function saveProductCode(
  ctx: AreaContext,
  body: In<typeof UpsertProductCodeBody>,
): Promise<ProductCode> {
  if (!ctx.scope.hasSpecies(body.speciesId)) {
    throw ApiError.validation([{ field: "speciesId", message: "Choose one of your species" }]);
  }
  const saved = await ctx.write(async (tx, unit) => {
    const current = body.id ? await findProductCode(ctx, tx, body.id) : null;
    if (current) assertUnchanged(current, body.lastModified, "product code");
    if (current && current.speciesId !== body.speciesId) {
      throw ApiError.validation([{ field: "speciesId", message: "A code stays with its species" }]);
    }
    const cutId = body.kind === "product" ? body.cutId : null;
    if (body.kind === "product") {
      if (cutId === null) throw ApiError.validation([{ field: "cutId", message: "Choose the cut it is" }]);
      assertCut(hierarchy(await segmentsOf(tx, body.speciesId)), cutId);
    }
    const [clash] = await tx.select({ id: productCodes.id }).from(productCodes).where(and(
      eq(productCodes.speciesId, body.speciesId),
      sql`lower(${productCodes.code}) = ${body.code.toLowerCase()}`,
      current ? ne(productCodes.id, current.id) : undefined,
    ));
    if (clash) throw ApiError.validation([{ field: "code", message: "That code is already used" }]);
    const values = {
      speciesId: body.speciesId,
      code: body.code,
      description: body.description,
      meatCode: body.meatCode,
      kind: body.kind,
      cutId,
      isActive: body.isActive,
    };
    return await saveRow(unit, productCodes, { entity: PRODUCT_CODE_ENTITY, current, values });
  });
  return (await toDtos(ctx, saved.speciesId, [saved]))[0];
}

/** Deletes a code entered by mistake, with its standards, prices and overrides; refused once it has cartons. */
export async function deleteProductCode(
  ctx: AreaContext,
  body: In<typeof DeleteProductCodeBody>,
): Promise<{ productCodeId: number }> {
  await ctx.write(async (tx, unit) => {
    const current = await findProductCode(ctx, tx, body.productCodeId);
    assertUnchanged(current, body.lastModified, "product code");
    const [used] = await tx.select({ id: cartons.id }).from(cartons)
      .where(eq(cartons.productCodeId, current.id)).limit(1);
    if (used) {
      throw ApiError.validation([{
        field: "productCodeId",
        message: "Cartons were labelled with this code: deactivate it instead",
      }]);
    }
    await tx.delete(standardYields).where(eq(standardYields.productCodeId, current.id));
    await tx.delete(productPrices).where(eq(productPrices.productCodeId, current.id));
    await tx.delete(segmentOverrides).where(eq(segmentOverrides.productCodeId, current.id));
    await tx.delete(productCodes).where(eq(productCodes.id, current.id));
    const { id: _, lastModified: __, ...before } = current;
    await unit.audit({ entity: PRODUCT_CODE_ENTITY, entityId: current.id, action: "delete", before });
  });
  return { productCodeId: body.productCodeId };
}

/** Rows to answers: cut paths, what is in force today, whether cartons name it. */
async function toDtos(ctx: AreaContext, speciesId: number, rows: ProductCodeRow[]): Promise<ProductCode[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const revenue = hasYieldRevenue(ctx);
  const [segments, standards, prices, used] = await Promise.all([
    segmentsOf(ctx.db, speciesId),
    ctx.db.select().from(standardYields).where(inArray(standardYields.productCodeId, ids)),
    revenue ? ctx.db.select().from(productPrices).where(inArray(productPrices.productCodeId, ids)) : [],
    ctx.db.selectDistinct({ id: cartons.productCodeId }).from(cartons).where(
      inArray(cartons.productCodeId, ids),
    ),
  ]);
  const tree = hierarchy(segments);
  const withCartons = new Set(used.map((u) => u.id));
  return rows.map((r) => {
    const price = revenue ? inForce(prices.filter((p) => p.productCodeId === r.id), ctx.today) : null;
    return {
      id: r.id,
      speciesId: r.speciesId,
      code: r.code,
      description: r.description,
      meatCode: r.meatCode,
      kind: r.kind as ProductCode["kind"],
      kindName: PRODUCT_KIND_NAMES[r.kind as ProductCode["kind"]] ?? r.kind,
      cutId: r.cutId,
      cutPath: tree.path(r.cutId, true),
      standardPercent: inForce(standards.filter((s) => s.productCodeId === r.id), ctx.today)?.percent ?? null,
      ...(revenue ? { dollarsPerKg: price ? fromCents(price.centsPerKg) : null } : {}),
      isActive: r.isActive,
      hasCartons: withCartons.has(r.id),
      lastModified: r.lastModified,
    };
  });
}
