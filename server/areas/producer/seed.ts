/**
 * The producer portal's demo (issue 44 §8): Demo Farm linked to the demo processor's supplier with the most
 * kill records, sharing everything from six months back. Other suppliers stay unlinked. Runs once, after
 * both tenants' area seeds (server/demo.ts), because a link joins two tenants.
 */
import { count, desc } from "drizzle-orm";
import type { Databases } from "../../../db/client.ts";
import { LINK_SCOPES, producerLinks } from "../../../db/control/producerLinks.ts";
import { carcasses } from "../../../db/tenant/killFloor.ts";
import { markSupplierLinkedInDemo } from "../livestock/parties/writes.ts";
import { addDays } from "../../../kernel/dates.ts";

export async function seedProducerLinks(
  db: Databases,
  { processorId, farmId, today }: { processorId: number; farmId: number; today: string },
) {
  const processor = await db.tenantDb(processorId);
  const [top] = await processor.select({ id: carcasses.supplierId, n: count() }).from(carcasses)
    .groupBy(carcasses.supplierId).orderBy(desc(count())).limit(1);
  if (!top) return;
  const now = new Date().toISOString();
  await db.control.insert(producerLinks).values({
    processorTenantId: processorId,
    producerTenantId: farmId,
    supplierIds: [top.id],
    scopes: [...LINK_SCOPES],
    visibleFrom: addDays(today, -183),
    grantedBy: "Admin Demo",
    grantedAt: now,
    acceptedAt: now,
    lastModified: now,
  });
  await markSupplierLinkedInDemo(processor, top.id);
}
