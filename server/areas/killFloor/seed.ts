/**
 * Demo kill floor data: every past kill day's mobs at the kill floor get the carcass records the plant
 * simulator makes for them (through the import's own checks and writes), their orders' totals follow; a
 * plant interchange client reports in, and one integration error waits to be seen. Deterministic. The
 * mobs' and orders' lots and the orders' totals are written by their owners' functions.
 */
import { and, asc, eq, lt } from "drizzle-orm";
import {
  carcassImports,
  integrationErrors,
  interchangeClients,
  livestockOrders,
  stockMobs,
} from "../../../db/tenant/schema.ts";
import type { DemoTenant } from "../area.ts";
import { processorSeedDue } from "../demoSeedDue.ts";
import { giveOrderItsFirstLot } from "../livestock/orders/writes.ts";
import { setDemoMobLot } from "../stockyard/writes.ts";
import { MOB_STATUS } from "../../../kernel/enums.ts";
import { checkRows, saveRecords } from "./importer.ts";
import { simulateKill } from "./simulator.ts";
import { refreshOrderTotals } from "./totals.ts";
import { lotReference } from "../killAgenda/rules.ts";
import { serverNow } from "../../clock.ts";

export async function seedKillFloor({ db, category, today, siteIds, history }: DemoTenant) {
  if (!(await processorSeedDue({ db, category }, carcassImports))) return;
  const mobs = await db.select({
    stockMobId: stockMobs.id,
    livestockOrderId: stockMobs.livestockOrderId,
    speciesId: stockMobs.speciesId,
    speciesCategoryId: stockMobs.speciesCategoryId,
    tenantSiteId: stockMobs.tenantSiteId,
    head: stockMobs.head,
    pic: stockMobs.pic,
    day: stockMobs.applicableProductionDate,
    isMsaEligible: livestockOrders.isMsaEligible,
  }).from(stockMobs).innerJoin(livestockOrders, eq(livestockOrders.id, stockMobs.livestockOrderId))
    .where(
      and(eq(stockMobs.mobStatus, MOB_STATUS.AtKillFloor), lt(stockMobs.applicableProductionDate, today)),
    )
    .orderBy(asc(stockMobs.applicableProductionDate), asc(stockMobs.id));
  const days = new Map<string, typeof mobs>();
  for (const m of mobs) {
    const key = `${m.day}|${m.speciesId}|${m.tenantSiteId ?? 0}`;
    days.set(key, [...(days.get(key) ?? []), m]);
  }
  const now = serverNow().toISOString(); // the demo's own day (a test pins it): the import reads as sent then
  await db.transaction(async (tx) => {
    const [row] = await tx.insert(carcassImports).values({
      source: "simulator",
      name: "Plant simulator (demo data)",
      sentBy: "Demo data",
      sentAt: now,
      rows: 0,
    }).returning({ id: carcassImports.id });
    let rows = 0, added = 0;
    for (const [key, dayMobs] of days) {
      const [day, speciesId, siteId] = key.split("|");
      // the day's agenda numbered its lots in kill order (mob order here)
      const siteNumber = siteIds.length > 1 ? siteIds.indexOf(Number(siteId)) + 1 || null : null;
      const lots = dayMobs.map((m, i) => ({ ...m, lot: lotReference(m.speciesId, day, i + 1, siteNumber) }));
      for (const m of lots) {
        await setDemoMobLot({ tx }, m.stockMobId, m.lot);
        await giveOrderItsFirstLot({ tx }, m.livestockOrderId, m.lot);
      }
      const simulated = simulateKill(lots, {
        productionDate: day,
        seed: Date.parse(day) / 86_400_000 + Number(speciesId),
      });
      const checked = await checkRows(tx, simulated.map((r) => ({ ...r })));
      if (checked.errors.length) throw new Error(`demo carcasses: ${JSON.stringify(checked.errors[0])}`);
      rows += simulated.length;
      added += (await saveRecords(tx, checked.records, row.id)).added;
    }
    await tx.update(carcassImports).set({
      rows,
      added,
      productionDates: [...new Set(mobs.map((m) => m.day!))],
    })
      .where(eq(carcassImports.id, row.id));
    await refreshOrderTotals({ tx }, [...new Set(mobs.map((m) => m.livestockOrderId))], now);
  });
  const client = {
    clientName: "Plant interchange",
    tenantSiteId: siteIds[0] ?? null,
    timeZone: "Australia/Sydney" as string | null,
    isCurrentlyOperating: true,
    hasInterchangeEnabled: true,
    currentDataFlowStatus: "ReadyToProcess",
    processEntries: [{ name: "Carcass data", status: "Up to date", at: now }],
    clientAppVersion: "4.2.1",
    isSoftwareUpToDate: true,
    lastHeartbeatAt: now,
    lastModified: now,
  };
  // the demo people start also has a client in each state the testing home shows (issue 43): in error,
  // out of date, no time zone (the tests' demo keeps the one client their screens are written for)
  await db.insert(interchangeClients).values(
    !history ? [client] : [
      client,
      {
        ...client,
        clientName: "Grading camera bridge",
        isCurrentlyOperating: false,
        isInErrorState: true,
        currentDataFlowStatus: "Error",
        processEntries: [{ name: "Grades", status: "Failed: no answer from the camera", at: now }],
      },
      {
        ...client,
        clientName: "Boning room scales",
        tenantSiteId: siteIds[1] ?? siteIds[0] ?? null,
        isCurrentlyOperating: false,
        clientAppVersion: "3.9.0",
        isSoftwareUpToDate: false,
      },
      { ...client, clientName: "Chiller sensors", timeZone: null, isCurrentlyOperating: false },
    ],
  );
  await db.insert(integrationErrors).values({
    errorItemId: "Body 214",
    date: now,
    integrationPartner: "Grading camera",
    errorType: "Missing weight",
    message: "The scale sent no weight for body 214; it was graded again by hand.",
  });
}
