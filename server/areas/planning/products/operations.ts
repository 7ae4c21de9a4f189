/**
 * Product definitions (issue 41 item 1): a sellable product mapped to the plant's product codes (yield's),
 * packed in one or more packagings. Codes seen in cartons but mapped to no product are resolved one by
 * one. Reads by the caller's species; writes need the product definitions admin flag (route rules).
 */
import { packagingKgProblems } from "./packagingDefaults.ts";
import { and, asc, count, eq, inArray, max, notInArray, sql, sum } from "drizzle-orm";
import {
  cartons,
  productCodes,
  productDefinitionCodes,
  productDefinitions,
  productPackagings,
} from "../../../../db/tenant/schema.ts";
import { ApiError } from "../../../http/errors.ts";
import { type AreaContext, assertUnchanged, nextModified, type TenantTx } from "../../context.ts";
import type { In } from "../../areaApi.ts";
import type {
  DeleteBody,
  ProductDefinition,
  RedMeatCutBody,
  ResolveUnmappedBody,
  Summary,
  UnmappedCode,
  UpsertPackagingBody,
  UpsertProductDefinitionBody,
} from "./schemas.ts";
import type { z } from "@hono/zod-openapi";
import { askedSpecies, assertOwnSpecies } from "../scope.ts";
import { saveRow } from "../../savedRow.ts";

type Db = TenantTx | AreaContext["db"];
const ENTITY = "productDefinition";

// ---------- reads ----------

export async function listProductDefinitions(
  ctx: AreaContext,
  q: { speciesId?: number } = {},
): Promise<z.infer<typeof ProductDefinition>[]> {
  const ids = askedSpecies(ctx, q.speciesId);
  if (!ids.length) return [];
  const rows = await ctx.db.select().from(productDefinitions).where(
    inArray(productDefinitions.speciesId, ids),
  )
    .orderBy(asc(productDefinitions.name), asc(productDefinitions.id));
  return withDetails(ctx, ctx.db, rows);
}

export async function getProductDefinition(ctx: AreaContext, id: number) {
  const row = await findProduct(ctx, ctx.db, id);
  return (await withDetails(ctx, ctx.db, [row]))[0];
}

/** Product codes seen in cartons (of the caller's species) that no product definition maps. */
export async function unmappedCodes(
  ctx: AreaContext,
  q: { speciesId?: number } = {},
): Promise<z.infer<typeof UnmappedCode>[]> {
  const ids = askedSpecies(ctx, q.speciesId);
  if (!ids.length) return [];
  const mapped = ctx.db.select({ id: productDefinitionCodes.productCodeId }).from(productDefinitionCodes);
  const rows = await ctx.db.select({
    productCodeId: cartons.productCodeId,
    cartons: count(),
    kg: sum(cartons.netKg),
    lastSeen: max(cartons.productionDate),
  }).from(cartons).where(and(inArray(cartons.speciesId, ids), notInArray(cartons.productCodeId, mapped)))
    .groupBy(cartons.productCodeId);
  if (!rows.length) return [];
  const codes = await ctx.db.select().from(productCodes)
    .where(inArray(productCodes.id, rows.map((r) => r.productCodeId)));
  const byId = new Map(codes.map((c) => [c.id, c]));
  return rows.flatMap((r) => {
    const c = byId.get(r.productCodeId);
    if (!c || c.kind !== "product") return [];
    return [{
      productCodeId: c.id,
      code: c.code,
      description: c.description,
      speciesId: c.speciesId,
      cartons: r.cartons,
      kg: Math.round(Number(r.kg ?? 0) * 10) / 10,
      lastSeen: r.lastSeen ?? "",
    }];
  }).sort((a, b) => a.code.localeCompare(b.code));
}

export async function productSummary(
  ctx: AreaContext,
  q: { speciesId?: number } = {},
): Promise<z.infer<typeof Summary>> {
  const ids = askedSpecies(ctx, q.speciesId);
  if (!ids.length) {
    return {
      products: 0,
      mappedCodes: 0,
      unmappedCodes: 0,
      redMeatCuts: 0,
      withoutPackaging: 0,
      latestCartonAt: null,
    };
  }
  const [products, unmapped, latest] = await Promise.all([
    listProductDefinitions(ctx, q),
    unmappedCodes(ctx, q),
    ctx.db.select({ at: max(cartons.receivedAt) }).from(cartons).where(inArray(cartons.speciesId, ids)),
  ]);
  return {
    products: products.length,
    mappedCodes: products.reduce((n, p) => n + p.codes.length, 0),
    unmappedCodes: unmapped.length,
    redMeatCuts: products.filter((p) => p.isRedMeatCut).length,
    withoutPackaging: products.filter((p) => p.packagings.length === 0).length,
    latestCartonAt: latest[0]?.at ?? null,
  };
}

