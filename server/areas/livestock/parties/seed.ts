/**
 * Demo livestock master data for a processor in the Riverina and the South East of SA: 40 suppliers
 * with valid-looking PICs, ABNs and bank details, stakeholders, 6 buyers and 4 carriers. Deterministic
 * (a seeded generator), so every fresh demo looks the same. Orders are seeded by the orders area's seed.ts.
 */
import type { DemoTenant } from "../../area.ts";
import type { TenantDb } from "../../../../db/client.ts";
import type { TenantTx } from "../../context.ts";
import { buyers, stakeholders, suppliers, transportCompanies } from "../../../../db/tenant/schema.ts";
import { seeded } from "../../seeded.ts";

const TOWNS = [
  { city: "Wagga Wagga", state: "NSW", postcode: "2650" },
  { city: "Junee", state: "NSW", postcode: "2663" },
  { city: "Cootamundra", state: "NSW", postcode: "2590" },
  { city: "Lockhart", state: "NSW", postcode: "2656" },
  { city: "Holbrook", state: "NSW", postcode: "2644" },
  { city: "Narrandera", state: "NSW", postcode: "2700" },
  { city: "Hay", state: "NSW", postcode: "2711" },
  { city: "Young", state: "NSW", postcode: "2594" },
  { city: "Bordertown", state: "SA", postcode: "5268" },
  { city: "Naracoorte", state: "SA", postcode: "5271" },
  { city: "Keith", state: "SA", postcode: "5267" },
  { city: "Penola", state: "SA", postcode: "5277" },
  { city: "Horsham", state: "VIC", postcode: "3400" },
  { city: "Edenhope", state: "VIC", postcode: "3318" },
  { city: "Casterton", state: "VIC", postcode: "3311" },
] as const;

const PROPERTY_NAMES = [
  "Bellevue",
  "Kooringal",
  "Glenrock",
  "Yarrabee",
  "Wattle Downs",
  "Mount Elsie",
  "Bundarra",
  "Riverview",
  "Ellerslie",
  "Tarcoola",
  "Bimbadeen",
  "Wirrinya",
  "Glenlea",
  "Karoola",
  "Coolamon Park",
  "Merriwee",
  "Banool",
  "Willaroo",
  "Ardmore",
  "Springvale",
];
const BUSINESS_SUFFIX = [
  "Pastoral Co",
  "Partnership",
  "Merinos",
  "Grazing",
  "Angus",
  "Farming Trust",
  "Livestock",
];
const FIRST = [
  "Tom",
  "Sarah",
  "Jack",
  "Emma",
  "Rob",
  "Kate",
  "Hamish",
  "Lucy",
  "Angus",
  "Georgie",
  "Will",
  "Jess",
];
const LAST = [
  "McKenzie",
  "O'Brien",
  "Hartley",
  "Nicholls",
  "Ferguson",
  "Walsh",
  "Pearce",
  "Campbell",
  "Doyle",
  "Reid",
];
const BSB_PREFIX = ["062", "032", "082", "012", "633", "105"];

/** A PIC in the state's form: NSW N…, SA S…, VIC 3…; 8 characters. */
function pic(r: ReturnType<typeof seeded>, state: string) {
  const letters = "ABCDEFGHJKLMNPQRSTUVWXYZ";
  const digits = () => String(r.int(0, 999999)).padStart(6, "0");
  if (state === "VIC") {
    return `3${letters[r.int(0, 23)]}${letters[r.int(0, 23)]}${letters[r.int(0, 23)]}${
      String(r.int(0, 9999)).padStart(4, "0")
    }`;
  }
  return `${state[0]}${letters[r.int(0, 23)]}${digits()}`;
}

/** An ABN that passes the ATO checksum: a random tail and the two leading digits that make it valid. */
function abn(r: ReturnType<typeof seeded>) {
  const tail = Array.from({ length: 9 }, () => r.int(0, 9));
  const weights = [3, 5, 7, 9, 11, 13, 15, 17, 19];
  const tailSum = tail.reduce((s, d, i) => s + d * weights[i], 0);
  for (let lead = 10; lead <= 99; lead++) {
    const d1 = Math.floor(lead / 10), d2 = lead % 10;
    if (((d1 - 1) * 10 + d2 + tailSum) % 89 === 0) return `${lead}${tail.join("")}`;
  }
  return "";
}

/** Demo parties: 40 suppliers for a processor, 6 for a farm. */
export function seedParties(tenant: DemoTenant) {
  return seedLivestockParties(tenant.db, {
    suppliers: tenant.category === "processor" ? 40 : 6,
    speciesIds: tenant.speciesIds,
    // the demo processor's own name (server/demo.ts DEMO_PROCESSOR)
    ...(tenant.category === "processor" ? { ownParty: "Demo Processing" } : {}),
  });
}

export async function seedLivestockParties(
  tenantDb: TenantDb,
  opts: { suppliers: number; speciesIds: number[]; ownParty?: string },
) {
  if ((await tenantDb.select({ id: suppliers.id }).from(suppliers).limit(1)).length) return;
  await tenantDb.transaction((tx) => insertParties(tx, opts));
}

