/**
 * Settings › Invoicing (spec 2 §2.2 invoicesettings): the levies and charges an invoice deducts (and the
 * service kill fee it charges), and how defects and condemnations are paid. Lists and edits are limited
 * to the caller's species and sites (ctx.scope). Each write is one unit of work (ctx.write: audited,
 * refuses a stale edit (409), and clears the computed figures of the drafts it affects so they recompute
 * when next read, announcing invoiceUpdated after the commit); published invoices keep what they were
 * published with.
 */
import { and, asc, desc, eq, inArray, ne } from "drizzle-orm";
import { defectDetails, levySettings } from "../../../db/tenant/schema.ts";
import { ApiError } from "../../http/errors.ts";
import { type AreaContext, assertUnchanged, type TenantTx } from "../context.ts";
import { refigureDrafts } from "../invoices/writes.ts";
import { SPECIES_CATEGORIES, speciesCategoryName } from "../../../kernel/enums.ts";
import { formatDate } from "../../../kernel/format.ts";
import {
  bandsFromInput,
  describeDefectRule,
  describeLevy,
  levyLabel,
  levyProblems,
  type LevyType,
  levyTypeName,
} from "./rules.ts";
import type { DefectDetail, DefectDetailBody, LevyBody, LevySetting } from "./schemas.ts";
import { saveRow } from "../savedRow.ts";

type LevyRow = typeof levySettings.$inferSelect;
type DefectRow = typeof defectDetails.$inferSelect;

export const LEVY_ENTITY = "LevySetting";
export const DEFECT_ENTITY = "DefectDetail";
export const ALL_SITES = "All sites";

export interface LevyKey {
  levyType: string;
  tenantSiteId: number;
  speciesCategoryId: number;
  startDate: string;
  description: string;
}

/** The caller's species' levies and fees: by type, category, site, newest start first. */
export async function levies(ctx: AreaContext): Promise<LevySetting[]> {
  const categories = categoryIds(ctx);
  if (!categories.length) return [];
  const rows = await ctx.db.select().from(levySettings)
    .where(inArray(levySettings.speciesCategoryId, categories))
    .orderBy(
      asc(levySettings.levyType),
      asc(levySettings.description),
      asc(levySettings.speciesCategoryId),
      asc(levySettings.tenantSiteId),
      desc(levySettings.startDate),
    );
  const current = new Set<number>();
  const seen = new Set<string>();
  for (const r of rows) { // newest first within a key: the first begun one applies today
    const key = `${r.levyType}|${r.description}|${r.speciesCategoryId}|${r.tenantSiteId}`;
    if (r.startDate <= ctx.today && !seen.has(key)) {
      seen.add(key);
      current.add(r.id);
    }
  }
  return rows.map((r) =>
    levyDto(ctx, r, current.has(r.id) ? "current" : r.startDate > ctx.today ? "future" : "superseded")
  );
}

/** One levy by its key (the settings route's parameters). */
export async function levy(ctx: AreaContext, key: LevyKey): Promise<LevySetting> {
  const row = await ctx.db.select().from(levySettings).where(and(
    eq(levySettings.levyType, key.levyType),
    eq(levySettings.tenantSiteId, key.tenantSiteId),
    eq(levySettings.speciesCategoryId, key.speciesCategoryId),
    eq(levySettings.startDate, key.startDate),
    eq(levySettings.description, key.description),
  )).get();
  if (!row || !categoryIds(ctx).includes(row.speciesCategoryId)) {
    throw ApiError.notFound("That levy is not set (it may have been deleted).");
  }
  return levyDto(ctx, row, row.startDate > ctx.today ? "future" : "current");
}

export async function saveLevy(ctx: AreaContext, body: LevyBody): Promise<LevySetting> {
  if (!categoryIds(ctx).includes(body.speciesCategoryId)) {
    throw ApiError.validation([{
      field: "speciesCategoryId",
      message: "Choose a category of your species",
    }]);
  }
  const tenantSiteId = body.tenantSiteId ?? 0;
  if (tenantSiteId && !ctx.scope.hasSite(tenantSiteId)) {
    throw ApiError.validation([{ field: "tenantSiteId", message: "Choose one of your sites" }]);
  }
  const values = {
    levyType: body.levyType,
    tenantSiteId,
    speciesCategoryId: body.speciesCategoryId,
    startDate: body.startDate,
    description: body.levyType === "ServiceKillFee" ? "" : body.description,
    bands: bandsFromInput(body.bands),
    maxPerHeadCents: body.maxPerHead === null || body.maxPerHead === undefined
      ? null
      : Math.round(body.maxPerHead * 100),
  };
  const problems = levyProblems(values);
  if (problems.length) throw ApiError.validation(problems);

  const row = await ctx.write(async (tx, unit) => {
    const current = body.id ? await findLevy(ctx, tx, body.id) : null;
    if (current) assertUnchanged(current, body.lastModified, "levy");
    await refuseSameKey(ctx, tx, values, body.id);
    const row = await saveRow(unit, levySettings, { entity: LEVY_ENTITY, current, values });
    const categories = [...new Set([values.speciesCategoryId, current?.speciesCategoryId ?? 0])];
    await refigureDrafts(unit, { speciesCategoryIds: categories });
    return row;
  });
  return levyDto(ctx, row, row.startDate > ctx.today ? "future" : "current");
}