// ---------- writes ----------

export async function saveProductDefinition(ctx: AreaContext, body: In<typeof UpsertProductDefinitionBody>) {
  assertOwnSpecies(ctx, body.speciesId);
  const id = await ctx.write(async (tx, unit) => {
    const current = body.id ? await findProduct(ctx, tx, body.id) : null;
    if (current) assertUnchanged(current, body.lastModified, "product definition");
    await checkCodes(tx, body.speciesId, body.productCodeIds, current?.id ?? null);
    const values = {
      name: body.name,
      referenceNumber: body.referenceNumber,
      speciesId: body.speciesId,
      isRedMeatCut: body.isRedMeatCut,
      statCut: body.statCut,
    };
    const after = { ...values, productCodeIds: body.productCodeIds };
    const saved = await saveRow(unit, productDefinitions, { entity: ENTITY, current, values, after });
    await tx.delete(productDefinitionCodes).where(eq(productDefinitionCodes.productDefinitionId, saved.id));
    if (body.productCodeIds.length) {
      await tx.insert(productDefinitionCodes).values(
        [...new Set(body.productCodeIds)].map((productCodeId) => ({
          productDefinitionId: saved.id,
          productCodeId,
        })),
      );
    }
    return saved.id;
  });
  return getProductDefinition(ctx, id);
}

/** Maps one unmapped code onto a product, or onto a new product named for it. */
export async function resolveUnmappedCode(ctx: AreaContext, body: In<typeof ResolveUnmappedBody>) {
  if (body.productDefinitionId === null && body.newProductName === null) {
    throw ApiError.validation([{
      field: "productDefinitionId",
      message: "Choose a product or name a new one",
    }]);
  }
  const id = await ctx.write(async (tx, unit) => {
    const [code] = await tx.select().from(productCodes).where(eq(productCodes.id, body.productCodeId));
    ctx.scope.assertSpecies(code?.speciesId, "That product code");
    const [taken] = await tx.select().from(productDefinitionCodes)
      .where(eq(productDefinitionCodes.productCodeId, code.id));
    if (taken) {
      throw ApiError.conflict(`Code ${code.code} has been mapped meanwhile. The list has been reloaded.`);
    }
    let productId: number;
    if (body.productDefinitionId !== null) {
      const product = await findProduct(ctx, tx, body.productDefinitionId);
      if (product.speciesId !== code.speciesId) {
        throw ApiError.validation([{
          field: "productDefinitionId",
          message: "Choose a product of the code's species",
        }]);
      }
      productId = product.id;
      await tx.update(productDefinitions).set({ lastModified: nextModified(product.lastModified) })
        .where(eq(productDefinitions.id, product.id));
    } else {
      const now = nextModified();
      const [made] = await tx.insert(productDefinitions).values({
        name: body.newProductName!,
        referenceNumber: code.code,
        speciesId: code.speciesId,
        createdAt: now,
        lastModified: now,
      }).returning();
      productId = made.id;
    }
    await tx.insert(productDefinitionCodes).values({
      productDefinitionId: productId,
      productCodeId: code.id,
    });
    await unit.audit({
      entity: ENTITY,
      entityId: productId,
      action: "map code",
      after: { productCodeId: code.id, code: code.code },
    });
    return productId;
  });
  return getProductDefinition(ctx, id);
}

/** Marks the products the given codes are mapped to as red meat cuts (or not). */
export async function updateRedMeatCut(ctx: AreaContext, body: In<typeof RedMeatCutBody>) {
  return await ctx.write(async (tx, unit) => {
    const maps = await tx.select({ p: productDefinitions }).from(productDefinitionCodes)
      .innerJoin(productDefinitions, eq(productDefinitions.id, productDefinitionCodes.productDefinitionId))
      .where(inArray(productDefinitionCodes.productCodeId, body.productCodeIds));
    const products = [
      ...new Map(maps.filter((m) => ctx.scope.hasSpecies(m.p.speciesId)).map((m) => [m.p.id, m.p]))
        .values(),
    ];
    if (!products.length) {
      throw ApiError.validation([{
        field: "productCodeIds",
        message: "None of those codes is mapped to a product",
      }]);
    }
    for (const p of products) {
      await tx.update(productDefinitions).set({
        isRedMeatCut: body.isRedMeatCut,
        lastModified: nextModified(p.lastModified),
      })
        .where(eq(productDefinitions.id, p.id));
      await unit.audit({
        entity: ENTITY,
        entityId: p.id,
        action: "update",
        before: { isRedMeatCut: p.isRedMeatCut },
        after: { isRedMeatCut: body.isRedMeatCut },
      });
    }
    return { updated: products.length };
  });
}

