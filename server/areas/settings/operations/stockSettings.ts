/**
 * Settings › Stock settings (spec 2 §2.2, §7.4): the plant's species live in the control database (the
 * access policy reads them on every request, so each change tells the caller cache); the rest of the
 * stock settings in the tenant's own (one row), written as one unit with its audit row.
 */
import { eq } from "drizzle-orm";
import { species, tenantSpecies } from "../../../../db/control/schema.ts";
import { stockSettings } from "../../../../db/tenant/schema.ts";
import { ApiError } from "../../../http/errors.ts";
import { displayName } from "../../audit.ts";
import { type AreaContext, assertUnchanged, nextModified } from "../../context.ts";
import type { In } from "../../areaApi.ts";
import { SPECIES_CATEGORIES } from "../../../../kernel/enums.ts";
import { AGENDA_PLANNING_DAYS } from "../rules.ts";
import type { StockSettingsBody } from "../schemas.ts";

/** The one stock settings row's id. */
const STOCK_ROW = 1;

/** Every species the product knows (the list a super user chooses the plant's from). */
export function allSpecies(ctx: AreaContext) {
  return ctx.app.db.control.select().from(species).orderBy(species.id);
}

export async function getStockSettings(ctx: AreaContext) {
  const [enabled, [row]] = await Promise.all([
    ctx.app.db.control.select({ id: tenantSpecies.speciesId }).from(tenantSpecies)
      .where(eq(tenantSpecies.tenantId, ctx.tenantId)).orderBy(tenantSpecies.speciesId),
    ctx.db.select().from(stockSettings).where(eq(stockSettings.id, STOCK_ROW)),
  ]);
  const speciesIds = enabled.map((s) => s.id);
  return {
    speciesIds,
    // until the first save, every category of the plant's species
    speciesCategoryIds: row?.speciesCategoryIds ??
      SPECIES_CATEGORIES.filter((c) => speciesIds.includes(c.speciesId)).map((c) => c.id),
    carcassTypes: row?.carcassTypes ?? ["hscw"],
    agendaPlanningDays: row?.agendaPlanningDays ?? AGENDA_PLANNING_DAYS.default,
    lastModified: row?.lastModified ?? null,
  };
}

export async function saveStockSettings(ctx: AreaContext, input: In<typeof StockSettingsBody>) {
  const known = new Set((await allSpecies(ctx)).map((s) => s.id));
  if (input.speciesIds.some((id) => !known.has(id))) {
    throw ApiError.validation([{ field: "speciesIds", message: "Choose from the species listed." }]);
  }
  const speciesIds = [...new Set(input.speciesIds)].sort((a, b) => a - b);
  const strayCategory = input.speciesCategoryIds.find((id) =>
    !SPECIES_CATEGORIES.some((c) => c.id === id && speciesIds.includes(c.speciesId))
  );
  if (strayCategory !== undefined) {
    throw ApiError.validation([{
      field: "speciesCategoryIds",
      message: "Choose categories of the plant's species only.",
    }]);
  }
  const before = await getStockSettings(ctx);
  assertUnchanged({ lastModified: before.lastModified ?? "" }, input.lastModified, "stock settings");
  await ctx.app.db.control.transaction(async (tx) => {
    await tx.delete(tenantSpecies).where(eq(tenantSpecies.tenantId, ctx.tenantId));
    await tx.insert(tenantSpecies).values(
      speciesIds.map((speciesId) => ({ tenantId: ctx.tenantId, speciesId })),
    );
  });
  const row = {
    speciesCategoryIds: [...new Set(input.speciesCategoryIds)].sort((a, b) => a - b),
    carcassTypes: [...new Set(input.carcassTypes)],
    agendaPlanningDays: input.agendaPlanningDays,
    lastModified: nextModified(before.lastModified),
    modifiedBy: displayName(ctx.caller),
  };
  await ctx.write(async (tx, unit) => {
    await tx.insert(stockSettings).values({ id: STOCK_ROW, ...row })
      .onConflictDoUpdate({ target: stockSettings.id, set: row });
    await unit.audit({
      entity: "StockSettings",
      entityId: STOCK_ROW,
      action: "update",
      before,
      after: { speciesIds, ...row },
    });
  });
  await ctx.app.callers.changed({ tenantIds: [ctx.tenantId] });
  return getStockSettings(ctx);
}
