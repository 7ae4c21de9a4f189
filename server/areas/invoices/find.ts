/**
 * Invoices in Find: by RCTI number (all of it, or its number: "123" finds RCTI-000123), the supplier's
 * reference, or the order it pays (a draft has no number yet), newest kill first, within the caller's
 * species.
 */
import { and, desc, eq, or, sql } from "drizzle-orm";
import { invoices, suppliers } from "../../../db/tenant/schema.ts";
import { href } from "../../access/routes.ts";
import { formatDate } from "../../../kernel/format.ts";
import { formatCents } from "../../../kernel/money.ts";
import type { FindSource } from "../area.ts";
import { holds, PART_MIN_LENGTH } from "../finding.ts";

export const FIND_INVOICES: FindSource = {
  kind: "Invoices",
  listedAs: "invoices",
  page: "invoiceEdit",
  order: 3,
  async find(ctx, q, limit) {
    const i = invoices;
    const rows = await ctx.db.select({
      id: i.id,
      number: i.invoiceNumber,
      orderId: i.livestockOrderId,
      supplier: suppliers.name,
      reference: i.supplierReference,
      speciesId: i.speciesId,
      status: i.status,
      productionDate: i.productionDate,
      totalCents: i.totalCents,
    }).from(i).innerJoin(suppliers, eq(suppliers.id, i.supplierId)).where(and(
      ctx.scope.where({ species: i.speciesId }),
      or(
        ...(q.text.length >= PART_MIN_LENGTH
          ? [holds(i.invoiceNumber, q.text), holds(i.supplierReference, q.text)]
          : []),
        q.number !== null
          ? or(
            sql`cast(substr(${i.invoiceNumber}, 6) as integer) = ${q.number}`,
            eq(i.livestockOrderId, q.number),
          )
          : undefined,
      ),
    )).orderBy(desc(i.productionDate), desc(i.id)).limit(limit);
    return rows.map((r) => ({
      title: `${r.number ?? "Draft invoice"} · ${r.supplier}`,
      detail: [
        r.status.toLowerCase(), // Draft, Published, Finalised: words already
        ctx.scope.speciesName(r.speciesId),
        `order ${r.orderId}`,
        r.productionDate ? `killed ${formatDate(r.productionDate)}` : "",
        formatCents(r.totalCents),
        r.reference ? `supplier's reference ${r.reference}` : "",
      ].filter(Boolean).join(" · "),
      href: href("invoiceEdit", { id: r.id }),
    }));
  },
};
