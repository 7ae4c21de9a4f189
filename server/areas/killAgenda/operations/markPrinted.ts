/** MarkPrinted (spec 1 §7 "Kill agenda"): the day's lots are kept from now on (the floor works from the paper). */
import { eq } from "drizzle-orm";
import { killAgendas } from "../../../../db/tenant/schema.ts";
import { nextModified } from "../../context.ts";
import type { AreaContext } from "../../context.ts";
import { displayName } from "../../audit.ts";
import { agendaIn, auditAgenda } from "../agendaTx.ts";
import { announceDays, answerDays } from "../changes.ts";

export async function markPrinted(ctx: AreaContext, killAgendaId: number) {
  const days = await ctx.write(async (tx, unit) => {
    const agenda = await agendaIn(unit, killAgendaId);
    if (agenda.printedAt) return announceDays(unit, [agenda], "printed");
    await auditAgenda(unit, { entityId: agenda.id, action: "Printed: lot references kept from now on" });
    const [row] = await tx.update(killAgendas).set({
      printedAt: new Date().toISOString(),
      printedBy: displayName(ctx.caller),
      lastModified: nextModified(agenda.lastModified),
    }).where(eq(killAgendas.id, agenda.id)).returning();
    return announceDays(unit, [row], "printed");
  });
  return answerDays(ctx, days);
}
