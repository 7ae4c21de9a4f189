/**
 * Demo livestock master data for a processor in the Riverina and the South East of SA: 40 suppliers
 * with valid-looking PICs, ABNs and bank details, stakeholders, 6 buyers and 4 carriers. Deterministic
 * (a seeded generator), so every fresh demo looks the same. Orders are seeded by `seedOrders`.
 */
import type { TenantDb } from "../client.ts";
import {
  buyers,
  deliveryLoads,
  livestockOrderGroups,
  livestockOrders,
  pricingGridGroups,
  pricingGrids,
  stakeholders,
  stockMobs,
  suppliers,
  transportCompanies,
} from "../tenant/schema.ts";
import { MOB_STATUS, ORDER_STATUS } from "../../server/areas/livestock/enums.ts";
import { pricingOptions } from "../../server/areas/pricing/rules.ts";
import { addDays, isWeekend } from "../../server/areas/dates.ts";

/** A small deterministic generator (mulberry32), so the demo is the same on every machine. */
export function seeded(seed: number) {
  let a = seed;
  const next = () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)],
  };
}

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

const stamp = () => new Date().toISOString();

export async function seedLivestockParties(
  tenantDb: TenantDb,
  opts: { suppliers: number; speciesIds: number[] },
) {
  if ((await tenantDb.select({ id: suppliers.id }).from(suppliers).limit(1)).length) return;
  await tenantDb.transaction((tx) => insertParties(tx as unknown as TenantDb, opts));
}