export async function deleteLevy(
  ctx: AreaContext,
  body: { id: number; lastModified?: string | null },
): Promise<{ id: number }> {
  await ctx.write(async (tx, unit) => {
    const current = await findLevy(ctx, tx, body.id);
    assertUnchanged(current, body.lastModified, "levy");
    await tx.delete(levySettings).where(eq(levySettings.id, current.id));
    await unit.audit({
      entity: LEVY_ENTITY,
      entityId: current.id,
      action: "delete",
      before: current,
    });
    await refigureDrafts(unit, { speciesCategoryIds: [current.speciesCategoryId] });
  });
  return { id: body.id };
}

/** Defect price rules for the caller's species (and those for every species), live then archived. */
export async function defects(ctx: AreaContext): Promise<DefectDetail[]> {
  const rows = await ctx.db.select().from(defectDetails)
    .orderBy(asc(defectDetails.isArchived), asc(defectDetails.code), asc(defectDetails.speciesId));
  const species = ctx.scope.speciesIds;
  return rows.filter((r) => r.speciesId === null || species.includes(r.speciesId)).map((r) =>
    defectDto(ctx, r)
  );
}

export async function defect(ctx: AreaContext, id: number): Promise<DefectDetail> {
  return defectDto(ctx, await findDefect(ctx, ctx.db, id));
}

export async function saveDefect(ctx: AreaContext, body: DefectDetailBody): Promise<DefectDetail> {
  const speciesId = body.speciesId ?? null;
  if (speciesId !== null && !ctx.scope.speciesIds.includes(speciesId)) {
    throw ApiError.validation([{ field: "speciesId", message: "Choose one of your species" }]);
  }
  const values = {
    code: body.code.toUpperCase(),
    name: body.name,
    speciesId,
    priceRule: body.priceRule,
    amount: defectAmount(body),
  };
  const row = await ctx.write(async (tx, unit) => {
    const current = body.id ? await findDefect(ctx, tx, body.id) : null;
    if (current) assertUnchanged(current, body.lastModified, "defect detail");
    const same = await tx.select({ id: defectDetails.id, speciesId: defectDetails.speciesId })
      .from(defectDetails)
      .where(and(
        eq(defectDetails.code, values.code),
        eq(defectDetails.isArchived, false),
        ne(defectDetails.id, body.id ?? 0),
      ));
    if (same.some((s) => s.speciesId === speciesId)) {
      throw ApiError.validation([{
        field: "code",
        message: `${values.code} already has a rule for ${speciesName(ctx, speciesId).toLowerCase()}`,
      }]);
    }
    const row = await saveRow(unit, defectDetails, { entity: DEFECT_ENTITY, current, values });
    await refigureDrafts(unit, defectScope(speciesId, current?.speciesId));
    return row;
  });
  return defectDto(ctx, row);
}

/** Archive (stop using) or restore a defect rule; history keeps it. */
export async function archiveDefect(
  ctx: AreaContext,
  body: { id: number; lastModified?: string | null; isArchived: boolean },
) {
  const row = await ctx.write(async (tx, unit) => {
    const current = await findDefect(ctx, tx, body.id);
    assertUnchanged(current, body.lastModified, "defect detail");
    if (!body.isArchived) {
      const clash = await tx.select({ id: defectDetails.id, speciesId: defectDetails.speciesId })
        .from(defectDetails)
        .where(and(eq(defectDetails.code, current.code), eq(defectDetails.isArchived, false)));
      if (clash.some((c) => c.speciesId === current.speciesId)) {
        throw ApiError.conflict(`${current.code} has another rule in use: archive that one first.`);
      }
    }
    const values = { isArchived: body.isArchived };
    const action = body.isArchived ? "archive" : "restore";
    const row = await saveRow(unit, defectDetails, { entity: DEFECT_ENTITY, current, values, action });
    await refigureDrafts(unit, defectScope(current.speciesId));
    return row;
  });
  return defectDto(ctx, row);
}

