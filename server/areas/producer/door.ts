/**
 * The one door between a producer tenant and a processor's data (issue 44 §2; docs/decisions.md "A scoped
 * read-only reader, not snapshots"). Every function takes an open link, never a tenant id or a query: the link
 * says whose database, which suppliers, which scopes and from which day. `openLink` refuses a link that is
 * not the caller's, not yet accepted, ended (on the very next request) or without the scope asked for.
 * Every read is written to producer_link_reads (door/link.ts). The processor's database is only read here
 * and in door/: feedback.ts (carcasses, lots, grids, trend) and dealings.ts (orders, deliveries, remittances,
 * notices).
 */
import { and, asc, eq, isNotNull, isNull } from "drizzle-orm";
import { tenants } from "../../../db/control/schema.ts";
import { type LinkScope, producerLinks } from "../../../db/control/producerLinks.ts";
import { ApiError } from "../../http/errors.ts";
import { SCOPE_WORDS } from "./links/words.ts";
import type { AreaContext } from "../context.ts";
import { keepOpen, type OpenLink } from "./door/link.ts";

export type { LinkPage, OpenLink } from "./door/link.ts";
export {
  type FeedbackCarcass,
  feedbackCarcasses,
  type KillLot,
  killLots,
  lotWithGrid,
  type TrendLot,
  trendLots,
} from "./door/feedback.ts";
export {
  type LinkedDelivery,
  linkedDeliveryPage,
  type LinkedOrder,
  linkedOrderPage,
  type LinkedRemittance,
  linkedRemittancePage,
  linkedRemittancePdf,
  type LinkNotice,
  linkNotices,
  type RemittanceVersion,
} from "./door/dealings.ts";

/** What the producer is told when the processor ended the link (the page shows it in place of the data). */
export const LINK_ENDED = "This processor no longer shares its records with you: the link was ended.";

/** Opens a link of the caller's (producer) tenant for one scope: 404 when not theirs, 403 when ended. */
export async function openLink(ctx: AreaContext, linkId: number, scope: LinkScope): Promise<OpenLink> {
  const [row] = await ctx.app.db.control.select({ link: producerLinks, processorName: tenants.name })
    .from(producerLinks).innerJoin(tenants, eq(tenants.id, producerLinks.processorTenantId))
    .where(and(eq(producerLinks.id, linkId), eq(producerLinks.producerTenantId, ctx.tenantId)));
  if (!row || !row.link.acceptedAt) throw ApiError.notFound("That processor link does not exist.");
  if (row.link.revokedAt) throw ApiError.forbidden(LINK_ENDED);
  if (!row.link.scopes.includes(scope)) {
    throw ApiError.forbidden(`${row.processorName} does not share ${SCOPE_WORDS[scope]} with you.`);
  }
  const link: OpenLink = {
    id: row.link.id,
    processorName: row.processorName,
    supplierIds: row.link.supplierIds,
    scopes: row.link.scopes,
    visibleFrom: row.link.visibleFrom,
  };
  keepOpen(link, await ctx.app.db.tenantDb(row.link.processorTenantId), row.link.processorTenantId);
  return link;
}

/** The caller's (producer) accepted links that are still open, with the processor's name. */
export function openLinksOf(ctx: AreaContext) {
  return ctx.app.db.control.select({
    id: producerLinks.id,
    processorName: tenants.name,
    scopes: producerLinks.scopes,
    visibleFrom: producerLinks.visibleFrom,
    supplierIds: producerLinks.supplierIds,
  }).from(producerLinks).innerJoin(tenants, eq(tenants.id, producerLinks.processorTenantId))
    .where(and(
      eq(producerLinks.producerTenantId, ctx.tenantId),
      isNull(producerLinks.revokedAt),
      isNotNull(producerLinks.acceptedAt),
    ))
    .orderBy(asc(tenants.name), asc(producerLinks.id))
    .then((rows) => rows);
}
