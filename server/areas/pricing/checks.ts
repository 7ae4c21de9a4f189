/**
 * Why a pricing write is refused (validation 400, conflict 409), and the free reference a copied grid
 * takes. Used by the operations inside their units of work.
 */
import { count, eq } from "drizzle-orm";
import { pricingGrids } from "../../../db/tenant/schema.ts";
import { ApiError } from "../../http/errors.ts";
import type { AreaContext, TenantTx } from "../context.ts";
import { ORDER_STATUS, speciesCategoriesOf } from "../../../kernel/enums.ts";
import { formatPeriod } from "./labels.ts";
import { isWithinPeriod } from "./periods.ts";
import { type GridRow, type GroupRow, orderList, ordersPricedWith, speciesName } from "./records.ts";

/** A group is for one of the caller's species (the others are not theirs to price). */
export function checkSpecies(ctx: AreaContext, speciesId: number) {
  if (!ctx.scope.hasSpecies(speciesId)) {
    throw ApiError.validation([{
      field: "speciesId",
      message: "Choose one of this organisation's species.",
    }]);
  }
}

/** A grid prices a category of its group's species. */
export function checkCategory(
  ctx: AreaContext,
  group: GroupRow,
  speciesCategoryId: number,
  field: string,
) {
  if (!speciesCategoriesOf(group.speciesId).some((c) => c.id === speciesCategoryId)) {
    throw ApiError.validation([{
      field,
      message: `Choose a ${speciesName(ctx, group.speciesId)} category: this group prices ${
        speciesName(ctx, group.speciesId)
      }.`,
    }]);
  }
}

/** Grids price categories of the group's species and orders buy that species: both pin it. */
export async function refuseSpeciesChange(tx: TenantTx, group: GroupRow) {
  const [grids] = await tx.select({ n: count() }).from(pricingGrids)
    .where(eq(pricingGrids.pricingGridGroupId, group.id));
  const orders = await ordersPricedWith(tx, group.id);
  if (grids.n > 0 || orders.length > 0) {
    throw ApiError.validation([{
      field: "speciesId",
      message:
        "The species cannot change while the group has grids or orders: copy it as a new group instead.",
    }]);
  }
}

/**
 * A period change may not leave an order priced with the group outside it: an order is priced by a
 * group its delivery or production date falls in (spec 2 §5). Cancelled orders do not hold it back.
 */
export async function refuseStrandedOrders(
  tx: TenantTx,
  groupId: number,
  period: { startDate: string; endDate: string | null },
) {
  const stranded = (await ordersPricedWith(tx, groupId)).filter((o) =>
    o.orderStatus !== ORDER_STATUS.Cancelled &&
    !isWithinPeriod(period, o.deliveryDate) && !isWithinPeriod(period, o.productionDate)
  );
  if (stranded.length) {
    throw ApiError.conflict(
      `${stranded.length} order${stranded.length === 1 ? "" : "s"} priced with this group (${
        orderList(stranded)
      }) would fall outside ${formatPeriod(period)}: move ${
        stranded.length === 1 ? "its" : "their"
      } delivery or choose another group first.`,
    );
  }
}

/** A reference names one grid of a group (case aside): invoices show it. */
export function refuseDuplicateReference(
  siblings: GridRow[],
  reference: string,
  exceptId: number | null | undefined,
) {
  const clash = siblings.find((g) =>
    g.id !== exceptId && g.reference.toLowerCase() === reference.toLowerCase()
  );
  if (clash) {
    throw ApiError.validation([{
      field: "reference",
      message: `This group already has a grid called ${clash.reference}.`,
    }]);
  }
}

/** "LAMB-A", else "LAMB-A (copy)", "LAMB-A (copy 2)"…, within the 40 characters a reference may have. */
export function freeReference(siblings: GridRow[], reference: string): string {
  const taken = new Set(siblings.map((g) => g.reference.toLowerCase()));
  if (!taken.has(reference.toLowerCase())) return reference;
  for (let n = 1;; n++) {
    const suffix = n === 1 ? " (copy)" : ` (copy ${n})`;
    const candidate = reference.slice(0, 40 - suffix.length) + suffix;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}
