/** Tells the producer tenant's open pages that a link changed (they reload; an ended link shows so). */
import type { producerLinks } from "../../../../db/control/producerLinks.ts";
import type { AreaContext } from "../../context.ts";

export function announceLinkChanged(ctx: AreaContext, row: typeof producerLinks.$inferSelect) {
  if (!row.producerTenantId) return;
  // after the control write: a failed push must not undo the change, so it is not awaited by callers' answers
  ctx.app.push.emit(row.producerTenantId, "producerLinkChanged", {
    linkId: row.id,
    lastUpdated: row.lastModified,
  })
    .catch(() => {});
}
