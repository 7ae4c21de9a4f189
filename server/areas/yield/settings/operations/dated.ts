/**
 * Effective-dated values of a product code (Settings › Yield): its standard yield (% of HSCW) and, with the
 * yieldRevenue module, its $/kg price. A new value is added from a date (past dates up to 400 days back:
 * the summaries of the days it now covers are rebuilt); only a value not yet in force may be edited or
 * deleted, so the past keeps the standards it was judged by unless someone adds one from a past date.
 * The two tables have the same shape; one set of functions serves both (DATED below).
 */
import { and, asc, eq, inArray, ne } from "drizzle-orm";
import { productCodes, productPrices, standardYields } from "../../../../../db/tenant/schema.ts";
import { type AreaContext, assertUnchanged, nextModified, type TenantTx } from "../../../context.ts";
import { displayName, savedEntry } from "../../../audit.ts";
import { ApiError } from "../../../../http/errors.ts";
import type { In } from "../../../areaApi.ts";
import { fromCents, toCents } from "../../../../../kernel/money.ts";
import { formatDate } from "../../../../../kernel/format.ts";
import { assertFuture, assertReachable, findProductCode, type Reads, timingOf } from "../queries.ts";
import { rebuildAfterDatedChange } from "./rebuild.ts";
import type {
  DatedQuery,
  ProductPrice,
  StandardYield,
  UpsertProductPriceBody,
  UpsertStandardYieldBody,
} from "../schemas.ts";

/** The columns both tables share, and the value (a percent, or cents per kg) read under one name. */
type DatedRow = {
  id: number;
  productCodeId: number;
  effectiveFrom: string;
  lastModified: string;
  value: number;
};

const DATED = {
  standard: { entity: "standardYield", what: "standard yield" },
  price: { entity: "productPrice", what: "price" },
} as const;
type Kind = keyof typeof DATED;

/** What a save writes: the shared columns and the one value (a percent, or cents per kg). */
interface DatedValues {
  productCodeId: number;
  effectiveFrom: string;
  lastModified: string;
  modifiedBy: string;
  value: number;
}

/** The reads and writes, table by table (each names its table, as the owners' check reads them). */
interface DatedTable {
  /** the value's column, as the audit names it */
  valueColumn: string;
  list(db: Reads, codeIds: number[]): Promise<DatedRow[]>;
  find(db: Reads, id: number): Promise<DatedRow | undefined>;
  /** another value of the code from that date */
  clash(db: Reads, codeId: number, from: string, notId: number | null): Promise<{ id: number } | undefined>;
  add(tx: TenantTx, values: DatedValues): Promise<{ id: number }>;
  change(tx: TenantTx, id: number, values: DatedValues): Promise<{ id: number }>;
  remove(tx: TenantTx, id: number): Promise<unknown>;
}

const standardColumns = {
  id: standardYields.id,
  productCodeId: standardYields.productCodeId,
  effectiveFrom: standardYields.effectiveFrom,
  lastModified: standardYields.lastModified,
  value: standardYields.percent,
};
const priceColumns = {
  id: productPrices.id,
  productCodeId: productPrices.productCodeId,
  effectiveFrom: productPrices.effectiveFrom,
  lastModified: productPrices.lastModified,
  value: productPrices.centsPerKg,
};