function defectAmount(body: DefectDetailBody): number {
  const need = (value: number | null | undefined, field: string, message: string) => {
    if (value === null || value === undefined) throw ApiError.validation([{ field, message }]);
    return value;
  };
  switch (body.priceRule) {
    case "PercentOff":
      return Math.round(need(body.percentOff, "percentOff", "Enter the percentage off"));
    case "CentsPerKgOff":
      return Math.round(need(body.centsPerKgOff, "centsPerKgOff", "Enter the cents a kg off"));
    case "FixedPerHead":
      return Math.round(need(body.perHead, "perHead", "Enter the amount a head") * 100);
    default:
      return 0;
  }
}

function defectScope(speciesId: number | null, previous?: number | null) {
  if (speciesId === null || previous === null) return {};
  return { speciesIds: [...new Set([speciesId, previous ?? speciesId])] };
}

async function refuseSameKey(ctx: AreaContext, tx: TenantTx, v: LevyKey, id?: number) {
  const same = await tx.select({ id: levySettings.id }).from(levySettings).where(and(
    eq(levySettings.levyType, v.levyType),
    eq(levySettings.tenantSiteId, v.tenantSiteId),
    eq(levySettings.speciesCategoryId, v.speciesCategoryId),
    eq(levySettings.startDate, v.startDate),
    eq(levySettings.description, v.description),
    ne(levySettings.id, id ?? 0),
  )).get();
  if (same) {
    throw ApiError.validation([{
      field: "startDate",
      message: `${levyLabel(v)} for ${speciesCategoryName(v.speciesCategoryId)} at ${
        siteName(ctx, v.tenantSiteId).toLowerCase()
      } from ${formatDate(v.startDate)} is already set: edit that one`,
    }]);
  }
}

async function findLevy(ctx: AreaContext, db: AreaContext["db"] | TenantTx, id: number): Promise<LevyRow> {
  const row = await db.select().from(levySettings).where(eq(levySettings.id, id)).get();
  if (!row || !categoryIds(ctx).includes(row.speciesCategoryId)) {
    throw ApiError.notFound("That levy is not set (it may have been deleted).");
  }
  return row;
}

async function findDefect(
  ctx: AreaContext,
  db: AreaContext["db"] | TenantTx,
  id: number,
): Promise<DefectRow> {
  const row = await db.select().from(defectDetails).where(eq(defectDetails.id, id)).get();
  if (!row || (row.speciesId !== null && !ctx.scope.speciesIds.includes(row.speciesId))) {
    throw ApiError.notFound("That defect detail does not exist.");
  }
  return row;
}

function levyDto(ctx: AreaContext, r: LevyRow, timing: LevySetting["timing"]): LevySetting {
  const speciesId = SPECIES_CATEGORIES.find((c) => c.id === r.speciesCategoryId)?.speciesId ?? 0;
  return {
    id: r.id,
    levyType: r.levyType as LevyType,
    levyTypeName: levyTypeName(r.levyType),
    description: r.description,
    tenantSiteId: r.tenantSiteId,
    site: siteName(ctx, r.tenantSiteId),
    speciesCategoryId: r.speciesCategoryId,
    speciesCategory: speciesCategoryName(r.speciesCategoryId),
    speciesId,
    species: speciesName(ctx, speciesId),
    startDate: r.startDate,
    bands: r.bands,
    maxPerHeadCents: r.maxPerHeadCents,
    rate: describeLevy(r),
    timing,
    lastModified: r.lastModified,
  };
}

function defectDto(ctx: AreaContext, r: DefectRow): DefectDetail {
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    speciesId: r.speciesId,
    species: speciesName(ctx, r.speciesId),
    priceRule: r.priceRule,
    amount: r.amount,
    rule: describeDefectRule(r),
    isArchived: r.isArchived,
    lastModified: r.lastModified,
  };
}

/** The species categories of the caller's species (levies are set per category). */
const categoryIds = (ctx: AreaContext): number[] =>
  SPECIES_CATEGORIES.filter((c) => ctx.scope.hasSpecies(c.speciesId)).map((c) => c.id);
const speciesName = (ctx: AreaContext, id: number | null) =>
  id === null ? "Every species" : ctx.scope.hasSpecies(id) ? ctx.scope.speciesName(id) : "";
const siteName = (ctx: AreaContext, id: number) =>
  id === 0 ? ALL_SITES : ctx.scope.hasSite(id) ? ctx.scope.siteName(id) : "";
