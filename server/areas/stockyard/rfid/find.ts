/**
 * NLIS tags read at the unloading race in Find: which consignment a tag came in with, before its kill
 * (after it, the carcass is found too). Stored as the reader sends them (no spaces, upper case): a whole
 * tag from the readings' index, part of one against every reading.
 */
import { and, desc, eq } from "drizzle-orm";
import { livestockOrders, rfidScans, suppliers } from "../../../../db/tenant/schema.ts";
import { href } from "../../../access/routes.ts";
import { formatDateTime } from "../../../../kernel/format.ts";
import type { FindSource } from "../../area.ts";
import { holds, tagLookup } from "../../finding.ts";
import { zoneOf } from "../../../http/clientClock.ts";

export const FIND_RACE_READINGS: FindSource = {
  kind: "Tags read at unloading",
  listedAs: "tags read at unloading",
  page: "order",
  order: 5,
  async find(ctx, q, limit) {
    const tag = tagLookup(q);
    if (!tag) return [];
    const rows = await ctx.db.select({
      rfid: rfidScans.rfid,
      orderId: rfidScans.livestockOrderId,
      scannedAt: rfidScans.scannedAt,
      source: rfidScans.source,
      supplier: suppliers.name,
      speciesId: livestockOrders.speciesId,
    }).from(rfidScans)
      .innerJoin(livestockOrders, eq(livestockOrders.id, rfidScans.livestockOrderId))
      .innerJoin(suppliers, eq(suppliers.id, livestockOrders.supplierId))
      .where(and(
        ctx.scope.where({ species: livestockOrders.speciesId }),
        tag === "whole" ? eq(rfidScans.rfid, q.compact) : holds(rfidScans.rfid, q.compact),
      )).orderBy(desc(rfidScans.scannedAt)).limit(limit);
    return rows.map((r) => ({
      title: `NLIS ${r.rfid} · ${r.supplier}`,
      detail: [
        ctx.scope.speciesName(r.speciesId),
        `order ${r.orderId}`,
        `read ${formatDateTime(r.scannedAt, zoneOf(ctx.caller, undefined, ctx.app.config.TIME_ZONE))}`,
        r.source,
      ].join(" · "),
      href: href("order", { id: r.orderId }),
    }));
  },
};
