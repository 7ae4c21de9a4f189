/**
 * Settings › Tenant settings and Settings › Stock settings (spec 2 §2.2, §5, §7.4). Tenant settings and
 * the plant's species live in the control database (the access policy reads them on every request,
 * so each change tells the caller cache); the rest of the stock settings in the tenant's own.
 */
import type { z } from "@hono/zod-openapi";
import { and, eq } from "drizzle-orm";
import { species, tenantSettings, tenantSpecies } from "../../../db/control/schema.ts";
import { stockSettings } from "../../../db/tenant/schema.ts";
import { ApiError } from "../../http/errors.ts";
import { displayName, recordAudit } from "../audit.ts";
import { type AreaContext, assertUnchanged, nextModified } from "../context.ts";
import { SPECIES_CATEGORIES } from "../../../kernel/enums.ts";
import {
  AGENDA_PLANNING_DAYS,
  isKnownTenantSettingType,
  TENANT_SETTING_LABELS,
  TENANT_SETTING_TYPES,
} from "./rules.ts";
import type { StockSettingsBody, TenantSettingBody } from "./schemas.ts";

type In<T extends z.ZodType> = z.output<T>;

/** The one stock settings row's id. */
const STOCK_ROW = 1;

export class SettingsService {
  constructor(private readonly ctx: AreaContext) {}

  // ------------------------------------------------------------ tenant settings

  /** Every known setting type with its value (a type never saved is off). */
  async tenantSettings() {
    const stored = await this.ctx.app.db.control.select().from(tenantSettings)
      .where(eq(tenantSettings.tenantId, this.ctx.tenantId));
    return TENANT_SETTING_TYPES.map((settingType) => ({
      settingType,
      ...TENANT_SETTING_LABELS[settingType],
      value: stored.find((s) => s.settingType === settingType)?.value ?? { isEnabled: false },
    }));
  }

  /**
   * Upsert of a tenant setting (settingType + value). An unknown type is refused in words and logged,
   * and nothing is written (spec 2 §5, §8).
   */
  async upsertTenantSetting(input: In<typeof TenantSettingBody>) {
    if (!isKnownTenantSettingType(input.settingType)) {
      console.warn(`tenant ${this.ctx.tenantId}: unknown tenant setting type refused: ${input.settingType}`);
      throw ApiError.validation(
        [{ field: "settingType", message: "This app does not know that setting, so nothing was saved." }],
        `“${input.settingType.slice(0, 60)}” is not a setting this app knows: nothing was saved.`,
      );
    }
    const control = this.ctx.app.db.control;
    const key = and(
      eq(tenantSettings.tenantId, this.ctx.tenantId),
      eq(tenantSettings.settingType, input.settingType),
    );
    const [before] = await control.select().from(tenantSettings).where(key);
    await control.insert(tenantSettings)
      .values({ tenantId: this.ctx.tenantId, settingType: input.settingType, value: input.value })
      .onConflictDoUpdate({
        target: [tenantSettings.tenantId, tenantSettings.settingType],
        set: { value: input.value },
      });
    await this.ctx.db.transaction((tx) =>
      recordAudit(tx, this.ctx, {
        entity: "TenantSetting",
        entityId: input.settingType,
        action: "update",
        before: before?.value ?? null,
        after: input.value,
      })
    );
    await this.ctx.app.callers.changed({ tenantIds: [this.ctx.tenantId] });
    return (await this.tenantSettings()).find((s) => s.settingType === input.settingType)!;
  }

  // ------------------------------------------------------------ stock settings

  /** Every species the product knows (the list a super user chooses the plant's from). */
  allSpecies() {
    return this.ctx.app.db.control.select().from(species).orderBy(species.id);
  }

  async stockSettings() {
    const [enabled, [row]] = await Promise.all([
      this.ctx.app.db.control.select({ id: tenantSpecies.speciesId }).from(tenantSpecies)
        .where(eq(tenantSpecies.tenantId, this.ctx.tenantId)).orderBy(tenantSpecies.speciesId),
      this.ctx.db.select().from(stockSettings).where(eq(stockSettings.id, STOCK_ROW)),
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

  async saveStockSettings(input: In<typeof StockSettingsBody>) {
    const known = new Set((await this.allSpecies()).map((s) => s.id));
    const unknown = input.speciesIds.filter((id) => !known.has(id));
    if (unknown.length) {
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
    const before = await this.stockSettings();
    assertUnchanged({ lastModified: before.lastModified ?? "" }, input.lastModified, "stock settings");
    const control = this.ctx.app.db.control;
    await control.transaction(async (tx) => {
      await tx.delete(tenantSpecies).where(eq(tenantSpecies.tenantId, this.ctx.tenantId));
      await tx.insert(tenantSpecies).values(speciesIds.map((speciesId) => ({
        tenantId: this.ctx.tenantId,
        speciesId,
      })));
    });
    const row = {
      speciesCategoryIds: [...new Set(input.speciesCategoryIds)].sort((a, b) => a - b),
      carcassTypes: [...new Set(input.carcassTypes)],
      agendaPlanningDays: input.agendaPlanningDays,
      lastModified: nextModified(before.lastModified),
      modifiedBy: displayName(this.ctx.caller),
    };
    await this.ctx.db.transaction(async (tx) => {
      await tx.insert(stockSettings).values({ id: STOCK_ROW, ...row })
        .onConflictDoUpdate({ target: stockSettings.id, set: row });
      await recordAudit(tx, this.ctx, {
        entity: "StockSettings",
        entityId: STOCK_ROW,
        action: "update",
        before,
        after: { speciesIds, ...row },
      });
    });
    await this.ctx.app.callers.changed({ tenantIds: [this.ctx.tenantId] });
    return this.stockSettings();
  }
}