async function insertParties(
  db: TenantTx,
  opts: { suppliers: number; speciesIds: number[]; ownParty?: string },
) {
  const r = seeded(20261122);
  const now = new Date().toISOString();
  const used = new Set<string>();
  const supplierRows = [];
  for (let i = 0; i < opts.suppliers; i++) {
    let name = "";
    do name = `${r.pick(PROPERTY_NAMES)} ${r.pick(BUSINESS_SUFFIX)}`; while (used.has(name));
    used.add(name);
    const town = r.pick(TOWNS);
    const first = r.pick(FIRST), last = r.pick(LAST);
    supplierRows.push({
      name,
      businessTaxIdentifier: abn(r),
      isGstExempt: i % 13 === 7,
      pic: pic(r, town.state),
      location: `${town.city} ${town.state}`,
      roles: [i % 9 === 4 ? "Feedlot" : "Producer"],
      stockTypes: opts.speciesIds.filter((_, k) => k === 0 || r.next() > 0.5),
      msaProperties: r.next() > 0.4
        ? { msaNumber: String(r.int(100000, 999999)), isMsaAccredited: true }
        : null,
      contactFirstName: first,
      contactLastName: last,
      contactEmail: `${first.toLowerCase()}@${name.toLowerCase().replace(/[^a-z]+/g, "")}.com.au`,
      contactMobile: `04${r.int(10, 99)} ${r.int(100, 999)} ${r.int(100, 999)}`,
      addressLine1: `${r.int(10, 2400)} ${
        r.pick(["Back", "Coolamon", "Sturt", "Olympic", "Riddoch", "Dukes"])
      } Road`,
      city: town.city,
      state: town.state,
      postcode: town.postcode,
      addressType: "Property",
      bankAccountName: name,
      bsb: `${r.pick(BSB_PREFIX)}${String(r.int(0, 999)).padStart(3, "0")}`,
      bankAccountNumber: String(r.int(10000000, 99999999)),
      createdAt: now,
      lastModified: now,
    });
  }
  await db.insert(suppliers).values(supplierRows);

  await db.insert(stakeholders).values([
    {
      name: "Elders Wagga Wagga",
      stakeholderType: "Agent",
      location: "Wagga Wagga NSW",
      city: "Wagga Wagga",
      state: "NSW",
      postcode: "2650",
      createdAt: now,
      lastModified: now,
    },
    {
      name: "Nutrien Ag Bordertown",
      stakeholderType: "Agent",
      location: "Bordertown SA",
      city: "Bordertown",
      state: "SA",
      postcode: "5268",
      createdAt: now,
      lastModified: now,
    },
    {
      name: "Riverina Feedlot Services",
      stakeholderType: "Feedlot",
      location: "Jerilderie NSW",
      city: "Jerilderie",
      state: "NSW",
      postcode: "2716",
      createdAt: now,
      lastModified: now,
    },
    {
      name: "Naracoorte Regional Saleyards",
      stakeholderType: "Saleyard",
      location: "Naracoorte SA",
      city: "Naracoorte",
      state: "SA",
      postcode: "5271",
      createdAt: now,
      lastModified: now,
    },
  ]);
  if (opts.ownParty) {
    // the processor itself, marked as the tenant: only its bank account (its payment files are drawn on
    // it); the documents' letterhead stays the organisation's name, as without one
    await db.insert(stakeholders).values({
      name: opts.ownParty,
      isTenant: true,
      stakeholderType: "Other",
      bankAccountName: opts.ownParty,
      bsb: "062000",
      bankAccountNumber: "10203040",
      createdAt: now,
      lastModified: now,
    });
  }
  await db.insert(buyers).values(
    [
      ["Riverina Lamb Buying", "Pete", "Hollis"],
      ["Southern Cattle Procurement", "Mel", "Crossley"],
      ["Direct Consignment Desk", "Ben", "Aldridge"],
      ["Export Lamb Program", "Jo", "Kennedy"],
      ["Grassfed Beef Program", "Sam", "Tulloch"],
      ["Pork Supply", "Nic", "Varga"],
    ].map(([name, firstName, lastName]) => ({
      name,
      firstName,
      lastName,
      mobile: `04${r.int(10, 99)} ${r.int(100, 999)} ${r.int(100, 999)}`,
      email: `${firstName.toLowerCase()}.${lastName.toLowerCase()}@demo.processor`,
      createdAt: now,
      lastModified: now,
    })),
  );
  await db.insert(transportCompanies).values(
    [
      ["Riverina Livestock Transport", "02 6921 4455"],
      ["Limestone Coast Carriers", "08 8752 1180"],
      ["Murray Valley Stock Haulage", "02 6033 2710"],
      ["Western District Livestock Freight", "03 5382 6604"],
    ].map(([name, phone]) => ({ name, phone, createdAt: now, lastModified: now })),
  );
}
