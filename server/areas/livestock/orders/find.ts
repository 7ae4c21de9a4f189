/**
 * Orders in Find: by order number, NVD (waybill) number or lot reference, newest delivery first, within
 * the caller's species.
 */
import { and, desc, eq, or } from "drizzle-orm";
import { livestockOrders, suppliers } from "../../../../db/tenant/schema.ts";
import { href } from "../../../access/routes.ts";
import { formatDate, formatHead } from "../../../../kernel/format.ts";
import { orderStatusName, orderStatusText } from "../../../../kernel/enums.ts";
import type { FindSource } from "../../area.ts";
import { holds, PART_MIN_LENGTH } from "../../finding.ts";

export const FIND_ORDERS: FindSource = {
  kind: "Livestock orders",
  listedAs: "livestock orders",
  page: "order",
  order: 1,
  async find(ctx, q, limit) {
    const o = livestockOrders;
    const rows = await ctx.db.select({
      id: o.id,
      supplier: suppliers.name,
      speciesId: o.speciesId,
      head: o.quantityOrdered,
      deliveryDate: o.deliveryDate,
      nvd: o.nvd,
      lot: o.agendaLotReference,
      status: o.orderStatus,
    }).from(o).innerJoin(suppliers, eq(suppliers.id, o.supplierId)).where(and(
      ctx.scope.where({ species: o.speciesId }),
      or(
        q.number !== null ? eq(o.id, q.number) : undefined,
        ...(q.text.length >= PART_MIN_LENGTH
          ? [holds(o.nvd, q.compact, true), holds(o.agendaLotReference, q.text), holds(o.boxedLotRef, q.text)]
          : []),
      ),
    )).orderBy(desc(eq(o.id, q.number ?? 0)), desc(o.deliveryDate), desc(o.id)).limit(limit);
    return rows.map((r) => ({
      title: `Order ${r.id} · ${r.supplier}`,
      detail: [
        ctx.scope.speciesName(r.speciesId),
        `${formatHead(r.head)} head`,
        `delivery ${formatDate(r.deliveryDate)}`,
        orderStatusText(orderStatusName(r.status)),
        r.lot ? `lot ${r.lot}` : "",
        r.nvd ? `NVD ${r.nvd}` : "",
      ].filter(Boolean).join(" · "),
      href: href("order", { id: r.id }),
    }));
  },
};
