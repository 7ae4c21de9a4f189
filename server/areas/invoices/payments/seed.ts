/** The demo processor's payment file settings, so its Payments page makes files out of the box. */
import type { DemoTenant } from "../../area.ts";
import { paymentFileSettings } from "../../../../db/tenant/schema.ts";

export async function seedPaymentSettings(tenant: DemoTenant) {
  if (tenant.category !== "processor") return;
  await tenant.db.insert(paymentFileSettings).values({
    id: 1,
    apcaUserId: "301500",
    bankAbbreviation: "CBA",
    userName: "DEMO PROCESSING",
    description: "LIVESTOCK",
    balancing: true,
    lastModified: new Date().toISOString(),
    modifiedBy: "Demo data",
  }).onConflictDoNothing();
}
