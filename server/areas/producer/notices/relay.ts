/**
 * Notices relayed over producer links (issue 44 §6): when the processor's kill floor completes an order's
 * carcass data, or its invoices are published, the linked producers' open portal pages are told
 * (`producerNotice` to the producer tenant's ProducerPortal group). These are the producer area's reactions
 * (Area.reactions): they run in the processor's context after its commit and only read (its orders and
 * invoices, the control database's links). Who is told is relayTargets (rules.ts): never another
 * supplier's producer, an unlinked supplier's or an ended link's.
 */
import { and, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { producerLinks } from "../../../../db/control/producerLinks.ts";
import { livestockOrders } from "../../../../db/tenant/livestock.ts";
import { invoices } from "../../../../db/tenant/invoices.ts";
import type { AreaContext } from "../../context.ts";
import type { Reaction, Reactions } from "../../area.ts";
import { type NoticeKind, type RelayedLot, relayTargets } from "./rules.ts";

/** The processor's accepted, open links (the rule checks them again, with scope and day). */
const openLinksOfProcessor = (ctx: AreaContext) =>
  ctx.app.db.control.select().from(producerLinks).where(and(
    eq(producerLinks.processorTenantId, ctx.tenantId),
    isNotNull(producerLinks.producerTenantId),
    isNotNull(producerLinks.acceptedAt),
    isNull(producerLinks.revokedAt),
  ));

async function relay(ctx: AreaContext, lots: RelayedLot[], kind: NoticeKind) {
  if (!lots.length) return;
  const links = await openLinksOfProcessor(ctx);
  for (const target of relayTargets(links, lots, kind)) {
    // a producer whose page is closed misses nothing: its home lists the same notices when opened
    await ctx.app.push.emit(target.producerTenantId, "producerNotice", {
      linkId: target.linkId,
      kind,
      livestockOrderIds: target.livestockOrderIds,
    }).catch(() => {});
  }
}

/** carcassDataComplete: an order's carcass data is in, its consignment processed. */
const consignmentProcessed: Reaction<"carcassDataComplete"> = async (ctx, { livestockOrderId: id }) => {
  const lots = await ctx.db.select({
    livestockOrderId: livestockOrders.id,
    supplierId: livestockOrders.supplierId,
    // its kill day; an order not planned on a day (no production date) by its delivery day
    day: sql<string>`coalesce(${livestockOrders.productionDate}, ${livestockOrders.deliveryDate})`,
  }).from(livestockOrders).where(eq(livestockOrders.id, id));
  await relay(ctx, lots.map((l) => ({ ...l, day: l.day ?? "" })), "consignmentProcessed");
};

/** invoicePublished: remittances (RCTIs) went to their suppliers. */
const remittancesPublished: Reaction<"invoicePublished"> = async (ctx, { invoiceIds: ids }) => {
  if (!ids.length) return;
  const lots = await ctx.db.select({
    livestockOrderId: invoices.livestockOrderId,
    supplierId: invoices.supplierId,
    day: invoices.productionDate,
  }).from(invoices).where(inArray(invoices.id, ids));
  await relay(ctx, lots.map((l) => ({ ...l, day: l.day ?? "" })), "remittancePublished");
};

/** The producer area's reactions, by the push event that raises them. */
export const NOTICE_RELAYS: Reactions = {
  carcassDataComplete: consignmentProcessed,
  invoicePublished: remittancesPublished,
};
