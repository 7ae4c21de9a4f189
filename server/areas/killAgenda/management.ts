/**
 * Kill agenda management (spec 1 §7 api/KillAgendaManagement/): what the office does once the kill is
 * under way. The integration status of a day's agendas and sending one to the plant's systems
 * (interchange.ts), recalling a mob from the kill floor to the yard, correcting the head of an agenda item
 * (with a reason, audited). Each is one transaction; the days and yards they touch are announced.
 */
import { and, eq } from "drizzle-orm";
import { join } from "node:path";
import type { z } from "@hono/zod-openapi";
import { carcasses, killAgendas, livestockOrders, stockMobs, stockyards } from "../../../db/tenant/schema.ts";
import { ApiError } from "../../http/errors.ts";
import { assertUnchanged, nextModified } from "../context.ts";
import { displayName } from "../audit.ts";
import { MOB_STATUS, ORDER_STATUS } from "../../../kernel/enums.ts";
import { DeliveryService, ORDER_ENTITY } from "../livestock/orders/service.ts";
import { MOB_ENTITY } from "../stockyard/queries.ts";
import { KillAgendaService } from "./commands.ts";
import { type AgendaRow, AgendaTx, keyOf } from "./agendaTx.ts";
import { type AgendaDocument, FileDropInterchange, type PlantInterchange } from "./interchange.ts";
import { lotsToSend, notReadyLots } from "./sentState.ts";
import type {
  AgendaIntegration,
  CorrectAgendaHeadBody,
  NotReadyLot,
  RecallMobBody,
  SendToPlantBody,
  SendToPlantCheck,
} from "./schemas.ts";

type In<S extends z.ZodType> = z.output<S>;
type Out<S extends z.ZodType> = z.output<S>;

export class KillAgendaManagement extends KillAgendaService {
  /** The plant's systems: the file drop unless an installation sets another. */
  protected interchange(): PlantInterchange {
    const { PLANT_INTERCHANGE_DIR, DATA_DIR } = this.ctx.app.config;
    return new FileDropInterchange(PLANT_INTERCHANGE_DIR || join(DATA_DIR, "interchange"));
  }

  /** GetIntegrations: every agenda of the day (the caller's species and sites) and whether the plant has it. */
  async integrations(date = this.ctx.today): Promise<Out<typeof AgendaIntegration>[]> {
    const { species, sites } = this.ctx.caller;
    const agendas: AgendaRow[] = [];
    for (const site of sites.length ? sites.map((s) => s.id) : [0]) {
      for (const s of species) agendas.push(await this.synced({ date, speciesId: s.id, siteId: site }));
    }
    const views = await this.views(agendas);
    return views.map((v, i) => ({
      revision: v.revision,
      sentRevision: v.sentRevision,
      changesSinceSent: v.changesSinceSent,
      killAgendaId: v.id,
      productionDate: v.productionDate,
      species: v.species,
      siteName: v.siteName,
      items: v.items.length,
      head: v.totals.head,
      integrationStatus: v.integrationStatus,
      integrationSentAt: v.integrationSentAt,
      integrationSentBy: agendas[i].integrationSentBy,
      integrationMessage: agendas[i].integrationMessage,
      lastModified: v.lastModified,
    }));
  }

  /**
   * SendToPlantCheck: what a send would hand over (the revision, what changed since the last send) and
   * the lots not ready for the kill, which the user confirms before sending.
   */
  async sendToPlantCheck(killAgendaId: number): Promise<Out<typeof SendToPlantCheck>> {
    const agenda = await this.#readable(killAgendaId);
    const [view] = await this.views([agenda]);
    return {
      killAgendaId: view.id,
      revision: view.revision,
      sentRevision: view.sentRevision,
      changesSinceSent: view.changesSinceSent,
      notReady: await notReadyLots(this.ctx.db, view.items),
      lastModified: view.lastModified,
    };
  }

