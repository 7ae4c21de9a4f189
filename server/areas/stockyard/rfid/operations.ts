/**
 * NLIS devices read at the unloading race (docs/decisions.md "RFID discrepancies"): the yard's reader
 * sends its readings through the integration sync call; the office sees the orders whose devices do not
 * add up (RFID count errors) and, per order, which devices were killed but never read, read but not
 * killed, or also read on another order — what an NLIS transfer must be corrected for.
 */
import { and, count, desc, eq, gte, inArray, isNotNull, lte, ne } from "drizzle-orm";
import {
  carcasses,
  deliveryLoads,
  livestockOrders,
  rfidScans,
  suppliers,
} from "../../../../db/tenant/schema.ts";
import { ApiError } from "../../../http/errors.ts";
import type { AreaContext } from "../../context.ts";
import { displayName } from "../../audit.ts";
import { addDays } from "../../../../kernel/dates.ts";
import { INDIVIDUALLY_TAGGED_SPECIES, normaliseRfid, rfidDiscrepancies } from "../rules.ts";
import type { RfidCountError, RfidOrderDiscrepancies } from "./schemas.ts";

/** The longest period the count errors cover in one read (a quarter). */
export const MAX_RFID_DAYS = 92;
const LIST_LIMIT = 200;

/**
 * Stores a reader's readings (idempotent: a device already read for the order is counted, not added).
 * One bad reading refuses the whole call, naming it, and nothing is stored.
 */
export async function syncReadings(
  ctx: AreaContext,
  readings: { livestockOrderId: number; rfid: string; scannedAt?: string }[],
) {
  const problems: { field: string; message: string; row: number }[] = [];
  const rows = readings.map((r, i) => {
    const rfid = normaliseRfid(r.rfid);
    if (!rfid) {
      problems.push({
        field: "rfid",
        row: i + 1,
        message: `Reading ${i + 1}: "${r.rfid}" is not an NLIS device number`,
      });
    }
    return {
      livestockOrderId: r.livestockOrderId,
      rfid: rfid ?? "",
      scannedAt: r.scannedAt ?? new Date().toISOString(),
    };
  });
  const orderIds = [...new Set(rows.map((r) => r.livestockOrderId))];
  const known = new Set(
    (await ctx.db.select({ id: livestockOrders.id }).from(livestockOrders).where(
      inArray(livestockOrders.id, orderIds),
    ))
      .map((o) => o.id),
  );
  rows.forEach((r, i) => {
    if (!known.has(r.livestockOrderId)) {
      problems.push({
        field: "livestockOrderId",
        row: i + 1,
        message: `Reading ${i + 1}: order ${r.livestockOrderId} does not exist`,
      });
    }
  });
  if (problems.length) {
    throw ApiError.validation(
      problems.slice(0, 100),
      `${problems.length} of the readings cannot be stored: ${problems[0].message}.`,
    );
  }
  const source = displayName(ctx.caller);
  const added = await ctx.write(async (tx, unit) => {
    let added = 0;
    for (let i = 0; i < rows.length; i += 500) {
      const stored = await tx.insert(rfidScans)
        .values(rows.slice(i, i + 500).map((r) => ({ ...r, source })))
        .onConflictDoNothing().returning({ id: rfidScans.id });
      added += stored.length;
    }
    await unit.audit({
      entity: "RfidScans",
      entityId: orderIds.join(","),
      action: "sync",
      after: { readings: rows.length, added },
    });
    return added;
  });
  const counts = await readCounts(ctx, orderIds);
  const orders = await ctx.db.select({
    id: livestockOrders.id,
    delivered: livestockOrders.totalDelivered,
    doa: livestockOrders.totalDoa,
  }).from(livestockOrders).where(inArray(livestockOrders.id, orderIds));
  return {
    added,
    alreadyRead: rows.length - added,
    orders: orders.map((o) => ({
      livestockOrderId: o.id,
      read: counts.get(o.id) ?? 0,
      liveHead: o.delivered - o.doa,
    })),
  };
}

/**
 * Orders delivered in the period (default the last 7 days) whose devices do not add up: cattle always
 * (each beast carries a device), other species once any of their devices were read.
 */
