/**
 * Demo skin counts (processor tenants): the skins and hides of the orders killed up to 3 days ago,
 * counted by grade as the kill floor graded them; the last two days' are still to count.
 */
import { and, inArray, lt, sql } from "drizzle-orm";
import { carcasses, skinCounts } from "../../../db/tenant/schema.ts";
import type { DemoTenant } from "../area.ts";
import { addDays } from "../../../kernel/dates.ts";

export async function seedSkins({ db, category, today }: DemoTenant) {
  if (category !== "processor") return;
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
