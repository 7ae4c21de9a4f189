/**
 * KillFloorCommands: kill floor corrections (module killFloorCorrections) and the plant simulator. A
 * correction changes one carcass with a reason, audited, and brings the order's totals up to date; the
 * simulator kills the day's mobs at the kill floor that have no records yet, through the one import.
 */
import { and, count, eq, gte, inArray, lte, max } from "drizzle-orm";
import type { z } from "@hono/zod-openapi";
import { carcasses, livestockOrders, stockMobs } from "../../../db/tenant/schema.ts";
import { ApiError } from "../../http/errors.ts";
import { assertUnchanged, nextModified } from "../context.ts";
import { changedValues, recordAudit } from "../audit.ts";
import { MOB_STATUS } from "../../../kernel/enums.ts";
import { KillFloorImports } from "./service.ts";
import { KillFloorQueries } from "./queries.ts";
import { refreshOrderTotals } from "./totals.ts";
import { simulateKill } from "./simulator.ts";
import type { CorrectCarcassBody, SimulateKillBody } from "./schemas.ts";
import { recomputeDrafts } from "../invoices/commands.ts";

type In<S extends z.ZodType> = z.output<S>;

export const CARCASS_ENTITY = "Carcass";

export class KillFloorCommands extends KillFloorImports {
  /** CorrectCarcass: weight, fat, grade, dentition or condemnation of one carcass, with the reason. */
  async correctCarcass(input: In<typeof CorrectCarcassBody>) {
    const { carcassId, lastModified, reason, ...change } = input;
    const fields = Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined));
    if (!Object.keys(fields).length) {
      throw ApiError.validation([{ field: "carcassId", message: "Change at least one value." }]);
    }
    const row = await this.ctx.db.transaction(async (tx) => {
      const [carcass] = await tx.select().from(carcasses).where(eq(carcasses.id, carcassId));
      if (!carcass) throw ApiError.notFound("That carcass is not recorded here.");
      assertUnchanged(carcass, lastModified, "carcass");
      const next = { ...carcass, ...fields };
      if (next.condemned !== "none" && !next.condemnedReason) {
        throw ApiError.validation([{
          field: "condemnedReason",
          message: "Say why the carcass was condemned.",
        }]);
      }
      if (next.condemned !== "whole" && next.hscwKg <= 0) {
        throw ApiError.validation([{ field: "hscwKg", message: "A carcass that passed needs its weight." }]);
      }
      if (next.condemned === "whole") fields.hscwKg = 0;
      if (next.condemned === "none") fields.condemnedReason = null;
      const { before, after } = changedValues(carcass as Record<string, unknown>, fields);
      if (!Object.keys(after).length) throw ApiError.conflict("The carcass already has those values.");
      const [row] = await tx.update(carcasses).set({
        ...fields,
        isCorrected: true,
        lastModified: nextModified(carcass.lastModified),
      }).where(eq(carcasses.id, carcass.id)).returning();
      await recordAudit(tx, this.ctx, {
        entity: CARCASS_ENTITY,
        entityId: carcass.id,
        action: `Body ${carcass.bodyNumber} of ${carcass.productionDate} corrected`,
        before,
        after,
        reason,
      });
      await refreshOrderTotals(tx, [carcass.livestockOrderId], new Date().toISOString());
      await tx.update(livestockOrders).set({ lastModified: nextModified() })
        .where(eq(livestockOrders.id, carcass.livestockOrderId));
      return row;
    });
    await this.announce([row.productionDate], [], "correction");
    return row;
  }

  /**
   * SimulateKill: what the plant's systems would send for the day's mobs at the kill floor that have no
   * carcass records yet (demo and tests), body numbers after the day's last.
   */
  async simulate(input: In<typeof SimulateKillBody>) {
    const scope = await new KillFloorQueries(this.ctx).killFloorDay(input);
    const waiting = scope.mobs.filter((m) => m.awaiting > 0 && m.processed === 0);
    if (!waiting.length) {
      throw ApiError.validation([{
        field: "date",
        message: "No mob at the kill floor that day is waiting for carcass records.",
      }]);
    }
    const mobs = await this.ctx.db.select({
      stockMobId: stockMobs.id,
      livestockOrderId: stockMobs.livestockOrderId,
      speciesId: stockMobs.speciesId,
      speciesCategoryId: stockMobs.speciesCategoryId,
      head: stockMobs.head,
      pic: stockMobs.pic,
      isMsaEligible: livestockOrders.isMsaEligible,
    }).from(stockMobs).innerJoin(livestockOrders, eq(livestockOrders.id, stockMobs.livestockOrderId))
      .where(
        and(
          eq(stockMobs.mobStatus, MOB_STATUS.AtKillFloor),
          inArray(stockMobs.id, waiting.map((m) => m.stockMobId)),
        ),
      );
    const [{ last }] = await this.ctx.db.select({ last: max(carcasses.bodyNumber) }).from(carcasses).where(
      and(
        eq(carcasses.productionDate, scope.date),
        eq(carcasses.speciesId, scope.speciesId),
        eq(carcasses.tenantSiteId, scope.siteId),
      ),
    );
    const rows = simulateKill(mobs.map((m) => ({ ...m, lot: null })), {
      productionDate: scope.date,
      seed: Date.parse(scope.date) / 86_400_000 + scope.speciesId,
      firstBodyNumber: (last ?? 0) + 1,
    });
    return this.import(rows as unknown as Record<string, unknown>[], {
      kind: "simulator",
      name: "Plant simulator",
    });
  }

  /**
   * Reprocessing (the super user's, for data that came in around the app's own screens): the orders with
   * carcasses on these kill days have their processed head counted again from the records (an order now
   * complete is marked so) and their draft invoices computed afresh when next read; published invoices
   * never change. One transaction; the tenant's open pages hear of it.
   */
  async recount(fromDate: string, toDate: string) {
    const inPeriod = and(gte(carcasses.productionDate, fromDate), lte(carcasses.productionDate, toDate));
    const now = new Date().toISOString();
    const outcome = await this.ctx.db.transaction(async (tx) => {
      const [{ n }] = await tx.select({ n: count() }).from(carcasses).where(inPeriod);
      const orderIds = (await tx.selectDistinct({ id: carcasses.livestockOrderId }).from(carcasses)
        .where(inPeriod)).map((r) => r.id);
      if (!orderIds.length) return { carcasses: n, orderIds, completed: [], drafts: [] };
      const completed = await refreshOrderTotals(tx, orderIds, now);
      const drafts = await recomputeDrafts(tx, { livestockOrderIds: orderIds });
      return { carcasses: n, orderIds, completed, drafts };
    });
    if (outcome.orderIds.length) {
      await this.ctx.app.push.emit(this.ctx.tenantId, "deliveryStatusUpdated", {
        livestockOrderIds: outcome.orderIds,
        deliveryDate: null,
      });
    }
    if (outcome.drafts.length) {
      await this.ctx.app.push.emit(this.ctx.tenantId, "invoiceUpdated", { invoiceIds: outcome.drafts });
    }
    return outcome;
  }
}
