/**
 * The demo seeder: the species, the demo tenants and users (control database), then each area's demo
 * data through the area's own seed.ts. Run by `server/main.ts --demo` and by the tests' app.
 */
import { asc, eq } from "drizzle-orm";
import type { Databases } from "../db/client.ts";
import { seedProducerLinks } from "./areas/producer/seed.ts";
import {
  featureFlags,
  memberships,
  species,
  tenantProfiles,
  tenants,
  tenantSettings,
  tenantSites,
  users,
  userSettings,
} from "../db/control/schema.ts";
import { MODULE_KEYS } from "./access/modules.ts";
import { generatePassword, hashPassword } from "./auth/password.ts";
import { createTenant } from "./tenants.ts";
import { todayIn } from "../kernel/dates.ts";
import { type DemoTenant, SEED_ORDER } from "./areas/mod.ts";
import { seedSupportContent } from "./areas/settings/seed.ts";
import { seedYieldData } from "./areas/yield/data/seed.ts";
import { seedDemoTestRun } from "./areas/super/testResults/seed.ts";
import type { AppServices } from "./env.ts";
import { type AreaContext, areaContext } from "./areas/context.ts";
import { storeDemoReferenceFiles } from "./areas/roi/reference/demoFiles.ts";
import { keepDemoRemittances } from "./areas/invoices/operations/demoRemittances.ts";
import { producerLinks } from "../db/control/producerLinks.ts";

export const SPECIES = [
  { id: 1, name: "Sheep" },
  { id: 2, name: "Beef" },
  { id: 3, name: "Pig" },
  { id: 4, name: "Goat" },
  { id: 5, name: "Deer" },
] as const;

export const DEMO_PROCESSOR = "Demo Processing";
export const DEMO_FARM = "Demo Farm";
/** A second producer, linked to no processor: the portal's isolation shows against it (issue 44 §8). */
export const DEMO_HILL_FARM = "Demo Hill Farm";
/** A small sheep processor without the yield revenue module: yield figures without $ (issue 38). */
export const DEMO_COUNTRY = "Demo Country Meats";
/** The demo plants are in New South Wales: their organisation details say so, and every time shown is theirs. */
export const DEMO_TIME_ZONE = "Australia/Sydney";

export const DEMO_ROLES = ["super", "admin", "user", "display", "test", "support"] as const;

export interface DemoUser {
  email: string;
  roleLevel: string;
  tenant: string;
}

export const DEMO_USERS: DemoUser[] = [
  ...DEMO_ROLES.map((role) => ({ email: `${role}@demo.processor`, roleLevel: role, tenant: DEMO_PROCESSOR })),
  { email: "producer@demo.farm", roleLevel: "admin", tenant: DEMO_FARM },
  { email: "producer@hill.farm", roleLevel: "admin", tenant: DEMO_HILL_FARM },
  { email: "yield@demo.country", roleLevel: "user", tenant: DEMO_COUNTRY },
];

/** The species every tenant may enable; safe to run on every start. */
export async function seedSpecies(db: Databases) {
  await db.control.insert(species).values([...SPECIES]).onConflictDoNothing();
}

/**
 * The demo data set: a processor with two sites, sheep/beef/pig and every module; a producer farm; one
 * user per role; a small sheep processor without the yield revenue module (its yield data only). Idempotent: a second run creates nothing and keeps passwords, unless a password is
 * given, which then becomes every demo user's password. Answers the password when it set one.
 */
