/**
 * Sending a day's agenda to the plant's systems (spec 1 §7 api/KillAgendaManagement/, interchange.ts):
 * the check before (what a send hands over, what changed since the last send, the lots not ready) and the
 * send itself, after which the day's lots are kept.
 */
import { join } from "node:path";
import { eq } from "drizzle-orm";
import type { z } from "@hono/zod-openapi";
import { killAgendas } from "../../../../db/tenant/schema.ts";
import { ApiError } from "../../../http/errors.ts";
import { type AreaContext, nextModified } from "../../context.ts";
import type { In } from "../../areaApi.ts";
import { displayName } from "../../audit.ts";
import { agendaIn, auditAgenda } from "../agendaTx.ts";
import { announceDays, answerDays } from "../changes.ts";
import { type AgendaDocument, FileDropInterchange, type PlantInterchange } from "../interchange.ts";
import { agendaViews, currentAgenda } from "../queries.ts";
import { lotsToSend, notReadyLots } from "../sentState.ts";
import type { NotReadyLot, SendToPlantBody, SendToPlantCheck } from "../schemas.ts";

/** The plant's systems: the file drop unless an installation sets another. */
function interchange(ctx: AreaContext): PlantInterchange {
  const { PLANT_INTERCHANGE_DIR, DATA_DIR } = ctx.app.config;
  return new FileDropInterchange(PLANT_INTERCHANGE_DIR || join(DATA_DIR, "interchange"));
}

/**
 * SendToPlantCheck: what a send would hand over (the revision, what changed since the last send) and
 * the lots not ready for the kill, which the user confirms before sending.
 */
export async function sendToPlantCheck(
  ctx: AreaContext,
  killAgendaId: number,
): Promise<z.output<typeof SendToPlantCheck>> {
  const [view] = await agendaViews(ctx, [await currentAgenda(ctx, killAgendaId)]);
  return {
    killAgendaId: view.id,
    revision: view.revision,
    sentRevision: view.sentRevision,
    changesSinceSent: view.changesSinceSent,
    notReady: await notReadyLots(ctx.db, view.items),
    lastModified: view.lastModified,
  };
}

/**
 * SendToPlant: hands the day's agenda to the plant's systems; its lots are kept from then on. A day
 * with lots not ready (not delivered, checks to do, no NVD) is sent only with `confirmNotReady`.
 */
export async function sendToPlant(ctx: AreaContext, input: In<typeof SendToPlantBody>) {
  const agenda = await currentAgenda(ctx, input.killAgendaId, input.lastModified);
  const [view] = await agendaViews(ctx, [agenda]);
  if (!view.items.length) {
    throw ApiError.validation([{ field: "killAgendaId", message: "The day has nothing on it to send." }]);
  }
  if (!input.confirmNotReady) {
    const notReady = await notReadyLots(ctx.db, view.items);
    if (notReady.length) throw notReadyError(notReady);
  }
  const doc: AgendaDocument = {
    tenantId: ctx.tenantId,
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
      boxedLotRef: i.boxedLotRef,
    })),
  };
  // sent outside the unit: a slow plant system never holds the database
  const name =
    `kill-agenda-${ctx.tenantId}-${agenda.productionDate}-${agenda.speciesId}-${agenda.tenantSiteId}`;
  const sent = await interchange(ctx).send(doc, name);
  const days = await ctx.write(async (tx, unit) => {
    const current = await agendaIn(unit, agenda.id);
    await auditAgenda(unit, {
      entityId: current.id,
      action: sent.ok ? `Sent to the plant's systems (${sent.reference})` : "Sending to the plant failed",
      reason: sent.ok ? undefined : sent.message,
    });
    const [row] = await tx.update(killAgendas).set({
      integrationStatus: sent.ok ? "Sent" : "Failed",
      integrationSentAt: new Date().toISOString(),
      integrationSentBy: displayName(ctx.caller),
      integrationMessage: sent.ok ? sent.reference : sent.message,
      ...(sent.ok ? { sentRevision: view.revision, sentLots: lotsToSend(view.items) } : {}),
      lastModified: nextModified(current.lastModified),
    }).where(eq(killAgendas.id, current.id)).returning();
    return announceDays(unit, [row], "integration");
  });
  return answerDays(ctx, days);
}

/** 409 listing the lots not ready: the client shows them and sends again with `confirmNotReady`. */
function notReadyError(notReady: readonly z.output<typeof NotReadyLot>[]): ApiError {
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
