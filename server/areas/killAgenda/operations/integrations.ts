/**
 * GetIntegrations (spec 1 §7 api/KillAgendaManagement/): every agenda of the day, for the caller's
 * species and sites, and whether the plant's systems have it.
 */
import type { z } from "@hono/zod-openapi";
import type { AreaContext } from "../../context.ts";
import type { AgendaRow } from "../agendaTx.ts";
import { agendaViews, syncedDay } from "../queries.ts";
import type { AgendaIntegration } from "../schemas.ts";

export async function integrations(
  ctx: AreaContext,
  date = ctx.today,
): Promise<z.output<typeof AgendaIntegration>[]> {
  const agendas: AgendaRow[] = [];
  for (const siteId of ctx.scope.siteIds.length ? ctx.scope.siteIds : [0]) {
    for (const speciesId of ctx.scope.speciesIds) {
      agendas.push(await syncedDay(ctx, { date, speciesId, siteId }));
    }
  }
  const views = await agendaViews(ctx, agendas);
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