  /**
   * SendToPlant: hands the day's agenda to the plant's systems; its lots are kept from then on. A day
   * with lots not ready (not delivered, checks to do, no NVD) is sent only with `confirmNotReady`.
   */
  async sendToPlant(input: In<typeof SendToPlantBody>) {
    const agenda = await this.#readable(input.killAgendaId, input.lastModified);
    const [view] = await this.views([agenda]);
    if (!view.items.length) {
      throw ApiError.validation([{ field: "killAgendaId", message: "The day has nothing on it to send." }]);
    }
    if (!input.confirmNotReady) {
      const notReady = await notReadyLots(this.ctx.db, view.items);
      if (notReady.length) throw notReadyError(notReady);
    }
    const doc: AgendaDocument = {
      tenantId: this.ctx.tenantId,
      productionDate: view.productionDate,
      species: view.species,
      siteName: view.siteName,
      killFloor: view.siteLocationName,
      revision: view.revision,
      lots: view.items.map((i) => ({
        killOrder: i.killAgendaOrderNumber,
        lot: i.agendaLotReference,
        suffix: i.agendaLotReferenceSuffix,
        livestockOrderId: i.livestockOrderId,
        stockMobId: i.stockMobId,
        supplier: i.supplierName,
        pic: i.pic,
        head: i.numberOfHead,
        msaEligible: i.isMsaEligible,
      })),
    };
    // sent outside the transaction: a slow plant system never holds the database
    const name =
      `kill-agenda-${this.ctx.tenantId}-${agenda.productionDate}-${agenda.speciesId}-${agenda.tenantSiteId}`;
    const sent = await this.interchange().send(doc, name);
    return this.act(async (w) => {
      const current = await w.agenda(agenda.id);
      const by = displayName(this.ctx.caller);
      await w.audit({
        entityId: current.id,
        action: sent.ok ? `Sent to the plant's systems (${sent.reference})` : "Sending to the plant failed",
        reason: sent.ok ? undefined : sent.message,
      });
      const [row] = await w.tx.update(killAgendas).set({
        integrationStatus: sent.ok ? "Sent" : "Failed",
        integrationSentAt: new Date().toISOString(),
        integrationSentBy: by,
        integrationMessage: sent.ok ? sent.reference : sent.message,
        ...(sent.ok ? { sentRevision: view.revision, sentLots: lotsToSend(view.items) } : {}),
        lastModified: nextModified(current.lastModified),
      }).where(eq(killAgendas.id, current.id)).returning();
      return { agendas: [row], reason: "integration" };
    });
  }

  /**
   * RecallMob: a mob sent to the kill floor goes back to its yard; it arrives there to be unloaded into a
   * pen, and its order leaves processing when nothing else of it is at the kill floor.
   */
  async recallMob(input: In<typeof RecallMobBody>) {
    let yard: { id: number; tenantSiteId: number } | undefined;
    const answer = await this.act(async (w) => {
      const mob = await w.mob(input.stockMobId, input.lastModified);
      if (mob.mobStatus !== MOB_STATUS.AtKillFloor) {
        throw ApiError.conflict("That mob is not at the kill floor. The agenda has been reloaded.");
      }
      const [recorded] = await w.tx.select({ id: carcasses.id }).from(carcasses)
        .where(eq(carcasses.stockMobId, mob.id)).limit(1);
      if (recorded) {
        throw ApiError.conflict(
          "The plant has already recorded carcasses of this mob: it was killed. Correct its carcasses instead.",
        );
      }
      if (mob.stockyardId === null) {
        throw ApiError.validation([{
          field: "stockMobId",
          message: "That mob never was in a yard to go back to.",
        }]);
      }
      [yard] = await w.tx.select({ id: stockyards.id, tenantSiteId: stockyards.tenantSiteId }).from(
        stockyards,
      )
        .where(eq(stockyards.id, mob.stockyardId));
      await w.tx.update(stockMobs).set({
        mobStatus: MOB_STATUS.MovingBetweenYards,
        sentToKillFloorAt: null,
        isLastShift: false,
        lastModified: nextModified(mob.lastModified),
      }).where(eq(stockMobs.id, mob.id));
      const stillAtFloor = await w.tx.select({ id: stockMobs.id }).from(stockMobs).where(and(
        eq(stockMobs.livestockOrderId, mob.livestockOrderId),
        eq(stockMobs.mobStatus, MOB_STATUS.AtKillFloor),
      ));
      if (!stillAtFloor.length) {
        await w.tx.update(livestockOrders).set({ orderStatus: ORDER_STATUS.Unloaded })
          .where(and(
            eq(livestockOrders.id, mob.livestockOrderId),
            eq(livestockOrders.orderStatus, ORDER_STATUS.InProcessing),
          ));
      }
      await w.audit({
        entity: MOB_ENTITY,
        entityId: mob.id,
        action: `Recalled from the kill floor to the yard (${mob.head} head)`,
        reason: input.reason,
        before: { mobStatus: mob.mobStatus },
        after: { mobStatus: MOB_STATUS.MovingBetweenYards },
      });
      const day = mob.applicableProductionDate;
      const agendas = day
        ? [await w.sync({ date: day, speciesId: mob.speciesId, siteId: mob.tenantSiteId ?? 0 })]
        : [];
      return { agendas, reason: "recall" };
    });
    if (yard) {
      await this.ctx.app.push.emit(this.ctx.tenantId, "stockyardUpdated", {
        stockyardId: yard.id,
        siteId: yard.tenantSiteId,
        penIds: [],
        reason: "recall",
      }, { qualifier: yard.tenantSiteId });
    }
    return answer;
  }

