/**
 * Price grids in Find: by the grid's reference ("LAMB-MSA") or its group's name, each with its category,
 * group and period and best price, opening the grid; newest period first, within the caller's species.
 */
import { and, desc, eq, or } from "drizzle-orm";
import { pricingGridGroups, pricingGrids } from "../../../db/tenant/schema.ts";
import { href } from "../../access/routes.ts";
import { speciesCategoryName } from "../../../kernel/enums.ts";
import type { FindSource } from "../area.ts";
import { holds } from "../finding.ts";
import { formatDollars, formatPeriod } from "./labels.ts";

export const FIND_PRICE_GRIDS: FindSource = {
  kind: "Price grids",
  listedAs: "price grids",
  page: "settingsPricingGrid",
  order: 8,
  async find(ctx, q, limit) {
    const rows = await ctx.db.select({
      id: pricingGrids.id,
      reference: pricingGrids.reference,
      categoryId: pricingGrids.speciesCategoryId,
      bestPrice: pricingGrids.bestPrice,
      group: pricingGridGroups.name,
      startDate: pricingGridGroups.startDate,
      endDate: pricingGridGroups.endDate,
    }).from(pricingGrids)
      .innerJoin(pricingGridGroups, eq(pricingGridGroups.id, pricingGrids.pricingGridGroupId))
      .where(and(
        ctx.scope.where({ species: pricingGridGroups.speciesId }),
        or(holds(pricingGrids.reference, q.text), holds(pricingGridGroups.name, q.text)),
      )).orderBy(desc(pricingGridGroups.startDate), pricingGrids.priority).limit(limit);
    return rows.map((r) => ({
      title: r.reference,
      detail: [
        speciesCategoryName(r.categoryId),
        r.group,
        formatPeriod(r),
        r.bestPrice === null ? "" : `best ${formatDollars(r.bestPrice)}/kg`,
      ].filter(Boolean).join(" · "),
      href: href("settingsPricingGrid", { id: r.id }),
    }));
  },
};
