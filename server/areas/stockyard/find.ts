/**
 * Mobs in the yards in Find: where a lot is now (the yard hand's question), by lot, order number, PIC or
 * supplier, each with its head and pen, opening its yard. Only mobs still in a yard (in a pen, ready to
 * process, moving between yards, waiting for the kill floor or in the unfit bin), within the caller's
 * species.
 */
import { and, asc, eq, inArray, isNotNull, isNull, or } from "drizzle-orm";
import { pens, stockMobs, stockyards, suppliers } from "../../../db/tenant/schema.ts";
import { href } from "../../access/routes.ts";
import { formatHead } from "../../../kernel/format.ts";
import { lotLabel } from "../../../client/ui/yard/model.ts";
import { MOB_STATUS } from "../../../kernel/enums.ts";
import type { FindSource } from "../area.ts";
import { holds, PART_MIN_LENGTH } from "../finding.ts";

const IN_A_YARD = [
  MOB_STATUS.InYard,
  MOB_STATUS.MovingBetweenYards,
  MOB_STATUS.PendingKillFloorMove,
  MOB_STATUS.Unfit,
  MOB_STATUS.ReadyToProcess,
];

/** Where a mob is, as the yard hands say it. */
function whereIs(m: { yard: string; pen: string | null; isInBin: boolean; status: number }): string {
  if (m.isInBin) return `${m.yard}, unfit bin`;
  if (m.status === MOB_STATUS.MovingBetweenYards) return `moving to ${m.yard}`;
  const place = m.pen ? `${m.yard} pen ${m.pen}` : m.yard;
  return m.status === MOB_STATUS.PendingKillFloorMove ? `${place}, going to the kill floor` : place;
}

export const FIND_YARD_MOBS: FindSource = {
  kind: "Mobs in the yards",
  listedAs: "mobs in the yards",
  page: "stockyard",
  order: 2,
  async find(ctx, q, limit) {
    const m = stockMobs;
    const rows = await ctx.db.select({
      orderId: m.livestockOrderId,
      lot: m.agendaLotReference,
      head: m.head,
      speciesId: m.speciesId,
      status: m.mobStatus,
      isInBin: m.isInBin,
      yardId: m.stockyardId,
      yard: stockyards.name,
      pen: pens.name,
      supplier: suppliers.name,
    }).from(m)
      .innerJoin(stockyards, eq(stockyards.id, m.stockyardId))
      .innerJoin(suppliers, eq(suppliers.id, m.supplierId))
      .leftJoin(pens, eq(pens.id, m.penId))
      .where(and(
        isNotNull(m.stockyardId),
        isNull(m.mergedIntoId),
        inArray(m.mobStatus, IN_A_YARD),
        ctx.scope.where({ species: m.speciesId }),
        or(
          q.number !== null ? eq(m.livestockOrderId, q.number) : undefined,
          ...(q.text.length >= PART_MIN_LENGTH
            ? [
              holds(m.agendaLotReference, q.text),
              holds(m.pic, q.compact, true),
              holds(suppliers.name, q.text),
            ]
            : []),
        ),
      )).orderBy(asc(stockyards.name), asc(pens.name)).limit(limit);
    return rows.map((r) => ({
      title: `${lotLabel({ agendaLotReference: r.lot, livestockOrderId: r.orderId })} · ${r.supplier}`,
      detail: [
        `${formatHead(r.head)} head`,
        ctx.scope.speciesName(r.speciesId),
        whereIs(r),
        `order ${r.orderId}`,
      ].join(" · "),
      href: `${href("stockyard")}?yard=${r.yardId}`,
    }));
  },
};