async function insertParties(db: TenantDb, opts: { suppliers: number; speciesIds: number[] }) {
  const r = seeded(20261122);
  const now = stamp();
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

/**
 * A realistic processor calendar: order groups and orders on weekdays over the past 30 and next 30
 * days, sheep most days and beef a few; past orders delivered (some with DOA) and processed, today's
 * partly in, future ones ordered or confirmed, a few cancelled. Idempotent.
 */
export async function seedOrders(tenantDb: TenantDb, opts: { today: string; siteIds: number[] }) {
  if ((await tenantDb.select({ id: livestockOrders.id }).from(livestockOrders).limit(1)).length) return;
  // one transaction: one commit instead of a thousand
  await tenantDb.transaction((tx) => insertOrders(tx as unknown as TenantDb, opts));
}

async function insertOrders(db: TenantDb, opts: { today: string; siteIds: number[] }) {
  const r = seeded(42);
  const now = stamp();
  const supplierRows = await db.select().from(suppliers);
  const buyerRows = await db.select().from(buyers);
  const carriers = await db.select().from(transportCompanies);
  const gridGroups = await db.select().from(pricingGridGroups);
  const grids = await db.select().from(pricingGrids);
  const pricing = gridGroups.map((g) => ({
    ...g,
    grids: grids.filter((x) => x.pricingGridGroupId === g.id),
  }));
  const sheepBuyers = buyerRows.filter((b) => /Lamb|Consignment/.test(b.name));
  const beefBuyers = buyerRows.filter((b) => /Cattle|Beef/.test(b.name));
  for (let offset = -30; offset <= 30; offset++) {
    const date = addDays(opts.today, offset);
    if (isWeekend(date)) continue;
    const plan = [
      ...Array.from(
        { length: r.int(3, 5) },
        () => ({ speciesId: 1, categories: [11, 11, 11, 13], size: [150, 600] }),
      ),
      ...Array.from(
        { length: r.int(0, 2) },
        () => ({ speciesId: 2, categories: [23, 24, 25], size: [30, 120] }),
      ),
    ];
    for (const item of plan) {
      const supplier = r.pick(supplierRows.filter((s) => s.stockTypes.includes(item.speciesId)));
      if (!supplier) continue;
      const buyer = r.pick(item.speciesId === 1 ? sheepBuyers : beefBuyers);
      const categoryId = r.pick(item.categories);
      const quantity = Math.round(r.int(item.size[0], item.size[1]) / 10) * 10;
      const [group] = await db.insert(livestockOrderGroups).values({
        speciesId: item.speciesId,
        speciesCategoryId: categoryId,
        quantityRequired: quantity,
        supplierId: supplier.id,
        transportCompanyId: r.pick(carriers).id,
        buyerId: buyer?.id ?? null,
        deliveryDate: date,
        orderDate: buyer ? addDays(date, -r.int(5, 20)) : null,
        createdAt: now,
        lastModified: now,
      }).returning();
      const cancelled = offset > -20 && r.next() < 0.04;
      // a few recent orders never arrived: they show on the undelivered page
      const late = offset < 0 && offset > -5 && r.next() < 0.1;
      const delivered = !late && (offset < 0 || (offset === 0 && r.next() < 0.5))
        ? quantity - (r.next() < 0.15 ? r.int(1, 9) : 0)
        : 0;
      const doa = delivered && r.next() < 0.2 ? r.int(1, 3) : 0;
      const processed = offset < -1 && delivered;
      const status = cancelled
        ? ORDER_STATUS.Cancelled
        : processed
        ? ORDER_STATUS.Processed
        : delivered
        ? (delivered >= quantity ? ORDER_STATUS.Delivered : ORDER_STATUS.PartiallyDelivered)
        : r.next() < 0.6
        ? ORDER_STATUS.Confirmed
        : ORDER_STATUS.Ordered;
      const time = `${String(r.int(4, 9)).padStart(2, "0")}:${r.pick(["00", "15", "30", "45"])}`;
      const [order] = await db.insert(livestockOrders).values({
        livestockOrderGroupId: group.id,
        supplierId: supplier.id,
        tenantSiteId: opts.siteIds[item.speciesId === 1 ? 0 : opts.siteIds.length - 1] ?? null,
        speciesId: item.speciesId,
        speciesCategoryId: categoryId,
        quantityOrdered: quantity,
        deliveryDate: date,
        deliveryTime: time,
        productionDate: nextWorkday(date),
        orderStatus: status,
        orderConfirmed: status !== ORDER_STATUS.Ordered,
        pic: supplier.pic,
        // priced on the first grid group that applies (spec 2 §5), as a buyer would pick it
        pricingGridGroupId: pricingOptions(
          {
            speciesId: item.speciesId,
            speciesCategoryId: categoryId,
            deliveryDate: date,
            productionDate: null,
          },
          pricing,
        ).find((o) => !o.disabled)?.id ?? null,
        nvd: delivered ? `NVD${r.int(100000, 999999)}` : "",
        isMsaEligible: Boolean(supplier.msaProperties?.isMsaAccredited),
        totalDelivered: cancelled ? 0 : delivered,
        totalDoa: cancelled ? 0 : doa,
        totalUnloaded: processed ? delivered - doa : 0,
        totalProcessed: processed ? delivered - doa : 0,
        statusBeforeCancel: cancelled ? ORDER_STATUS.Confirmed : null,
        cancelReason: cancelled ? "Supplier sold the mob elsewhere" : null,
        cancelledAt: cancelled ? now : null,
        createdAt: now,
        lastModified: now,
      }).returning();
      if (cancelled || !delivered) continue;
      const [load] = await db.insert(deliveryLoads).values({
        livestockOrderId: order.id,
        head: delivered,
        doa,
        nvdNumber: order.nvd,
        deliveryDate: date,
        deliveryTime: time,
        createdAt: now,
        createdBy: "Demo data",
      }).returning();
      await db.insert(stockMobs).values({
        livestockOrderId: order.id,
        deliveryLoadId: load.id,
        supplierId: supplier.id,
        speciesId: item.speciesId,
        speciesCategoryId: categoryId,
        tenantSiteId: order.tenantSiteId,
        head: delivered - doa,
        mobStatus: processed ? MOB_STATUS.ReadyToProcess : MOB_STATUS.InYard,
        pic: supplier.pic,
        applicableProductionDate: order.productionDate,
        createdAt: now,
        lastModified: now,
      });
    }
  }
}

/** The kill day after a delivery: the next weekday (Friday's deliveries are killed on Monday). */
function nextWorkday(date: string) {
  let next = addDays(date, 1);
  while (isWeekend(next)) next = addDays(next, 1);
  return next;
}