const TABLES: Record<Kind, DatedTable> = {
  standard: {
    valueColumn: "percent",
    list: (db, codeIds) =>
      db.select(standardColumns).from(standardYields).where(inArray(standardYields.productCodeId, codeIds))
        .orderBy(asc(standardYields.productCodeId), asc(standardYields.effectiveFrom)),
    find: async (db, id) =>
      (await db.select(standardColumns).from(standardYields).where(eq(standardYields.id, id)))[0],
    clash: async (db, codeId, from, notId) =>
      (await db.select({ id: standardYields.id }).from(standardYields).where(and(
        eq(standardYields.productCodeId, codeId),
        eq(standardYields.effectiveFrom, from),
        notId ? ne(standardYields.id, notId) : undefined,
      )))[0],
    add: async (tx, { value, ...v }) =>
      (await tx.insert(standardYields).values({ ...v, percent: value }).returning())[0],
    change: async (tx, id, { value, ...v }) =>
      (await tx.update(standardYields).set({ ...v, percent: value }).where(eq(standardYields.id, id))
        .returning())[0],
    remove: (tx, id) => tx.delete(standardYields).where(eq(standardYields.id, id)),
  },
  price: {
    valueColumn: "centsPerKg",
    list: (db, codeIds) =>
      db.select(priceColumns).from(productPrices).where(inArray(productPrices.productCodeId, codeIds))
        .orderBy(asc(productPrices.productCodeId), asc(productPrices.effectiveFrom)),
    find: async (db, id) =>
      (await db.select(priceColumns).from(productPrices).where(eq(productPrices.id, id)))[0],
    clash: async (db, codeId, from, notId) =>
      (await db.select({ id: productPrices.id }).from(productPrices).where(and(
        eq(productPrices.productCodeId, codeId),
        eq(productPrices.effectiveFrom, from),
        notId ? ne(productPrices.id, notId) : undefined,
      )))[0],
    add: async (tx, { value, ...v }) =>
      (await tx.insert(productPrices).values({ ...v, centsPerKg: value }).returning())[0],
    change: async (tx, id, { value, ...v }) =>
      (await tx.update(productPrices).set({ ...v, centsPerKg: value }).where(eq(productPrices.id, id))
        .returning())[0],
    remove: (tx, id) => tx.delete(productPrices).where(eq(productPrices.id, id)),
  },
};

/** The values of one code, or of every code of a species, by code then date. */
async function listDated(ctx: AreaContext, kind: Kind, query: In<typeof DatedQuery>) {
  let codes;
  if (query.productCodeId) codes = [await findProductCode(ctx, ctx.db, query.productCodeId)];
  else if (query.speciesId) {
    ctx.scope.assertSpecies(query.speciesId, "That species");
    codes = await ctx.db.select().from(productCodes).where(eq(productCodes.speciesId, query.speciesId));
  } else throw ApiError.validation([{ field: "speciesId", message: "Give a product code or a species" }]);
  if (!codes.length) return [];
  const rows = await TABLES[kind].list(ctx.db, codes.map((c) => c.id));
  const byId = new Map(codes.map((c) => [c.id, c]));
  return rows.map((r) => {
    const code = byId.get(r.productCodeId)!;
    return {
      row: r,
      common: {
        id: r.id,
        productCodeId: r.productCodeId,
        code: code.code,
        description: code.description,
        effectiveFrom: r.effectiveFrom,
        timing: timingOf(r, rows.filter((o) => o.productCodeId === r.productCodeId), ctx.today),
        lastModified: r.lastModified,
      },
    };
  }).sort((a, b) =>
    a.common.code.localeCompare(b.common.code) || a.row.effectiveFrom.localeCompare(b.row.effectiveFrom)
  );
}

async function findDated(ctx: AreaContext, tx: TenantTx, kind: Kind, id: number) {
  const row = await TABLES[kind].find(tx, id);
  if (!row) throw ApiError.notFound(`That ${DATED[kind].what} does not exist.`);
  const code = await findProductCode(ctx, tx, row.productCodeId);
  return { row, code };
}