  /**
   * CorrectHead: the head of an agenda item re-counted. A mob's count goes through the orders' correction
   * (the order's delivered head follows); an expected order's declared head is set.
   */
  async correctHead(input: In<typeof CorrectAgendaHeadBody>) {
    const { item: found } = await new AgendaTx(this.ctx, this.ctx.db).item(input.itemId);
    await this.#readable(found.killAgendaId, input.lastModified);
    if (found.stockMobId) {
      await new DeliveryService(this.ctx).correctHead({
        stockMobId: found.stockMobId,
        correctedHead: input.head,
        reason: input.reason,
      });
    }
    return this.act(async (w) => {
      const { item, agenda } = await w.item(input.itemId);
      if (!item.stockMobId) {
        const [order] = await w.tx.select().from(livestockOrders).where(
          eq(livestockOrders.id, item.livestockOrderId),
        );
        const before = order.declaredQuantity ?? order.quantityOrdered;
        if (before === input.head) throw ApiError.conflict(`That order already has ${before} head.`);
        await w.tx.update(livestockOrders).set({
          declaredQuantity: input.head,
          lastModified: nextModified(order.lastModified),
        })
          .where(eq(livestockOrders.id, order.id));
        await w.audit({
          entity: ORDER_ENTITY,
          entityId: order.id,
          action: "Expected head corrected on the kill agenda",
          before: { head: before },
          after: { head: input.head },
          reason: input.reason,
        });
      }
      await w.audit({
        entityId: agenda.id,
        action: `Head of order ${item.livestockOrderId}${
          item.stockMobId ? ` (mob ${item.stockMobId})` : ""
        } corrected to ${input.head}`,
        reason: input.reason,
      });
      return { agendas: [await w.touch(agenda)], reason: "correctHead" };
    });
  }

  /** An agenda of the caller's, brought up to date and unchanged since the caller read it (404 / 409). */
  async #readable(id: number, lastModified?: string): Promise<AgendaRow> {
    const [row] = await this.ctx.db.select().from(killAgendas).where(eq(killAgendas.id, id));
    if (!row || !new AgendaTx(this.ctx, this.ctx.db).mayUse(row)) {
      throw ApiError.notFound("That kill agenda does not exist.");
    }
    const agenda = await this.synced(keyOf(row));
    assertUnchanged(agenda, lastModified, "kill agenda");
    return agenda;
  }
}

/** 409 listing the lots not ready: the client shows them and sends again with `confirmNotReady`. */
function notReadyError(notReady: readonly Out<typeof NotReadyLot>[]): ApiError {
  const n = notReady.length;
  return new ApiError(
    409,
    `${n} ${
      n === 1 ? "lot is" : "lots are"
    } not ready for the kill. Check them, then confirm to send anyway.`,
    {
      title: "Not ready to send",
      errors: notReady.map((l) => ({
        field: `items.${l.itemId}`,
        message: `${l.lot} (${l.supplierName}, ${l.head} head): ${l.problems.join("; ")}`,
      })),
    },
  );
}
