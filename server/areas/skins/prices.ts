/**
 * Settings › Skin/Hide Price (spec 2 §2.2 skinprice, §3 "Skin price and hide price"): what the plant pays
 * a piece, by grade, for the skins (sheep, goats, deer) or hides (cattle) of a supplier's stock, from a start
 * date until it is archived. A new season's price is a copy with a new start date, so invoices of earlier
 * kills keep the old one. Every write is audited, refuses a stale edit (409), clears the computed figures
 * of the drafts of that species (they recompute when next read) and announces skinPriceUpdated.
 */
import { asc, desc, eq, inArray } from "drizzle-orm";
import { skinPrices } from "../../../db/tenant/schema.ts";
import { ApiError } from "../../http/errors.ts";
import { type AreaContext, assertUnchanged, nextModified, type TenantTx } from "../context.ts";
import { changedValues, recordAudit } from "../audit.ts";
import { recomputeDrafts } from "../invoices/commands.ts";
import { SPECIES_CATEGORIES, speciesCategoryName } from "../../../kernel/enums.ts";
import { hasSkins, priceTiming, SKIN_GRADES, skinKindOf, skinPriceProblems } from "./rules.ts";
import type { SkinPrice, SkinPriceBody } from "./schemas.ts";

type PriceRow = typeof skinPrices.$inferSelect;
export const SKIN_PRICE_ENTITY = "SkinPrice";

export class SkinPriceService {
  /** Access is checked by the route rules before a service is made. */
  constructor(private readonly ctx: AreaContext) {}

  /** The species the caller works with that have skins or hides to pay for. */
  skinSpecies(): { id: number; name: string }[] {
    return this.ctx.caller.species.filter((s) => hasSkins(s.id));
  }

  /** Prices of the caller's species (or one of them): per category, newest start first. */
  async prices(speciesId?: number): Promise<SkinPrice[]> {
    const species = this.skinSpecies().map((s) => s.id).filter((id) => !speciesId || id === speciesId);
    if (!species.length) return [];
    const rows = await this.ctx.db.select().from(skinPrices).where(inArray(skinPrices.speciesId, species))
      .orderBy(asc(skinPrices.speciesId), asc(skinPrices.speciesCategoryId), desc(skinPrices.startDate));
    const seen = new Set<string>();
    return rows.map((r) => {
      let timing: SkinPrice["timing"] = priceTiming(r, this.ctx.today);
      if (timing === "current") { // newest begun row per species and category applies; older ones are superseded
        const key = `${r.speciesId}|${r.speciesCategoryId}`;
        if (seen.has(key)) timing = "superseded";
        seen.add(key);
      }
      return this.#dto(r, timing);
    });
  }

  async price(id: number): Promise<SkinPrice> {
    const row = await this.#find(this.ctx.db, id);
    return (await this.prices(row.speciesId)).find((p) => p.id === id)!;
  }

  async upsert(body: SkinPriceBody): Promise<SkinPrice> {
    if (!this.skinSpecies().some((s) => s.id === body.speciesId)) {
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
    const { row, drafts } = await this.ctx.db.transaction(async (tx) => {
      const current = body.id ? await this.#find(tx, body.id) : null;
      if (current) assertUnchanged(current, body.lastModified, "skin price");
      const now = nextModified(current?.lastModified);
      const [row] = current
        ? await tx.update(skinPrices).set({ ...values, lastModified: now }).where(
          eq(skinPrices.id, current.id),
        )
          .returning()
        : await tx.insert(skinPrices).values({ ...values, createdAt: now, lastModified: now }).returning();
      await recordAudit(tx, this.ctx, {
        entity: SKIN_PRICE_ENTITY,
        entityId: row.id,
        action: current ? "update" : "create",
        ...(current ? changedValues(current, values) : { after: values }),
      });
      const species = [...new Set([values.speciesId, current?.speciesId ?? values.speciesId])];
      return { row, drafts: await recomputeDrafts(tx, { speciesIds: species }) };
    });
    await this.#announce(row.speciesId, drafts);
    return await this.price(row.id);
  }

  /** Stop using a price from today (or use it again); history keeps it. */
  async archive(body: { id: number; lastModified?: string | null; isArchived: boolean }): Promise<SkinPrice> {
    const { row, drafts } = await this.ctx.db.transaction(async (tx) => {
      const current = await this.#find(tx, body.id);
      assertUnchanged(current, body.lastModified, "skin price");
      const archivedDate = body.isArchived ? this.ctx.today : null;
      if (archivedDate !== null && archivedDate <= current.startDate) {
        throw ApiError.conflict("This price has not begun: change its start date or its dates instead.");
      }
      const [row] = await tx.update(skinPrices)
        .set({ archivedDate, lastModified: nextModified(current.lastModified) })
        .where(eq(skinPrices.id, current.id)).returning();
      await recordAudit(tx, this.ctx, {
        entity: SKIN_PRICE_ENTITY,
        entityId: current.id,
        action: body.isArchived ? "archive" : "restore",
      });
      return { row, drafts: await recomputeDrafts(tx, { speciesIds: [current.speciesId] }) };
    });
    await this.#announce(row.speciesId, drafts);
    return await this.price(row.id);
  }

  async #announce(speciesId: number, invoiceIds: number[]) {
    await this.ctx.app.push.emit(this.ctx.tenantId, "skinPriceUpdated", { speciesId });
    if (invoiceIds.length) await this.ctx.app.push.emit(this.ctx.tenantId, "invoiceUpdated", { invoiceIds });
  }

  async #find(db: AreaContext["db"] | TenantTx, id: number): Promise<PriceRow> {
    const row = await db.select().from(skinPrices).where(eq(skinPrices.id, id)).get();
    if (!row || !this.skinSpecies().some((s) => s.id === row.speciesId)) {
      throw ApiError.notFound("That skin or hide price does not exist.");
    }
    return row;
  }

  #dto(r: PriceRow, timing: SkinPrice["timing"]): SkinPrice {
    return {
      id: r.id,
      kind: r.kind === "hide" ? "hide" : "skin",
      speciesId: r.speciesId,
      species: this.ctx.caller.species.find((s) => s.id === r.speciesId)?.name ?? "",
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
}