export async function savePackaging(ctx: AreaContext, body: In<typeof UpsertPackagingBody>) {
  const problems = packagingKgProblems(body);
  if (problems.length) throw ApiError.validation(problems);
  await ctx.write(async (tx, unit) => {
    const product = await findProduct(ctx, tx, body.productDefinitionId);
    const [current] = body.id
      ? await tx.select().from(productPackagings).where(and(
        eq(productPackagings.id, body.id),
        eq(productPackagings.productDefinitionId, product.id),
      ))
      : [null];
    if (body.id && !current) throw ApiError.notFound("That packaging does not exist.");
    if (current) assertUnchanged(current, body.lastModified, "packaging");
    const { id: _, lastModified: __, ...values } = body;
    if (values.isDefault) {
      await tx.update(productPackagings).set({ isDefault: false }).where(
        eq(productPackagings.productDefinitionId, product.id),
      );
    }
    await saveRow(unit, productPackagings, { entity: "productPackaging", current, values });
  });
  return getProductDefinition(ctx, body.productDefinitionId);
}

export async function deletePackaging(ctx: AreaContext, body: In<typeof DeleteBody>) {
  await ctx.write(async (tx, unit) => {
    const [current] = await tx.select().from(productPackagings).where(eq(productPackagings.id, body.id));
    if (!current) throw ApiError.notFound("That packaging does not exist.");
    await findProduct(ctx, tx, current.productDefinitionId);
    assertUnchanged(current, body.lastModified, "packaging");
    await tx.delete(productPackagings).where(eq(productPackagings.id, current.id));
    await unit.audit({ entity: "productPackaging", entityId: current.id, action: "delete", before: current });
  });
  return { id: body.id };
}

// ---------- helpers ----------

async function findProduct(ctx: AreaContext, db: Db, id: number) {
  const [row] = await db.select().from(productDefinitions).where(eq(productDefinitions.id, id));
  ctx.scope.assertSpecies(row?.speciesId, "That product definition");
  return row;
}

/** Codes must be the species' product codes and not mapped to another product. */
async function checkCodes(tx: Db, speciesId: number, ids: number[], productId: number | null) {
  if (!ids.length) return;
  const codes = await tx.select().from(productCodes).where(inArray(productCodes.id, ids));
  if (codes.length !== new Set(ids).size || codes.some((c) => c.speciesId !== speciesId)) {
    throw ApiError.validation([{
      field: "productCodeIds",
      message: "Choose product codes of the product's species",
    }]);
  }
  const taken = await tx.select({ code: productDefinitionCodes, p: productDefinitions }).from(
    productDefinitionCodes,
  )
    .innerJoin(productDefinitions, eq(productDefinitions.id, productDefinitionCodes.productDefinitionId))
    .where(inArray(productDefinitionCodes.productCodeId, ids));
  const clash = taken.find((t) => t.p.id !== productId);
  if (clash) {
    const code = codes.find((c) => c.id === clash.code.productCodeId)!;
    throw ApiError.validation([{
      field: "productCodeIds",
      message: `Code ${code.code} is already mapped to ${clash.p.name}`,
    }]);
  }
}

async function withDetails(ctx: AreaContext, db: Db, rows: (typeof productDefinitions.$inferSelect)[]) {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [maps, packs] = await Promise.all([
    db.select({
      productDefinitionId: productDefinitionCodes.productDefinitionId,
      id: productCodes.id,
      code: productCodes.code,
      description: productCodes.description,
    })
      .from(productDefinitionCodes).innerJoin(
        productCodes,
        eq(productCodes.id, productDefinitionCodes.productCodeId),
      )
      .where(inArray(productDefinitionCodes.productDefinitionId, ids)).orderBy(asc(productCodes.code)),
    db.select().from(productPackagings).where(inArray(productPackagings.productDefinitionId, ids))
      .orderBy(sql`${productPackagings.isDefault} desc`, asc(productPackagings.id)),
  ]);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    referenceNumber: r.referenceNumber,
    speciesId: r.speciesId,
    speciesName: ctx.scope.speciesName(r.speciesId),
    isRedMeatCut: r.isRedMeatCut,
    statCut: r.statCut,
    codes: maps.filter((m) => m.productDefinitionId === r.id).map(({ id, code, description }) => ({
      id,
      code,
      description,
    })),
    packagings: packs.filter((p) => p.productDefinitionId === r.id).map((p) => ({
      id: p.id,
      productDefinitionId: p.productDefinitionId,
      name: p.name,
      weightType: p.weightType === "catch" ? "catch" as const : "fixed" as const,
      nominalKg: p.nominalKg,
      minKg: p.minKg,
      maxKg: p.maxKg,
      piecesPerCarton: p.piecesPerCarton,
      isDefault: p.isDefault,
      lastModified: p.lastModified,
    })),
    lastModified: r.lastModified,
  }));
}
