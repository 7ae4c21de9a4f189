/**
 * Carcasses in Find by their NLIS device number (RFID), whole or in part ("982 000123456789", or the
 * last digits read off a tag): each opens the order it was killed on (traceback to the supplier), the
 * newest kill first, within the caller's species.
 */
import { and, desc, eq, isNotNull } from "drizzle-orm";
import { carcasses } from "../../../db/tenant/schema.ts";
import { href } from "../../access/routes.ts";
import { formatDate, formatKg } from "../../../kernel/format.ts";
import type { FindSource } from "../area.ts";
import { compacted, holds, tagLookup } from "../finding.ts";

export const FIND_CARCASSES: FindSource = {
  kind: "Carcasses by NLIS tag",
  listedAs: "carcass tags",
  page: "order",
  order: 4,
  async find(ctx, q, limit) {
    const tag = tagLookup(q);
    if (!tag) return [];
    const c = carcasses;
    const rows = await ctx.db.select({
      orderId: c.livestockOrderId,
      rfid: c.rfid,
      body: c.bodyNumber,
      speciesId: c.speciesId,
      productionDate: c.productionDate,
      hscwKg: c.hscwKg,
      grade: c.gradeCode,
      condemned: c.condemned,
    }).from(c).where(and(
      isNotNull(c.rfid),
      ctx.scope.where({ species: c.speciesId }),
      // a whole tag (a reader or scanner types all of it) from the index; part of one, every tag read
      tag === "whole" ? eq(compacted(c.rfid), q.compact) : holds(c.rfid, q.compact, true),
    )).orderBy(desc(c.productionDate), desc(c.id)).limit(limit);
    return rows.map((r) => ({
      title: `NLIS ${r.rfid}`,
      detail: [
        `body ${r.body}`,
        ctx.scope.speciesName(r.speciesId),
        `killed ${formatDate(r.productionDate)}`,
        r.condemned === "whole" ? "condemned" : formatKg(r.hscwKg),
        r.condemned === "part" ? "part condemned" : "",
        r.grade ? `grade ${r.grade}` : "",
        `order ${r.orderId}`,
      ].filter(Boolean).join(" · "),
      href: href("order", { id: r.orderId }),
    }));
  },
};