export async function seedDemo(
  db: Databases,
  password?: string,
  today = todayIn(DEMO_TIME_ZONE),
  { history }: { history?: "year" } = {},
): Promise<{ created: boolean; password: string | null }> {
  await seedSpecies(db);
  await seedSupportContent(db.control);
  const existing = await db.control.query.tenants.findFirst({ where: eq(tenants.name, DEMO_PROCESSOR) });
  if (existing) {
    if (!password) return { created: false, password: null };
    const passwordHash = await hashPassword(password);
    for (const u of DEMO_USERS) {
      await db.control.update(users).set({ passwordHash }).where(eq(users.email, u.email));
    }
    return { created: false, password };
  }

  const chosen = password || generatePassword();
  const passwordHash = await hashPassword(chosen);
  const processorId = await createTenant(db, {
    name: DEMO_PROCESSOR,
    category: "processor",
    sites: ["Wagga Wagga", "Bordertown"],
    speciesIds: [1, 2, 3],
    modules: MODULE_KEYS.filter((m) => m !== "farmer"),
  });
  const farmId = await createTenant(db, {
    name: DEMO_FARM,
    category: "producer",
    sites: ["Home Paddocks"],
    speciesIds: [1, 2],
    modules: ["farmer", "livestock"],
  });
  const countryId = await createTenant(db, {
    name: DEMO_COUNTRY,
    category: "processor",
    sites: ["Cooma"],
    speciesIds: [1],
    modules: MODULE_KEYS.filter((m) => m !== "farmer" && m !== "yieldRevenue"),
  });
  const hillFarmId = await createTenant(db, {
    name: DEMO_HILL_FARM,
    category: "producer",
    sites: ["Ridge Paddocks"],
    speciesIds: [1, 2],
    modules: ["farmer"],
  });
  const tenantIds: Record<string, number> = {
    [DEMO_PROCESSOR]: processorId,
    [DEMO_FARM]: farmId,
    [DEMO_COUNTRY]: countryId,
    [DEMO_HILL_FARM]: hillFarmId,
  };
  await db.control.insert(featureFlags).values([
    {
      tenantId: processorId,
      featureKey: "regionalLivestockDashboardMenu",
      isEnabled: true,
      isEnabledForSuperUser: true,
    },
    { tenantId: processorId, featureKey: "roiAnalysisMenu", isEnabled: false, isEnabledForSuperUser: true },
    {
      tenantId: processorId,
      featureKey: "supplierBankDetailsOnRemittance",
      isEnabled: true,
      isEnabledForSuperUser: true,
    },
    {
      tenantId: processorId,
      featureKey: "integrationErrorNotifications",
      isEnabled: true,
      isEnabledForSuperUser: true,
    },
  ]);

  // the plants' zone: their "today" and every time shown, printed or offered (server/http/clientClock.ts)
  const profile = { timeZone: DEMO_TIME_ZONE, state: "NSW", lastModified: new Date().toISOString() };
  await db.control.insert(tenantProfiles).values([
    { tenantId: processorId, suburb: "Bomen", postcode: "2650", ...profile, modifiedBy: "Demo" },
    { tenantId: farmId, suburb: "Wagga Wagga", postcode: "2650", ...profile, modifiedBy: "Demo" },
    { tenantId: countryId, suburb: "Cooma", postcode: "2630", ...profile, modifiedBy: "Demo" },
    { tenantId: hillFarmId, suburb: "Gundagai", postcode: "2722", ...profile, modifiedBy: "Demo" },
  ]);

  // the yard's race reader is set up at the demo plant: its RFID discrepancies page is on
  await db.control.insert(tenantSettings).values([
    { tenantId: processorId, settingType: "rfidDiscrepancies", value: { isEnabled: true } },
    // still being set up: the support team may reprocess its yields (the testing home's client list)
    { tenantId: processorId, settingType: "allowReprocessingDuringOnboarding", value: { isEnabled: true } },
  ]);
  // a demo organisation: a super user's demo data load may purge its demo rows (super/demoData)
  await db.control.insert(tenantSettings).values({
    tenantId: processorId,
    settingType: "demoDataMark",
    value: { isEnabled: true, mark: "demo" },
  });

  for (const u of DEMO_USERS) {
    const [first, last] = nameOf(u);
    const [row] = await db.control.insert(users).values({
      email: u.email,
      firstName: first,
      lastName: last,
      passwordHash,
      isPasswordUpdated: true,
    }).returning({ id: users.id });
    const tenantId = tenantIds[u.tenant];
    await db.control.insert(memberships).values({
      userId: row.id,
      tenantId,
      roleLevel: u.roleLevel,
      isDefault: true,
    });
    if (u.roleLevel === "admin") {
      await db.control.insert(userSettings).values({
        userId: row.id,
        tenantId,
        settingType: "admin",
        value: {
          hasSupplierAdminPermission: true,
          hasTransportAdminPermission: true,
          hasBuyerAdminPermission: true,
          hasStakeholderAdminPermission: true,
        },
      });
    }
  }
  // each area seeds its own data, in the registry's order (pricing before the orders priced with it)
  for (
    const [tenantId, category, speciesIds] of [
      [processorId, "processor", [1, 2, 3]],
      [farmId, "producer", [1, 2]],
    ] as const
  ) {
    const tenant: DemoTenant = {
      db: await db.tenantDb(tenantId),
      category,
      today,
      history,
      speciesIds: [...speciesIds],
      siteIds: (await db.control.query.tenantSites.findMany({
        where: eq(tenantSites.tenantId, tenantId),
        orderBy: asc(tenantSites.id),
      }))
        .map((s) => s.id),
    };
    for (const area of SEED_ORDER) await area.seed?.(tenant);
  }
  // the producer portal: Demo Farm linked to one of the plant's suppliers (a link joins two tenants)
  await seedProducerLinks(db, { processorId, farmId, today });
  // the country plant has only its yield data (boned from runs without kill floor records)
  await seedYieldData({
    db: await db.tenantDb(countryId),
    category: "processor",
    today,
    speciesIds: [1],
    siteIds: (await db.control.query.tenantSites.findMany({ where: eq(tenantSites.tenantId, countryId) }))
      .map((s) => s.id),
  });
  return { created: true, password: chosen };
}

/**
 * The demo's files beside its databases, once the services are up: a stored test run with a failure (the
 * testing home's viewer), the ROI reference tables' files stored through the storage area's upload, and
 * the remittance PDFs of the suppliers linked to a demo farm, as the demo's super user (the seeds before
 * had a database only).
 */
export async function seedDemoFiles(services: AppServices) {
  await seedDemoTestRun(services.storage);
  const ctx = await demoSuperContext(services);
  if (!ctx) return;
  await storeDemoReferenceFiles(ctx);
  // the remittances Demo Farm reads, kept as sent (one of them corrected)
  const links = await services.db.control.select({ supplierIds: producerLinks.supplierIds }).from(
    producerLinks,
  )
    .where(eq(producerLinks.processorTenantId, ctx.tenantId));
  await keepDemoRemittances(ctx, links.flatMap((l) => l.supplierIds));
}

/** The demo processor's super user as the caller of a seed's write (a session that is never stored). */
async function demoSuperContext(services: AppServices): Promise<AreaContext | null> {
  const control = services.db.control;
  const tenant = await control.query.tenants.findFirst({ where: eq(tenants.name, DEMO_PROCESSOR) });
  const user = await control.query.users.findFirst({ where: eq(users.email, `super@demo.processor`) });
  if (!tenant || !user) return null;
  const caller = await services.callers.ofUser(user.id, tenant.id, "demo-seed");
  return caller ? await areaContext(services, caller) : null;
}

function nameOf(u: DemoUser): [string, string] {
  const role = u.email.split("@")[0];
  return [
    role[0].toUpperCase() + role.slice(1),
    u.tenant === DEMO_FARM
      ? "Farmer"
      : u.tenant === DEMO_HILL_FARM
      ? "Hill"
      : u.tenant === DEMO_COUNTRY
      ? "Country"
      : "Demo",
  ];
}
