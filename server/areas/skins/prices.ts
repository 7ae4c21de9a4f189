/**
 * Settings › Skin/Hide Price (spec 2 §2.2 skinprice, §3 "Skin price and hide price"): what the plant pays
 * a piece, by grade, for the skins (sheep, goats, deer) or hides (cattle) of a supplier's stock, from a start
 * date until it is archived. A new season's price is a copy with a new start date, so invoices of earlier
 * kills keep the old one. Every write is one unit of work (ctx.write): audited, refuses a stale edit
 * (409), clears the computed figures of the drafts of that species (they recompute when next read) and
 * announces skinPriceUpdated (and invoiceUpdated for those drafts) after the commit.
 */
import { asc, desc, eq, inArray } from "drizzle-orm";
import { skinPrices } from "../../../db/tenant/schema.ts";
import { ApiError } from "../../http/errors.ts";
import { type AreaContext, assertUnchanged, type TenantTx } from "../context.ts";
import { refigureDrafts } from "../invoices/writes.ts";
import { SPECIES_CATEGORIES, speciesCategoryName } from "../../../kernel/enums.ts";
import { hasSkins, priceTiming, SKIN_GRADES, skinKindOf, skinPriceProblems } from "./rules.ts";
import type { SkinPrice, SkinPriceBody } from "./schemas.ts";
import { saveRow } from "../savedRow.ts";

type PriceRow = typeof skinPrices.$inferSelect;
export const SKIN_PRICE_ENTITY = "SkinPrice";

/** The species the caller works with that have skins or hides to pay for. */
export function skinSpecies(ctx: AreaContext): { id: number; name: string }[] {
  return ctx.scope.species.filter((s) => hasSkins(s.id));
}

/** Prices of the caller's species (or one of them): per category, newest start first. */
export async function skinPriceList(ctx: AreaContext, speciesId?: number): Promise<SkinPrice[]> {
  const species = skinSpecies(ctx).map((s) => s.id).filter((id) => !speciesId || id === speciesId);
  if (!species.length) return [];
  const rows = await ctx.db.select().from(skinPrices).where(inArray(skinPrices.speciesId, species))
    .orderBy(asc(skinPrices.speciesId), asc(skinPrices.speciesCategoryId), desc(skinPrices.startDate));
  const seen = new Set<string>();
  return rows.map((r) => {
    let timing: SkinPrice["timing"] = priceTiming(r, ctx.today);
    if (timing === "current") { // newest begun row per species and category applies; older ones are superseded
      const key = `${r.speciesId}|${r.speciesCategoryId}`;
      if (seen.has(key)) timing = "superseded";
      seen.add(key);
    }
    return priceDto(ctx, r, timing);
  });
}

export async function skinPrice(ctx: AreaContext, id: number): Promise<SkinPrice> {
  const row = await findPrice(ctx, ctx.db, id);
  return (await skinPriceList(ctx, row.speciesId)).find((p) => p.id === id)!;
}

export async function saveSkinPrice(ctx: AreaContext, body: SkinPriceBody): Promise<SkinPrice> {
  if (!skinSpecies(ctx).some((s) => s.id === body.speciesId)) {
    throw ApiError.validation([{
      field: "speciesId",
      message: "Choose one of your species with skins or hides",
    }]);
  }
  const categoryId = body.speciesCategoryId ?? null;
  if (
    categoryId !== null &&
    !SPECIES_CATEGORIES.some((c) => c.id === categoryId && c.speciesId === body.speciesId)
  ) {
    throw ApiError.validation([{
      field: "speciesCategoryId",
      message: "Choose a category of that species",
    }]);
  }
  const grades = SKIN_GRADES.flatMap((grade) => {
    const price = body.grades.find((g) => g.grade === grade)?.price;
    return price === null || price === undefined ? [] : [{ grade, centsPerPiece: Math.round(price * 100) }];
  });
  const values = {
    kind: skinKindOf(body.speciesId),
    speciesId: body.speciesId,
    speciesCategoryId: categoryId,
    name: body.name,
    startDate: body.startDate,
    archivedDate: body.archivedDate ?? null,
    grades,
  };
  const problems = skinPriceProblems(values);
  if (problems.length) throw ApiError.validation(problems);
  const row = await ctx.write(async (tx, unit) => {
    const current = body.id ? await findPrice(ctx, tx, body.id) : null;
    if (current) assertUnchanged(current, body.lastModified, "skin price");
    const row = await saveRow(unit, skinPrices, { entity: SKIN_PRICE_ENTITY, current, values });
    const species = [...new Set([values.speciesId, current?.speciesId ?? values.speciesId])];
    await refigureDrafts(unit, { speciesIds: species });
    unit.announce("skinPriceUpdated", { speciesId: row.speciesId });
    return row;
  });
  return await skinPrice(ctx, row.id);
}

/** Stop using a price from today (or use it again); history keeps it. */
export async function archiveSkinPrice(
  ctx: AreaContext,
  body: { id: number; lastModified?: string | null; isArchived: boolean },
): Promise<SkinPrice> {
  const row = await ctx.write(async (tx, unit) => {
    const current = await findPrice(ctx, tx, body.id);
    assertUnchanged(current, body.lastModified, "skin price");
    const archivedDate = body.isArchived ? ctx.today : null;
    if (archivedDate !== null && archivedDate <= current.startDate) {
      throw ApiError.conflict("This price has not begun: change its start date or its dates instead.");
    }
    const action = body.isArchived ? "archive" : "restore";
    const row = await saveRow(unit, skinPrices, {
      entity: SKIN_PRICE_ENTITY,
      current,
      values: { archivedDate },
      action,
    });
    await refigureDrafts(unit, { speciesIds: [current.speciesId] });
    unit.announce("skinPriceUpdated", { speciesId: row.speciesId });
    return row;
  });
  return await skinPrice(ctx, row.id);
}

async function findPrice(ctx: AreaContext, db: AreaContext["db"] | TenantTx, id: number): Promise<PriceRow> {
  const row = await db.select().from(skinPrices).where(eq(skinPrices.id, id)).get();
  if (!row || !skinSpecies(ctx).some((s) => s.id === row.speciesId)) {
    throw ApiError.notFound("That skin or hide price does not exist.");
  }
  return row;
}

function priceDto(ctx: AreaContext, r: PriceRow, timing: SkinPrice["timing"]): SkinPrice {
  return {
    id: r.id,
    kind: r.kind === "hide" ? "hide" : "skin",
    speciesId: r.speciesId,
    species: ctx.scope.hasSpecies(r.speciesId) ? ctx.scope.speciesName(r.speciesId) : "",
    speciesCategoryId: r.speciesCategoryId,
    speciesCategory: r.speciesCategoryId === null
      ? "Every category"
      : speciesCategoryName(r.speciesCategoryId),
    name: r.name,
    startDate: r.startDate,
    archivedDate: r.archivedDate,
    grades: r.grades,
    timing,
    lastModified: r.lastModified,
  };
}