/** Adds a value from a date, or edits one not yet in force; rebuilds past days it now covers. */
async function saveDated(
  ctx: AreaContext,
  kind: Kind,
  body: { id: number | null; productCodeId: number; effectiveFrom: string; lastModified?: string | null },
  value: number,
): Promise<number> {
  const { entity, what } = DATED[kind];
  assertReachable(ctx, body.effectiveFrom);
  return await ctx.write(async (tx, unit) => {
    const current = body.id ? await findDated(ctx, tx, kind, body.id) : null;
    const code = current?.code ?? await findProductCode(ctx, tx, body.productCodeId);
    if (current) {
      assertUnchanged(current.row, body.lastModified, what);
      assertFuture(ctx, current.row.effectiveFrom, what);
      if (current.row.productCodeId !== body.productCodeId) {
        throw ApiError.validation([{
          field: "productCodeId",
          message: `A ${what} stays with its product code`,
        }]);
      }
    }
    const clash = await TABLES[kind].clash(tx, code.id, body.effectiveFrom, current?.row.id ?? null);
    if (clash) {
      throw ApiError.validation([{
        field: "effectiveFrom",
        message: `${code.code} already has a ${what} from ${formatDate(body.effectiveFrom)}: edit that one`,
      }]);
    }
    const saved: DatedValues = {
      productCodeId: code.id,
      effectiveFrom: body.effectiveFrom,
      value,
      lastModified: nextModified(current?.row.lastModified),
      modifiedBy: displayName(ctx.caller),
    };
    const row = current
      ? await TABLES[kind].change(tx, current.row.id, saved)
      : await TABLES[kind].add(tx, saved);
    const audited = (r: Pick<DatedRow, "productCodeId" | "effectiveFrom" | "value">) => ({
      productCodeId: r.productCodeId,
      effectiveFrom: r.effectiveFrom,
      [TABLES[kind].valueColumn]: r.value,
    });
    await unit.audit({
      entity,
      entityId: row.id,
      ...savedEntry(current ? audited(current.row) : null, audited(saved)),
    });
    const from = current && current.row.effectiveFrom < body.effectiveFrom
      ? current.row.effectiveFrom
      : body.effectiveFrom;
    await rebuildAfterDatedChange(unit, code.speciesId, from);
    return row.id;
  });
}

/** Deletes a value not yet in force (one in force stays: add a new one from a date instead). */
async function deleteDated(ctx: AreaContext, kind: Kind, id: number, lastModified?: string | null) {
  const { entity, what } = DATED[kind];
  await ctx.write(async (tx, unit) => {
    const { row, code } = await findDated(ctx, tx, kind, id);
    assertUnchanged(row, lastModified, what);
    assertFuture(ctx, row.effectiveFrom, what);
    await TABLES[kind].remove(tx, row.id);
    const before = { productCodeId: row.productCodeId, effectiveFrom: row.effectiveFrom };
    await unit.audit({
      entity,
      entityId: row.id,
      action: "delete",
      before: { code: code.code, ...before, [TABLES[kind].valueColumn]: row.value },
    });
  });
}

// ---------- standard yields ----------

export async function listStandardYields(
  ctx: AreaContext,
  query: In<typeof DatedQuery>,
): Promise<StandardYield[]> {
  return (await listDated(ctx, "standard", query)).map(({ row, common }) => ({
    ...common,
    percent: Number(row.value),
  }));
}

export async function saveStandardYield(
  ctx: AreaContext,
  body: In<typeof UpsertStandardYieldBody>,
): Promise<StandardYield> {
  const id = await saveDated(ctx, "standard", body, Math.round(body.percent * 1000) / 1000);
  return (await listStandardYields(ctx, { productCodeId: body.productCodeId })).find((s) => s.id === id)!;
}

export async function deleteStandardYield(
  ctx: AreaContext,
  body: { standardYieldId: number; lastModified?: string | null },
): Promise<{ standardYieldId: number }> {
  await deleteDated(ctx, "standard", body.standardYieldId, body.lastModified);
  return { standardYieldId: body.standardYieldId };
}

// ---------- prices (yieldRevenue module: the route rules decide) ----------

export async function listProductPrices(
  ctx: AreaContext,
  query: In<typeof DatedQuery>,
): Promise<ProductPrice[]> {
  return (await listDated(ctx, "price", query)).map(({ row, common }) => ({
    ...common,
    dollarsPerKg: fromCents(Number(row.value)),
  }));
}

export async function saveProductPrice(
  ctx: AreaContext,
  body: In<typeof UpsertProductPriceBody>,
): Promise<ProductPrice> {
  const id = await saveDated(ctx, "price", body, toCents(body.dollarsPerKg));
  return (await listProductPrices(ctx, { productCodeId: body.productCodeId })).find((p) => p.id === id)!;
}

export async function deleteProductPrice(
  ctx: AreaContext,
  body: { productPriceId: number; lastModified?: string | null },
): Promise<{ productPriceId: number }> {
  await deleteDated(ctx, "price", body.productPriceId, body.lastModified);
  return { productPriceId: body.productPriceId };
}
