/**
 * Demo skins (processor tenants): skin (sheep, goats) and hide (cattle) prices by grade from 1 July 2025
 * (the levy year), and the skins and hides of the orders killed up to 3 days ago, counted by grade as the
 * kill floor graded them; the last two days' are still to count.
 */
import { and, inArray, lt, sql } from "drizzle-orm";
import { carcasses, skinCounts, skinPrices } from "../../../db/tenant/schema.ts";
import type { DemoTenant } from "../area.ts";
import { addDays } from "../../../kernel/dates.ts";

const FROM = "2025-07-01";

export async function seedSkins({ db, category, today }: DemoTenant) {
  if (category !== "processor") return;
  await seedSkinPrices(db);
  if ((await db.select({ id: skinCounts.id }).from(skinCounts).limit(1)).length) return;
  const rows = await db.select({
    orderId: carcasses.livestockOrderId,
    day: carcasses.productionDate,
    grade: sql<string>`coalesce(${carcasses.skinGrade}, '1')`,
    n: sql<number>`count(*)`,
  }).from(carcasses).where(and(
    inArray(carcasses.speciesId, [1, 2, 4]),
    lt(carcasses.productionDate, addDays(today, -2)),
  )).groupBy(carcasses.livestockOrderId, carcasses.productionDate, sql`3`);
  const byKey = new Map<string, { orderId: number; day: string; counts: Record<string, number> }>();
  for (const r of rows) {
    const key = `${r.orderId}:${r.day}`;
    const c = byKey.get(key) ?? { orderId: r.orderId, day: r.day, counts: {} };
    c.counts[r.grade] = r.n;
    byKey.set(key, c);
  }
  const now = new Date().toISOString();
  const values = [...byKey.values()].map((c) => ({
    livestockOrderId: c.orderId,
    productionDate: c.day,
    counts: c.counts,
    total: Object.values(c.counts).reduce((a, b) => a + b, 0),
    recordedBy: "Skin room",
    createdAt: now,
    lastModified: now,
  }));
  for (let i = 0; i < values.length; i += 200) await db.insert(skinCounts).values(values.slice(i, i + 200));
}

/** The prices a piece by grade, as the demo plant pays them. */
async function seedSkinPrices(db: DemoTenant["db"]) {
  if ((await db.select({ id: skinPrices.id }).from(skinPrices).limit(1)).length) return;
  const now = new Date().toISOString();
  const stamp = { createdAt: now, lastModified: now };
  const grades = (cents: number[]) =>
    ["1", "2", "3", "reject"].map((grade, i) => ({ grade, centsPerPiece: cents[i] }));
  await db.insert(skinPrices).values([
    {
      kind: "skin",
      speciesId: 1,
      name: "Sheep and lamb skins",
      startDate: FROM,
      grades: grades([450, 300, 150, 0]),
      ...stamp,
    },
    {
      kind: "hide",
      speciesId: 2,
      name: "Cattle hides",
      startDate: FROM,
      grades: grades([3500, 2500, 1200, 0]),
      ...stamp,
    },
    {
      kind: "skin",
      speciesId: 4,
      name: "Goat skins",
      startDate: FROM,
      grades: grades([300, 200, 100, 0]),
      ...stamp,
    },
  ]);
}
