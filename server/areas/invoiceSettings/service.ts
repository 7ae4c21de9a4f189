/**
 * Settings › Invoicing (spec 2 §2.2 invoicesettings): the levies and charges an invoice deducts (and the
 * service kill fee it charges), and how defects and condemnations are paid. Lists and edits are limited
 * to the caller's species and sites. Each write is one transaction, audited, refuses a stale edit (409),
 * and clears the computed figures of the drafts it affects so they recompute when next read; published
 * invoices keep what they were published with.
 */
import { and, asc, desc, eq, inArray, ne } from "drizzle-orm";
import { defectDetails, levySettings } from "../../../db/tenant/schema.ts";
import { ApiError } from "../../http/errors.ts";
import { type AreaContext, assertUnchanged, nextModified, type TenantTx } from "../context.ts";
import { changedValues, recordAudit } from "../audit.ts";
import { recomputeDrafts } from "../invoices/commands.ts";
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

export class InvoiceSettingsService {
  /** Access is checked by the route rules before a service is made. */
  constructor(private readonly ctx: AreaContext) {}

  /** The caller's species' levies and fees: by type, category, site, newest start first. */
  async levies(): Promise<LevySetting[]> {
    const categories = this.#categoryIds();
    if (!categories.length) return [];
    const rows = await this.ctx.db.select().from(levySettings)
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
      if (r.startDate <= this.ctx.today && !seen.has(key)) {
        seen.add(key);
        current.add(r.id);
      }
    }
    return rows.map((r) =>
      this.#levyDto(r, current.has(r.id) ? "current" : r.startDate > this.ctx.today ? "future" : "superseded")
    );
  }

  /** One levy by its key (the settings route's parameters). */
  async levy(key: LevyKey): Promise<LevySetting> {
    const row = await this.ctx.db.select().from(levySettings).where(and(
      eq(levySettings.levyType, key.levyType),
      eq(levySettings.tenantSiteId, key.tenantSiteId),
      eq(levySettings.speciesCategoryId, key.speciesCategoryId),
      eq(levySettings.startDate, key.startDate),
      eq(levySettings.description, key.description),
    )).get();
    if (!row || !this.#categoryIds().includes(row.speciesCategoryId)) {
      throw ApiError.notFound("That levy is not set (it may have been deleted).");
    }
    return this.#levyDto(row, row.startDate > this.ctx.today ? "future" : "current");
  }

  async upsertLevy(body: LevyBody): Promise<LevySetting> {
    if (!this.#categoryIds().includes(body.speciesCategoryId)) {
      throw ApiError.validation([{
        field: "speciesCategoryId",
        message: "Choose a category of your species",
      }]);
    }
    const tenantSiteId = body.tenantSiteId ?? 0;
    if (tenantSiteId && !this.ctx.caller.sites.some((s) => s.id === tenantSiteId)) {
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

    const { row, drafts } = await this.ctx.db.transaction(async (tx) => {
      const current = body.id ? await this.#findLevy(tx, body.id) : null;
      if (current) assertUnchanged(current, body.lastModified, "levy");
      await this.#refuseSameKey(tx, values, body.id);
      const now = nextModified(current?.lastModified);
      const [row] = current
        ? await tx.update(levySettings).set({ ...values, lastModified: now })
          .where(eq(levySettings.id, current.id)).returning()
        : await tx.insert(levySettings).values({ ...values, createdAt: now, lastModified: now }).returning();
      await recordAudit(tx, this.ctx, {
        entity: LEVY_ENTITY,
        entityId: row.id,
        action: current ? "update" : "create",
        ...(current ? changedValues(current, values) : { after: values }),
      });
      const categories = [...new Set([values.speciesCategoryId, current?.speciesCategoryId ?? 0])];
      return { row, drafts: await recomputeDrafts(tx, { speciesCategoryIds: categories }) };
    });
    await this.#announce(drafts);
    return this.#levyDto(row, row.startDate > this.ctx.today ? "future" : "current");
  }

  async deleteLevy(body: { id: number; lastModified?: string | null }): Promise<{ id: number }> {
    const drafts = await this.ctx.db.transaction(async (tx) => {
      const current = await this.#findLevy(tx, body.id);
      assertUnchanged(current, body.lastModified, "levy");
      await tx.delete(levySettings).where(eq(levySettings.id, current.id));
      await recordAudit(tx, this.ctx, {
        entity: LEVY_ENTITY,
        entityId: current.id,
        action: "delete",
        before: current,
      });
      return await recomputeDrafts(tx, { speciesCategoryIds: [current.speciesCategoryId] });
    });
    await this.#announce(drafts);
    return { id: body.id };
  }

  /** Defect price rules for the caller's species (and those for every species), live then archived. */
  async defects(): Promise<DefectDetail[]> {
    const rows = await this.ctx.db.select().from(defectDetails)
      .orderBy(asc(defectDetails.isArchived), asc(defectDetails.code), asc(defectDetails.speciesId));
    const species = this.#speciesIds();
    return rows.filter((r) => r.speciesId === null || species.includes(r.speciesId)).map((r) =>
      this.#defectDto(r)
    );
  }

  async defect(id: number): Promise<DefectDetail> {
    return this.#defectDto(await this.#findDefect(this.ctx.db, id));
  }

  async upsertDefect(body: DefectDetailBody): Promise<DefectDetail> {
    const speciesId = body.speciesId ?? null;
    if (speciesId !== null && !this.#speciesIds().includes(speciesId)) {
      throw ApiError.validation([{ field: "speciesId", message: "Choose one of your species" }]);
    }
    const values = {
      code: body.code.toUpperCase(),
      name: body.name,
      speciesId,
      priceRule: body.priceRule,
      amount: this.#defectAmount(body),
    };
    const { row, drafts } = await this.ctx.db.transaction(async (tx) => {
      const current = body.id ? await this.#findDefect(tx, body.id) : null;
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
          message: `${values.code} already has a rule for ${this.#speciesName(speciesId).toLowerCase()}`,
        }]);
      }
      const now = nextModified(current?.lastModified);
      const [row] = current
        ? await tx.update(defectDetails).set({ ...values, lastModified: now })
          .where(eq(defectDetails.id, current.id)).returning()
        : await tx.insert(defectDetails).values({ ...values, createdAt: now, lastModified: now }).returning();
      await recordAudit(tx, this.ctx, {
        entity: DEFECT_ENTITY,
        entityId: row.id,
        action: current ? "update" : "create",
        ...(current ? changedValues(current, values) : { after: values }),
      });
      return { row, drafts: await recomputeDrafts(tx, this.#defectScope(speciesId, current?.speciesId)) };
    });
    await this.#announce(drafts);
    return this.#defectDto(row);
  }

  /** Archive (stop using) or restore a defect rule; history keeps it. */
  async archiveDefect(body: { id: number; lastModified?: string | null; isArchived: boolean }) {
    const { row, drafts } = await this.ctx.db.transaction(async (tx) => {
      const current = await this.#findDefect(tx, body.id);
      assertUnchanged(current, body.lastModified, "defect detail");
      if (!body.isArchived) {
        const clash = await tx.select({ id: defectDetails.id, speciesId: defectDetails.speciesId })
          .from(defectDetails)
          .where(and(eq(defectDetails.code, current.code), eq(defectDetails.isArchived, false)));
        if (clash.some((c) => c.speciesId === current.speciesId)) {
          throw ApiError.conflict(`${current.code} has another rule in use: archive that one first.`);
        }
      }
      const [row] = await tx.update(defectDetails)
        .set({ isArchived: body.isArchived, lastModified: nextModified(current.lastModified) })
        .where(eq(defectDetails.id, current.id)).returning();
      await recordAudit(tx, this.ctx, {
        entity: DEFECT_ENTITY,
        entityId: current.id,
        action: body.isArchived ? "archive" : "restore",
      });
      return { row, drafts: await recomputeDrafts(tx, this.#defectScope(current.speciesId)) };
    });
    await this.#announce(drafts);
    return this.#defectDto(row);
  }

  #defectAmount(body: DefectDetailBody): number {
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

  #defectScope(speciesId: number | null, previous?: number | null) {
    if (speciesId === null || previous === null) return {};
    return { speciesIds: [...new Set([speciesId, previous ?? speciesId])] };
  }

  async #announce(invoiceIds: number[]) {
    if (invoiceIds.length) await this.ctx.app.push.emit(this.ctx.tenantId, "invoiceUpdated", { invoiceIds });
  }

  async #refuseSameKey(tx: TenantTx, v: LevyKey, id?: number) {
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
          this.#siteName(v.tenantSiteId).toLowerCase()
        } from ${formatDate(v.startDate)} is already set: edit that one`,
      }]);
    }
  }

  async #findLevy(db: AreaContext["db"] | TenantTx, id: number): Promise<LevyRow> {
    const row = await db.select().from(levySettings).where(eq(levySettings.id, id)).get();
    if (!row || !this.#categoryIds().includes(row.speciesCategoryId)) {
      throw ApiError.notFound("That levy is not set (it may have been deleted).");
    }
    return row;
  }

  async #findDefect(db: AreaContext["db"] | TenantTx, id: number): Promise<DefectRow> {
    const row = await db.select().from(defectDetails).where(eq(defectDetails.id, id)).get();
    if (!row || (row.speciesId !== null && !this.#speciesIds().includes(row.speciesId))) {
      throw ApiError.notFound("That defect detail does not exist.");
    }
    return row;
  }

  #levyDto(r: LevyRow, timing: LevySetting["timing"]): LevySetting {
    const speciesId = SPECIES_CATEGORIES.find((c) => c.id === r.speciesCategoryId)?.speciesId ?? 0;
    return {
      id: r.id,
      levyType: r.levyType as LevyType,
      levyTypeName: levyTypeName(r.levyType),
      description: r.description,
      tenantSiteId: r.tenantSiteId,
      site: this.#siteName(r.tenantSiteId),
      speciesCategoryId: r.speciesCategoryId,
      speciesCategory: speciesCategoryName(r.speciesCategoryId),
      speciesId,
      species: this.#speciesName(speciesId),
      startDate: r.startDate,
      bands: r.bands,
      maxPerHeadCents: r.maxPerHeadCents,
      rate: describeLevy(r),
      timing,
      lastModified: r.lastModified,
    };
  }

  #defectDto(r: DefectRow): DefectDetail {
    return {
      id: r.id,
      code: r.code,
      name: r.name,
      speciesId: r.speciesId,
      species: this.#speciesName(r.speciesId),
      priceRule: r.priceRule,
      amount: r.amount,
      rule: describeDefectRule(r),
      isArchived: r.isArchived,
      lastModified: r.lastModified,
    };
  }

  #speciesIds = () => this.ctx.caller.species.map((s) => s.id);
  #categoryIds = (): number[] =>
    SPECIES_CATEGORIES.filter((c) => this.#speciesIds().includes(c.speciesId)).map((c) => c.id);
  #speciesName = (id: number | null) =>
    id === null ? "Every species" : this.ctx.caller.species.find((s) => s.id === id)?.name ?? "";
  #siteName = (id: number) =>
    id === 0 ? ALL_SITES : this.ctx.caller.sites.find((s) => s.id === id)?.name ?? "";
}
