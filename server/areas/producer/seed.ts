/**
 * The producer portal's demo (issue 44 §8): Demo Farm linked to one of the demo processor's suppliers,
 * sharing everything from six months back. The supplier chosen sends both beef and lambs and has
 * remittances published (so the portal shows both species, condemned carcasses and remittances); of those,
 * the one with the most kill records. Other suppliers stay unlinked, and Demo Hill Farm (a second producer)
 * is linked to nothing. Runs once, after both tenants' area seeds (server/demo.ts), because a link joins
 * two tenants. The consignments themselves are the processor's own demo history (a month for tests, a
 * year for the start command), made by the livestock, kill floor and invoices seeds.
 */
import { count, desc, inArray, sql } from "drizzle-orm";
import type { Databases, TenantDb } from "../../../db/client.ts";
import { LINK_SCOPES, producerLinks } from "../../../db/control/producerLinks.ts";
import { carcasses } from "../../../db/tenant/killFloor.ts";
import { invoices } from "../../../db/tenant/invoices.ts";
import { markSupplierLinkedInDemo } from "../livestock/parties/writes.ts";
import { addDays } from "../../../kernel/dates.ts";

/** Lambs and beef: the two species a demo farm sends (species ids 1 and 2). */
const FARM_SPECIES = [1, 2];

/** The supplier the demo farm is: both species, a published remittance, the most carcasses. */
export async function demoFarmSupplier(processor: TenantDb): Promise<number | null> {
  const published = new Set(
    (await processor.selectDistinct({ id: invoices.supplierId }).from(invoices)
      .where(inArray(invoices.status, ["Published", "Finalised"]))).map((r) => r.id),
  );
  const bySupplier = await processor.select({
    id: carcasses.supplierId,
    species: sql<number>`count(distinct ${carcasses.speciesId})`,
  }).from(carcasses).where(inArray(carcasses.speciesId, FARM_SPECIES))
    .groupBy(carcasses.supplierId).orderBy(desc(count()), carcasses.supplierId);
  const best = bySupplier.find((s) => Number(s.species) === FARM_SPECIES.length && published.has(s.id));
  return (best ?? bySupplier[0])?.id ?? null;
}

export async function seedProducerLinks(
  db: Databases,
  { processorId, farmId, today }: { processorId: number; farmId: number; today: string },
) {
  const processor = await db.tenantDb(processorId);
  const supplierId = await demoFarmSupplier(processor);
  if (supplierId === null) return;
  const now = new Date().toISOString();
  await db.control.insert(producerLinks).values({
    processorTenantId: processorId,
    producerTenantId: farmId,
    supplierIds: [supplierId],
    scopes: [...LINK_SCOPES],
    visibleFrom: addDays(today, -183),
    grantedBy: "Admin Demo",
    grantedAt: now,
    acceptedAt: now,
    lastModified: now,
  });
  await markSupplierLinkedInDemo(processor, supplierId);
}
