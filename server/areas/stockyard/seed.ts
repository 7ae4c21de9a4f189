/**
 * Demo stockyards: per site of the demo processor a sheep yard (60 pens in six rows along two lanes) and
 * a cattle yard (32 larger pens), both with an unfit bin; the demo week's delivered mobs are placed in
 * pens (one order per pen, the newest loads left waiting to be unloaded), with some checks ticked.
 * Mobs of processed orders are at the kill floor. Deterministic from the data the orders seed made; the
 * orders' counts are the orders area's writes (livestock/orders/writes.ts).
 */
import { and, asc, eq, gt, isNull } from "drizzle-orm";
import { mobRequirements, pens, stockMobs, stockyards } from "../../../db/tenant/schema.ts";
import type { DemoTenant } from "../area.ts";
import { MOB_STATUS } from "../../../kernel/enums.ts";
import { demoHeadUnloaded, demoOrderBackInYard } from "../livestock/orders/writes.ts";
import { DEFAULT_REQUIREMENTS } from "./rules.ts";

interface YardPlan {
  name: string;
  speciesId: number;
  rows: number;
  perRow: number;
  pen: { width: number; height: number };
  capacity: number;
  /** head a pen holds */
  penHead: number;
}

const YARDS: YardPlan[] = [
  {
    name: "Sheep yards",
    speciesId: 1,
    rows: 6,
    perRow: 10,
    pen: { width: 90, height: 70 },
    capacity: 6000,
    penHead: 150,
  },
  {
    name: "Cattle yards",
    speciesId: 2,
    rows: 4,
    perRow: 8,
    pen: { width: 120, height: 110 },
    capacity: 900,
    penHead: 25,
  },
];

/** Rows of pens in pairs facing a lane: A B | lane | C D … (pen names are row letter + number). */
function layout(plan: YardPlan) {
  const gap = 10;
  const lane = 40;
  const out: { name: string; x: number; y: number; width: number; height: number }[] = [];
  for (let row = 0; row < plan.rows; row++) {
    const y = 20 + row * (plan.pen.height + gap) + Math.floor(row / 2) * lane;
    for (let i = 0; i < plan.perRow; i++) {
      out.push({
        name: `${String.fromCharCode(65 + row)}${i + 1}`,
        x: 20 + i * (plan.pen.width + gap),
        y,
        ...plan.pen,
      });
    }
  }
  return out;
}

export async function seedStockyard({ db, category, siteIds, speciesIds, today }: DemoTenant) {
  if (category !== "processor") return;
  const now = new Date().toISOString();
  // processed orders' mobs were killed: they are at the kill floor, not waiting in the yard
  await db.update(stockMobs).set({ mobStatus: MOB_STATUS.AtKillFloor, sentToKillFloorAt: now })
    .where(and(eq(stockMobs.mobStatus, MOB_STATUS.ReadyToProcess), isNull(stockMobs.penId)));
  for (const siteId of siteIds) {
    for (const [index, plan] of YARDS.entries()) {
      if (!speciesIds.includes(plan.speciesId)) continue;
      const [yard] = await db.insert(stockyards).values({
        tenantSiteId: siteId,
        name: plan.name,
        speciesId: plan.speciesId,
        isIncludeUnfitBin: true,
        isOperational: true,
        capacity: plan.capacity,
        sort: index,
        createdAt: now,
        lastModified: now,
      }).returning();
      const penRows = await db.insert(pens).values(
        layout(plan).map((p) => ({
          ...p,
          stockyardId: yard.id,
          capacity: plan.penHead,
          lastModified: now,
        })),
      ).returning();
      await placeMobs(
        db,
        yard.id,
        siteId,
        plan.speciesId,
        penRows.map((p) => p.id),
        plan.penHead,
        today,
        now,
      );
    }
  }
}

async function placeMobs(
  db: DemoTenant["db"],
  stockyardId: number,
  siteId: number,
  speciesId: number,
  penIds: number[],
  penCapacity: number,
  today: string,
  now: string,
) {
  const here = and(
    eq(stockMobs.tenantSiteId, siteId),
    eq(stockMobs.speciesId, speciesId),
    gt(stockMobs.head, 0),
  );
  // today's kill is still in the yard in the morning: back from the kill floor the orders seed put it on
  const todays = await db.select().from(stockMobs).where(and(
    here,
    eq(stockMobs.mobStatus, MOB_STATUS.AtKillFloor),
    eq(stockMobs.applicableProductionDate, today),
  ));
  for (const mob of todays) {
    await db.update(stockMobs).set({ mobStatus: MOB_STATUS.InYard, sentToKillFloorAt: null })
      .where(eq(stockMobs.id, mob.id));
    await demoOrderBackInYard(db, mob.livestockOrderId);
  }
  const waiting = await db.select().from(stockMobs)
    .where(and(here, eq(stockMobs.mobStatus, MOB_STATUS.InYard), isNull(stockMobs.penId)))
    .orderBy(asc(stockMobs.applicableProductionDate), asc(stockMobs.id));
  // the newest load has just arrived: it waits to be unloaded
  let next = 0;
  for (const [i, mob] of waiting.slice(0, -1).entries()) {
    // a load fills pens side by side, as many as its head needs
    let left = mob.head;
    let first = true;
    while (left > 0 && next < penIds.length) {
      const head = Math.min(left, penCapacity);
      const values = {
        penId: penIds[next++],
        stockyardId,
        head,
        mobStatus: mob.applicableProductionDate === today ? MOB_STATUS.ReadyToProcess : MOB_STATUS.InYard,
        lastModified: now,
      };
      const [placed] = first
        ? await db.update(stockMobs).set(values).where(eq(stockMobs.id, mob.id)).returning()
        : await db.insert(stockMobs).values({ ...mob, id: undefined, ...values, createdAt: now }).returning();
      first = false;
      left -= head;
      await db.insert(mobRequirements).values(DEFAULT_REQUIREMENTS.map((name, k) => ({
        stockMobId: placed.id,
        name,
        // today's kill is checked; tomorrow's has its NVD checked and is waiting for the vet
        isComplete: mob.applicableProductionDate === today || k === 0 || (k === 2 && i % 2 === 0),
        completedBy: "Demo data",
        completedAt: now,
      })));
    }
    if (left > 0) {
      // no pen left: what did not fit waits in the lane (still the same order's head)
      await db.insert(stockMobs).values({
        ...mob,
        id: undefined,
        head: left,
        createdAt: now,
        lastModified: now,
      });
    }
    await demoHeadUnloaded(db, mob.livestockOrderId, mob.head - left);
    next += 1; // an empty pen between orders, as yard hands leave one
  }
}