export async function countErrors(
  ctx: AreaContext,
  q: { fromDate?: string; toDate?: string; speciesId?: number },
) {
  const toDate = q.toDate ?? ctx.today;
  const fromDate = q.fromDate ?? addDays(toDate, -6);
  if (fromDate > toDate) {
    throw ApiError.validation([{ field: "fromDate", message: "The period starts after it ends" }]);
  }
  if (addDays(fromDate, MAX_RFID_DAYS - 1) < toDate) {
    throw ApiError.validation([{ field: "toDate", message: `Choose at most ${MAX_RFID_DAYS} days` }]);
  }
  const speciesIds = ctx.scope.speciesIds.filter((id) => q.speciesId === undefined || id === q.speciesId);
  const delivered = speciesIds.length
    ? await ctx.db.selectDistinct({ id: deliveryLoads.livestockOrderId }).from(deliveryLoads)
      .innerJoin(livestockOrders, eq(livestockOrders.id, deliveryLoads.livestockOrderId))
      .where(and(
        gte(deliveryLoads.deliveryDate, fromDate),
        lte(deliveryLoads.deliveryDate, toDate),
        inArray(livestockOrders.speciesId, speciesIds),
      ))
    : [];
  const ids = delivered.map((d) => d.id);
  if (!ids.length) return { fromDate, toDate, ordersChecked: 0, errors: [] };
  const [orders, reads, killed] = await Promise.all([
    ordersOf(ctx, ids),
    readCounts(ctx, ids),
    devices(ctx, carcasses, ids),
  ]);
  const scanned = await devices(ctx, rfidScans, ids);
  const errors: RfidCountError[] = [];
  let checked = 0;
  for (const o of orders) {
    const read = reads.get(o.id) ?? 0;
    if (!INDIVIDUALLY_TAGGED_SPECIES.includes(o.speciesId) && read === 0) continue;
    checked++;
    const d = rfidDiscrepancies({
      liveHead: o.totalDelivered - o.totalDoa,
      scanned: scanned.get(o.id) ?? [],
      killed: killed.get(o.id) ?? [],
      killComplete: o.carcassDataCompleteAt !== null,
    });
    if (!d.countDifference && !d.killedNotRead.length && !d.readNotKilled.length) continue;
    errors.push({
      livestockOrderId: o.id,
      supplierName: o.supplierName ?? "",
      pic: o.pic,
      species: ctx.scope.species.find((s) => s.id === o.speciesId)?.name ?? "",
      deliveryDate: o.deliveryDate,
      lotReference: o.agendaLotReference ?? "",
      liveHead: o.totalDelivered - o.totalDoa,
      read,
      countDifference: d.countDifference,
      killedNotRead: d.killedNotRead.length,
      readNotKilled: d.readNotKilled.length,
    });
  }
  return { fromDate, toDate, ordersChecked: checked, errors };
}

/** One order's devices that disagree, each list at most 200 long. */
export async function orderDiscrepancies(
  ctx: AreaContext,
  livestockOrderId: number,
): Promise<RfidOrderDiscrepancies> {
  const [o] = await ordersOf(ctx, [livestockOrderId]);
  if (!o) throw ApiError.notFound("That order does not exist.");
  ctx.scope.assertSpecies(o.speciesId, "That order");
  const [scanned, killed] = await Promise.all([
    devices(ctx, rfidScans, [o.id]),
    devices(ctx, carcasses, [o.id]),
  ]);
  const read = scanned.get(o.id) ?? [];
  const d = rfidDiscrepancies({
    liveHead: o.totalDelivered - o.totalDoa,
    scanned: read,
    killed: killed.get(o.id) ?? [],
    killComplete: o.carcassDataCompleteAt !== null,
  });
  const elsewhere = read.length
    ? await ctx.db.select({ rfid: rfidScans.rfid, livestockOrderId: rfidScans.livestockOrderId })
      .from(rfidScans)
      .where(and(inArray(rfidScans.rfid, read.slice(0, 5_000)), ne(rfidScans.livestockOrderId, o.id)))
      .orderBy(desc(rfidScans.scannedAt)).limit(LIST_LIMIT)
    : [];
  return {
    livestockOrderId: o.id,
    liveHead: o.totalDelivered - o.totalDoa,
    read: read.length,
    killComplete: o.carcassDataCompleteAt !== null,
    killedNotRead: d.killedNotRead.slice(0, LIST_LIMIT),
    readNotKilled: d.readNotKilled.slice(0, LIST_LIMIT),
    alsoOnOtherOrders: elsewhere,
  };
}

function ordersOf(ctx: AreaContext, ids: number[]) {
  return ctx.db.select({
    id: livestockOrders.id,
    speciesId: livestockOrders.speciesId,
    pic: livestockOrders.pic,
    deliveryDate: livestockOrders.deliveryDate,
    agendaLotReference: livestockOrders.agendaLotReference,
    totalDelivered: livestockOrders.totalDelivered,
    totalDoa: livestockOrders.totalDoa,
    carcassDataCompleteAt: livestockOrders.carcassDataCompleteAt,
    supplierName: suppliers.name,
  }).from(livestockOrders)
    .leftJoin(suppliers, eq(suppliers.id, livestockOrders.supplierId))
    .where(inArray(livestockOrders.id, ids))
    .orderBy(livestockOrders.deliveryDate, livestockOrders.id);
}

async function readCounts(ctx: AreaContext, ids: number[]) {
  const rows = await ctx.db.select({ id: rfidScans.livestockOrderId, n: count() }).from(rfidScans)
    .where(inArray(rfidScans.livestockOrderId, ids)).groupBy(rfidScans.livestockOrderId);
  return new Map(rows.map((r) => [r.id, r.n]));
}

/** Device numbers by order, of the race readings or of the kill floor's records. */
async function devices(ctx: AreaContext, table: typeof rfidScans | typeof carcasses, ids: number[]) {
  const rows = await ctx.db.select({ id: table.livestockOrderId, rfid: table.rfid }).from(table)
    .where(and(inArray(table.livestockOrderId, ids), isNotNull(table.rfid)));
  const byOrder = new Map<number, string[]>();
  for (const r of rows) {
    const device = r.rfid && normaliseRfid(r.rfid);
    if (!device) continue;
    const list = byOrder.get(r.id);
    if (list) list.push(device);
    else byOrder.set(r.id, [device]);
  }
  return byOrder;
}
