/**
 * Demo invoicing settings (processor tenants), valid from 1 July 2025 (the levy year): the statutory
 * transaction levies (cattle $5.00 per head; sheep and lambs 2 % of the value, nothing on carcasses under
 * $5.00; goats 1.5 %), the pig slaughter levy, a processor charge, service kill fees, the defect price rules
 * for the codes the kill floor sends (the skin and hide prices are the skins area's seed).
 */
import { defectDetails, levySettings } from "../../../db/tenant/schema.ts";
import { SPECIES_CATEGORIES } from "../../../kernel/enums.ts";
import type { DemoTenant } from "../area.ts";

const FROM = "2025-07-01";
const band = (perHeadCents: number, basisPoints = 0, fromValueCents = 0) => ({
  fromValueCents,
  perHeadCents,
  basisPoints,
});

export async function seedInvoiceSettings({ db, category }: DemoTenant) {
  if (category !== "processor") return;
  if ((await db.select({ id: levySettings.id }).from(levySettings).limit(1)).length) return;
  const now = new Date().toISOString();
  const stamp = { createdAt: now, lastModified: now };
  const of = (speciesId: number) =>
    SPECIES_CATEGORIES.filter((c) => c.speciesId === speciesId).map((c) => c.id);
  const levy = (levyType: string, speciesId: number, bands: ReturnType<typeof band>[], description = "") =>
    of(speciesId).map((speciesCategoryId) => ({
      levyType,
      tenantSiteId: 0,
      speciesCategoryId,
      startDate: FROM,
      description,
      bands,
      ...stamp,
    }));
  await db.insert(levySettings).values([
    ...levy("TransactionLevy", 2, [band(500)]),
    ...levy("TransactionLevy", 1, [band(0), band(0, 200, 500)]),
    ...levy("TransactionLevy", 4, [band(0, 150)]),
    ...levy("SlaughterLevy", 3, [band(310)]),
    ...levy("ProcessorCharge", 1, [band(50)], "Effluent"),
    ...levy("ServiceKillFee", 2, [band(12_000)]),
    ...levy("ServiceKillFee", 1, [band(1_200)]),
  ]);
  await db.insert(defectDetails).values([
    { code: "CONDEMNED", name: "Condemned", priceRule: "NoPayment", amount: 0, ...stamp },
    { code: "PART_CONDEMNED", name: "Part condemned", priceRule: "PercentOff", amount: 20, ...stamp },
    { code: "BRUISE", name: "Bruising", priceRule: "PercentOff", amount: 10, ...stamp },
    { code: "ARTHRITIS", name: "Arthritis", priceRule: "CentsPerKgOff", amount: 50, ...stamp },
    {
      code: "GRASS-SEED",
      name: "Grass seed",
      priceRule: "CentsPerKgOff",
      amount: 30,
      speciesId: 1,
      ...stamp,
    },
    { code: "PLEURISY", name: "Pleurisy", priceRule: "GridPrice", amount: 0, ...stamp },
  ]);
}
